/**
 * Authorization over every workspace endpoint, through the real session and
 * CSRF middleware, in the order docs/workspace.md promises (401, then 403
 * csrf, then 403 forbidden), and that every refused request leaves every
 * table exactly as it was. The endpoints are the tables'
 * (domain/workspace-api/, ADR 0209): each is tried without a
 * session, from another origin, with a conflict where it works on one
 * application, and with a GET where it changes something; a route the
 * server answers and no table names fails here.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from './db/testing/store-databases.ts'
import { SELECTION_CRITERIA } from '../domain/programme.ts'
import { CONFLICT_KINDS } from '../domain/conflicts.ts'
import { newSubmission, storedPasskey } from './testing/fixtures.ts'
import { expectAdminOnlyRefused, expectRefused, type Endpoint as RefusedEndpoint } from './testing/refused.ts'
import { workspaceHarness, type SignedIn } from './testing/workspace-harness.ts'
import { DEAL_BODY } from './testing/deal-body.ts'
import { ALL_ENDPOINTS, WORKSPACE_API } from './workspace-routes.ts'
import { changes, onApplication, pathOf, routeName, type AnyEndpoint, type ParamsOf } from '../domain/workspace-api/endpoint.ts'
import { WORKSPACE_API_PATH } from './shared/auth/context.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

interface Endpoint extends RefusedEndpoint {
  /** The status when allowed (the table's unless said). */
  ok?: number
  endpoint: AnyEndpoint
}

/** A call of `endpoint` with its params filled from the table (and a query string). */
function at<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E> = {} as ParamsOf<E>, query = ''): Endpoint {
  return { endpoint, method: endpoint.method, path: pathOf(endpoint, params, query), admin: endpoint.admin }
}

/** Any id for each of `endpoint`'s params (a month where the path wants one). */
function anyParams(endpoint: AnyEndpoint, id: string): Record<string, string> {
  return Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, name === 'month' ? '3' : id]))
}

const REVIEW = {
  scores: Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, 4])),
  recommendation: 'avanzar',
  overallComment: '',
}

/** Every member endpoint, with a body that would succeed for an admin. */
function endpoints(target: {
  memberId: string
  passkeyId: string
  applicationId?: string
  founderEmail?: string
  /** Two founder e-mails waiting in "Correos por enviar": one to edit and send, one to discard. */
  drafts?: [string, string]
}): Endpoint[] {
  const [toSend, toDiscard] = target.drafts ?? [crypto.randomUUID(), crypto.randomUUID()]
  const app = { id: target.applicationId ?? crypto.randomUUID() }
  const email = target.founderEmail ?? 'nadie@example.co'
  const some = () => ({ id: crypto.randomUUID() })
  const { session, members, review, dataRequests, founderMail, deals, followUp, mediaPlan, sources } = WORKSPACE_API
  return [
    // The sources: every member reads, admins change.
    at(sources.sources),
    at(sources.overview),
    { ...at(sources.qrSvg, some()), ok: 404 },
    { ...at(sources.create), body: { name: 'Radio Cali', outlet: 'radio', slug: `radio-${crypto.randomUUID().slice(0, 8)}` }, ok: 201 },
    { ...at(sources.edit, some()), body: { name: 'Radio', outlet: 'radio' }, ok: 404 },
    { ...at(sources.remove, some()), ok: 404 },
    at(session.session),
    { ...at(session.logout), body: {} },
    { ...at(session.logoutAll), body: {} },
    at(session.passkeys),
    { ...at(session.newPasskeyOptions), body: {} },
    { ...at(session.addPasskey), body: { challengeId: crypto.randomUUID(), response: {}, name: 'x' } },
    at(session.removePasskey, { id: target.passkeyId }),
    at(members.members),
    { ...at(members.invite), body: { email: 'nueva@catalitico.example', name: 'Nueva', role: 'reviewer' } },
    { ...at(members.update, { id: target.memberId }), body: { role: 'admin' } },
    at(review.overview),
    at(review.applications, {}, 'q=a&sort=score_desc'),
    at(review.application, app),
    { ...at(review.transition, app), body: { from: 'recibida', to: 'validacion_preliminar' } },
    { ...at(review.review, app), body: REVIEW },
    { ...at(review.addNote, app), body: { body: 'Buen encaje con radio regional.' }, ok: 201 },
    at(review.exportCsv),
    at(review.exportJson),
    at(review.exportXlsx, {}, 'q=a'),
    at(review.audit),
    { ...at(dataRequests.lookup), body: { email } },
    { ...at(dataRequests.lookupRequest, some()), body: {}, ok: 404 },
    { ...at(dataRequests.export), body: { email, format: 'json' } },
    at(founderMail.drafts),
    at(founderMail.draft, { id: toSend }),
    { ...at(founderMail.editDraft, { id: toSend }), body: { subject: 'Avanzas', text: 'Hola:\n\nAvanzas a la sesión.' } },
    { ...at(founderMail.sendDraft, { id: toSend }), body: {} },
    { ...at(founderMail.discardDraft, { id: toDiscard }), body: {} },
    { ...at(founderMail.sendAll), body: { ids: [toSend] } },
    at(founderMail.count),
    at(founderMail.settings),
    { ...at(founderMail.setSetting), body: { kind: 'retirada', sendImmediately: true } },
    at(deals.deal, app),
    // Never signed: no deal to correct (404) once past every guard.
    { ...at(deals.correct, app), body: DEAL_BODY, ok: 404 },
    { ...at(deals.setOwner, app), body: { memberId: null }, ok: 404 },
    at(deals.rateCards),
    { ...at(deals.createRateCard), body: { note: '', items: [{ outlet: 'tv_nacional', format: 'Spot 30"', unitPriceCop: '12.000.000' }] }, ok: 201 },
    { ...at(deals.editRateCard, some()), body: { items: [] }, ok: 404 },
    { ...at(deals.publishRateCard, some()), body: {}, ok: 404 },
    // The follow-up: admins only; never signed, so nothing to record or close (404) once past every guard.
    at(followUp.portfolio),
    at(followUp.followUp, app),
    { ...at(followUp.milestone, { ...app, month: '3' }), body: { heldOn: '2026-11-20', note: 'Revisión.' }, ok: 404 },
    { ...at(followUp.closing, app), body: { note: 'Cierre.' }, ok: 404 },
    // The media plan: admins only; never signed, so no plan to add to (404) once past every guard.
    at(mediaPlan.plan, app),
    at(mediaPlan.behind),
    { ...at(mediaPlan.addLine, app), body: { outlet: 'tv_nacional', format: 'Spot', units: '1', flightFrom: '2027-02-01', flightTo: '2027-02-02' }, ok: 404 },
    { ...at(mediaPlan.addEntry, app), body: { lineId: crypto.randomUUID(), kind: 'booked', day: '2027-02-01', units: '1' }, ok: 404 },
    { ...at(mediaPlan.withdrawLine, { ...app, lineId: crypto.randomUUID() }), body: { reason: 'Duplicada' }, ok: 404 },
    // Last: it deletes the application the others work on.
    { ...at(dataRequests.delete), body: { email, confirm: email } },
  ]
}

const { signIn } = WORKSPACE_API
const PUBLIC: Endpoint[] = [
  { ...at(signIn.requestLink), body: { email: 'ana@catalitico.example' } },
  { ...at(signIn.completeLink), body: { token: 'a'.repeat(43) } },
  { ...at(signIn.passkeyOptions), body: {} },
  { ...at(signIn.verifyPasskey), body: { challengeId: crypto.randomUUID(), response: {} } },
]

async function setUp() {
  const h = await openWorkspaceHarness()
  const admin = await h.addMember({ role: 'admin', email: 'ana@catalitico.example' })
  const reviewer = await h.addMember({ role: 'reviewer' })
  const other = await h.addMember({ role: 'reviewer' })
  const submission = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(submission)
  const founderEmail = submission.application.formData.email
  const applicationId = submission.application.id
  await h.team.addPasskey(storedPasskey('cGFzc2tleS1vZi1yZXZpZXdlcg', reviewer.id, h.now()))
  const adminSession = await h.signIn(admin)
  // Two applications moved to the panel, so "Correos por enviar" holds two founder e-mails.
  for (const email of ['una@startup.example', 'otra@startup.example']) {
    const moved = newSubmission({ createdAt: h.now(), email })
    await h.store.saveSubmission(moved)
    for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']]) {
      const res = await h.call('POST', pathOf(WORKSPACE_API.review.transition, { id: moved.application.id }), { as: adminSession, body: { from, to } })
      expect(res.status).toBe(200)
    }
  }
  const drafts = (await h.founders.listWaitingDrafts()).map((d) => d.id)
  expect(drafts).toHaveLength(2)
  return {
    h,
    applicationId,
    admin: adminSession,
    reviewer: await h.signIn(reviewer),
    list: endpoints({
      memberId: other.id,
      passkeyId: 'cGFzc2tleS1vZi1yZXZpZXdlcg',
      applicationId,
      founderEmail,
      drafts: [drafts[0]!, drafts[1]!],
    }),
  }
}

describe('workspace authorization', () => {
  it('answers 401 without a session cookie, with an unknown or malformed one, and changes nothing', async () => {
    const { h, list } = await setUp()
    const unknown: SignedIn = { member: undefined as never, cookie: `__Host-catalitico_equipo=${'b'.repeat(43)}`, csrfToken: 'x', sessionId: '' }
    const malformed: SignedIn = { ...unknown, cookie: '__Host-catalitico_equipo=../../etc' }
    for (const e of list) {
      await expectRefused(h, e, null, 401, 'unauthenticated')
      await expectRefused(h, e, unknown, 401, 'unauthenticated')
      await expectRefused(h, e, malformed, 401, 'unauthenticated')
    }
  })

  it('answers 401 once the session has expired, idle or absolute', async () => {
    const { h, list, admin } = await setUp()
    h.advance(12 * 3_600_000) // SESSION_IDLE_HOURS
    for (const e of list) await expectRefused(h, e, admin, 401, 'unauthenticated')

    const fresh = await h.signIn(admin.member)
    // Keep it busy: the idle expiry slides, the absolute one does not.
    for (let hour = 0; hour < 7 * 24; hour += 6) {
      h.advance(6 * 3_600_000)
      const res = await h.call('GET', '/session', { as: fresh })
      expect(res.status, `after ${hour + 6} h`).toBe(hour + 6 < 7 * 24 ? 200 : 401)
    }
  })

  it("answers 401 at once to a deactivated member's existing session", async () => {
    const { h, admin, reviewer } = await setUp()
    expect((await h.call('GET', '/members', { as: reviewer })).status).toBe(200)
    const res = await h.call('PATCH', `/members/${reviewer.member.id}`, { as: admin, body: { active: false } })
    expect(res.status).toBe(200)
    for (const e of endpoints({ memberId: admin.member.id, passkeyId: 'x' })) await expectRefused(h, e, reviewer, 401, 'unauthenticated')
  })

  it('answers 403 csrf to a state-changing request with a forged or missing Origin, or a missing or wrong X-CSRF-Token', async () => {
    const { h, list, admin } = await setUp()
    const changing = list.filter((e) => e.method !== 'GET')
    expect(changing).toHaveLength(32)
    for (const e of changing) {
      await expectRefused(h, e, admin, 403, 'csrf', { origin: 'https://evil.example' })
      await expectRefused(h, e, admin, 403, 'csrf', { origin: 'null' })
      await expectRefused(h, e, admin, 403, 'csrf', { origin: null })
      await expectRefused(h, e, admin, 403, 'csrf', { csrf: null })
      await expectRefused(h, e, admin, 403, 'csrf', { csrf: admin.csrfToken.slice(0, -1) + (admin.csrfToken.endsWith('A') ? 'B' : 'A') })
      // Another session's token does not do either.
      const second = await h.signIn(admin.member)
      await expectRefused(h, e, admin, 403, 'csrf', { csrf: second.csrfToken })
      await h.team.deleteSession(second.sessionId)
    }
  })

  it('answers 403 csrf to a public POST from a forged or missing Origin', async () => {
    const { h } = await setUp()
    for (const e of PUBLIC) {
      await expectRefused(h, e, null, 403, 'csrf', { origin: 'https://evil.example' })
      await expectRefused(h, e, null, 403, 'csrf', { origin: null })
    }
  })

  it('answers 403 forbidden to a reviewer on an admin action', async () => {
    const { h, list, reviewer } = await setUp()
    await expectAdminOnlyRefused(h, list, reviewer, 30)
  })

  it('lets the same requests through with a session, the right Origin and token (the refusals above are not vacuous)', async () => {
    const { h, list, admin, reviewer } = await setUp()
    const { session } = WORKSPACE_API
    for (const e of list) {
      // The reviewer owns the passkey; logouts go last so the session lives through the loop.
      if (e.endpoint === session.logout || e.endpoint === session.logoutAll) continue
      const as = e.endpoint === session.removePasskey ? reviewer : admin
      const res = await h.call(e.method, e.path, { body: e.body, as })
      // A passkey's registration with a made-up response is refused as such (400), past every guard.
      const expected = e.ok ?? (e.endpoint === session.addPasskey ? 400 : e.endpoint.status)
      expect(`${e.method} ${e.path} → ${res.status}`).toBe(`${e.method} ${e.path} → ${expected}`)
    }
    expect((await h.call('POST', pathOf(session.logoutAll, {}), { as: admin })).status).toBe(204)
  })

  it('accepts the origin Node sees for the request besides VITE_SITE_URL, and nothing else', async () => {
    const { h, admin } = await setUp()
    const local = 'http://localhost:3000'
    const ok = await h.call('POST', `${local}/equipo/api/passkeys/options`, { as: admin, origin: local })
    expect(ok.status).toBe(200)
    const bad = await h.call('POST', `${local}/equipo/api/passkeys/options`, { as: admin, origin: 'http://localhost:3001' })
    expect(bad.status).toBe(403)
  })

  it('answers JSON 404, no-store, for unknown paths inside /equipo/api (401 without a session)', async () => {
    const { h, admin } = await setUp()
    const res = await h.call('GET', '/nada', { as: admin })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'not_found' })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await h.call('GET', '/nada')).status).toBe(401)
    expect((await h.call('GET', '/auth/link')).status).toBe(401)
  })

  it('names in the tables every route the server answers under /equipo/api, and registers every endpoint of the tables', async () => {
    const { h } = await setUp()
    const served = new Set(
      h.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${WORKSPACE_API_PATH}/`))
        .map((r) => routeName({ method: r.method as AnyEndpoint['method'], path: r.path.slice(WORKSPACE_API_PATH.length) })),
    )
    const tables = new Set(ALL_ENDPOINTS.map(({ endpoint }) => routeName(endpoint)))
    expect(tables.size, 'one entry per method and path').toBe(ALL_ENDPOINTS.length)
    expect([...served].filter((r) => !tables.has(r)), 'served, in no table').toEqual([])
    expect([...tables].filter((r) => !served.has(r)), 'in a table, not served').toEqual([])
  })

  it('refuses every endpoint of the tables without a session (401), and every public one from another origin (403 csrf)', async () => {
    const { h } = await setUp()
    for (const { endpoint } of ALL_ENDPOINTS) {
      const e = at(endpoint, anyParams(endpoint, crypto.randomUUID()) as ParamsOf<typeof endpoint>)
      const call = changes(endpoint) ? { ...e, body: {} } : e
      if (endpoint.public) await expectRefused(h, call, null, 403, 'csrf', { origin: 'https://evil.example' })
      else await expectRefused(h, call, null, 401, 'unauthenticated')
    }
  })

  it('refuses every changing endpoint of the tables from another origin or without the token (403 csrf)', async () => {
    const { h, admin } = await setUp()
    const changing = ALL_ENDPOINTS.filter(({ endpoint }) => changes(endpoint) && !endpoint.public)
    expect(changing.length).toBeGreaterThan(40)
    for (const { endpoint } of changing) {
      const e = { ...at(endpoint, anyParams(endpoint, crypto.randomUUID()) as ParamsOf<typeof endpoint>), body: {} }
      await expectRefused(h, e, admin, 403, 'csrf', { origin: 'https://evil.example' })
      await expectRefused(h, e, admin, 403, 'csrf', { csrf: null })
    }
  })

  it('refuses every endpoint of the tables on one application to a member with a conflict on it (403), admins included', async () => {
    const { h, admin, applicationId } = await setUp()
    const declared = await h.call('POST', pathOf(WORKSPACE_API.conflicts.declare, {}), { as: admin, body: { applicationId, kind: CONFLICT_KINDS[0], note: '' } })
    expect(declared.status).toBe(201)
    const onOne = ALL_ENDPOINTS.filter(({ endpoint }) => onApplication(endpoint))
    expect(onOne.length).toBeGreaterThan(20)
    for (const { endpoint } of onOne) {
      const params = { ...anyParams(endpoint, crypto.randomUUID()), id: applicationId } as ParamsOf<typeof endpoint>
      const e = at(endpoint, params)
      await expectRefused(h, changes(endpoint) ? { ...e, body: {} } : e, admin, 403, 'conflict_of_interest')
    }
  })

  it('refuses every admin endpoint of the tables to a reviewer (403 forbidden), before its body is read', async () => {
    const { h, reviewer } = await setUp()
    const adminOnly = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.admin)
    expect(adminOnly.length).toBeGreaterThan(40)
    for (const { endpoint } of adminOnly) {
      const e = at(endpoint, anyParams(endpoint, crypto.randomUUID()) as ParamsOf<typeof endpoint>)
      await expectRefused(h, changes(endpoint) ? { ...e, body: {} } : e, reviewer, 403, 'forbidden')
    }
  })

  it('lets a reviewer past the admin guard on every other endpoint of the tables (the admin flag is the only one)', async () => {
    const { h, reviewer } = await setUp()
    const { session } = WORKSPACE_API
    // The logouts would end the reviewer's session for the rest of the loop.
    const open = ALL_ENDPOINTS.filter(({ endpoint }) => !endpoint.admin && !endpoint.public && endpoint !== session.logout && endpoint !== session.logoutAll)
    expect(open.length).toBeGreaterThan(30)
    for (const { endpoint } of open) {
      const e = at(endpoint, anyParams(endpoint, crypto.randomUUID()) as ParamsOf<typeof endpoint>)
      const res = await h.call(e.method, e.path, { as: reviewer, ...(changes(endpoint) ? { body: {} } : {}) })
      const error = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { error?: string }).error : undefined
      expect({ route: routeName(endpoint), status: res.status, error }).not.toMatchObject({ status: 403, error: 'forbidden' })
    }
  })

  it('answers 404, changing nothing, to a GET where an endpoint of the tables only changes', async () => {
    const { h, admin } = await setUp()
    const gets = new Set(ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.method === 'GET').map(({ endpoint }) => endpoint.path))
    const postOnly = ALL_ENDPOINTS.filter(({ endpoint }) => changes(endpoint) && !endpoint.public && !gets.has(endpoint.path))
    expect(postOnly.length).toBeGreaterThan(20)
    for (const { endpoint } of postOnly) {
      const path = pathOf(endpoint, anyParams(endpoint, crypto.randomUUID()) as ParamsOf<typeof endpoint>)
      await expectRefused(h, { method: 'GET', path }, admin, 404, 'not_found')
    }
  })
})
