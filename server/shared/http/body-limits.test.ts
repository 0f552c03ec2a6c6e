/**
 * Request bodies are limited by what is read, not by what is declared
 * (docs/decisions/0118), held over the real Node server (node-server.ts) as in
 * production, since a chunked body takes another path through Hono's
 * bodyLimit and @hono/node-server than one with a Content-Length:
 * - every route that takes a body, one row each, answers a chunked body over
 *   its limit with 413 in its area's shape while the body has not ended (it
 *   never does: the server cannot have waited for it), and changes nothing;
 * - the rows are every such route the app registers: the workspace's from its endpoint tables
 *   (a new endpoint joins by itself), the founder's forms and the function by hand;
 * - after the 413 the server stops taking bytes and closes the connection;
 * - the largest bodies the routes' own input allows still pass, chunked;
 * - the founder's forms answer 400 to a body that is not a form, never 500;
 * - the documents' tus uploads hold a chunked PATCH to the upload's length.
 */
import { VERIFY_MAX_BYTES } from '../../features/agreements/verify-page.ts'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import { MAX_BODY_BYTES } from '../../../domain/submission.ts'
import { tooLargeMessage } from '../../features/documents/service.ts'
import { samples } from '../../features/documents/testing/tus.ts'
import { documentsDir } from '../env.ts'
import { seedFounder, type SeededFounder } from '../../testing/seed-founder.ts'
import { newSubmission, storedPasskey, validBody } from '../../testing/fixtures.ts'
import type { Member } from '../auth/context.ts'
import { SITE, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { BODY_LIMITS } from './body-limit.ts'
import { changes, onApplication, pathOf, type AnyEndpoint, type ParamsOf } from '../../../domain/workspace-api/endpoint.ts'
import { reviewEndpoints } from '../../../domain/workspace-api/review.ts'
import { founderMailEndpoints } from '../../../domain/workspace-api/founder-mail.ts'
import { scoringEndpoints } from '../../../domain/workspace-api/scoring.ts'
import { memberEndpoints, sessionEndpoints, signInEndpoints } from '../../../domain/workspace-api/team.ts'
import { WORKSPACE_API_PATH } from '../auth/context.ts'
import { ALL_ENDPOINTS } from '../../workspace-routes.ts'
import { listen, type HttpTimeouts } from './node-server.ts'

// Short enough that a server waiting for the end of a body (the old code) answers 408 within the test, long
// enough that the largest limit's body (a proof file's 10 MB) is sent before it on a loaded machine (at a load
// of 20, 1 s was not: the route answered 408 before its 413).
const TIMEOUTS: HttpTimeouts = { headersMs: 5_000, requestMs: 5_000, keepAliveMs: 5_000, checkEveryMs: 100 }

let h: WorkspaceHarness
let server: Server
let port: number
let shared: Fixture

/** What a row acts on: its own, so that a row the old code acted on (a logout, a withdrawal) leaves the next alone. */
interface Fixture {
  admin: SignedIn
  passkeyId: string
  other: Member
  founder: SeededFounder
  /** A founder's e-mail waiting in "Correos por enviar". */
  draftId: string
}

async function fixture(): Promise<Fixture> {
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const passkeyId = Buffer.from(crypto.randomUUID()).toString('base64url')
  await h.team.addPasskey(storedPasskey(passkeyId, admin.member.id, h.now()))
  const moved = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(moved)
  for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']]) {
    expect((await h.call('POST', pathOf(reviewEndpoints.transition, { id: moved.application.id }), { as: admin, body: { from, to } })).status).toBe(200)
  }
  const draft = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === moved.application.id)!
  return { admin, passkeyId, other: await h.addMember({ role: 'reviewer' }), founder: await seedFounder(h.store), draftId: draft.id }
}

beforeAll(async () => {
  h = await workspaceHarness({ DOCUMENT_MAX_MB: '1' })
  // tus judges an upload's expiry on the wall clock.
  h.syncToWallClock()
  shared = await fixture()
  server = await new Promise<Server>((resolve) => {
    const s = listen(h.app.fetch, { port: 0, hostname: '127.0.0.1', timeouts: TIMEOUTS }, () => resolve(s))
  })
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
  await h.dispose()
})

type Area = 'workspace' | 'sign-in' | 'founder' | 'function' | 'verify'

interface Row {
  /** As the app registers it: method and path pattern. */
  route: string
  area: Area
  limit: number
  /** A path that reaches it, with real ids where the old code would act. */
  path: (f: Fixture) => string
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** The documents' tus routes: tus holds their bodies to each upload's length (tested below). */
const TUS_ROUTES = [
  'POST /postulacion/:token/api/subidas',
  'PATCH /postulacion/:token/api/subidas/:uploadId',
  'DELETE /postulacion/:token/api/subidas/:uploadId',
]

/**
 * The value of each of a workspace path's params that reaches its route where the old code would act: the
 * founder's application, the fixture's passkey, member and draft, month 3; any id otherwise.
 */
function paramsFor(endpoint: AnyEndpoint, f: Fixture): Record<string, string> {
  const value = (name: string): string => {
    if (name === 'id' && onApplication(endpoint)) return f.founder.applicationId
    if (endpoint === sessionEndpoints.removePasskey) return f.passkeyId
    if (endpoint === memberEndpoints.update || name === 'memberId') return f.other.id
    if (name === 'id' && Object.values<AnyEndpoint>(founderMailEndpoints).includes(endpoint)) return f.draftId
    if (name === 'month') return '3'
    return crypto.randomUUID()
  }
  return Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, value(name!)]))
}

/** A row per changing endpoint of the tables: the sign-in's limit for a public one, else the workspace's or the larger one it names. */
const endpointRow = (endpoint: AnyEndpoint): Row => ({
  route: `${endpoint.method} ${WORKSPACE_API_PATH}${endpoint.path}`,
  area: endpoint.public ? 'sign-in' : 'workspace',
  limit: endpoint.public ? BODY_LIMITS.signIn : endpoint.largerBody ? BODY_LIMITS[endpoint.largerBody] : BODY_LIMITS.workspace,
  path: (f) => `${WORKSPACE_API_PATH}${pathOf(endpoint, paramsFor(endpoint, f) as ParamsOf<AnyEndpoint>)}`,
})
const form = (action: string | null): Row => ({
  route: action ? `POST /postulacion/:token/${action}` : 'POST /postulacion',
  area: 'founder',
  limit: BODY_LIMITS.founderForm,
  path: (f) => (action ? `/postulacion/${f.founder.token}/${action}` : '/postulacion'),
})

/** Every route that takes a body: the application form's function, every changing endpoint of the workspace's tables, the founder's forms. */
const ROWS: Row[] = [
  { route: 'POST /functions/v1/send-application-email', area: 'function', limit: MAX_BODY_BYTES, path: () => '/functions/v1/send-application-email' },
  ...ALL_ENDPOINTS.filter(({ endpoint }) => changes(endpoint)).map(({ endpoint }) => endpointRow(endpoint)),
  form(null),
  form('retirar'),
  form('datos'),
  form('supresion'),
  form('sesion/reservar'),
  form('sesion/cambiar'),
  form('sesion/cancelar'),
  form('sesion/ninguno'),
  { ...form('seguimiento'), limit: BODY_LIMITS.founderCheckIn },
  form('acuerdo/codigo'),
  form('acuerdo/firmar'),
  form('acuerdo/rechazar'),
  // /verificar: a signed agreement's PDF, uploaded by anyone (server/features/agreements/verify-page.ts).
  { route: 'POST /verificar', area: 'verify', limit: VERIFY_MAX_BYTES + 64 * 1024, path: () => '/verificar' },
]

/** The headers a browser (or the site's script) sends on each area's requests. */
function headersFor(area: Area, as?: SignedIn): Record<string, string> {
  switch (area) {
    case 'function':
      return { apikey: h.config.PUBLIC_ANON_KEY, authorization: `Bearer ${h.config.PUBLIC_ANON_KEY}`, 'content-type': 'application/json' }
    case 'founder':
      return { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }
    case 'verify':
      return { origin: SITE, 'content-type': 'multipart/form-data; boundary=x' }
    case 'sign-in':
      return { origin: SITE, 'content-type': 'application/json' }
    case 'workspace':
      if (!as) throw new Error('a workspace request needs a session')
      return { origin: SITE, cookie: as.cookie, 'x-csrf-token': as.csrfToken, 'content-type': 'application/json' }
  }
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** Whether the client had finished the body when the answer came. */
  bodyEnded: boolean
  /** Bytes of body the client had written when the connection ended (only with keepSending). */
  written: number
}

/**
 * Sends `first`, then filler up to `bytes`, chunked (no Content-Length), and
 * unless told to end it, never ends the body: an answer can only come from a
 * server that did not wait for it. With keepSending, it goes on writing after
 * the answer until the server closes the connection or `bytes` are written.
 */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  first: string,
  bytes: number,
  options: { end?: boolean; keepSending?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Transfer-Encoding set by hand: Node does not chunk a DELETE's body of itself.
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, headers: { ...headers, 'transfer-encoding': 'chunked' } })
    let answer: Omit<Answer, 'written'> | null = null
    let done = false
    const finish = () => {
      if (done || !answer) return
      done = true
      req.destroy()
      resolve({ ...answer, written })
    }
    req.on('response', (res) => {
      const bodyEnded = req.writableEnded
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => {
        answer = { status: res.statusCode!, headers: res.headers, body, bodyEnded }
        if (!options.keepSending) finish()
      })
    })
    // Once answered, the server closing the connection on a body it will not read is expected.
    req.on('error', (err) => (answer ? finish() : reject(err)))
    req.on('close', finish)

    req.write(first)
    let written = Buffer.byteLength(first)
    const filler = Buffer.alloc(64 * 1024, 'a')
    const pump = () => {
      while (written < bytes && !req.destroyed) {
        const chunk = filler.subarray(0, Math.min(filler.length, bytes - written))
        written += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (options.end) req.end()
      else if (options.keepSending) finish()
    }
    pump()
  })
}

/** An endpoint's full path on the server. */
const api = <E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E>) => `${WORKSPACE_API_PATH}${pathOf(endpoint, params)}`

/** A whole body, chunked. */
const sendAll = (method: string, path: string, headers: Record<string, string>, body: string) =>
  send(method, path, headers, body, Buffer.byteLength(body), { end: true })

/** What a body's first bytes look like for each area: the start of a plausible body that then runs on. */
const opening: Record<Area, string> = {
  function: '{"formData":{"companyName":"',
  'sign-in': '{"email":"',
  workspace: '{"text":"',
  founder: 'email=',
  verify: '--x\r\nContent-Disposition: form-data; name="archivo"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-',
}

/** What a row's answer says, in a form one comparison checks for every row at once. */
function outcome(row: Row, res: Answer) {
  const html = /<h1>([^<]*)<\/h1>/.exec(res.body)?.[1]
  let body: unknown
  try {
    body = row.area === 'founder' || row.area === 'verify' ? `${res.headers['content-type']?.split(';')[0]}: ${html}` : JSON.parse(res.body)
  } catch {
    body = res.body.slice(0, 100)
  }
  return {
    route: row.route,
    status: res.status,
    bodyEnded: res.bodyEnded,
    body,
    ...(row.area === 'workspace' || row.area === 'sign-in' ? { cacheControl: res.headers['cache-control'] } : {}),
  }
}

const WORKSPACE_TOO_LARGE = { error: 'payload_too_large', message: 'Lo que enviaste es demasiado grande. Acórtalo e inténtalo de nuevo.' }

function refusedAsTooLarge(row: Row) {
  const body = {
    founder: 'text/html: Solicitud demasiado grande',
    verify: 'text/html: Verifica un acuerdo firmado',
    function: { error: 'payload_too_large' },
    'sign-in': WORKSPACE_TOO_LARGE,
    workspace: WORKSPACE_TOO_LARGE,
  }[row.area]
  return {
    route: row.route,
    status: 413,
    bodyEnded: false,
    body,
    ...(row.area === 'workspace' || row.area === 'sign-in' ? { cacheControl: 'no-store' } : {}),
  }
}

describe('a chunked body over the limit, on every route that takes one', () => {
  it('the table holds every route the app registers that takes a body', () => {
    const registered = new Set(h.app.routes.filter((r) => BODY_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`))
    expect(new Set([...ROWS.map((r) => r.route), ...TUS_ROUTES])).toEqual(registered)
  })

  it("answers 413 in its area's shape before the body ends, and changes nothing", async () => {
    const outcomes = []
    for (const row of ROWS) {
      const f = await fixture()
      const before = h.snapshot()
      const mails = h.mailsQueued
      const [method] = row.route.split(' ')
      const res = await send(method!, row.path(f), headersFor(row.area, f.admin), opening[row.area], row.limit + 64 * 1024)
      outcomes.push({ ...outcome(row, res), changed: !isDeepStrictEqual(h.snapshot(), before) || h.mailsQueued !== mails })
    }
    expect(outcomes).toEqual(ROWS.map((row) => ({ ...refusedAsTooLarge(row), changed: false })))
    // Time for a server that waits for each body to its request time limit (the old code), so that every row is shown.
  }, 400_000)

  it('stops taking bytes after the 413 and closes the connection: a 128 MB body is not read', async () => {
    const before = h.snapshot()
    const cap = 128 * 1024 * 1024
    const res = await send('POST', '/postulacion', headersFor('founder'), opening.founder, cap, { keepSending: true })
    expect(res.status).toBe(413)
    // @hono/node-server drains at most 64 MB (or 500 ms) of a refused body, then closes.
    expect(res.written).toBeLessThan(96 * 1024 * 1024)
    expect(h.snapshot()).toEqual(before)
  })
})

describe('the largest bodies the routes take still pass, chunked', () => {
  const control = (n: number) => '\u0001'.repeat(n)

  it('a founder form, a sign-in link, a review and an e-mail draft at their longest, a plan of 5,000 pairs', async () => {
    const f = await fixture()
    const page = await sendAll('POST', '/postulacion', headersFor('founder'), `email=${encodeURIComponent('fundadora@startup.example')}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html')

    // The monthly check-in at its longest: three texts of 1,000 characters of 9 bytes each, six figures of 40.
    // Read whole (not refused for its size): this founder is not signed, so the answer is that there is no follow-up.
    const euro = (n: number) => '€'.repeat(n)
    const checkIn = new URLSearchParams({ mes: '1', version: '0', ventas: euro(40), activos: euro(40), nuevos: euro(40), visitas: euro(40), leads: euro(40), equipo: euro(40), bien: euro(1000), mal: euro(1000), necesita: euro(1000) }).toString()
    expect(checkIn.length).toBeGreaterThan(29_000)
    const checkedIn = await sendAll('POST', `/postulacion/${f.founder.token}/seguimiento`, headersFor('founder'), checkIn)
    expect([checkedIn.status, /<h1>([^<]*)<\/h1>/.exec(checkedIn.body)?.[1]]).toEqual([404, 'Sin seguimiento'])

    const link = await sendAll('POST', api(signInEndpoints.requestLink, {}), headersFor('sign-in'), JSON.stringify({ email: f.admin.member.email }))
    expect(link.status).toBe(202)

    // Six comments of 2,000 characters, each written by JSON.stringify in 6 bytes: over 72 kB.
    const comments = Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, control(2000)]))
    const review = JSON.stringify({
      scores: Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, 4])),
      comments,
      recommendation: 'avanzar',
      overallComment: control(2000),
    })
    expect(review.length).toBeGreaterThan(72_000)
    const reviewed = await sendAll('PUT', api(reviewEndpoints.review, { id: f.founder.applicationId }), headersFor('workspace', f.admin), review)
    expect(reviewed.status).toBe(200)

    const draft = JSON.stringify({ subject: control(200), text: control(20_000) })
    expect(draft.length).toBeGreaterThan(120_000)
    const edited = await sendAll('PUT', api(founderMailEndpoints.editDraft, { id: f.draftId }), headersFor('workspace', f.admin), draft)
    expect(edited.status).toBe(200)

    const plan = JSON.stringify({ plan: Array.from({ length: 5000 }, () => ({ applicationId: crypto.randomUUID(), memberId: crypto.randomUUID() })) })
    expect(plan.length).toBeGreaterThan(500_000)
    // Not the plan the current state gives: stale, which is read and judged, not refused for its size.
    const confirmed = await sendAll('POST', api(scoringEndpoints.confirmProposal, {}), headersFor('workspace', f.admin), plan)
    expect(confirmed.status).toBe(409)
    expect(JSON.parse(confirmed.body)).toMatchObject({ error: 'stale' })
  })

  it('the application form, chunked, is stored', async () => {
    const res = await sendAll('POST', '/functions/v1/send-application-email', headersFor('function'), JSON.stringify(validBody()))
    expect(res.status).toBe(200)
  })
})

describe("the founder's forms refuse a body that is not a form with 400, changing nothing", () => {
  const MULTIPART = 'multipart/form-data; boundary=limite'
  const malformed: { what: string; type: string; body: string }[] = [
    { what: 'multipart that does not parse', type: MULTIPART, body: '--limite\r\nContent-Disposition: form-data; name="email"\r\n\r\nx@y.co\r\n' },
    { what: 'multipart without a boundary', type: 'multipart/form-data', body: 'email=x@y.co' },
    { what: 'urlencoded with a lone %', type: 'application/x-www-form-urlencoded', body: 'email=100%&confirm=1' },
    { what: 'urlencoded escapes that are not UTF-8', type: 'application/x-www-form-urlencoded', body: 'email=%FF%FE' },
  ]

  it('on every one of the four forms', async () => {
    const paths = ['/postulacion', ...['retirar', 'datos', 'supresion'].map((a) => `/postulacion/${shared.founder.token}/${a}`)]
    for (const path of paths) {
      for (const { what, type, body } of malformed) {
        const before = h.snapshot()
        const res = await sendAll('POST', path, { origin: SITE, 'content-type': type }, body)
        expect({ path, what, status: res.status }).toEqual({ path, what, status: 400 })
        expect(res.headers['content-type'], what).toMatch(/^text\/html/)
        expect(res.body, what).toContain('No pudimos leer el formulario')
        expect(h.snapshot(), `${path}: ${what}`).toEqual(before)
      }
    }
  })

  it('while a well-formed multipart body is read as before', async () => {
    const body = '--limite\r\nContent-Disposition: form-data; name="email"\r\n\r\nfundadora@startup.example\r\n--limite--\r\n'
    const res = await sendAll('POST', '/postulacion', { origin: SITE, 'content-type': MULTIPART }, body)
    expect(res.status).toBe(200)
    expect(res.body).toContain('<html')
  })
})

describe("the documents' tus uploads, which tus holds to each upload's declared length", () => {
  const LENGTH = 1024 * 1024 // DOCUMENT_MAX_MB=1
  const incoming = () => join(documentsDir(h.config), 'incoming')
  /** Sizes of the uploads' bytes in incoming/, tus's .json metadata aside. */
  const uploadSizes = () =>
    existsSync(incoming())
      ? readdirSync(incoming())
          .filter((f) => !f.endsWith('.json'))
          .map((f) => statSync(join(incoming(), f)).size)
      : []
  const b64 = (s: string) => Buffer.from(s).toString('base64')
  const tus = { origin: SITE, 'tus-resumable': '1.0.0' }
  const creation = (length: number) => ({
    ...tus,
    'upload-length': String(length),
    'upload-metadata': `filename ${b64('deck.pdf')},itemKey ${b64('pitch_deck')}`,
  })
  const uploads = () => `/postulacion/${shared.founder.token}/api/subidas`
  const pdfStart = samples.pdf(1024).toString('latin1')
  const TOO_LARGE = { error: 'too_large', message: tooLargeMessage(LENGTH) }

  it("a chunked PATCH past the upload's length: 413 before the body ends, no more than the length on disk, no document", async () => {
    const created = await sendAll('POST', uploads(), creation(LENGTH), '')
    expect(created.status).toBe(201)
    const patch = { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
    const res = await send('PATCH', created.headers.location!, patch, pdfStart, 3 * LENGTH)
    expect({ status: res.status, bodyEnded: res.bodyEnded, body: JSON.parse(res.body) }).toEqual({ status: 413, bodyEnded: false, body: TOO_LARGE })
    expect(Math.max(...uploadSizes())).toBeLessThanOrEqual(LENGTH)
    expect(await h.documents.docs.list(shared.founder.applicationId)).toEqual([])
  })

  it('a creation carrying its bytes, chunked, past the length: the same', async () => {
    const headers = { ...creation(LENGTH), 'content-type': 'application/offset+octet-stream' }
    const res = await send('POST', uploads(), headers, pdfStart, 3 * LENGTH)
    expect({ status: res.status, bodyEnded: res.bodyEnded, body: JSON.parse(res.body) }).toEqual({ status: 413, bodyEnded: false, body: TOO_LARGE })
    expect(Math.max(...uploadSizes())).toBeLessThanOrEqual(LENGTH)
    expect(await h.documents.docs.list(shared.founder.applicationId)).toEqual([])
  })

  it('an upload declared over DOCUMENT_MAX_MB: 413 before any byte is written', async () => {
    const before = uploadSizes().length
    const headers = { ...creation(LENGTH + 1), 'content-type': 'application/offset+octet-stream' }
    const res = await send('POST', uploads(), headers, pdfStart, 3 * LENGTH)
    expect({ status: res.status, bodyEnded: res.bodyEnded, body: JSON.parse(res.body) }).toEqual({ status: 413, bodyEnded: false, body: TOO_LARGE })
    expect(uploadSizes()).toHaveLength(before)
  })
})
