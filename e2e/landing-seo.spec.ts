/**
 * What search engines and link previews read: the prerendered <head>, the
 * crawler files and the icons, all from the production server. The crawler
 * files' contents are tested without a browser in
 * server/served/built-site.test.ts (ADR 0132).
 */
import { DEFAULT_COMPANY } from '../domain/company.ts'
import { PROGRAMME_NAME } from '../domain/programme.ts'
import { test, expect } from './fixtures/test.ts'

// The e2e build uses the documented default VITE_SITE_URL.
const SITE_URL = 'http://localhost:3000'

// One page for what the landing's head holds: a page per check cost a context and a load of the landing each (ADR 0174).
test('the landing page has its title, description, canonical URL, social tags and JSON-LD, and every icon and image its head refers to is served', async ({ page, request }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page).toHaveTitle(new RegExp(`^${PROGRAMME_NAME}`))
  const content = (selector: string) => page.locator(selector).getAttribute('content')

  const description = await content('meta[name="description"]')
  expect(description?.length).toBeGreaterThan(50)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}/`)
  expect(await content('meta[property="og:type"]')).toBe('website')
  expect(await content('meta[property="og:locale"]')).toBe('es_CO')
  expect(await content('meta[property="og:title"]')).toBe(await page.title())
  expect(await content('meta[property="og:description"]')).toBe(description)
  expect(await content('meta[property="og:url"]')).toBe(`${SITE_URL}/`)
  expect(await content('meta[property="og:image"]')).toBe(`${SITE_URL}/og-image.jpg`)
  expect(await content('meta[name="twitter:card"]')).toBe('summary_large_image')
  expect(await content('meta[name="twitter:image"]')).toBe(`${SITE_URL}/og-image.jpg`)

  // The organisation is described in JSON-LD.
  const json = await page.locator('script[type="application/ld+json"]').textContent()
  const data = JSON.parse(json!)
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    legalName: DEFAULT_COMPANY.legalName,
    url: DEFAULT_COMPANY.website,
    email: DEFAULT_COMPANY.contactEmail,
    logo: `${SITE_URL}/icon-512.png`,
  })

  // Every icon and image the head refers to is served.
  const hrefs = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')!))
  expect(hrefs).toEqual(['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest'])
  const expectedTypes: Record<string, string> = {
    '/favicon.ico': 'image/x-icon',
    '/favicon.svg': 'image/svg+xml',
    '/apple-touch-icon.png': 'image/png',
    '/site.webmanifest': 'application/manifest+json',
    '/og-image.jpg': 'image/jpeg',
    '/icon-192.png': 'image/png',
    '/icon-512.png': 'image/png',
  }
  for (const [path, type] of Object.entries(expectedTypes)) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect(res.headers()['content-type'], path).toContain(type)
  }
  const manifest = await (await request.get('/site.webmanifest')).json()
  expect(manifest.lang).toBe('es-CO')
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200)
})

test('the 404 page is kept out of search results', async ({ page }) => {
  await page.goto('/no-existe')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
})
