/**
 * Authorization over every workspace endpoint (sign-in, members, review,
 * data requests), through the real session and CSRF middleware, in the order
 * docs/workspace.md promises (401, then 403 csrf, then 403 forbidden), and
 * that every refused request leaves every table exactly as it was.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import { newSubmission, storedPasskey } from '../../testing/fixtures.ts'
import { expectAdminOnlyRefused, expectRefused, type Endpoint as RefusedEndpoint } from '../../testing/refused.ts'
import { workspaceHarness, type SignedIn } from '../../testing/workspace-harness.ts'
import { DEAL_BODY } from '../../testing/deal-body.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

interface Endpoint extends RefusedEndpoint {
  /** The status when allowed (200 unless said). */
  ok?: number
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
  const app = `/applications/${target.applicationId ?? crypto.randomUUID()}`
  const email = target.founderEmail ?? 'nadie@example.co'
  return [
    // The sources: every member reads, admins change.
    { method: 'GET', path: '/sources' },
    { method: 'GET', path: '/sources/overview' },
    { method: 'GET', path: `/sources/${crypto.randomUUID()}/qr.svg`, ok: 404 },
    { method: 'POST', path: '/sources', body: { name: 'Radio Cali', outlet: 'radio', slug: `radio-${crypto.randomUUID().slice(0, 8)}` }, admin: true, ok: 201 },
    { method: 'PUT', path: `/sources/${crypto.randomUUID()}`, body: { name: 'Radio', outlet: 'radio' }, admin: true, ok: 404 },
    { method: 'DELETE', path: `/sources/${crypto.randomUUID()}`, admin: true, ok: 404 },
    { method: 'GET', path: '/session' },
    { method: 'POST', path: '/session/logout', body: {} },
    { method: 'POST', path: '/session/logout-all', body: {} },
    { method: 'GET', path: '/passkeys' },
    { method: 'POST', path: '/passkeys/options', body: {} },
    { method: 'POST', path: '/passkeys', body: { challengeId: crypto.randomUUID(), response: {}, name: 'x' } },
    { method: 'DELETE', path: `/passkeys/${target.passkeyId}` },
    { method: 'GET', path: '/members' },
    { method: 'POST', path: '/members', body: { email: 'nueva@catalitico.example', name: 'Nueva', role: 'reviewer' }, admin: true },
    { method: 'PATCH', path: `/members/${target.memberId}`, body: { role: 'admin' }, admin: true },
    { method: 'GET', path: '/overview' },
    { method: 'GET', path: '/applications?q=a&sort=score_desc' },
    { method: 'GET', path: app },
    { method: 'POST', path: `${app}/transitions`, body: { from: 'recibida', to: 'validacion_preliminar' } },
    { method: 'PUT', path: `${app}/review`, body: REVIEW },
    { method: 'POST', path: `${app}/notes`, body: { body: 'Buen encaje con radio regional.' }, ok: 201 },
    { method: 'GET', path: '/exports/applications.csv', admin: true },
    { method: 'GET', path: '/exports/applications.json', admin: true },
    { method: 'GET', path: '/exports/applications.xlsx?q=a', admin: true },
    { method: 'GET', path: '/audit', admin: true },
    { method: 'POST', path: '/data-requests/lookup', body: { email }, admin: true },
    { method: 'POST', path: `/data-requests/${crypto.randomUUID()}/lookup`, body: {}, admin: true, ok: 404 },
    { method: 'POST', path: '/data-requests/export', body: { email, format: 'json' }, admin: true },
    { method: 'GET', path: '/founder-mail/drafts' },
    { method: 'GET', path: `/founder-mail/drafts/${toSend}` },
    { method: 'PUT', path: `/founder-mail/drafts/${toSend}`, body: { subject: 'Avanzas', text: 'Hola:\n\nAvanzas a la sesión.' } },
    { method: 'POST', path: `/founder-mail/drafts/${toSend}/send`, body: {} },
    { method: 'POST', path: `/founder-mail/drafts/${toDiscard}/discard`, body: {} },
    { method: 'POST', path: '/founder-mail/drafts/send-all', body: { ids: [toSend] } },
    { method: 'GET', path: '/founder-mail/count' },
    { method: 'GET', path: '/founder-mail/settings' },
    { method: 'PUT', path: '/founder-mail/settings', body: { kind: 'retirada', sendImmediately: true }, admin: true },
    { method: 'GET', path: `${app}/deal`, admin: true },
    // Never signed: no deal to correct (404) once past every guard.
    { method: 'PUT', path: `${app}/deal`, body: DEAL_BODY, admin: true, ok: 404 },
    { method: 'PUT', path: `${app}/deal/owner`, body: { memberId: null }, admin: true, ok: 404 },
    { method: 'GET', path: '/rate-cards', admin: true },
    { method: 'POST', path: '/rate-cards', body: { note: '', items: [{ outlet: 'tv_nacional', format: 'Spot 30"', unitPriceCop: '12.000.000' }] }, admin: true, ok: 201 },
    { method: 'PUT', path: `/rate-cards/${crypto.randomUUID()}`, body: { items: [] }, admin: true, ok: 404 },
    { method: 'POST', path: `/rate-cards/${crypto.randomUUID()}/publish`, body: {}, admin: true, ok: 404 },
    // The follow-up: admins only; never signed, so nothing to record or close (404) once past every guard.
    { method: 'GET', path: '/follow-up', admin: true },
    { method: 'GET', path: `${app}/follow-up`, admin: true },
    { method: 'PUT', path: `${app}/follow-up/milestones/3`, body: { heldOn: '2026-11-20', note: 'Revisión.' }, admin: true, ok: 404 },
    { method: 'POST', path: `${app}/follow-up/closing`, body: { note: 'Cierre.' }, admin: true, ok: 404 },
    // The media plan: admins only; never signed, so no plan to add to (404) once past every guard.
    { method: 'GET', path: `${app}/media-plan`, admin: true },
    { method: 'GET', path: '/media-plans/behind', admin: true },
    { method: 'POST', path: `${app}/media-plan/lines`, body: { outlet: 'tv_nacional', format: 'Spot', units: '1', flightFrom: '2027-02-01', flightTo: '2027-02-02' }, admin: true, ok: 404 },
    { method: 'POST', path: `${app}/media-plan/entries`, body: { lineId: crypto.randomUUID(), kind: 'booked', day: '2027-02-01', units: '1' }, admin: true, ok: 404 },
    { method: 'POST', path: `${app}/media-plan/lines/${crypto.randomUUID()}/withdrawal`, body: { reason: 'Duplicada' }, admin: true, ok: 404 },
    // Last: it deletes the application the others work on.
    { method: 'POST', path: '/data-requests/delete', body: { email, confirm: email }, admin: true },
  ]
}

const PUBLIC: Endpoint[] = [
  { method: 'POST', path: '/auth/link', body: { email: 'ana@catalitico.example' } },
  { method: 'POST', path: '/auth/link/complete', body: { token: 'a'.repeat(43) } },
  { method: 'POST', path: '/auth/passkey/options', body: {} },
  { method: 'POST', path: '/auth/passkey/verify', body: { challengeId: crypto.randomUUID(), response: {} } },
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
      const res = await h.call('POST', `/applications/${moved.application.id}/transitions`, { as: adminSession, body: { from, to } })
      expect(res.status).toBe(200)
    }
  }
  const drafts = (await h.founders.listWaitingDrafts()).map((d) => d.id)
  expect(drafts).toHaveLength(2)
  return {
    h,
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
    for (const e of list) {
      // The reviewer owns the passkey; logouts go last so the session lives through the loop.
      if (e.path.startsWith('/session/logout')) continue
      const as = e.path.startsWith('/passkeys/') && e.method === 'DELETE' ? reviewer : admin
      const res = await h.call(e.method, e.path, { body: e.body, as })
      const expected =
        e.ok ?? (e.path === '/passkeys' && e.method === 'POST' ? 400 : e.method === 'POST' && e.path === '/members' ? 201 : e.method === 'DELETE' ? 204 : 200)
      expect(`${e.method} ${e.path} → ${res.status}`).toBe(`${e.method} ${e.path} → ${expected}`)
    }
    expect((await h.call('POST', '/session/logout-all', { as: admin })).status).toBe(204)
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
})
