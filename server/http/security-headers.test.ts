import { afterEach, describe, expect, it } from 'vitest'
import { apiHarness, type ApiHarness } from '../testing/api-harness.ts'
import { validBody } from '../testing/fixtures.ts'

let harnesses: ApiHarness[] = []
afterEach(async () => {
  for (const h of harnesses) await h.dispose()
  harnesses = []
})

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when the site is configured on https (TLS ends at a proxy in front)', async () => {
    const h = await apiHarness({ VITE_SITE_URL: 'https://catalitico.co' })
    harnesses.push(h)
    for (const res of [await h.app.request('/healthz'), await h.post(validBody()), await h.app.request('/nada')]) {
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000')
    }
  })

  it('is never sent when the site is plain http', async () => {
    for (const url of ['http://localhost:3000', 'http://catalitico.co']) {
      const h = await apiHarness({ VITE_SITE_URL: url })
      harnesses.push(h)
      expect((await h.app.request('/healthz')).headers.get('strict-transport-security'), url).toBeNull()
    }
  })
})
