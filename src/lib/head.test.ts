import { describe, expect, it } from 'vitest'
import { siteConfigFrom } from '../config/site-config.ts'
import { HEAD_ASSETS, escapeHtml, headTags, organizationJsonLd, robotsTxt, sitemapXml } from './head.ts'

const site = siteConfigFrom({ VITE_SITE_URL: 'https://catalitico.example/' })

describe('head tags', () => {
  it('gives the landing page a canonical URL and social tags on the configured origin', () => {
    const tags = headTags(site, 'home')
    expect(tags).toContain('<link rel="canonical" href="https://catalitico.example/" />')
    expect(tags).toContain('<meta property="og:url" content="https://catalitico.example/" />')
    expect(tags).toContain('<meta property="og:image" content="https://catalitico.example/og-image.jpg" />')
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(tags).toMatch(/<title>[^<]+<\/title>/)
  })

  it('keeps the 404 page out of search results, without a canonical URL', () => {
    const tags = headTags(site, 'not-found')
    expect(tags).toContain('<meta name="robots" content="noindex" />')
    expect(tags).not.toContain('canonical')
  })

  it('escapes configured text in attributes and JSON-LD', () => {
    const hostile = siteConfigFrom({ VITE_COMPANY_LEGAL_NAME: 'A&B "Medios" </script><script>alert(1)</script>' })
    expect(escapeHtml('"<&>\'')).toBe('&#34;&#60;&#38;&#62;&#39;')
    const jsonLd = organizationJsonLd(hostile)
    expect(jsonLd).not.toContain('</script>')
    expect(JSON.parse(jsonLd).legalName).toBe('A&B "Medios" </script><script>alert(1)</script>')
  })

  it('points crawlers at the sitemap on the configured origin', () => {
    expect(robotsTxt(site)).toContain('Sitemap: https://catalitico.example/sitemap.xml')
    expect(sitemapXml(site)).toContain('<loc>https://catalitico.example/</loc>')
    // The team workspace stays out of search engines.
    expect(robotsTxt(site)).toMatch(/^Disallow: \/equipo$/m)
    expect(sitemapXml(site)).not.toContain('equipo')
  })

  it('refers only to files that exist in public/', () => {
    const publicFiles = Object.keys(import.meta.glob('/public/*')).map((file) => file.slice('/public'.length))
    for (const path of Object.values(HEAD_ASSETS)) expect(publicFiles, path).toContain(path)
  })
})
