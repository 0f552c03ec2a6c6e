import { afterEach, describe, expect, it, vi } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { MAX_BODY_BYTES } from '../../../domain/submission.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import { apiHarness, FUNCTION_URL, TEST_ANON_KEY, type ApiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'
import { REFERENCE_RE } from '../../shared/ids.ts'

const open = harnessPerTest(apiHarness)

async function expectNothingStored(h: ApiHarness) {
  expect(await h.store.listApplications()).toEqual([])
  expect(await h.store.listMessages()).toEqual([])
  expect(h.commits).toBe(0)
}

/** A 422 naming exactly `fieldErrors`, and nothing stored. */
async function expectFieldErrors(h: ApiHarness, res: Response, fieldErrors: Record<string, string>) {
  expect(res.status).toBe(422)
  expect(await res.json()).toEqual({ error: 'validation_failed', fieldErrors })
  await expectNothingStored(h)
}

describe('send-application-email: a valid submission', () => {
  it('stores the application, its consent evidence and both e-mails, and answers its id and reference', async () => {
    const now = new Date('2026-05-04T14:30:00.000Z')
    const h = await open({ TEAM_EMAIL: 'equipo@catalitico.example' }, { clock: () => now })
    const body = validBody()

    const res = await h.post(body)

    expect(res.status).toBe(200)
    const answer = (await res.json()) as { id: string; reference: string }
    expect(answer.reference).toMatch(REFERENCE_RE)
    expect(answer.reference.startsWith('CAT-2026-')).toBe(true)
    const [app, ...others] = await h.store.listApplications()
    expect(others).toEqual([])
    expect(app).toEqual({
      id: answer.id,
      reference: answer.reference,
      createdAt: now,
      formData: body.formData,
      consent: { policyVersion: PRIVACY_POLICY_VERSION, acceptedAt: now },
    })
    const messages = await h.store.listMessages({ applicationId: answer.id })
    expect(messages.map((m) => [m.kind, m.to, m.replyTo, m.status]).sort()).toEqual([
      ['applicant_confirmation', body.formData.email, undefined, 'pending'],
      ['team_notification', 'equipo@catalitico.example', body.formData.email, 'pending'],
    ])
    for (const m of messages) expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@catalitico\.example>$/)
    expect(h.commits).toBe(1)
  })

  it('logs one line for the request with the application id and no personal data', async () => {
    const h = await open()
    const body = validBody()
    const res = await h.post(body)
    const { id } = (await res.json()) as { id: string }
    const lines = h.logs.filter((l) => l.msg === 'request')
    expect(lines).toEqual([
      expect.objectContaining({ method: 'POST', path: '/functions/v1/send-application-email', status: 200, applicationId: id, outcome: 'created' }),
    ])
    const text = JSON.stringify(h.logs)
    for (const value of [body.formData.email, body.formData.founderName, body.formData.phone, body.formData.tradeName]) {
      expect(text).not.toContain(value)
    }
  })

  it('puts the security headers and no-store on API answers', async () => {
    const h = await open()
    for (const res of [await h.post(validBody()), await h.post({}), await h.app.request(FUNCTION_URL)]) {
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
      expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('send-application-email: bad input gets its status and stores nothing', () => {
  it('422 with one error code per invalid field', async () => {
    const h = await open()
    const body = validBody({ email: 'maria@', foundingYear: '1999', productStage: 'unicorn', equityPercentage: '60', website: 'not a url' })
    delete (body.formData as Partial<typeof body.formData>).companyName

    await expectFieldErrors(h, await h.post(body), {
      companyName: 'missing_field',
      email: 'invalid_email',
      foundingYear: 'out_of_range',
      productStage: 'invalid_option',
      equityPercentage: 'out_of_range',
      website: 'invalid_url',
    })
  })

  it('422 with a consent error when the authorisation is missing or for an old policy', async () => {
    const h = await open()
    const missing = await h.post({ formData: validBody().formData })
    expect(missing.status).toBe(422)
    expect(await missing.json()).toEqual({ error: 'validation_failed', fieldErrors: {}, consentError: 'consent_required' })
    const refused = await h.post({ ...validBody(), consent: { accepted: false, policyVersion: PRIVACY_POLICY_VERSION } })
    expect(await refused.json()).toMatchObject({ consentError: 'consent_required' })
    const old = await h.post({ ...validBody(), consent: { accepted: true, policyVersion: '2020-01-01' } })
    expect(old.status).toBe(422)
    expect(await old.json()).toMatchObject({ consentError: 'consent_outdated' })
    await expectNothingStored(h)
  })

  it('422 for a foundersInfo or currentInvestors that is not empty, and for unknown fields', async () => {
    const h = await open()
    const res = await h.post({ ...validBody({ foundersInfo: 'x' }), formData: { ...validBody({ foundersInfo: 'x' }).formData, isAdmin: 'yes' } })
    expect(res.status).toBe(422)
    const { fieldErrors } = (await res.json()) as { fieldErrors: Record<string, string> }
    expect(fieldErrors.foundersInfo).toBe('must_be_empty')
    await expectNothingStored(h)
  })

  it('400 for a body that is not JSON, or empty', async () => {
    const h = await open()
    for (const body of ['{"formData":', '', 'null x', '\u0000']) {
      const res = await h.post(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ error: 'invalid_json' })
    }
    await expectNothingStored(h)
  })

  it('413 for a body over 64 kB, announced or streamed without a length', async () => {
    const h = await open()
    const big = JSON.stringify({ ...validBody(), padding: 'x'.repeat(MAX_BODY_BYTES) })
    const announced = await h.post(big)
    expect(announced.status).toBe(413)
    expect(await announced.json()).toEqual({ error: 'payload_too_large' })

    let pulled = 0
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        if (pulled > 1000) controller.close() // 16 MB at most, never reached when the limit works
        else controller.enqueue(chunk)
      },
    })
    const streamed = await h.app.request(FUNCTION_URL, {
      method: 'POST',
      headers: { apikey: TEST_ANON_KEY, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(pulled).toBeLessThan(10)
    await expectNothingStored(h)
  })

  it('405 with Allow for other methods', async () => {
    const h = await open()
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await h.app.request(FUNCTION_URL, { method, headers: { apikey: TEST_ANON_KEY } })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow')).toBe('POST, OPTIONS')
    }
    await expectNothingStored(h)
  })

  it('401 without the public anon key, 415 for a body that is not declared JSON', async () => {
    const h = await open()
    const anonymous = await h.app.request(FUNCTION_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody()),
    })
    expect(anonymous.status).toBe(401)
    expect((await h.post(validBody(), { apikey: 'wrong', authorization: 'Bearer wrong' })).status).toBe(401)
    // Either header alone is enough, as with the Supabase gateway.
    expect((await h.post(validBody(), { apikey: 'wrong' })).status).toBe(200)
    await h.store.deleteByEmail((await h.store.listApplications())[0]!.formData.email)
    h.commits = 0

    const form = await h.post(validBody(), { 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    await expectNothingStored(h)
  })

  it('500 without internal detail when the database fails', async () => {
    const h = await open()
    await h.store.close()
    const res = await h.post(validBody())
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: 'internal_error' })
    expect(text).not.toMatch(/sqlite|database|at \w|\.ts/i)
  })
})

describe('send-application-email: abuse', () => {
  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const h = await open()
    const res = await h.post({ ...validBody(), faxNumber: '+57 1 555 0000' })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { id: string; reference: string }
    expect(answer.reference).toMatch(REFERENCE_RE)
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/)
    await expectNothingStored(h)
    expect(h.logs.find((l) => l.msg === 'request')).toMatchObject({ outcome: 'honeypot' })
  })

  it('answers 429 with Retry-After past the per-IP limit, and lets the client back in after the window', async () => {
    let now = new Date('2026-05-04T14:30:00.000Z')
    const h = await open({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '600' }, { clock: () => now })
    expect((await h.post(validBody())).status).toBe(200)
    expect((await h.post(validBody())).status).toBe(200)
    now = new Date(now.getTime() + 60_000)
    const limited = await h.post(validBody())
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('540')
    expect(await limited.json()).toEqual({ error: 'rate_limited' })
    expect(await h.store.listApplications()).toHaveLength(2)

    now = new Date(now.getTime() + 540_000)
    expect((await h.post(validBody())).status).toBe(200)
  })

  it('counts each client IP on its own behind a trusted proxy', async () => {
    const h = await open({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '1' })
    const from = (ip: string) => ({ 'x-forwarded-for': `203.0.113.9, ${ip}` })
    expect((await h.post(validBody(), from('198.51.100.1'))).status).toBe(200)
    expect((await h.post(validBody(), from('198.51.100.1'))).status).toBe(429)
    expect((await h.post(validBody(), from('198.51.100.2'))).status).toBe(200)
  })
})

describe('send-application-email: Idempotency-Key', () => {
  it('returns the first answer for a repeated key and stores one application', async () => {
    const h = await open()
    const body = validBody()
    const first = await h.post(body, { 'idempotency-key': 'c2f1a3a0-8d2e-4b8f-9a51-6c3f1d2e7a90' })
    const again = await h.post(body, { 'idempotency-key': 'c2f1a3a0-8d2e-4b8f-9a51-6c3f1d2e7a90' })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(await first.json())
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await h.store.listApplications()).toHaveLength(1)
    expect(await h.store.listMessages()).toHaveLength(2)
    expect(h.commits).toBe(1)
  })

  it('refuses the same key with a different body (422) and stores nothing more', async () => {
    const h = await open()
    const key = { 'idempotency-key': 'key-for-one-body-only' }
    expect((await h.post(validBody(), key)).status).toBe(200)
    const other = await h.post(validBody(), key)
    expect(other.status).toBe(422)
    expect(await other.json()).toEqual({ error: 'idempotency_key_reused' })
    expect(await h.store.listApplications()).toHaveLength(1)
  })

  it('400 for a malformed key', async () => {
    const h = await open()
    const res = await h.post(validBody(), { 'idempotency-key': 'short' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'invalid_idempotency_key' })
    await expectNothingStored(h)
  })
})

describe('send-application-email: CORS', () => {
  const preflight = (h: ApiHarness, origin: string, host = 'localhost') =>
    h.app.request(FUNCTION_URL, {
      method: 'OPTIONS',
      headers: {
        origin,
        host,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info, idempotency-key',
      },
    })

  it('allows configured origins and the site itself, with the headers the Supabase client sends', async () => {
    const h = await open({ ALLOWED_ORIGINS: 'https://catalitico.co, https://www.catalitico.co' })
    const res = await preflight(h, 'https://www.catalitico.co')
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.catalitico.co')
    expect(res.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS')
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['authorization', 'apikey', 'content-type', 'x-client-info', 'idempotency-key']),
    )
    const own = await preflight(h, 'http://localhost:3000', 'localhost:3000')
    expect(own.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })

  it('does not allow other origins', async () => {
    const h = await open({ ALLOWED_ORIGINS: 'https://catalitico.co' })
    const res = await preflight(h, 'https://evil.example')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const post = await h.post(validBody(), { origin: 'https://evil.example' })
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets an allowed origin read every answer: 200, 422 and 429 with Retry-After', async () => {
    const h = await open({ ALLOWED_ORIGINS: 'https://catalitico.co', RATE_LIMIT_MAX: '2' })
    const origin = { origin: 'https://catalitico.co' }
    const answers = [
      await h.post(validBody(), origin),
      await h.post(validBody({ email: 'no-es-un-correo' }), origin),
      await h.post(validBody(), origin),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 422, 429])
    for (const res of answers) expect(res.headers.get('access-control-allow-origin')).toBe('https://catalitico.co')
    expect(answers[2]!.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after')
  })
})

describe('GET /healthz', () => {
  it('answers 200 while the database answers, 503 once it does not', async () => {
    const h = await open()
    const ok = await h.app.request('/healthz')
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ status: 'ok' })
    await h.store.close()
    const down = await h.app.request('/healthz')
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ status: 'unavailable' })
  })
})

describe('send-application-email: what an outside probe found', () => {
  /** POST raw bytes, as a client that does not go through JSON.stringify would. */
  const postBytes = (h: ApiHarness, bytes: Uint8Array, contentType = 'application/json') =>
    h.app.request(FUNCTION_URL, {
      method: 'POST',
      headers: { apikey: TEST_ANON_KEY, 'content-type': contentType },
      body: bytes as Uint8Array<ArrayBuffer>,
    })
  /** A valid body whose companyName is the given bytes. */
  const withCompanyBytes = (raw: number[]) => {
    const [before, after] = JSON.stringify(validBody({ companyName: '@@' })).split('@@')
    return new Uint8Array([...Buffer.from(before!), ...raw, ...Buffer.from(after!)])
  }

  it('400 for a body that is not valid UTF-8 (FF FE C3 in a field), storing nothing', async () => {
    const h = await open()
    const res = await postBytes(h, withCompanyBytes([0xff, 0xfe, 0xc3]))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'invalid_json' })
    await expectNothingStored(h)
  })

  it('415 for a declared charset other than UTF-8; utf-8 however spelled is accepted', async () => {
    const h = await open()
    const latin1 = await postBytes(h, withCompanyBytes([...Buffer.from('Bogot'), 0xe1]), 'application/json; charset=iso-8859-1')
    expect(latin1.status).toBe(415)
    expect(await latin1.json()).toEqual({ error: 'unsupported_media_type' })
    await expectNothingStored(h)
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json']) {
      const ok = await postBytes(h, withCompanyBytes([...Buffer.from('Bogotá')]), type)
      expect(ok.status, type).toBe(200)
    }
    expect((await h.store.listApplications()).map((a) => a.formData.companyName)).toEqual(['Bogotá', 'Bogotá', 'Bogotá'])
  })

  it('answers every honeypot hit alike: a non-string, over-long or blank-free faxNumber gets the fake 200', async () => {
    const h = await open()
    for (const faxNumber of ['+57 1 555 0000', 12345, 'x'.repeat(5000), { n: 1 }, ['1'], true, null]) {
      const res = await h.post({ ...validBody(), faxNumber })
      expect(res.status, JSON.stringify(faxNumber).slice(0, 40)).toBe(200)
      expect(await res.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), reference: expect.stringMatching(REFERENCE_RE) })
    }
    await expectNothingStored(h)
    expect(h.logs.filter((l) => l.msg === 'request').map((l) => l.outcome)).toEqual(Array(7).fill('honeypot'))
    // The field the form sends empty is no hit; nor are spaces.
    expect((await h.post({ ...validBody(), faxNumber: '' })).status).toBe(200)
    expect((await h.post({ ...validBody(), faxNumber: '  ' })).status).toBe(200)
    expect(await h.store.listApplications()).toHaveLength(2)
  })

  it('an invalid body answers the same 422 with or without a honeypot hit (the field gives nothing away)', async () => {
    const h = await open()
    const bad = validBody({ email: 'maria@' })
    const plain = await h.post(bad)
    const hit = await h.post({ ...bad, faxNumber: 42 })
    expect(hit.status).toBe(422)
    expect(await hit.json()).toEqual(await plain.json())
  })

  it('reports a missing key as missing_field, for an optional field too, not as required', async () => {
    const h = await open()
    const body = validBody()
    const formData: Partial<typeof body.formData> = body.formData
    delete formData.website
    delete formData.city
    delete formData.foundersInfo
    await expectFieldErrors(h, await h.post(body), { website: 'missing_field', city: 'missing_field', foundersInfo: 'missing_field' })
  })
})

describe('send-application-email: CORS compares whole origins', () => {
  const preflight = (h: ApiHarness, origin: string, url = FUNCTION_URL) =>
    h.app.request(url, {
      method: 'OPTIONS',
      headers: { origin, host: new URL(url).host, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, content-type' },
    })

  it('refuses the same host with another scheme or port, and allows the exact site origin', async () => {
    const h = await open({ VITE_SITE_URL: 'https://catalitico.co', ALLOWED_ORIGINS: 'https://socios.example' })
    const site = 'http://127.0.0.1:3000/functions/v1/send-application-email'
    for (const origin of ['https://127.0.0.1:3000', 'http://127.0.0.1:3001', 'http://127.0.0.1', 'http://catalitico.co', 'https://catalitico.co:8443', 'http://socios.example']) {
      const res = await preflight(h, origin, site)
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
    }
    for (const origin of ['http://127.0.0.1:3000', 'https://catalitico.co', 'https://socios.example']) {
      const res = await preflight(h, origin, site)
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin)
    }
  })
})

describe('send-application-email: a body that stalls', () => {
  it('408 once the body has not arrived within the reading time, whether its length is announced or not', { timeout: 5000 }, async () => {
    const h = await open({}, { bodyReadTimeoutMs: 200 })
    for (const announced of [true, false]) {
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"formData":'))
          // …and nothing more, ever.
        },
      })
      const started = Date.now()
      const res = await h.app.request(FUNCTION_URL, {
        method: 'POST',
        headers: {
          apikey: TEST_ANON_KEY,
          'content-type': 'application/json',
          ...(announced ? { 'content-length': '500' } : { 'transfer-encoding': 'chunked' }),
        },
        body: stalled,
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(408)
      expect(await res.json()).toEqual({ error: 'request_timeout' })
      expect(res.headers.get('connection')).toBe('close')
      expect(Date.now() - started).toBeLessThan(2000)
    }
    await expectNothingStored(h)
  })
})

describe('send-application-email: numbers as a Colombian writes them (ADR 0135)', () => {
  it('reads "4,5" as 4.5 and Colombian thousands as thousands, and stores the reading', async () => {
    const h = await open()
    const res = await h.post(validBody({ equityPercentage: '4,5', revenue: '1.250.000,50', activeUsers: '1.500', foundingYear: '2019' }))
    expect(res.status).toBe(200)
    const [app] = await h.store.listApplications()
    expect(app!.formData).toMatchObject({ equityPercentage: '4.5', revenue: '1250000.50', activeUsers: '1500', foundingYear: '2019' })
  })

  it('"4.5", "7,5" and "85.000" are read as 4.5, 7.5 and 85000', async () => {
    const h = await open()
    for (const [equityPercentage, revenue] of [['4.5', '85.000'], ['7,5', '85000']] as const) {
      const res = await h.post(validBody({ equityPercentage, revenue }))
      expect(res.status, equityPercentage).toBe(200)
    }
    const stored = (await h.store.listApplications()).map((a) => [a.formData.equityPercentage, a.formData.revenue]).sort()
    expect(stored).toEqual([['4.5', '85000'], ['7.5', '85000']])
  })

  it('422 ambiguous_number for "85,000", "1,500" and "4.500": refused, never guessed, nothing stored', async () => {
    const h = await open()
    await expectFieldErrors(h, await h.post(validBody({ revenue: '85,000', activeUsers: '1,500', equityPercentage: '4.500' })), {
      revenue: 'ambiguous_number',
      activeUsers: 'ambiguous_number',
      equityPercentage: 'ambiguous_number',
    })
  })
})

describe('send-application-email: the founding year is refused only after the current year in Bogotá (ADR 0136)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('2027 is refused at 23:00 of 31 December 2026 in Bogotá and accepted once it is 2027 there', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const h = await open()
    // 2027-01-01T04:00Z is 2026-12-31 23:00 in Bogotá.
    vi.setSystemTime(new Date('2027-01-01T04:00:00Z'))
    const early = await h.post(validBody({ foundingYear: '2027' }))
    expect(early.status).toBe(422)
    expect(await early.json()).toEqual({ error: 'validation_failed', fieldErrors: { foundingYear: 'out_of_range' } })
    expect(await h.store.listApplications()).toEqual([])

    vi.setSystemTime(new Date('2027-01-01T05:30:00Z'))
    const res = await h.post(validBody({ foundingYear: '2027' }))
    expect(res.status).toBe(200)
    expect((await h.store.listApplications()).map((a) => a.formData.foundingYear)).toEqual(['2027'])
  })

  it('a company founded in 2025 or 2026 can apply today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-25T15:00:00Z'))
    const h = await open()
    for (const foundingYear of ['2025', '2026']) expect((await h.post(validBody({ foundingYear }))).status, foundingYear).toBe(200)
    expect((await h.post(validBody({ foundingYear: '2027' }))).status).toBe(422)
  })
})
