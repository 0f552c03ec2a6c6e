/**
 * The <head> of each prerendered page and the crawler files (robots.txt,
 * sitemap.xml), built from the site configuration at build time.
 * scripts/prerender.ts calls these through the SSR bundle, where Vite has
 * already substituted the VITE_* variables.
 */
import type { SiteConfig } from '../config/site-config.ts'
import { SEO } from '../content/seo.ts'

export type PageKind = 'home' | 'not-found'

/** Files in public/ that the head refers to; a test checks they exist. */
export const HEAD_ASSETS = {
  faviconIco: '/favicon.ico',
  faviconSvg: '/favicon.svg',
  appleTouchIcon: '/apple-touch-icon.png',
  manifest: '/site.webmanifest',
  ogImage: '/og-image.jpg',
  logo: '/icon-512.png',
} as const

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function meta(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`
}

/** JSON-LD for the organisation. `<` is escaped so the data can never close its script tag. */
export function organizationJsonLd(site: SiteConfig): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.company.legalName,
    legalName: site.company.legalName,
    alternateName: SEO.siteName,
    url: site.company.website,
    logo: `${site.siteUrl}${HEAD_ASSETS.logo}`,
    email: site.company.contactEmail,
    description: SEO.description,
    areaServed: { '@type': 'Country', name: 'Colombia' },
  }
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

/** Everything the page's <head> needs besides charset and viewport. */
export function headTags(site: SiteConfig, page: PageKind): string {
  const icons = [
    `<link rel="icon" href="${HEAD_ASSETS.faviconIco}" sizes="32x32" />`,
    `<link rel="icon" href="${HEAD_ASSETS.faviconSvg}" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="${HEAD_ASSETS.appleTouchIcon}" />`,
    `<link rel="manifest" href="${HEAD_ASSETS.manifest}" />`,
    meta('name', 'theme-color', SEO.themeColor),
  ]
  if (page === 'not-found') {
    return [`<title>${escapeHtml(SEO.notFoundTitle)}</title>`, meta('name', 'robots', 'noindex'), ...icons].join('\n    ')
  }
  const url = `${site.siteUrl}/`
  const image = `${site.siteUrl}${HEAD_ASSETS.ogImage}`
  return [
    `<title>${escapeHtml(SEO.title)}</title>`,
    meta('name', 'description', SEO.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...icons,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', SEO.locale),
    meta('property', 'og:site_name', SEO.siteName),
    meta('property', 'og:title', SEO.title),
    meta('property', 'og:description', SEO.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(OG_IMAGE_SIZE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE_SIZE.height)),
    meta('property', 'og:image:alt', SEO.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', SEO.title),
    meta('name', 'twitter:description', SEO.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', SEO.imageAlt),
    `<script type="application/ld+json">${organizationJsonLd(site)}</script>`,
  ].join('\n    ')
}

/** The team workspace (/equipo) is private: disallowed here, noindex on its page, never in the sitemap. */
export function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\nDisallow: /equipo\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`
}

export function sitemapXml(site: SiteConfig): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${escapeHtml(`${site.siteUrl}/`)}</loc></url>`,
    '</urlset>',
    '',
  ].join('\n')
}
