/**
 * What the production server serves from the build, without a browser: the
 * routes of SPEC §2, caching and compression, the separate workspace bundle
 * (docs/decisions/0070), the crawler files and the security headers. The
 * production app in-process (server/production-app.ts) over dist/ and a
 * fresh SQLite file; these tests moved here from Playwright (ADR 0132).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROGRAMME_NAME } from '../../domain/programme.ts'
import { openBuiltSite, type BuiltSite } from '../testing/built-site.ts'

// The build `npm test` makes uses the documented default VITE_SITE_URL.
const SITE_URL = 'http://localhost:3000'
const LANDING_BUDGET_BROTLI = 80 * 1024

let site: BuiltSite
beforeAll(async () => {
  site = await openBuiltSite()
})
afterAll(async () => {
  await site?.dispose()
})

describe('routes (from e2e/routes.spec.ts)', () => {
  it('the landing page is served prerendered at /', async () => {
    const res = await site.get('/')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.text()).toContain(PROGRAMME_NAME)
  })

  it('nested unknown paths and the internal page files are 404 too', async () => {
    for (const path of ['/programa/detalle', '/index.html', '/404.html', '/assets/no-existe.js']) {
      const res = await site.get(path)
      expect(res.status, path).toBe(404)
      expect(res.text(), path).toContain('Oops! Page not found')
    }
  })

  it('HTML revalidates; hashed assets are compressed and cached for a year', async () => {
    const page = await site.get('/', { 'Accept-Encoding': 'br' })
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['content-encoding']).toBe('br')
    const etag = page.headers['etag']
    expect(etag).toBeTruthy()
    const again = await site.get('/', { 'If-None-Match': etag! })
    expect(again.status).toBe(304)

    // The application chunk, imported by the inline entry.
    const script = page.text().match(/import\(`(\/assets\/[^`]+\.js)`\)/)![1]!
    const asset = await site.get(script, { 'Accept-Encoding': 'gzip' })
    expect(asset.status).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-encoding']).toBe('gzip')
    expect(asset.headers['content-type']).toContain('text/javascript')
  })
})

/** Every JavaScript file a page can load: its module scripts and, recursively, their static and dynamic imports. */
async function scriptGraph(pagePath: string): Promise<Map<string, number>> {
  const html = (await site.get(pagePath)).text()
  const pending = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]!),
    // The landing's inline entry imports its chunk by absolute path.
    ...[...html.matchAll(/import\(\s*[`'"](\/assets\/[^`'"]+\.js)[`'"]\s*\)/g)].map((m) => m[1]!),
  ]
  const sizes = new Map<string, number>()
  while (pending.length) {
    const path = pending.pop()!
    if (sizes.has(path)) continue
    const res = await site.get(path, { 'Accept-Encoding': 'br' })
    expect(res.status, path).toBe(200)
    sizes.set(path, Number(res.headers['content-length']))
    const code = (await site.get(path, { 'Accept-Encoding': 'identity' })).text()
    for (const m of code.matchAll(/(?:from\s*|import\s*\(?\s*)["'`](\.\.?\/[^"'`]+\.js)["'`]/g)) {
      pending.push(new URL(m[1]!, `http://x${path}`).pathname)
    }
  }
  return sizes
}

describe('the workspace bundle (from e2e/workspace-bundle.spec.ts)', () => {
  it('the landing and the workspace share no script; the landing holds nothing of the workspace and keeps its budget', async () => {
    const landing = await scriptGraph('/')
    const workspace = await scriptGraph('/equipo')
    expect(landing.size).toBeGreaterThan(0)
    expect(workspace.size).toBeGreaterThan(0)

    expect([...landing.keys()].filter((path) => workspace.has(path))).toEqual([])
    expect([...landing.keys()].filter((path) => path.includes('equipo'))).toEqual([])
    expect([...workspace.keys()].every((path) => path.startsWith('/assets/equipo-'))).toBe(true)

    // Not a copy under another name either: workspace-only code is absent from the landing's chunks.
    for (const path of landing.keys()) {
      const code = (await site.get(path)).text()
      expect(code, path).not.toContain('/equipo/api')
      expect(code, path).not.toContain('Espacio del equipo')
    }
    const landingBrotli = [...landing.values()].reduce((a, b) => a + b, 0)
    expect(landingBrotli).toBeLessThanOrEqual(LANDING_BUDGET_BROTLI)
    // The .xlsx is written on the server (ADR 0195): exceljs, whose XML names its namespaces, is in no script.
    for (const path of [...landing.keys(), ...workspace.keys()]) expect((await site.get(path)).text(), path).not.toContain('schemas.openxmlformats.org')
    const workspaceBrotli = [...workspace.values()].reduce((a, b) => a + b, 0)
    console.log(`landing JS ${(landingBrotli / 1024).toFixed(1)} kB brotli; workspace JS ${(workspaceBrotli / 1024).toFixed(1)} kB brotli`)
  })

  it('/equipo and its sub-paths serve the workspace page: noindex, es-CO, the site CSP, no inline script', async () => {
    for (const path of ['/equipo', '/equipo/postulaciones/123', '/equipo/entrar']) {
      const res = await site.get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers['x-robots-tag'], path).toContain('noindex')
      const scriptSrc = res.headers['content-security-policy']?.split(';').find((d) => d.trim().startsWith('script-src'))
      expect(scriptSrc, path).toContain("'self'")
      expect(scriptSrc, path).not.toContain('unsafe-inline')
      const html = res.text()
      expect(html).toContain('<html lang="es-CO">')
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/)
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    }
    // Below /equipo/api the API answers (JSON, here 401 without a session), never the page.
    const api = await site.get('/equipo/api/no-existe')
    expect(api.status).toBeGreaterThanOrEqual(400)
    expect(api.headers['content-type']).toContain('application/json')
    expect(api.text()).not.toContain('<html')
  })

  it('robots.txt disallows /equipo and the sitemap leaves it out', async () => {
    expect((await site.get('/robots.txt')).text()).toMatch(/^Disallow: \/equipo$/m)
    expect((await site.get('/sitemap.xml')).text()).not.toContain('equipo')
  })
})

describe('crawler files (from e2e/landing-seo.spec.ts)', () => {
  it('robots.txt and sitemap.xml point at the configured site URL', async () => {
    const robots = await site.get('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.headers['content-type']).toContain('text/plain')
    expect(robots.text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)

    const sitemap = await site.get('/sitemap.xml')
    expect(sitemap.status).toBe(200)
    expect(sitemap.headers['content-type']).toContain('application/xml')
    expect(sitemap.text()).toContain(`<loc>${SITE_URL}/</loc>`)
  })
})

describe('security headers (from e2e/submission-server.spec.ts)', () => {
  it('every answer carries the security headers, and /healthz checks the database', async () => {
    for (const path of ['/', '/healthz', '/no-such-page', '/functions/v1/send-application-email']) {
      const res = await site.get(path)
      expect(res.headers['content-security-policy'], path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/)
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
      expect(res.headers['x-content-type-options'], path).toBe('nosniff')
      expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    }
    const health = await site.get('/healthz')
    expect(health.json()).toEqual({ status: 'ok' })
  })
})
