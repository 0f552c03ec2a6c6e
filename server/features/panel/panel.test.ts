/**
 * The workspace's panel routes from the outside (contract in
 * domain/workspace-api/panel.ts): an admin offers times (never to a member
 * with a conflict, never in the past, only at the panel stage; a time after
 * the stage's due date is a warning), sees each member's other sessions,
 * reschedules and cancels; a reviewer reads but changes nothing; a member
 * with a conflict reads nothing; "Mis pendientes" lists one's sessions.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PANEL_MESSAGES, PANEL_WARNINGS } from '../../../domain/panel-sessions.ts'
import type { MyPanelSessions, PanelState } from '../../../domain/workspace-api/panel.ts'
import type { ApplicationDetail } from '../../../domain/workspace-api/review.ts'
import { DEAL_BODY } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import { founderMailConfigFrom } from '../../compose.ts'
import { panelActions } from './panel-actions.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})
const HOUR = 3_600_000
/** What the founder's status page does (panel-booking.test.ts books through the page itself). */
const actionsOf = (h: WorkspaceHarness) => panelActions({ store: h.store, founders: { mail: founderMailConfigFrom(h.config) }, now: h.now, cutoffHours: 24 })

async function setUp() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const conflicted = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const application = async (toPanel = true) => {
    const s = newSubmission({ createdAt: h.now() })
    await h.store.saveSubmission(s)
    const steps = toPanel ? [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']] : [['recibida', 'validacion_preliminar']]
    for (const [from, to] of steps) expect((await h.call('POST', `/applications/${s.application.id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
    return s.application
  }
  return { h, admin, reviewer, conflicted, application }
}

const body = (memberIds: string[], times: Date[], place = { kind: 'video', value: 'https://meet.example/abc' }) => ({
  memberIds,
  lengthMinutes: 60,
  place,
  times: times.map((t) => t.toISOString()),
})
const at = (h: WorkspaceHarness, hours: number) => new Date(h.now().getTime() + hours * HOUR)

async function saveOffer(h: WorkspaceHarness, as: SignedIn, applicationId: string, b: unknown) {
  const res = await h.call('PUT', `/applications/${applicationId}/panel/offer`, { as, body: b })
  return { status: res.status, json: (await res.json()) as PanelState & { error?: string; message?: string } }
}

describe('the panel session in the workspace', () => {
  it("names the offer's panel (offer.memberIds) and everyone who may sit on it with their other sessions, and who is left out for a conflict", async () => {
    const { h, admin, reviewer, conflicted, application } = await setUp()
    const first = await application()
    const second = await application()
    const res = await h.call('POST', '/conflicts', { as: conflicted, body: { applicationId: first.id, kind: 'personal', note: '' } })
    expect(res.status).toBeLessThan(300)
    // The reviewer has a session booked on the second application, before being on any panel of the first.
    const two = await saveOffer(h, admin, second.id, body([reviewer.member.id], [at(h, 48)]))
    expect((await actionsOf(h).book(second.id, two.json.offer!.times[0]!.id, { kind: 'founder' })).status).toBe('done')

    const state = (await (await h.call('GET', `/applications/${first.id}/panel`, { as: admin })).json()) as PanelState
    const ids = state.candidates.map((m) => m.id)
    expect(ids).toEqual(expect.arrayContaining([admin.member.id, reviewer.member.id]))
    expect(ids).not.toContain(conflicted.member.id)
    expect(state.excluded).toEqual([{ id: conflicted.member.id, name: conflicted.member.name }])
    expect(state.candidates.find((m) => m.id === reviewer.member.id)!.otherSessions).toEqual([
      { applicationId: second.id, reference: second.reference, startsAt: at(h, 48).toISOString(), endsAt: at(h, 49).toISOString() },
    ])
    const saved = await saveOffer(h, admin, first.id, body([reviewer.member.id, admin.member.id], [at(h, 72)]))
    expect(saved.json.offer!.memberIds.sort()).toEqual([admin.member.id, reviewer.member.id].sort())
  })

  it('an admin offers times; the state shows them, the members with their other sessions, and a warning past the due date', async () => {
    const { h, admin, reviewer, application } = await setUp()
    const first = await application()
    const second = await application()
    const empty = (await (await h.call('GET', `/applications/${first.id}/panel`, { as: reviewer })).json()) as PanelState
    expect(empty).toMatchObject({ applicationId: first.id, stage: 'sesion_panel', offer: null, session: null, noneFits: null, cutoffHours: 24 })

    // The stage is due 7 days after it began: a time on day 8 is saved with a warning.
    const saved = await saveOffer(h, admin, first.id, body([reviewer.member.id], [at(h, 48), at(h, 8 * 24)]))
    expect(saved.status).toBe(200)
    expect(saved.json.offer!.times.map((t) => [t.startsAt, t.afterDue, t.taken])).toEqual([
      [at(h, 48).toISOString(), false, false],
      [at(h, 8 * 24).toISOString(), true, false],
    ])
    expect(saved.json.warnings).toEqual([{ startsAt: at(h, 8 * 24).toISOString(), message: PANEL_WARNINGS.afterDue }])

    // The reviewer is on the second panel too: booked there at 48 h, the first offer's 48 h shows as taken.
    const two = await saveOffer(h, admin, second.id, body([reviewer.member.id], [at(h, 48)]))
    // The founder books from the status page (panel-booking.test.ts); here through the same actions.
    const actions = actionsOf(h)
    expect((await actions.book(second.id, two.json.offer!.times[0]!.id, { kind: 'founder' })).status).toBe('done')
    const state = (await (await h.call('GET', `/applications/${first.id}/panel`, { as: reviewer })).json()) as PanelState
    expect(state.offer!.times[0]!.taken).toBe(true)
    expect(state.warnings).toContainEqual({ startsAt: at(h, 48).toISOString(), message: PANEL_WARNINGS.memberBusy })
    expect(state.members.map((m) => [m.id, m.otherSessions.map((s) => [s.applicationId, s.reference, s.startsAt])])).toEqual([
      [reviewer.member.id, [[second.id, second.reference, at(h, 48).toISOString()]]],
    ])
    const mine = (await (await h.call('GET', '/me/panel-sessions', { as: reviewer })).json()) as MyPanelSessions
    expect(mine.items.map((i) => [i.applicationId, i.reference, i.tradeName, i.startsAt])).toEqual([[second.id, second.reference, second.formData.tradeName, at(h, 48).toISOString()]])
    expect(((await (await h.call('GET', '/me/panel-sessions', { as: admin })).json()) as MyPanelSessions).items).toEqual([])
  })

  it('refuses, changing nothing: a reviewer, a conflicted member, a past time, the wrong stage, an unknown member, a bad link, no session, another origin', async () => {
    const { h, admin, reviewer, conflicted, application } = await setUp()
    const app = await application()
    const early = await application(false)
    expect((await h.call('POST', '/conflicts', { as: conflicted, body: { applicationId: app.id, kind: 'personal' } })).status).toBe(201)
    const ok = body([reviewer.member.id], [at(h, 48)])
    const put = (b: unknown, id = app.id) => ({ method: 'PUT', path: `/applications/${id}/panel/offer`, body: b })

    await expectRefused(h, put(ok), reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'GET', path: `/applications/${app.id}/panel` }, conflicted, 403, 'conflict_of_interest')
    await expectRefused(h, put(body([reviewer.member.id, conflicted.member.id], [at(h, 48)])), admin, 422, 'member_conflict')
    await expectRefused(h, put(body([reviewer.member.id], [at(h, -1)])), admin, 422, 'time_in_past')
    await expectRefused(h, put(ok, early.id), admin, 409, 'not_in_stage')
    await expectRefused(h, put(body([crypto.randomUUID()], [at(h, 48)])), admin, 422, 'unknown_member')
    await expectRefused(h, put(body([reviewer.member.id], [at(h, 48)], { kind: 'video', value: 'http://meet.example/x' })), admin, 422, 'bad_offer')
    await expectRefused(h, put(body([reviewer.member.id], [at(h, 48), at(h, 48.5)])), admin, 422, 'bad_offer')
    await expectRefused(h, put({ ...ok, times: ['mañana'] }), admin, 422, 'invalid')
    await expectRefused(h, put(ok), null, 401, 'unauthenticated')
    await expectRefused(h, put(ok), admin, 403, 'csrf', { origin: 'https://evil.example' })
    await expectRefused(h, { method: 'POST', path: `/applications/${app.id}/panel/session/cancel`, body: {} }, admin, 409, 'no_session')
    await expectRefused(h, { method: 'POST', path: `/applications/${app.id}/panel/session/reschedule`, body: { startsAt: at(h, 50).toISOString() } }, admin, 409, 'no_session')
    await expectRefused(h, { method: 'POST', path: `/applications/${app.id}/panel/session/cancel`, body: {} }, reviewer, 403, 'forbidden')

    const refusal = await saveOffer(h, admin, app.id, body([reviewer.member.id, conflicted.member.id], [at(h, 48)]))
    expect(refusal.json.message).toBe(PANEL_MESSAGES.memberConflict)
  })

  it('the team reschedules (a new time, SEQUENCE up) and cancels (METHOD:CANCEL), and cannot replace the offer while a session is booked', async () => {
    const { h, admin, reviewer, application } = await setUp()
    const app = await application()
    const saved = await saveOffer(h, admin, app.id, body([reviewer.member.id], [at(h, 48), at(h, 72)]))
    const actions = actionsOf(h)
    expect((await actions.book(app.id, saved.json.offer!.times[0]!.id, { kind: 'founder' })).status).toBe('done')

    await expectRefused(h, { method: 'PUT', path: `/applications/${app.id}/panel/offer`, body: body([reviewer.member.id], [at(h, 96)]) }, admin, 409, 'session_booked')
    await expectRefused(h, { method: 'POST', path: `/applications/${app.id}/panel/session/reschedule`, body: { startsAt: at(h, 48).toISOString() } }, admin, 409, 'same_time')
    await expectRefused(h, { method: 'POST', path: `/applications/${app.id}/panel/session/reschedule`, body: { startsAt: at(h, -2).toISOString() } }, admin, 422, 'time_in_past')

    // Inside the founder's cut-off the team can still move it.
    h.advance(40 * HOUR)
    const again = await h.signIn(admin.member) // the first session idled out meanwhile
    const moved = await h.call('POST', `/applications/${app.id}/panel/session/reschedule`, { as: again, body: { startsAt: at(h, 10).toISOString() } })
    expect(moved.status).toBe(200)
    const state = (await moved.json()) as PanelState
    expect(state.session).toMatchObject({ status: 'booked', sequence: 1, startsAt: at(h, 10).toISOString(), changedBy: admin.member.id })
    const cancelled = (await (await h.call('POST', `/applications/${app.id}/panel/session/cancel`, { as: again, body: {} })).json()) as PanelState
    expect(cancelled.session).toMatchObject({ status: 'cancelled', sequence: 2, uid: state.session!.uid, cancelledByStage: null })
    const calendars = (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.calendar).map((m) => m.calendar!)
    expect(calendars.filter((c) => /^METHOD:CANCEL\r?$/m.test(c))).toHaveLength(2) // the reviewer and the founder
  })

  it('names the members with a conflict to admins only, and never shows a member another application’s session the member has a conflict on (issue 32)', async () => {
    const { h, admin, reviewer, conflicted, application } = await setUp()
    const first = await application()
    const hidden = await application()
    const visible = await application()
    // `conflicted` declares a conflict on the first application; the reviewer sits on both other panels.
    expect((await h.call('POST', '/conflicts', { as: conflicted, body: { applicationId: first.id, kind: 'personal' } })).status).toBe(201)
    const actions = actionsOf(h)
    for (const [app, hours] of [[hidden, 48], [visible, 72]] as const) {
      const saved = await saveOffer(h, admin, app.id, body([reviewer.member.id], [at(h, hours)]))
      expect((await actions.book(app.id, saved.json.offer!.times[0]!.id, { kind: 'founder' })).status).toBe('done')
    }

    // A reviewer reading the first application's panel learns nothing of who declared a conflict: no names, and
    // no list of candidates to compare with the team's.
    const asReviewer = (await (await h.call('GET', `/applications/${first.id}/panel`, { as: reviewer })).json()) as PanelState
    expect(asReviewer.excluded).toEqual([])
    expect(asReviewer.candidates).toEqual([])
    expect(JSON.stringify(asReviewer)).not.toContain(conflicted.member.name)
    // Who acted is still named to the reviewer (here the admin who booked the hidden application's session).
    const hiddenState = (await (await h.call('GET', `/applications/${hidden.id}/panel`, { as: reviewer })).json()) as PanelState
    expect(hiddenState.actors).toEqual([{ id: admin.member.id, name: admin.member.name }])
    // The admin, who offers the times and reads every conflict anyway, still sees why someone is left out.
    const asAdmin = (await (await h.call('GET', `/applications/${first.id}/panel`, { as: admin })).json()) as PanelState
    expect(asAdmin.excluded).toEqual([{ id: conflicted.member.id, name: conflicted.member.name }])

    // `conflicted` declares one on the hidden application too, then reads the visible one's panel, whose
    // member (the reviewer) also sits on the hidden one's session: that session is not shown, by any of its marks.
    expect((await h.call('POST', '/conflicts', { as: conflicted, body: { applicationId: hidden.id, kind: 'personal' } })).status).toBe(201)
    const seen = await h.call('GET', `/applications/${visible.id}/panel`, { as: conflicted })
    expect(seen.status).toBe(200)
    const text = await seen.text()
    for (const mark of [hidden.id, hidden.reference, at(h, 48).toISOString()]) expect(text).not.toContain(mark)
    // Another member sees it, as before.
    const other = (await (await h.call('GET', `/applications/${visible.id}/panel`, { as: admin })).json()) as PanelState
    expect(other.members.find((m) => m.id === reviewer.member.id)!.otherSessions.map((s) => s.reference)).toEqual([hidden.reference])
  })

  it('a session cancelled by a move past the panel stage says which stage the move went to (ADR 0185); a booked one says none', async () => {
    const { h, admin, reviewer, application } = await setUp()
    const app = await application()
    const saved = await saveOffer(h, admin, app.id, body([reviewer.member.id], [at(h, 48)]))
    expect((await actionsOf(h).book(app.id, saved.json.offer!.times[0]!.id, { kind: 'founder' })).status).toBe('done')
    const read = async () => (await (await h.call('GET', `/applications/${app.id}/panel`, { as: reviewer })).json()) as PanelState
    expect((await read()).session).toMatchObject({ status: 'booked', cancelledByStage: null })

    const moved = await h.call('POST', `/applications/${app.id}/transitions`, { as: admin, body: { from: 'sesion_panel', to: 'due_diligence' } })
    expect(moved.status).toBe(200)
    expect((await read()).session).toMatchObject({ status: 'cancelled', cancelReason: null, changedBy: admin.member.id, cancelledByStage: 'due_diligence' })
    // Signing afterwards changes nothing of it: the move that cancelled it stays the one named.
    expect((await h.call('POST', `/applications/${app.id}/transitions`, { as: admin, body: { from: 'due_diligence', to: 'acuerdo_firmado', missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' }, deal: DEAL_BODY } })).status).toBe(200)
    expect((await read()).session).toMatchObject({ status: 'cancelled', cancelledByStage: 'due_diligence' })
    // «Correos» can tell the panel's invitation from its cancellation, one kind for both: by the calendar's METHOD.
    const detail = (await (await h.call('GET', `/applications/${app.id}`, { as: admin })).json()) as ApplicationDetail
    expect(detail.emails.filter((m) => m.kind === 'team_panel_invitation').map((m) => m.calendarMethod).sort()).toEqual(['CANCEL', 'REQUEST'])
    expect(detail.emails.find((m) => m.kind === 'applicant_confirmation')).not.toHaveProperty('calendarMethod')
    // The history's entry of the CANCEL sent says so as well.
    await h.deliverMail()
    const sent = (await (await h.call('GET', `/applications/${app.id}`, { as: admin })).json()) as ApplicationDetail
    expect(sent.timeline.filter((e) => e.type === 'email_sent' && e.detail.kind === 'team_panel_invitation').map((e) => e.detail.calendarMethod).sort()).toEqual([
      'CANCEL',
      'REQUEST',
    ])
  })

  it('flags an offered time on a Colombian holiday or a weekend (issue 32)', async () => {
    const { h, admin, reviewer, application } = await setUp()
    const app = await application()
    const holiday = new Date('2026-12-08T21:00:00.000Z')
    const sunday = new Date('2026-11-29T15:00:00.000Z')
    const friday = new Date('2026-11-27T15:00:00.000Z')
    const saved = await saveOffer(h, admin, app.id, body([reviewer.member.id], [holiday, sunday, friday]))
    expect(saved.status).toBe(200)
    const state = (await (await h.call('GET', `/applications/${app.id}/panel`, { as: reviewer })).json()) as PanelState
    const byTime = (t: Date) => state.warnings.filter((w) => w.startsAt === t.toISOString()).map((w) => w.message)
    expect(byTime(holiday)).toContain(PANEL_WARNINGS.holiday)
    expect(byTime(sunday)).toEqual([PANEL_WARNINGS.weekend])
    expect(byTime(friday)).toEqual([])
  })
})
