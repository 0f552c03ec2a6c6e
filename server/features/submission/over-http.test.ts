/**
 * The function behind @hono/node-server on a real socket, as in production:
 * the Node body fast path, the size limit with and without Content-Length,
 * and every answer's headers as they leave the server.
 */
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../../domain/submission.ts'
import { apiHarness, TEST_ANON_KEY, type ApiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'

let h: ApiHarness
let server: Listening
let base: string
beforeAll(async () => {
  h = await apiHarness()
  server = await listening(h)
  base = server.url
})
afterAll(async () => {
  await server.close()
  await h.dispose()
})

interface Listening {
  /** The function's URL on the socket. */
  url: string
  close(): Promise<void>
}

/** `harness`'s app behind @hono/node-server on a free local port. */
async function listening(harness: ApiHarness): Promise<Listening> {
  let server!: ReturnType<typeof serve>
  await new Promise<void>((resolve) => {
    server = serve({ fetch: harness.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/send-application-email`,
    close: () => new Promise<void>((resolve) => void server.close(() => resolve())),
  }
}

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

/** One request on its own socket: the status and the headers as sent (names in lower case, in order), the date apart. */
function exchangeWith(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, agent: false })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => {
        const pairs: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase()
          if (name !== 'date') pairs.push(`${name}: ${name === 'content-length' ? '<n>' : res.rawHeaders[i + 1]}`)
        }
        resolve({ status: res.statusCode!, headers: pairs, body: text })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('send-application-email over HTTP: the headers of every kind of answer', () => {
  const SITE = 'https://catalitico.example'
  let limited: ApiHarness
  let limitedServer: Listening
  let url: string
  beforeAll(async () => {
    limited = await apiHarness({ VITE_SITE_URL: SITE, RATE_LIMIT_MAX: '6' })
    limitedServer = await listening(limited)
    url = limitedServer.url
  })
  afterAll(async () => {
    await limitedServer.close()
    await limited.dispose()
  })

  it('sends the same headers, in the same order, for each answer', async () => {
    const exchange = (method: string, headers: Record<string, string>, body?: string) => exchangeWith(url, method, headers, body)
    const json = { apikey: TEST_ANON_KEY, 'content-type': 'application/json', origin: SITE }
    const body = JSON.stringify(validBody())
    // The limit is 6 a client: the first six answers below count, then 401 (before the limit), 429, 405 and the preflight.
    const answers = [
      await exchange('POST', { ...json, 'idempotency-key': 'key-headers-0001' }, body),
      await exchange('POST', { ...json, 'idempotency-key': 'key-headers-0001' }, body),
      await exchange('POST', { ...json, origin: 'https://evil.example' }, '{"formData": 1}'),
      await exchange('POST', { ...json, 'content-type': 'text/plain' }, body),
      await exchange('POST', json, 'x'.repeat(MAX_BODY_BYTES + 1)),
      await exchange('POST', json, '{"formData":'),
      await exchange('POST', { 'content-type': 'application/json', origin: SITE }, body),
      await exchange('POST', json, body),
      await exchange('PUT', json, body),
      await exchange('OPTIONS', { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, content-type' }),
    ]
    const security = [
      "content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      'cross-origin-opener-policy: same-origin',
      'permissions-policy: camera=(), microphone=(), geolocation=(), interest-cohort=()',
      'referrer-policy: strict-origin-when-cross-origin',
      'strict-transport-security: max-age=31536000',
      'x-content-type-options: nosniff',
      'x-frame-options: DENY',
    ]
    const allowed = `access-control-allow-origin: ${SITE}`
    const exposed = 'access-control-expose-headers: Retry-After,Idempotent-Replayed'
    // Node writes them in the order the Headers object iterates (by name), the length last.
    const api = (...extra: string[]) => [...[exposed, 'cache-control: no-store', 'content-type: application/json', 'vary: Origin', ...security, ...extra].sort(), 'content-length: <n>', 'connection: close']
    expect(answers.map((a) => [a.status, a.headers])).toEqual([
      [200, api(allowed)],
      [200, api(allowed, 'idempotent-replayed: true')],
      [422, api()],
      [415, api(allowed)],
      [413, api(allowed)],
      [400, api(allowed)],
      [401, api(allowed)],
      [429, api(allowed, 'retry-after: 600')],
      [405, api(allowed, 'allow: POST, OPTIONS')],
      [
        204,
        [
          'access-control-allow-headers: authorization,apikey,content-type,x-client-info,idempotency-key',
          'access-control-allow-methods: POST,OPTIONS',
          allowed,
          exposed,
          'access-control-max-age: 600',
          ...security.slice(0, 4),
          security[4]!,
          'vary: Origin, Access-Control-Request-Headers',
          ...security.slice(5),
          'connection: close',
        ],
      ],
    ])
  })
})
