/**
 * What a stage change does to the panel session
 * (domain/pipeline.ts STAGE_ENTAILS, ADR 0185), from the outside: a move past the panel stage with the session
 * still ahead cancels it by default (the panel's METHOD:CANCEL at once, the founder's inside the stage's
 * own e-mail, which says so), or keeps it when an admin says so on purpose (audited); a session already
 * held stays as held. Afterwards nothing of the panel stage reaches the founder: no «Cancelar mi
 * sesión», no day-before reminder, no «Mis pendientes» entry, no "Después de la sesión con el panel"
 * before it. The same rule in bulk.
 */
import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTime, formatWeekdayDateTime } from '../../../domain/format.ts'
import type { PanelState } from '../../../domain/workspace-api/panel.ts'
import { founderMailConfigFrom } from '../../compose.ts'
import { DEAL_BODY } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { panelActions } from '../panel/panel-actions.ts'
import { runPanelReminders } from '../panel/panel-reminders.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const HOUR = 3_600_000
const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/

async function setUp() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin', name: 'Ana Admin' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer', name: 'Rita Revisora' }))
  const panelist = await h.addMember({ role: 'reviewer', name: 'Pablo Panel' })
  return { h, admin, reviewer, panelist }
}

const move = (h: WorkspaceHarness, as: SignedIn, id: string, body: Record<string, unknown>) => h.call('POST', `/applications/${id}/transitions`, { as, body })

/** An application at the panel stage, its stage e-mail sent, an offer of one time `hoursAhead` away, booked by the founder from their page. */
async function booked(h: WorkspaceHarness, admin: SignedIn, panelistId: string, hoursAhead = 48) {
  const s = newSubmission({ createdAt: h.now(), email: `fundadora-${crypto.randomUUID().slice(0, 8)}@startup.example` })
  await h.store.saveSubmission(s)
  const app = s.application
  for (const [from, to] of [
    ['recibida', 'validacion_preliminar'],
    ['validacion_preliminar', 'sesion_panel'],
  ]) {
    expect((await move(h, admin, app.id, { from, to })).status).toBe(200)
  }
  for (const d of (await h.founders.listWaitingDrafts()).filter((d) => d.applicationId === app.id)) {
    expect((await h.call('POST', `/founder-mail/drafts/${d.id}/send`, { as: admin, body: {} })).status).toBe(200)
  }
  const mail = (await h.deliverMail()).find((m) => m.to === app.formData.email && ANY_LINK.test(m.text))!
  const token = founderTokenFrom(mail.text)
  const startsAt = new Date(h.now().getTime() + hoursAhead * HOUR)
  const offered = await h.call('PUT', `/applications/${app.id}/panel/offer`, {
    as: admin,
    body: { memberIds: [panelistId], lengthMinutes: 60, place: { kind: 'video', value: 'https://meet.example/abc' }, times: [startsAt.toISOString()] },
  })
  expect(offered.status).toBe(200)
  const time = ((await offered.json()) as PanelState).offer!.times[0]!.id
  expect((await page(h, `/postulacion/${token}/sesion/reservar`, { time })).status).toBe(303)
  await h.deliverMail() // the times and the invitation: what follows is the stage change's
  return { app, token, startsAt }
}

function page(h: WorkspaceHarness, path: string, form?: Record<string, string>) {
  return h.app.request(`${SITE}${path}`, form
    ? { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() }
    : { method: 'GET' })
}
const statusPage = async (h: WorkspaceHarness, token: string) => (await page(h, `/postulacion/${token}`)).text()

/** Every calendar the outbox holds for the application: to whom, in which kind of e-mail, its METHOD. */
async function calendars(h: WorkspaceHarness, applicationId: string) {
  return (await h.store.listMessages({ applicationId }))
    .filter((m) => m.calendar)
    .map((m) => {
      const vcalendar = new ICAL.Component(ICAL.parse(m.calendar!))
      const event = new ICAL.Event(vcalendar.getFirstSubcomponent('vevent')!)
      return { to: m.to, kind: m.kind, method: String(vcalendar.getFirstPropertyValue('method')), sequence: event.sequence, subject: m.subject, text: m.text }
    })
}

const panelState = async (h: WorkspaceHarness, as: SignedIn, id: string) => (await (await h.call('GET', `/applications/${id}/panel`, { as })).json()) as PanelState
const mySessions = async (h: WorkspaceHarness, as: SignedIn) => ((await (await h.call('GET', '/me/panel-sessions', { as })).json()) as { items: unknown[] }).items

/** The day-before reminder's pass at 08:00 in Bogotá on the day before `startsAt`: how many sessions it reminded. */
async function reminderPassBefore(h: WorkspaceHarness, startsAt: Date) {
  const dayBefore = new Date(startsAt.getTime() - 24 * HOUR)
  const at = new Date(`${new Date(dayBefore.getTime() - 5 * HOUR).toISOString().slice(0, 10)}T13:00:00.000Z`)
  const panel = panelActions({ store: h.store, founders: { mail: founderMailConfigFrom(h.config) }, now: () => at, cutoffHours: 24 }).panel
  return runPanelReminders({ panel, mail: { founders: founderMailConfigFrom(h.config), cutoffHours: 24 } }, at)
}

describe('a stage change and the panel session', () => {
  it('moving on to due diligence with the session still ahead cancels it: the panel gets the CANCEL now, the founder inside the stage e-mail, which says so; nothing of the panel stage is left', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token, startsAt } = await booked(h, admin, panelist.id)
    expect(await statusPage(h, token)).toContain('Cancelar mi sesión')

    expect((await move(h, admin, app.id, { from: 'sesion_panel', to: 'due_diligence' })).status).toBe(200)

    expect((await panelState(h, admin, app.id)).session).toMatchObject({ status: 'cancelled', sequence: 1 })
    // The panel's CANCEL is in the outbox now; the founder's rides with the stage e-mail, not in an e-mail of its own.
    const cancels = (await calendars(h, app.id)).filter((c) => c.method === 'CANCEL')
    expect(cancels.map((c) => [c.to, c.kind])).toEqual([[panelist.email, 'team_panel_invitation']])
    expect(cancels[0]!.text).toContain('pasó a «Due diligence y acuerdo»')
    const draft = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id)!
    expect(draft.kind).toBe('due_diligence')
    expect(draft.text).not.toContain('Después de la sesión con el panel')
    expect(draft.text).toContain(`cancelamos tu sesión con el panel de expertos del ${formatWeekdayDateTime(startsAt)}`)
    expect((await h.call('POST', `/founder-mail/drafts/${draft.id}/send`, { as: admin, body: {} })).status).toBe(200)
    const founderCancel = (await calendars(h, app.id)).filter((c) => c.method === 'CANCEL' && c.to === app.formData.email)
    expect(founderCancel.map((c) => [c.kind, c.sequence, c.subject])).toEqual([['founder_status', 1, draft.subject]])
    const delivered = (await h.deliverMail()).filter((m) => m.to === app.formData.email)
    expect(delivered.map((m) => m.subject)).toEqual([draft.subject])

    // Nothing of the panel stage is left: the founder's page, «Mis pendientes», the reminder the day before.
    const html = await statusPage(h, token)
    expect(html).not.toContain('Cancelar mi sesión')
    expect(html).not.toContain('Cambiar de horario')
    expect(await mySessions(h, await h.signIn(panelist))).toEqual([])
    expect(await reminderPassBefore(h, startsAt)).toBe(0)
    expect((await h.store.listMessages({ applicationId: app.id })).filter((m) => m.kind.endsWith('panel_reminder'))).toEqual([])
  })

  it('an admin may keep the session on purpose (audited); signing later cancels it, the founder told in the welcome; a reviewer cannot keep it', async () => {
    const { h, admin, reviewer, panelist } = await setUp()
    const { app, token, startsAt } = await booked(h, admin, panelist.id, 72)

    // Keeping is an admin's deliberate choice: a reviewer is refused, and so is keeping on a move that has no session to keep.
    const before = h.snapshot().panel_sessions
    const refused = await move(h, reviewer, app.id, { from: 'sesion_panel', to: 'due_diligence', keepPanelSession: true })
    expect(refused.status).toBe(403)
    expect((await refused.json()) as { message: string }).toMatchObject({ message: expect.stringContaining('administrador') })
    expect(h.snapshot().panel_sessions).toEqual(before)

    expect((await move(h, admin, app.id, { from: 'sesion_panel', to: 'due_diligence', keepPanelSession: true })).status).toBe(200)
    expect((await panelState(h, admin, app.id)).session).toMatchObject({ status: 'booked', sequence: 0, keptBy: admin.member.id })
    expect((await calendars(h, app.id)).filter((c) => c.method === 'CANCEL')).toEqual([])
    const audit = (await (await h.call('GET', `/audit?action=panel.kept`, { as: admin })).json()) as { items: { applicationId: string; detail: Record<string, unknown> }[] }
    expect(audit.items.find((i) => i.applicationId === app.id)?.detail).toMatchObject({ to: 'due_diligence', startsAt: startsAt.toISOString() })
    const dd = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id)!
    expect(dd.text).toContain(`Tu sesión con el panel de expertos del ${formatWeekdayDateTime(startsAt)} (hora de Bogotá) sigue en pie`)
    expect(dd.text).not.toContain('Después de la sesión con el panel')
    // Kept, the founder still sees it, but past the panel stage they no longer change or cancel it from their page.
    const kept = await statusPage(h, token)
    expect(kept).toContain(formatDateTime(startsAt))
    expect(kept).not.toContain('Cancelar mi sesión')
    const cancelled = await page(h, `/postulacion/${token}/sesion/cancelar`, { confirm: '1' })
    expect(cancelled.status).toBe(409)
    expect((await panelState(h, admin, app.id)).session).toMatchObject({ status: 'booked' })

    // Signing with the session still ahead cancels it (the default): the panel at once, the founder in the welcome.
    const signed = await move(h, admin, app.id, { from: 'due_diligence', to: 'acuerdo_firmado', missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' }, deal: DEAL_BODY })
    expect(signed.status).toBe(200)
    expect((await panelState(h, admin, app.id)).session).toMatchObject({ status: 'cancelled', sequence: 1 })
    const cancels = (await calendars(h, app.id)).filter((c) => c.method === 'CANCEL')
    expect(cancels.map((c) => c.to)).toEqual([panelist.email])
    const welcome = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id)!
    expect(welcome.kind).toBe('acuerdo_firmado')
    expect(welcome.text).toContain(`cancelamos tu sesión con el panel de expertos del ${formatWeekdayDateTime(startsAt)}`)
    // The DD e-mail still waiting was replaced by the welcome; the welcome carries the founder's CANCEL.
    expect((await h.founders.listDrafts(app.id)).find((d) => d.id === dd.id)!.status).toBe('superseded')
    expect((await h.call('POST', `/founder-mail/drafts/${welcome.id}/send`, { as: admin, body: {} })).status).toBe(200)
    expect((await calendars(h, app.id)).filter((c) => c.method === 'CANCEL' && c.to === app.formData.email).map((c) => c.kind)).toEqual(['founder_status'])
    expect(await statusPage(h, token)).not.toContain('Cancelar mi sesión')
    expect(await reminderPassBefore(h, startsAt)).toBe(0)
  })

  it('a session already held is left as held: nothing is cancelled, the e-mail says it came after the session, both sides read «Realizada»', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token, startsAt } = await booked(h, admin, panelist.id, 30)
    h.advance(32 * HOUR)
    const again = await h.signIn(admin.member) // the first session idled out meanwhile
    expect((await move(h, again, app.id, { from: 'sesion_panel', to: 'due_diligence' })).status).toBe(200)
    expect((await panelState(h, again, app.id)).session).toMatchObject({ status: 'booked', sequence: 0 })
    expect((await calendars(h, app.id)).filter((c) => c.method === 'CANCEL')).toEqual([])
    const dd = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id)!
    expect(dd.text).toContain('Después de la sesión con el panel')
    const html = await statusPage(h, token)
    expect(html).toContain(`Realizada el ${formatWeekdayDateTime(startsAt)}`)
    expect(html).not.toContain('Cancelar mi sesión')
  })

  it('discarding the stage e-mail that carries the cancellation still sends the founder the CANCEL, alone', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, startsAt } = await booked(h, admin, panelist.id)
    expect((await move(h, admin, app.id, { from: 'sesion_panel', to: 'no_seleccionada', reason: 'Sin encaje' })).status).toBe(200)
    const draft = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id)!
    expect(draft.text).toContain(`cancelamos tu sesión con el panel de expertos del ${formatWeekdayDateTime(startsAt)}`)
    expect((await calendars(h, app.id)).filter((c) => c.method === 'CANCEL' && c.to === app.formData.email)).toEqual([])
    expect((await h.call('POST', `/founder-mail/drafts/${draft.id}/discard`, { as: admin, body: {} })).status).toBe(200)
    const founder = (await calendars(h, app.id)).filter((c) => c.method === 'CANCEL' && c.to === app.formData.email)
    expect(founder.map((c) => [c.kind, c.sequence])).toEqual([['founder_panel_invitation', 1]])
    // Neutral: it says the session is off, not the decision the team chose not to send.
    expect(founder[0]!.text).not.toContain('no fue seleccionada')
    expect(founder[0]!.text).not.toContain('se cerró')
  })

  it('keeping the session is refused from the outside, changing nothing: no session, another origin, a reviewer, an admin with a conflict, a move that keeps none, a GET', async () => {
    const { h, admin, reviewer, panelist } = await setUp()
    const { app } = await booked(h, admin, panelist.id)
    const conflicted = await h.signIn(await h.addMember({ role: 'admin', name: 'Carla Conflicto' }))
    expect((await h.call('POST', '/conflicts', { as: conflicted, body: { applicationId: app.id, kind: 'personal' } })).status).toBe(201)
    const keep = (to: string) => ({ method: 'POST', path: `/applications/${app.id}/transitions`, body: { from: 'sesion_panel', to, keepPanelSession: true } })
    await expectRefused(h, keep('due_diligence'), null, 401, 'unauthenticated')
    await expectRefused(h, keep('due_diligence'), admin, 403, 'csrf', { origin: 'https://evil.example' })
    await expectRefused(h, keep('due_diligence'), reviewer, 403, 'forbidden')
    await expectRefused(h, keep('due_diligence'), conflicted, 403, 'conflict_of_interest')
    await expectRefused(h, keep('no_seleccionada'), admin, 422, 'invalid')
    await expectRefused(h, keep('retirada'), admin, 422, 'invalid')
    const get = await h.call('GET', `/applications/${app.id}/transitions`, { as: admin })
    expect(get.status).toBe(404)
    expect((await panelState(h, admin, app.id)).session).toMatchObject({ status: 'booked', sequence: 0, keptBy: null })
  })

  it('a bulk move says how many sessions still ahead it cancels, and cancels them', async () => {
    const { h, admin, panelist } = await setUp()
    const one = await booked(h, admin, panelist.id, 48)
    const filter = { q: one.app.reference }
    const preview = await h.call('POST', '/bulk/preview', { as: admin, body: { filter, action: { type: 'move', to: 'due_diligence' } } })
    expect(preview.status).toBe(200)
    expect(await preview.json()).toMatchObject({ eligible: 1, sessionsAhead: 1 })
    const applied = await h.call('POST', '/bulk/apply', { as: admin, body: { filter, action: { type: 'move', to: 'due_diligence' }, expected: 1 } })
    expect(applied.status).toBe(200)
    expect((await panelState(h, admin, one.app.id)).session).toMatchObject({ status: 'cancelled' })
    expect((await calendars(h, one.app.id)).filter((c) => c.method === 'CANCEL').map((c) => c.to)).toEqual([panelist.email])
  })
})
