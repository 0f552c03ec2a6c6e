/**
 * The Supabase Edge Function under the real Deno runtime, against the real
 * local PostgreSQL: the same handler as the Node server, the same answers,
 * and its e-mails leaving through the Node outbox worker (Supabase blocks
 * outbound SMTP; docs/decisions/0033).
 */
import { FunctionsClient } from '@supabase/functions-js'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname, join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FUNCTION_NAME, IDEMPOTENCY_HEADER, MAX_BODY_BYTES } from '../domain/submission.ts'
import { createSmtpSender } from './shared/mail/smtp-sender.ts'
import { createOutboxWorker } from './features/outbox/worker.ts'
import { openPostgresStore } from './db/postgres-store.ts'
import { createTestDatabase, requirePostgres, type TestDatabase } from './db/testing/postgres-test-database.ts'
import type { ApplicationStore } from './db/stores/application-store.ts'
import { apiHarness, FUNCTION_URL, TEST_ANON_KEY, type ApiHarness } from './testing/api-harness.ts'
import { EDGE_FUNCTION_DIR, PROJECT_ROOT, startEdgeFunction, type RunningEdgeFunction } from './testing/edge-function.ts'
import { validBody } from './testing/fixtures.ts'
import { startSmtpSink } from './testing/smtp-sink.ts'

const available = await requirePostgres()

const AUTH = { apikey: TEST_ANON_KEY, authorization: `Bearer ${TEST_ANON_KEY}` }
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' }

interface BadInput {
  name: string
  init: RequestInit
  status: number
}

/** Every kind of bad input, sent as is to Node and to Deno. */
const BAD_INPUTS: BadInput[] = [
  { name: 'malformed JSON', init: { method: 'POST', headers: JSON_AUTH, body: '{"formData": ' }, status: 400 },
  { name: 'a GET', init: { method: 'GET', headers: AUTH }, status: 405 },
  { name: 'a PUT', init: { method: 'PUT', headers: JSON_AUTH, body: JSON.stringify(validBody()) }, status: 405 },
  {
    name: 'a body over 64 kB',
    init: { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ ...validBody(), pad: 'x'.repeat(MAX_BODY_BYTES) }) },
    status: 413,
  },
  {
    name: 'invalid fields',
    init: {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify(validBody({ email: 'no-es-un-correo', foundingYear: '1999', productStage: 'idea' })),
    },
    status: 422,
  },
  {
    name: 'no consent',
    init: { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ formData: validBody().formData }) },
    status: 422,
  },
  {
    name: 'a wrong content type',
    init: { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: JSON.stringify(validBody()) },
    status: 415,
  },
  {
    name: 'a body that is not UTF-8',
    init: {
      method: 'POST',
      headers: JSON_AUTH,
      body: new Uint8Array([...Buffer.from('{"formData":{"companyName":"'), 0xff, 0xfe, 0xc3, ...Buffer.from('"}}')]),
    },
    status: 400,
  },
  {
    name: 'a charset other than UTF-8',
    init: { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json; charset=iso-8859-1' }, body: JSON.stringify(validBody()) },
    status: 415,
  },
  {
    name: 'a missing key',
    init: { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ ...validBody(), formData: { ...validBody().formData, website: undefined } }) },
    status: 422,
  },
  {
    name: 'no anon key',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validBody()) },
    status: 401,
  },
]

async function answer(response: Response) {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: response.status, allow: response.headers.get('allow'), body }
}

/** Every module the entry imports, following relative imports; type-only imports are erased and skipped. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = []
  const packages = new Set<string>()
  const pending = [entry]
  while (pending.length) {
    const file = pending.pop()!
    if (files.includes(file)) continue
    files.push(file)
    const source = readFileSync(file, 'utf8')
    for (const [, typeOnly, specifier] of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
      if (typeOnly) continue
      if (specifier!.startsWith('.')) pending.push(resolve(dirname(file), specifier!))
      else packages.add(specifier!)
    }
  }
  return { files, packages }
}

describe("the edge function's deno.json", () => {
  it('maps every package the entry loads, so Supabase can bundle it (no Node-only module sneaks in)', () => {
    const { imports } = JSON.parse(readFileSync(join(EDGE_FUNCTION_DIR, 'deno.json'), 'utf8')) as { imports: Record<string, string> }
    const { files, packages } = importGraph(join(EDGE_FUNCTION_DIR, 'index.ts'))
    expect(files.map((f) => relative(PROJECT_ROOT, f))).toContain('server/features/submission/send-application-email.ts')
    const unmapped = [...packages].filter((p) => !p.startsWith('node:') && !(p.split('/')[0]! in imports))
    expect(unmapped).toEqual([])
  })

  it('never loads the SQLite engine or its driver: the stores reach PostgreSQL through postgres.ts alone', () => {
    const { files, packages } = importGraph(join(EDGE_FUNCTION_DIR, 'index.ts'))
    const loaded = files.map((f) => relative(PROJECT_ROOT, f))
    expect(loaded).toEqual(expect.arrayContaining(['server/db/postgres.ts', 'server/db/stores/application-store.ts']))
    expect(loaded.filter((f) => /sqlite|engine-of/.test(f))).toEqual([])
    expect([...packages].filter((p) => p.includes('sqlite'))).toEqual([])
  })

  it('pins every npm package to the version installed for Node, so both runtimes run the same code', () => {
    const { imports } = JSON.parse(readFileSync(join(EDGE_FUNCTION_DIR, 'deno.json'), 'utf8')) as { imports: Record<string, string> }
    const pinned = Object.entries(imports).filter(([, target]) => target.startsWith('npm:'))
    expect(pinned.map(([name]) => name).sort()).toEqual(['hono', 'kysely', 'postgres', 'valibot'])
    for (const [name, target] of pinned) {
      const manifest = join(PROJECT_ROOT, 'node_modules', name, 'package.json')
      const installed = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
      expect({ name, target }).toEqual({ name, target: `npm:${name}@${installed}` })
    }
  })
})

describe.skipIf(!available)('Supabase Edge Function on Deno against the local PostgreSQL', () => {
  let db: TestDatabase
  let edge: RunningEdgeFunction
  let store: ApplicationStore
  let node: ApiHarness

  beforeAll(async () => {
    db = await createTestDatabase()
    edge = await startEdgeFunction({ SUPABASE_DB_URL: db.url, PUBLIC_ANON_KEY: TEST_ANON_KEY, RATE_LIMIT_MAX: '1000' })
    store = openPostgresStore(db.url)
    node = await apiHarness()
  })

  afterAll(async () => {
    await edge?.stop()
    await store?.close()
    await node?.dispose()
    await db?.drop()
  })

  it('stores a valid submission made with the Supabase functions client, with its two pending e-mails', async () => {
    const body = validBody()
    const client = new FunctionsClient(edge.functionsUrl, { headers: AUTH })
    const key = crypto.randomUUID()

    const { data, error } = await client.invoke<{ id: string; reference: string }>(FUNCTION_NAME, {
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
    })

    expect(error).toBeNull()
    expect(data).toEqual({ id: expect.any(String), reference: expect.stringMatching(/^CAT-\d{4}-[0-9A-Z]{6}$/) })
    const [stored] = (await store.listApplications()).filter((a) => a.id === data!.id)
    expect(stored).toMatchObject({ reference: data!.reference, formData: body.formData })
    expect(stored!.consent.policyVersion).toBe(body.consent.policyVersion)
    const messages = await store.listMessages({ applicationId: data!.id })
    expect(messages.map((m) => [m.kind, m.to, m.status]).sort()).toEqual([
      ['applicant_confirmation', body.formData.email, 'pending'],
      ['team_notification', node.config.TEAM_EMAIL, 'pending'],
    ])

    // The same Idempotency-Key again: the first answer, nothing new stored.
    const again = await client.invoke(FUNCTION_NAME, { body, headers: { [IDEMPOTENCY_HEADER]: key } })
    expect(again.data).toEqual(data)
    expect((await store.findByEmail(body.formData.email)).map((a) => a.id)).toEqual([data!.id])
  })

  it('answers at /send-application-email too, the path Supabase hands the function', async () => {
    const body = validBody()
    const response = await fetch(`${edge.origin}/send-application-email`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    const { id } = (await response.json()) as { id: string }
    expect((await store.findByEmail(body.formData.email)).map((a) => a.id)).toEqual([id])
  })

  it('gives every kind of bad input the same status and answer as the Node server, and stores nothing', async () => {
    const before = (await store.listApplications()).length
    for (const bad of BAD_INPUTS) {
      const onDeno = await answer(await fetch(`${edge.functionsUrl}/${FUNCTION_NAME}`, bad.init))
      const onNode = await answer(await node.app.request(FUNCTION_URL, bad.init))
      expect({ input: bad.name, ...onDeno }).toEqual({ input: bad.name, ...onNode })
      expect({ input: bad.name, status: onDeno.status }).toEqual({ input: bad.name, status: bad.status })
    }
    expect((await store.listApplications()).length).toBe(before)
    expect(await node.store.listApplications()).toEqual([])
  })

  it("has its e-mails sent by a Node outbox worker draining the same database's outbox", async () => {
    const body = validBody()
    const response = await fetch(`${edge.functionsUrl}/${FUNCTION_NAME}`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify(body),
    })
    const { id } = (await response.json()) as { id: string }
    const pending = await store.listMessages({ applicationId: id })
    const sink = await startSmtpSink()
    const sender = createSmtpSender(sink.url)
    const worker = createOutboxWorker({ store, sender, siteOrigin: 'https://catalitico.example', maxAttempts: 3 })
    try {
      await worker.runUntilIdle()
    } finally {
      await sender.close()
      await sink.close()
    }
    const mine = sink.received.filter((m) => pending.some((p) => p.messageId === m.header('message-id')))
    expect(mine.map((m) => m.envelopeTo).sort()).toEqual([[body.formData.email], [node.config.TEAM_EMAIL]])
    expect((await store.listMessages({ applicationId: id })).map((m) => m.status)).toEqual(['sent', 'sent'])
  })
})

/** One raw HTTP/1.1 request on a socket; resolves with what came back before the server closed it. */
function rawRequest(origin: string, head: string, body: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head + body))
    let received = ''
    socket.on('data', (d) => (received += d))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    setTimeout(() => socket.destroy(), 5000)
  })
}

describe.skipIf(!available)('the edge function on Deno answers as the Node server does: CORS, 429, honeypot, client IP', () => {
  const ENV = { PUBLIC_ANON_KEY: TEST_ANON_KEY, RATE_LIMIT_MAX: '2', ALLOWED_ORIGINS: 'https://catalitico.co', VITE_SITE_URL: 'https://catalitico.co' }
  let db: TestDatabase
  let edge: RunningEdgeFunction
  let store: ApplicationStore

  beforeAll(async () => {
    db = await createTestDatabase()
    edge = await startEdgeFunction({ SUPABASE_DB_URL: db.url, ...ENV })
    store = openPostgresStore(db.url)
  })
  afterAll(async () => {
    await edge?.stop()
    await store?.close()
    await db?.drop()
  })

  const onDeno = (ip: Record<string, string>, init: RequestInit) =>
    fetch(`${edge.functionsUrl}/${FUNCTION_NAME}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...ip } })
  const cors = (res: Response) => ({
    status: res.status,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    exposed: res.headers.get('access-control-expose-headers'),
    retryAfter: res.headers.get('retry-after') !== null,
    hsts: res.headers.get('strict-transport-security'),
  })

  it('allows the same origins, refuses the same others, and limits each client alike', async () => {
    const node = await apiHarness(ENV)
    try {
      const preflight = (origin: string): RequestInit => ({
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, content-type' },
      })
      for (const origin of ['https://catalitico.co', 'http://catalitico.co', 'https://catalitico.co:8443', 'https://evil.example']) {
        const deno = cors(await onDeno({ 'cf-connecting-ip': '203.0.113.1' }, preflight(origin)))
        expect({ origin, ...deno }).toEqual({ origin, ...cors(await node.app.request(FUNCTION_URL, preflight(origin))) })
      }
      // Three submissions from one client with a limit of 2: 200, 422, 429, readable by the allowed origin.
      const sequence = [validBody(), validBody({ email: 'no-es-un-correo' }), validBody()]
      const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { ...JSON_AUTH, origin: 'https://catalitico.co' }, body: JSON.stringify(body) })
      const fromDeno = []
      const fromNode = []
      for (const body of sequence) {
        const d = await onDeno({ 'cf-connecting-ip': '203.0.113.2' }, post(body))
        const n = await node.app.request(FUNCTION_URL, post(body))
        fromDeno.push({ ...cors(d), error: ((await d.json()) as { error?: string }).error })
        fromNode.push({ ...cors(n), error: ((await n.json()) as { error?: string }).error })
      }
      expect(fromDeno).toEqual(fromNode)
      expect(fromDeno.map((a) => a.status)).toEqual([200, 422, 429])
    } finally {
      await node.dispose()
    }
  })

  it('answers a honeypot hit of any kind with the same fake 200 as Node, storing nothing', async () => {
    // In process, every Node request comes from the same unknown client: no limit to reach here.
    const node = await apiHarness({ ...ENV, RATE_LIMIT_MAX: '100' })
    try {
      for (const [i, faxNumber] of (['+57 1 555 0000', 12345, 'x'.repeat(5000)] as const).entries()) {
        const body = { ...validBody(), faxNumber }
        const init: RequestInit = { method: 'POST', headers: JSON_AUTH, body: JSON.stringify(body) }
        const d = await onDeno({ 'cf-connecting-ip': `203.0.113.${10 + i}` }, init)
        const n = await node.app.request(FUNCTION_URL, { ...init, headers: { ...JSON_AUTH } })
        const shape = async (r: Response) => ({ status: r.status, keys: Object.keys((await r.json()) as object).sort() })
        expect(await shape(d)).toEqual(await shape(n))
        expect(d.status).toBe(200)
        expect(await store.findByEmail(body.formData.email)).toEqual([])
      }
      expect(await node.store.listApplications()).toEqual([])
    } finally {
      await node.dispose()
    }
  })

  it('counts clients by cf-connecting-ip, else by the x-forwarded-for entry its own proxy wrote (not one the client made up)', async () => {
    const bad: RequestInit = { method: 'POST', headers: JSON_AUTH, body: '{}' }
    // cf-connecting-ip: each address has its own allowance.
    expect((await onDeno({ 'cf-connecting-ip': '198.51.100.1' }, bad)).status).toBe(422)
    expect((await onDeno({ 'cf-connecting-ip': '198.51.100.1' }, bad)).status).toBe(422)
    expect((await onDeno({ 'cf-connecting-ip': '198.51.100.1' }, bad)).status).toBe(429)
    expect((await onDeno({ 'cf-connecting-ip': '198.51.100.2' }, bad)).status).toBe(422)
    // Without it, the last x-forwarded-for entry (appended by the gateway); the client's own entries change nothing.
    expect((await onDeno({ 'x-forwarded-for': '10.0.0.1, 198.51.100.3' }, bad)).status).toBe(422)
    expect((await onDeno({ 'x-forwarded-for': '10.0.0.2, 198.51.100.3' }, bad)).status).toBe(422)
    expect((await onDeno({ 'x-forwarded-for': '10.0.0.3, 198.51.100.3' }, bad)).status).toBe(429)
    expect((await onDeno({ 'x-forwarded-for': '10.0.0.3, 198.51.100.4' }, bad)).status).toBe(422)
  })

  it('refuses a transfer-coding it does not implement, as Node does (501), storing nothing', async () => {
    const body = JSON.stringify(validBody())
    const { host } = new URL(edge.origin)
    const head =
      `POST /functions/v1/${FUNCTION_NAME} HTTP/1.1\r\nhost: ${host}\r\napikey: ${TEST_ANON_KEY}\r\ncf-connecting-ip: 203.0.113.50\r\n` +
      `content-type: application/json\r\ntransfer-encoding: gzip, chunked\r\nconnection: close\r\n\r\n`
    const answer = await rawRequest(edge.origin, head, `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`)
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 501 /)
    expect(answer).toContain('{"error":"unsupported_transfer_coding"}')
    expect(await store.findByEmail((JSON.parse(body) as { formData: { email: string } }).formData.email)).toEqual([])
  })
})
