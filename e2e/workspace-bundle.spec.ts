/**
 * The team workspace is a separate bundle (docs/decisions/0070): the
 * landing's script graph holds nothing of it, the two builds share no chunk,
 * the landing stays within its budget, and /equipo is served noindex,
 * disallowed for crawlers and absent from the sitemap.
 */
import type { APIRequestContext } from '@playwright/test'
import { test, expect } from './fixtures/test.ts'

const LANDING_BUDGET_BROTLI = 80 * 1024

/** Every JavaScript file a page can load: its module scripts and, recursively, their static and dynamic imports. */
async function scriptGraph(request: APIRequestContext, pagePath: string): Promise<Map<string, number>> {
  const html = await (await request.get(pagePath)).text()
  const pending = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]!),
    // The landing's inline entry imports its chunk by absolute path.
    ...[...html.matchAll(/import\(\s*[`'"](\/assets\/[^`'"]+\.js)[`'"]\s*\)/g)].map((m) => m[1]!),
  ]
  const sizes = new Map<string, number>()
  while (pending.length) {
    const path = pending.pop()!
    if (sizes.has(path)) continue
    const res = await request.get(path, { headers: { 'Accept-Encoding': 'br' } })
    expect(res.status(), path).toBe(200)
    sizes.set(path, Number(res.headers()['content-length']))
    const code = (await request.get(path, { headers: { 'Accept-Encoding': 'identity' } })).text()
    for (const m of (await code).matchAll(/(?:from\s*|import\s*\(?\s*)["'`](\.\.?\/[^"'`]+\.js)["'`]/g)) {
      pending.push(new URL(m[1]!, `http://x${path}`).pathname)
    }
  }
  return sizes
}

test('the landing and the workspace share no script; the landing holds nothing of the workspace and keeps its budget', async ({ request }) => {
  const landing = await scriptGraph(request, '/')
  const workspace = await scriptGraph(request, '/equipo')
  expect(landing.size).toBeGreaterThan(0)
  expect(workspace.size).toBeGreaterThan(0)

  expect([...landing.keys()].filter((path) => workspace.has(path))).toEqual([])
  expect([...landing.keys()].filter((path) => path.includes('equipo'))).toEqual([])
  expect([...workspace.keys()].every((path) => path.startsWith('/assets/equipo-'))).toBe(true)

  // Not a copy under another name either: workspace-only code is absent from the landing's chunks.
  for (const path of landing.keys()) {
    const code = await (await request.get(path)).text()
    expect(code, path).not.toContain('/equipo/api')
    expect(code, path).not.toContain('Espacio del equipo')
  }
  const landingBrotli = [...landing.values()].reduce((a, b) => a + b, 0)
  expect(landingBrotli).toBeLessThanOrEqual(LANDING_BUDGET_BROTLI)
  const workspaceBrotli = [...workspace.values()].reduce((a, b) => a + b, 0)
  console.log(`landing JS ${(landingBrotli / 1024).toFixed(1)} kB brotli; workspace JS ${(workspaceBrotli / 1024).toFixed(1)} kB brotli`)
})

test('visiting the landing, even up to the form, never requests anything of the workspace', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (req) => requested.push(new URL(req.url()).pathname))
  await page.goto('/')
  // Near the form, the landing loads its application chunk: the whole of its JavaScript.
  const hydrated = page.waitForRequest(/\/assets\/hydrate-/)
  await page.locator('#formulario').scrollIntoViewIfNeeded()
  await hydrated
  await page.waitForLoadState('networkidle')
  expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true)
  expect(requested.filter((path) => path.includes('equipo'))).toEqual([])
})

test('/equipo and its sub-paths serve the workspace page: noindex, es-CO, the site CSP, no inline script', async ({ request }) => {
  for (const path of ['/equipo', '/equipo/postulaciones/123', '/equipo/entrar']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect(res.headers()['x-robots-tag'], path).toContain('noindex')
    const scriptSrc = res.headers()['content-security-policy']?.split(';').find((d) => d.trim().startsWith('script-src'))
    expect(scriptSrc, path).toContain("'self'")
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    const html = await res.text()
    expect(html).toContain('<html lang="es-CO">')
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/)
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  }
  // Below /equipo/api the API answers (JSON, here 401 without a session), never the page.
  const api = await request.get('/equipo/api/no-existe')
  expect(api.status()).toBeGreaterThanOrEqual(400)
  expect(api.headers()['content-type']).toContain('application/json')
  expect(await api.text()).not.toContain('<html')
})

test('robots.txt disallows /equipo and the sitemap leaves it out', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toMatch(/^Disallow: \/equipo$/m)
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('equipo')
})

test('the workspace page runs under the CSP without a violation and asks to sign in', async ({ page, consoleErrors }) => {
  await page.goto('/equipo')
  await expect(page).toHaveURL(/\/equipo\/entrar/)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar al espacio del equipo' })).toBeVisible()
  // The redirect comes from the API's 401 for GET /session; that 401 is the only console error.
  expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([])
})
