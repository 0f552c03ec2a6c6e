/**
 * The site's configuration, baked in at build time from VITE_* variables.
 * This is the only module that reads import.meta.env; see README "Configuration".
 */
import { siteConfigFrom, type SiteConfig } from './site-config.ts'

// Each variable is named in full so Vite substitutes it at build time.
export const SITE: SiteConfig = siteConfigFrom({
  VITE_SITE_URL: import.meta.env.VITE_SITE_URL,
  VITE_COMPANY_LEGAL_NAME: import.meta.env.VITE_COMPANY_LEGAL_NAME,
  VITE_COMPANY_WEBSITE: import.meta.env.VITE_COMPANY_WEBSITE,
  VITE_COMPANY_CONTACT_EMAIL: import.meta.env.VITE_COMPANY_CONTACT_EMAIL,
})
