/**
 * Parsing and validation of the site's build-time configuration (VITE_*).
 * Pure, so scripts/build.ts can check process.env with the same rules before
 * bundling; src/config/site.ts applies it to import.meta.env.
 */
import { DEFAULT_COMPANY, type CompanyInfo } from '../../domain/company.ts'

export const DEFAULT_SITE_URL = 'http://localhost:3000'

export interface SiteConfig {
  /** Public origin of the site, without a trailing slash: canonical URL, Open Graph, sitemap. */
  siteUrl: string
  company: CompanyInfo
}

type Env = Partial<Record<string, string | boolean | undefined>>

function pick(env: Env, name: string, fallback: string): string {
  const value = env[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

function httpUrl(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`Invalid configuration: ${name} must be an absolute http(s) URL (got ${JSON.stringify(value)})`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid configuration: ${name} must be an absolute http(s) URL (got ${JSON.stringify(value)})`)
  }
  return value.replace(/\/+$/, '')
}

export function siteConfigFrom(env: Env): SiteConfig {
  const email = pick(env, 'VITE_COMPANY_CONTACT_EMAIL', DEFAULT_COMPANY.contactEmail)
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`Invalid configuration: VITE_COMPANY_CONTACT_EMAIL must be an e-mail address (got ${JSON.stringify(email)})`)
  }
  return {
    siteUrl: httpUrl('VITE_SITE_URL', pick(env, 'VITE_SITE_URL', DEFAULT_SITE_URL)),
    company: {
      legalName: pick(env, 'VITE_COMPANY_LEGAL_NAME', DEFAULT_COMPANY.legalName),
      website: httpUrl('VITE_COMPANY_WEBSITE', pick(env, 'VITE_COMPANY_WEBSITE', DEFAULT_COMPANY.website)),
      contactEmail: email,
    },
  }
}
