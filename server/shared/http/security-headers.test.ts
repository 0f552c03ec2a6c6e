import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { securityHeaders } from './security-headers.ts'
import { apiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'

const openApiHarness = harnessPerTest(apiHarness)

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when the site is configured on https (TLS ends at a proxy in front)', async () => {
    const h = await openApiHarness({ VITE_SITE_URL: 'https://catalitico.co' })
    for (const res of [await h.app.request('/healthz'), await h.post(validBody()), await h.app.request('/nada')]) {
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000')
    }
  })

  it('is never sent when the site is plain http', async () => {
    for (const url of ['http://localhost:3000', 'http://catalitico.co']) {
      const h = await openApiHarness({ VITE_SITE_URL: url })
      expect((await h.app.request('/healthz')).headers.get('strict-transport-security'), url).toBeNull()
    }
  })
})

describe('Content-Security-Policy', () => {
  it("is the site's on every answer, except where a route sets its own, which it keeps", async () => {
    const app = new Hono()
    app.use(securityHeaders({ scriptSrc: ["'sha256-abc='"] }))
    app.get('/page', (c) => c.html('<p>hola</p>'))
    app.get('/download', (c) => c.body('%PDF-', 200, { 'Content-Security-Policy': "default-src 'none'; sandbox" }))
    const page = await app.request('/page')
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self' 'sha256-abc='; /)
    const download = await app.request('/download')
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    // The rest of the site's headers still apply to it.
    expect(download.headers.get('x-frame-options')).toBe('DENY')
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
