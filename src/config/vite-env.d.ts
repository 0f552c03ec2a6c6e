/// <reference types="vite/client" />

// The build-time variables the site reads (src/config/site.ts). All optional.
interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string
  readonly VITE_COMPANY_LEGAL_NAME?: string
  readonly VITE_COMPANY_WEBSITE?: string
  readonly VITE_COMPANY_CONTACT_EMAIL?: string
}
