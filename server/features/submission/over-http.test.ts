/**
 * The function behind @hono/node-server on a real socket, as in production:
 * the Node body fast path, the size limit with and without Content-Length.
 */
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../../domain/submission.ts'
import { apiHarness, TEST_ANON_KEY, type ApiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'

let h: ApiHarness
let server: ReturnType<typeof serve>
let base: string
beforeAll(async () => {
  h = await apiHarness()
  await new Promise<void>((resolve) => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/send-application-email`
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  await h.dispose()
})

/** POST raw bytes, chunked (no Content-Length) or not. */
function post(body: string, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(base, {
      method: 'POST',
      headers: { apikey: TEST_ANON_KEY, 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }) },
    })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, body: text }))
    })
    req.on('error', reject)
    if (chunked) {
      // Several writes: Node sends them as chunks.
      for (let i = 0; i < body.length; i += 8192) req.write(body.slice(i, i + 8192))
      req.end()
    } else req.end(body)
  })
}

describe('send-application-email over HTTP', () => {
  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with Content-Length'
    it(`stores a valid submission sent ${how}`, async () => {
      const body = validBody()
      const res = await post(JSON.stringify(body), chunked)
      expect(res.status).toBe(200)
      const { id } = JSON.parse(res.body) as { id: string }
      expect((await h.store.findByEmail(body.formData.email)).map((a) => a.id)).toEqual([id])
    })

    it(`answers 413 to a body over the limit sent ${how}, and 400 to one that is not JSON`, async () => {
      const big = await post('x'.repeat(MAX_BODY_BYTES + 1), chunked)
      expect(big).toEqual({ status: 413, body: JSON.stringify({ error: 'payload_too_large' }) })
      expect((await post('{"formData":', chunked)).status).toBe(400)
    })
  }
})
