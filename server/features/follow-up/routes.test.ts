/**
 * The follow-up in the workspace, from the outside (ADRs
 * 0164-0167): through the real workspace API (session, CSRF, conflict guard,
 * admin guard) on the real store. Admins read each startup's months and
 * series and «Seguimiento» with who is late (each read audited), record the
 * milestones and close the follow-up; reviewers and members with a conflict
 * are refused; every refusal says why and changes nothing.
 */
import { describe, expect, it } from 'vitest'
import type { FollowUpAnswer, FollowUpPortfolio } from '../../../domain/workspace-api/follow-up.ts'
import { engineOf } from '../../db/engine-of.ts'
import { CHECK_IN } from '../../db/stores/follow-up-store-contract.ts'
import { openFollowUpStore } from '../../db/stores/follow-up-store.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { founderMailConfigFrom } from '../../compose.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import type { MediaDaysSource } from '../media-plan/media-days.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { runCheckInMails } from './check-in-job.ts'

const openHarness = harnessPerTest(workspaceHarness)
const json = async <T>(res: Response) => (await res.json()) as T

const signed = (h: WorkspaceHarness, admin: SignedIn, tradeName: string) => signedThroughApi(h, admin, { tradeName })

/** Two startups signed (follow-up from 1 December 2026); on 12 January 2027 one answered December, the other is late. */
async function setUp(mediaDays?: MediaDaysSource) {
  const h = await openHarness({}, mediaDays ? { mediaDays } : {})
  const first = await h.signIn(await h.addMember({ role: 'admin' }))
  const answered = await signed(h, first, 'Pauta Viva')
  const late = await signed(h, first, 'Ruta Lenta')
  const unsigned = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(unsigned)
  h.advance(new Date('2027-01-12T15:00:00.000Z').getTime() - h.now().getTime())
  // Signed in on the day (the sessions of November have expired).
  const admin = await h.signIn(first.member)
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const store = openFollowUpStore(engineOf(h.store))
  expect(await store.submitCheckIn({ applicationId: answered.id, month: 1, baseVersion: 0, values: CHECK_IN, at: new Date('2027-01-04T15:00:00.000Z') })).toMatchObject({ status: 'saved' })
  return { h, admin, reviewer, answered, late, unsigned: unsigned.application, store }
}

const audit = async (h: WorkspaceHarness, action: string) => (await h.reviews.listAudit(1, 100, {})).items.filter((e) => e.action === action)

describe('the follow-up in the workspace', () => {
  it("shows an admin a startup's twelve months, each metric's series and the milestones, audited", async () => {
    const { h, admin, answered, unsigned } = await setUp()
    const res = await h.call('GET', `/applications/${answered.id}/follow-up`, { as: admin })
    expect(res.status).toBe(200)
    const { followUp } = await json<FollowUpAnswer>(res)
    expect(followUp).toMatchObject({ applicationId: answered.id, reference: answered.reference, followUpStart: '2026-12-01', followUpEnd: '2027-11-30', today: '2027-01-12', current: 1, closing: null })
    expect(followUp!.months).toHaveLength(12)
    expect(followUp!.months[0]).toMatchObject({
      number: 1,
      period: '2026-12',
      dueOn: '2027-01-10',
      state: 'answered',
      versions: 1,
      firstSubmittedAt: '2027-01-04T15:00:00.000Z',
      checkIn: { salesUsdCents: 125_000_000_050, siteVisits: 3_000_000_000, leads: null, wentWell: CHECK_IN.wentWell },
    })
    expect(followUp!.months[1]).toMatchObject({ number: 2, period: '2027-01', state: 'upcoming', checkIn: null })
    // What a chart draws: one series per metric, the twelve months in order.
    expect(followUp!.series.salesUsdCents.slice(0, 2)).toEqual([
      { month: 1, period: '2026-12', value: 125_000_000_050 },
      { month: 2, period: '2027-01', value: null },
    ])
    expect(Object.keys(followUp!.series)).toEqual(['salesUsdCents', 'activeCustomers', 'newCustomers', 'siteVisits', 'leads', 'teamSize', 'runwayMonths'])
    expect(followUp!.milestones.map((m) => [m.month, m.dueOn, m.state])).toEqual([
      [3, '2027-03-31', 'upcoming'],
      [6, '2027-06-30', 'upcoming'],
      [12, '2027-12-31', 'upcoming'],
    ])
    expect(await audit(h, 'follow_up.viewed')).toMatchObject([{ member: { id: admin.member.id }, applicationId: answered.id }])
    // An application never signed has no follow-up (and reading nothing is not a view of anything).
    expect(await json(await h.call('GET', `/applications/${unsigned.id}/follow-up`, { as: admin }))).toEqual({ followUp: null, memberNames: {}, mediaDays: [] })
    expect(await audit(h, 'follow_up.viewed')).toHaveLength(1)
  })

  it("carries the days each startup's media ran, from the one source, for its charts", async () => {
    const asked: string[] = []
    const ran = [{ from: '2026-12-07', to: '2026-12-20' }, { from: '2027-01-08', to: '2027-01-08' }]
    const { h, admin, answered, late, unsigned } = await setUp(async (applicationId) => {
      asked.push(applicationId)
      return applicationId === answered.id ? ran : []
    })
    expect((await json<FollowUpAnswer>(await h.call('GET', `/applications/${answered.id}/follow-up`, { as: admin }))).mediaDays).toEqual(ran)
    expect((await json<FollowUpAnswer>(await h.call('GET', `/applications/${late.id}/follow-up`, { as: admin }))).mediaDays).toEqual([])
    // Without a deal there is nothing to ask.
    expect((await json<FollowUpAnswer>(await h.call('GET', `/applications/${unsigned.id}/follow-up`, { as: admin }))).mediaDays).toEqual([])
    expect(asked).toEqual([answered.id, late.id])
  })

  it('lists every signed startup in «Seguimiento» with its month, who is late and the last check-in, audited', async () => {
    const { h, admin, answered, late } = await setUp()
    const list = await json<FollowUpPortfolio>(await h.call('GET', '/follow-up', { as: admin }))
    expect(list.today).toBe('2027-01-12')
    expect(list.late).toBe(1)
    const byId = new Map(list.items.map((i) => [i.applicationId, i]))
    expect(list.items).toHaveLength(2)
    expect(byId.get(answered.id)).toMatchObject({
      tradeName: 'Pauta Viva',
      conflicted: false,
      current: { number: 1, period: '2026-12', dueOn: '2027-01-10', state: 'answered' },
      lastCheckIn: { month: 1, period: '2026-12', at: '2027-01-04T15:00:00.000Z' },
      answered: 1,
      missed: 0,
      // The sparkline's points: the sales of every month opened so far.
      sales: [{ period: '2026-12', value: 125_000_000_050 }],
    })
    // The media plan's pace beside each startup (no line placed yet: nothing ran, all of the media value to run).
    expect(byId.get(answered.id)!.pace).toMatchObject({ valueShare: 0, ran: 0, remaining: 1_500_000_000, behind: expect.any(Boolean) })
    expect(byId.get(late.id)).toMatchObject({ tradeName: 'Ruta Lenta', current: { state: 'late' }, lastCheckIn: null, answered: 0, sales: [{ period: '2026-12', value: null }] })
    expect(await audit(h, 'follow_up.portfolio_viewed')).toMatchObject([{ member: { id: admin.member.id }, applicationId: null, detail: { count: 2 } }])
  })

  it('records and replaces a milestone, refuses a wrong month, a future day or an empty note (nothing changes), and closes the follow-up once', async () => {
    const { h, admin, late, unsigned } = await setUp()
    const path = `/applications/${late.id}/follow-up`
    const bad = [
      { month: 4, body: { heldOn: '2027-01-10', note: 'Revisión.' }, message: 'Las revisiones son a los meses 3, 6 y 12.' },
      { month: 3, body: { heldOn: '2027-01-13', note: 'Revisión.' }, message: 'Escribe la fecha de la revisión (AAAA-MM-DD), que no sea futura.' },
      { month: 3, body: { heldOn: '2027-02-30', note: 'Revisión.' }, message: 'Escribe la fecha de la revisión (AAAA-MM-DD), que no sea futura.' },
      { month: 3, body: { heldOn: '2027-01-10', note: '   ' }, message: 'Escribe una nota de la revisión (hasta 2.000 caracteres).' },
    ]
    for (const b of bad) {
      const before = h.snapshot()
      const res = await h.call('PUT', `${path}/milestones/${b.month}`, { as: admin, body: b.body })
      expect(res.status).toBe(422)
      expect(await json(res)).toMatchObject({ error: 'invalid', message: b.message })
      expect(h.snapshot()).toEqual(before)
    }
    const recorded = await json<FollowUpAnswer>(await h.call('PUT', `${path}/milestones/3`, { as: admin, body: { heldOn: '2027-01-10', note: 'Revisamos el arranque.' } }))
    expect(recorded.followUp!.milestones[0]).toMatchObject({ month: 3, state: 'done', record: { heldOn: '2027-01-10', note: 'Revisamos el arranque.', recordedBy: admin.member.id } })
    expect(recorded.memberNames).toEqual({ [admin.member.id]: admin.member.name })
    await h.call('PUT', `${path}/milestones/3`, { as: admin, body: { heldOn: '2027-01-11', note: 'Fecha corregida.' } })
    expect((await audit(h, 'follow_up.milestone_recorded')).map((e) => e.detail)).toEqual([
      { month: 3, replaced: true },
      { month: 3, replaced: false },
    ])
    expect((await h.call('PUT', `/applications/${unsigned.id}/follow-up/milestones/3`, { as: admin, body: { heldOn: '2027-01-10', note: 'x' } })).status).toBe(404)

    await expectRefused(h, { method: 'POST', path: `${path}/closing`, body: { note: '' } }, admin, 422, 'invalid')
    const closed = await json<FollowUpAnswer>(await h.call('POST', `${path}/closing`, { as: admin, body: { note: 'La startup pausó su operación.' } }))
    expect(closed.followUp).toMatchObject({ closing: { note: 'La startup pausó su operación.', closedBy: admin.member.id }, current: null })
    expect(closed.followUp!.months[0]!.state).toBe('closed')
    await expectRefused(h, { method: 'POST', path: `${path}/closing`, body: { note: 'Otra vez.' } }, admin, 409, 'closed')
    expect(await audit(h, 'follow_up.closed')).toHaveLength(1)
    // Closed: no late e-mail for it on the 13th (the other startup answered: none for it either).
    const run = await runCheckInMails({ followUp: openFollowUpStore(engineOf(h.store)), mail: founderMailConfigFrom(h.config), now: () => new Date('2027-01-13T13:00:00.000Z'), log: () => {} })
    expect(run).toMatchObject({ queued: 0 })
    expect((await h.store.listMessages({ applicationId: late.id })).filter((m) => m.kind === 'founder_check_in')).toEqual([])
  })

  it('refuses reviewers, members with a conflict, no session, another origin and a GET where a change is meant; nothing changes', async () => {
    const { h, admin, reviewer, late, answered } = await setUp()
    const endpoints = [
      { method: 'GET', path: '/follow-up' },
      { method: 'GET', path: `/applications/${late.id}/follow-up` },
      { method: 'PUT', path: `/applications/${late.id}/follow-up/milestones/3`, body: { heldOn: '2027-01-10', note: 'x' } },
      { method: 'POST', path: `/applications/${late.id}/follow-up/closing`, body: { note: 'x' } },
    ]
    for (const e of endpoints) {
      await expectRefused(h, e, reviewer, 403, 'forbidden')
      await expectRefused(h, e, null, 401, 'unauthenticated')
      if (e.method !== 'GET') await expectRefused(h, e, admin, 403, 'csrf', { origin: 'https://evil.example' })
    }
    await expectRefused(h, { method: 'GET', path: `/applications/${late.id}/follow-up/closing` }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${late.id}/follow-up/milestones/3` }, admin, 404, 'not_found')

    // An admin who declares a conflict on one startup: refused all of it; in the list, its reference only.
    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: late.id, kind: 'personal', note: '' } })).status).toBe(201)
    for (const e of endpoints.slice(1)) await expectRefused(h, e, admin, 403, 'conflict_of_interest')
    const list = await json<FollowUpPortfolio>(await h.call('GET', '/follow-up', { as: admin }))
    // Its row keeps the same fields as any other, all blank but its id, its reference and the flag.
    const hidden = list.items.find((i) => i.applicationId === late.id)!
    const shown = list.items.find((i) => i.applicationId === answered.id)!
    expect(Object.keys(hidden).sort()).toEqual(Object.keys(shown).sort())
    const { applicationId, reference, conflicted, ...rest } = hidden
    expect({ applicationId, reference, conflicted }).toEqual({ applicationId: late.id, reference: late.reference, conflicted: true })
    const blank = (v: unknown) => v === '' || v === null || v === 0 || (Array.isArray(v) && v.length === 0)
    expect(Object.entries(rest).filter(([, v]) => !blank(v))).toEqual([])
    expect(JSON.stringify(list)).not.toContain('Ruta Lenta')
    expect(list.items.find((i) => i.applicationId === answered.id)).toMatchObject({ tradeName: 'Pauta Viva', conflicted: false })
  })
})
