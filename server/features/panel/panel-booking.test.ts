/**
 * The panel session from the founder's side, from the outside: an
 * admin offers three times, the founder reads them in Bogotá time on the
 * status page reached by the link of their e-mail, books one with a POST form,
 * both sides receive the invitation (its link filled only as it leaves),
 * the founder moves it (SEQUENCE 1) and cancels it until the cut-off, and says
 * "Ninguno me sirve". Every bad request gets a Spanish answer and changes
 * nothing: a time in the past, a time taken meanwhile, a time of another
 * application, a GET, another origin, no link.
 */
import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTime, formatWeekdayDateTime } from '../../../domain/format.ts'
import { PANEL_MESSAGES, PANEL_WARNINGS } from '../../../domain/panel-sessions.ts'
import { LIVE_LINKS_PER_APPLICATION } from '../../../domain/personal-link.ts'
import type { PanelState } from '../../../domain/workspace-api/panel.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/
const HOUR = 3_600_000

async function setUp() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin', name: 'Ana Admin' }))
  const panelist = await h.addMember({ role: 'reviewer', name: 'Pablo Panel' })
  return { h, admin, panelist }
}

/** An application moved to the panel stage, its stage e-mail sent and delivered, and the founder's token read from it. */
async function atPanel(h: WorkspaceHarness, admin: SignedIn) {
  const s = newSubmission({ createdAt: h.now(), email: `fundadora-${crypto.randomUUID().slice(0, 8)}@startup.example` })
  await h.store.saveSubmission(s)
  const app = s.application
  for (const [from, to] of [
    ['recibida', 'validacion_preliminar'],
    ['validacion_preliminar', 'sesion_panel'],
  ]) {
    expect((await h.call('POST', `/applications/${app.id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
  }
  for (const d of (await h.founders.listWaitingDrafts()).filter((d) => d.applicationId === app.id)) {
    expect((await h.call('POST', `/founder-mail/drafts/${d.id}/send`, { as: admin, body: {} })).status).toBe(200)
  }
  const mail = (await h.deliverMail()).find((m) => m.to === app.formData.email && ANY_LINK.test(m.text))!
  expect(mail.text).toContain('Elige el horario de tu sesión desde tu página de estado')
  return { app, token: founderTokenFrom(mail.text) }
}

async function offer(h: WorkspaceHarness, admin: SignedIn, applicationId: string, memberIds: string[], times: Date[]): Promise<PanelState> {
  const res = await h.call('PUT', `/applications/${applicationId}/panel/offer`, {
    as: admin,
    body: { memberIds, lengthMinutes: 60, place: { kind: 'video', value: 'https://meet.example/abc' }, times: times.map((t) => t.toISOString()) },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as PanelState
}

function page(h: WorkspaceHarness, path: string, init: { method?: string; form?: Record<string, string>; origin?: string | null } = {}) {
  const headers: Record<string, string> = {}
  if (init.origin !== null && init.method === 'POST') headers.origin = init.origin ?? SITE
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded'
  return h.app.request(`${SITE}${path}`, { method: init.method ?? 'GET', headers, ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}) })
}
const post = (h: WorkspaceHarness, path: string, form: Record<string, string>, origin?: string | null) => page(h, path, { method: 'POST', form, ...(origin === undefined ? {} : { origin }) })

const panelRows = (h: WorkspaceHarness) => {
  const s = h.snapshot()
  return { sessions: s.panel_sessions, members: s.panel_session_members, offers: s.panel_offers, outbox: s.outbox }
}

function calendarsOf(h: WorkspaceHarness, applicationId: string) {
  return h.store.listMessages({ applicationId }).then((ms) =>
    ms
      .filter((m) => m.calendar)
      .map((m) => {
        const vcalendar = new ICAL.Component(ICAL.parse(m.calendar!))
        const event = new ICAL.Event(vcalendar.getFirstSubcomponent('vevent')!)
        return {
          to: m.to,
          kind: m.kind,
          method: String(vcalendar.getFirstPropertyValue('method')),
          uid: event.uid,
          sequence: event.sequence,
          start: event.startDate.toJSDate(),
          attendees: event.attendees.map((a) => String(a.getFirstValue()).replace(/^mailto:/i, '')),
        }
      }),
  )
}

describe("the founder's panel session on the status page", () => {
  it('lists the offered times in Bogotá time, books one with a POST, and both sides get the invitation; the link is filled only as it leaves', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const times = [48, 72, 96].map((n) => new Date(h.now().getTime() + n * HOUR))
    const state = await offer(h, admin, app.id, [admin.member.id, panelist.id], times)

    const html = await (await page(h, `/postulacion/${token}`)).text()
    for (const t of times) expect(html).toContain(`${formatDateTime(t)} (hora de Bogotá)`)
    expect(html).toContain('Ninguno me sirve')
    expect(html.match(/action="\/postulacion\/[^"]+\/sesion\/reservar"/g)).toHaveLength(3)

    const res = await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[1]!.id })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/postulacion/${token}?hecho=sesion-reservada`)
    const after = await (await page(h, `/postulacion/${token}?hecho=sesion-reservada`)).text()
    expect(after).toContain('Reservamos tu sesión con el panel')
    expect(after).toContain('Tu sesión con el panel')
    expect(after).toContain('Cancelar mi sesión')

    const calendars = await calendarsOf(h, app.id)
    expect(calendars.map((c) => c.to).sort()).toEqual([admin.member.email, panelist.email, app.formData.email].sort())
    expect(calendars.every((c) => c.method === 'REQUEST' && c.sequence === 0 && c.start.getTime() === times[1]!.getTime())).toBe(true)
    // Stored, the founder's invitation holds the placeholder; the e-mail that leaves holds a working link.
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)
    const delivered = await h.deliverMail()
    const founderInvite = delivered.find((m) => m.to === app.formData.email)!
    expect(founderInvite.subject).toContain('Sesión con el panel de expertos')
    const newToken = founderTokenFrom(founderInvite.text)
    expect((await page(h, `/postulacion/${newToken}`)).status).toBe(200)
    expect(delivered.find((m) => m.to === panelist.email)!.text).not.toMatch(ANY_LINK)
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)
  })

  it('moves the session to another free time (same UID, SEQUENCE 1) and cancels it (METHOD:CANCEL), then refuses both past the cut-off', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const times = [48, 72, 96].map((n) => new Date(h.now().getTime() + n * HOUR))
    const state = await offer(h, admin, app.id, [panelist.id], times)
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[0]!.id })).status).toBe(303)
    const moved = await post(h, `/postulacion/${token}/sesion/cambiar`, { time: state.offer!.times[2]!.id })
    expect(moved.status).toBe(303)
    expect((await post(h, `/postulacion/${token}/sesion/cancelar`, { confirm: '1' })).status).toBe(303)
    const calendars = await calendarsOf(h, app.id)
    const founders = calendars.filter((c) => c.kind === 'founder_panel_invitation').sort((a, b) => a.sequence - b.sequence)
    expect(founders.map((c) => [c.method, c.sequence])).toEqual([
      ['REQUEST', 0],
      ['REQUEST', 1],
      ['CANCEL', 2],
    ])
    expect(new Set(founders.map((c) => c.uid)).size).toBe(1)
    expect(founders[1]!.start.getTime()).toBe(times[2]!.getTime())
    // The team hears of the founder's cancellation (founder activity, ADR 0142).
    expect((await h.store.listMessages({ applicationId: app.id })).some((m) => m.kind === 'team_founder_activity' && m.subject.includes('Canceló la sesión'))).toBe(true)

    // Booked again at 72 h; 60 h later it is 12 h away: inside the 24-hour cut-off.
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[1]!.id })).status).toBe(303)
    h.advance(60 * HOUR)
    const before = panelRows(h)
    for (const [path, form] of [
      ['cambiar', { time: state.offer!.times[2]!.id }],
      ['cancelar', { confirm: '1' }],
    ] as const) {
      const res = await post(h, `/postulacion/${token}/sesion/${path}`, form)
      expect(res.status).toBe(409)
      expect(await res.text()).toContain('Faltan menos de 24 horas para la sesión')
    }
    expect(panelRows(h)).toEqual(before)
    expect(await (await page(h, `/postulacion/${token}`)).text()).not.toContain('Cancelar mi sesión')
  })

  it('refuses, in Spanish and changing nothing: a time in the past, a time taken meanwhile, another application’s time, no session, a long note', async () => {
    const { h, admin, panelist } = await setUp()
    const first = await atPanel(h, admin)
    const second = await atPanel(h, admin)
    const at48 = new Date(h.now().getTime() + 48 * HOUR)
    const at72 = new Date(h.now().getTime() + 72 * HOUR)
    const one = await offer(h, admin, first.app.id, [panelist.id], [at48, at72])
    const two = await offer(h, admin, second.app.id, [panelist.id], [at48])

    const refused = async (path: string, form: Record<string, string>, status: number, message: string, token = first.token) => {
      const before = panelRows(h)
      const res = await post(h, `/postulacion/${token}/sesion/${path}`, form)
      expect(res.status, path).toBe(status)
      const html = await res.text()
      expect(html).toContain('role="alert"')
      expect(html).toContain(message.replaceAll('"', '&quot;'))
      expect(panelRows(h), path).toEqual(before)
    }

    // The second founder's time, posted with the first founder's link.
    await refused('reservar', { time: two.offer!.times[0]!.id }, 422, PANEL_MESSAGES.timeNotOffered)
    await refused('reservar', { time: 'not-a-time' }, 422, PANEL_MESSAGES.timeNotOffered)
    await refused('cancelar', { confirm: '1' }, 409, PANEL_MESSAGES.noSession)
    await refused('cambiar', { time: one.offer!.times[1]!.id }, 409, PANEL_MESSAGES.noSession)
    await refused('ninguno', { nota: 'x'.repeat(501) }, 422, PANEL_MESSAGES.noteTooLong)

    // The second founder takes the panelist's 48 h; the first founder's page still showed it.
    expect((await post(h, `/postulacion/${second.token}/sesion/reservar`, { time: two.offer!.times[0]!.id })).status).toBe(303)
    await refused('reservar', { time: one.offer!.times[0]!.id }, 409, PANEL_MESSAGES.timeTaken)
    // The page now lists only the time still free.
    const html = await (await page(h, `/postulacion/${first.token}`)).text()
    expect(html.match(/\/sesion\/reservar"/g)).toHaveLength(1)

    // Time passes: 72 h is gone.
    h.advance(73 * HOUR)
    await refused('reservar', { time: one.offer!.times[1]!.id }, 422, PANEL_MESSAGES.timeInPast)
  })

  it('answers a GET, another origin and an unknown link without changing anything', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const state = await offer(h, admin, app.id, [panelist.id], [new Date(h.now().getTime() + 48 * HOUR)])
    const time = state.offer!.times[0]!.id
    const before = panelRows(h)
    for (const action of ['reservar', 'cambiar', 'ninguno']) {
      const get = await page(h, `/postulacion/${token}/sesion/${action}?time=${time}`)
      expect(get.status, `GET ${action}`).toBe(404)
    }
    // The cancellation's GET is its confirmation; with no session booked it sends back to the page.
    expect((await page(h, `/postulacion/${token}/sesion/cancelar`)).status).toBe(303)
    const foreign = await post(h, `/postulacion/${token}/sesion/reservar`, { time }, 'https://evil.example')
    expect(foreign.status).toBe(403)
    expect(await foreign.text()).toContain('No pudimos procesar la solicitud')
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time }, null)).status).toBe(403)
    const unknown = await post(h, `/postulacion/${'A'.repeat(43)}/sesion/reservar`, { time })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Este enlace no es válido')
    expect(panelRows(h)).toEqual(before)
  })

  it("withdrawing, or the team closing the application, calls off the coming session in every calendar (METHOD:CANCEL), the founder's in the stage's own e-mail", async () => {
    const { h, admin, panelist } = await setUp()
    const withdrawn = await atPanel(h, admin)
    const closed = await atPanel(h, admin)
    const one = await offer(h, admin, withdrawn.app.id, [panelist.id], [new Date(h.now().getTime() + 48 * HOUR)])
    const two = await offer(h, admin, closed.app.id, [panelist.id], [new Date(h.now().getTime() + 72 * HOUR)])
    expect((await post(h, `/postulacion/${withdrawn.token}/sesion/reservar`, { time: one.offer!.times[0]!.id })).status).toBe(303)
    expect((await post(h, `/postulacion/${closed.token}/sesion/reservar`, { time: two.offer!.times[0]!.id })).status).toBe(303)

    // The withdrawal's confirmation says the session goes with it (ADR 0185).
    expect(await (await page(h, `/postulacion/${withdrawn.token}/retirar`)).text()).toContain(
      `Tu sesión con el panel del ${formatWeekdayDateTime(new Date(h.now().getTime() + 48 * HOUR))} (hora de Bogotá) también se cancela`,
    )
    expect((await post(h, `/postulacion/${withdrawn.token}/retirar`, { confirm: '1' })).status).toBe(303)
    const res = await h.call('POST', `/applications/${closed.app.id}/transitions`, { as: admin, body: { from: 'sesion_panel', to: 'no_seleccionada' } })
    expect(res.status).toBe(200)

    // The founder's CANCEL travels in the stage's own e-mail (ADR 0185): the withdrawal's confirmation goes at
    // once; the team's «No seleccionada» waits in «Correos por enviar», and its CANCEL with it.
    const founderCalendars = async (id: string) =>
      (await calendarsOf(h, id)).filter((c) => c.to !== panelist.email).sort((a, b) => a.sequence - b.sequence).map((c) => [c.kind, c.method, c.sequence])
    expect(await founderCalendars(withdrawn.app.id)).toEqual([
      ['founder_panel_invitation', 'REQUEST', 0],
      ['founder_status', 'CANCEL', 1],
    ])
    expect(await founderCalendars(closed.app.id)).toEqual([['founder_panel_invitation', 'REQUEST', 0]])
    const draft = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === closed.app.id)!
    expect(draft).toMatchObject({ kind: 'no_seleccionada', carriesPanelCancel: true })
    expect((await h.call('POST', `/founder-mail/drafts/${draft.id}/send`, { as: admin, body: {} })).status).toBe(200)
    expect(await founderCalendars(closed.app.id)).toEqual([
      ['founder_panel_invitation', 'REQUEST', 0],
      ['founder_status', 'CANCEL', 1],
    ])
    for (const app of [withdrawn.app, closed.app]) {
      expect((await calendarsOf(h, app.id)).filter((c) => c.to === panelist.email).sort((a, b) => a.sequence - b.sequence).map((c) => c.method)).toEqual(['REQUEST', 'CANCEL'])
    }
    const cancelMail = (await h.store.listMessages({ applicationId: withdrawn.app.id })).find((m) => m.kind === 'founder_status' && m.calendar?.includes('METHOD:CANCEL'))!
    expect(cancelMail.text).toContain('Confirmamos que la postulación')
    expect(cancelMail.text).toContain('Con este cambio cancelamos tu sesión con el panel de expertos')
    // The panelist is free again at both times.
    expect(((await (await h.call('GET', '/me/panel-sessions', { as: await h.signIn(panelist) })).json()) as { items: unknown[] }).items).toEqual([])
  })

  it('a panel member who declares a conflict after the booking gets its METHOD:CANCEL (same UID, SEQUENCE 1); the other member and the founder keep theirs', async () => {
    const { h, admin, panelist } = await setUp()
    const other = await h.addMember({ role: 'reviewer', name: 'Olga Otra' })
    const { app, token } = await atPanel(h, admin)
    const state = await offer(h, admin, app.id, [panelist.id, other.id], [new Date(h.now().getTime() + 48 * HOUR), new Date(h.now().getTime() + 72 * HOUR)])
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[0]!.id })).status).toBe(303)
    const booked = await calendarsOf(h, app.id)
    expect(booked).toHaveLength(3)

    const declared = await h.call('POST', '/conflicts', { as: await h.signIn(panelist), body: { applicationId: app.id, kind: 'personal' } })
    expect(declared.status).toBe(201)
    const after = await calendarsOf(h, app.id)
    expect(after).toHaveLength(4)
    const added = after.filter((c) => c.sequence === 1)
    expect(added.map((c) => [c.to, c.method, c.uid])).toEqual([[panelist.email, 'CANCEL', booked[0]!.uid]])
    expect(added[0]!.attendees).toEqual([panelist.email])
    // The founder moves it: the panel as it now stands (without the conflicted member) gets SEQUENCE 2.
    expect((await post(h, `/postulacion/${token}/sesion/cambiar`, { time: state.offer!.times[1]!.id })).status).toBe(303)
    const moved = (await calendarsOf(h, app.id)).filter((c) => c.sequence === 2)
    expect(moved.map((c) => [c.to, c.method]).sort()).toEqual(
      [
        [other.email, 'REQUEST'],
        [app.formData.email, 'REQUEST'],
      ].sort(),
    )
    expect(moved[0]!.attendees).not.toContain(panelist.email)
  })

  it('"Ninguno me sirve" keeps the note for the team, tells them by e-mail (without the note) and shows it in the workspace', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    await offer(h, admin, app.id, [panelist.id], [new Date(h.now().getTime() + 48 * HOUR)])
    const res = await post(h, `/postulacion/${token}/sesion/ninguno`, { nota: 'Esa semana viajo; me sirve del 10 al 12.' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/postulacion/${token}?hecho=ninguno`)
    const told = (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.kind === 'team_founder_activity')
    expect(told.map((m) => m.to)).toEqual([admin.member.email])
    expect(told[0]!.subject).toContain('Ningún horario le sirve')
    expect(told[0]!.text).not.toContain('viajo')
    expect(told[0]!.text).toContain('su nota está en la sección «Sesión con el panel» de la postulación')
    const state = (await (await h.call('GET', `/applications/${app.id}/panel`, { as: admin })).json()) as PanelState
    expect(state.noneFits).toEqual({ note: 'Esa semana viajo; me sirve del 10 al 12.', at: h.now().toISOString() })
  })

  it('saving an offer, and replacing it, e-mails the founder the times in Bogotá time at once, their link filled only as it leaves', async () => {
    const { h, admin, panelist } = await setUp()
    const { app } = await atPanel(h, admin)
    const times = [72, 48].map((n) => new Date(h.now().getTime() + n * HOUR))
    await offer(h, admin, app.id, [panelist.id], times)
    const timesMail = async () => (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.kind === 'founder_panel_times')
    const [first] = await timesMail()
    expect(first!.to).toBe(app.formData.email)
    expect(first!.subject).toContain('Horarios para tu sesión con el panel de expertos')
    // Soonest first, in Bogotá time; the length and the place (the video call a link in the HTML).
    const at48 = first!.text.indexOf(formatDateTime(times[1]!))
    expect(at48).toBeGreaterThan(0)
    expect(first!.text.indexOf(formatDateTime(times[0]!))).toBeGreaterThan(at48)
    expect(first!.text).toContain('La sesión dura 60 minutos.')
    expect(first!.html).toContain('<a href="https://meet.example/abc">')
    expect(first!.text).toContain('[enlace personal]')
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)
    const delivered = (await h.deliverMail()).find((m) => m.subject.includes('Horarios para tu sesión'))!
    expect((await page(h, `/postulacion/${founderTokenFrom(delivered.text)}`)).status).toBe(200)
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)

    // Replaced: a second e-mail says the earlier times no longer hold.
    const later = new Date(h.now().getTime() + 100 * HOUR)
    await offer(h, admin, app.id, [panelist.id], [later])
    const mails = await timesMail()
    expect(mails).toHaveLength(2)
    const second = mails.find((m) => m.id !== first!.id)!
    expect(second.subject).toContain('Nuevos horarios')
    expect(second.text).toContain('los anteriores ya no están disponibles')
    expect(second.text).toContain(formatDateTime(later))
  })

  it("the team's cancellation closes the offer; the founder's page and e-mail, the panel's e-mail and the workspace say why", async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const times = [48, 72].map((n) => new Date(h.now().getTime() + n * HOUR))
    const state = await offer(h, admin, app.id, [panelist.id], times)
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[0]!.id })).status).toBe(303)
    const res = await h.call('POST', `/applications/${app.id}/panel/session/cancel`, { as: admin, body: { reason: 'El panel se enfermó' } })
    expect(res.status).toBe(200)
    const after = (await res.json()) as PanelState
    expect(after.offer).toBeNull()
    expect(after.session).toMatchObject({ status: 'cancelled', cancelReason: 'El panel se enfermó' })

    // The founder can no longer book the old times (the cancelled one included): the team offers new ones.
    const html = await (await page(h, `/postulacion/${token}`)).text()
    expect(html).not.toContain('/sesion/reservar"')
    expect(html).toContain('Motivo: El panel se enfermó')
    expect(html).toContain('Te enviaremos nuevos horarios por correo')
    expect(html).toContain('Los horarios que te ofrecimos ya no están disponibles.')
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[0]!.id })).status).toBe(409)

    const messages = await h.store.listMessages({ applicationId: app.id })
    const cancels = messages.filter((m) => m.calendar?.includes('METHOD:CANCEL'))
    const founderMail = cancels.find((m) => m.kind === 'founder_panel_invitation')!
    expect(founderMail.text).toContain('Motivo: El panel se enfermó')
    expect(founderMail.text).toContain('Te enviaremos nuevos horarios por correo')
    expect(cancels.find((m) => m.to === panelist.email)!.text).toContain('Motivo: El panel se enfermó')
    // Not a founder's activity: the team is not told of its own cancellation.
    expect(messages.some((m) => m.kind === 'team_founder_activity')).toBe(false)
    const audit = (h.snapshot().audit_log as { action: string; detail: unknown }[]).find((r) => r.action === 'panel.cancelled')!
    expect(typeof audit.detail === 'string' ? JSON.parse(audit.detail) : audit.detail).toMatchObject({ reason: 'El panel se enfermó', offerClosed: true })

    // A new offer: the page lists the new times and says the earlier session was cancelled.
    await offer(h, admin, app.id, [panelist.id], [new Date(h.now().getTime() + 120 * HOUR)])
    const again = await (await page(h, `/postulacion/${token}`)).text()
    expect(again.match(/\/sesion\/reservar"/g)).toHaveLength(1)
    expect(again).toContain('Cancelamos tu sesión anterior')
  })

  it('"Cancelar mi sesión" asks first: its GET shows a confirmation and changes nothing; only the POST cancels', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const at48 = new Date(h.now().getTime() + 48 * HOUR)
    const state = await offer(h, admin, app.id, [panelist.id], [at48])
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[0]!.id })).status).toBe(303)
    const html = await (await page(h, `/postulacion/${token}`)).text()
    expect(html).toMatch(/<form method="get" action="\/postulacion\/[^"]+\/sesion\/cancelar"><button type="submit" class="danger">Cancelar mi sesión<\/button><\/form>/)
    expect(html).not.toMatch(/method="post" action="[^"]+\/sesion\/cancelar"/)
    const before = panelRows(h)
    const confirm = await page(h, `/postulacion/${token}/sesion/cancelar`)
    expect(confirm.status).toBe(200)
    const text = await confirm.text()
    expect(text).toContain('¿Cancelar tu sesión con el panel?')
    expect(text).toContain(formatDateTime(at48))
    expect(text).toMatch(/<form method="post" action="\/postulacion\/[^"]+\/sesion\/cancelar">/)
    expect(text).toContain('Sí, cancelar mi sesión')
    expect(panelRows(h)).toEqual(before)
    expect((await post(h, `/postulacion/${token}/sesion/cancelar`, { confirm: '1' })).status).toBe(303)
    expect((h.snapshot().panel_sessions as { status: string }[]).map((r) => r.status)).toEqual(['cancelled'])
  })

  it('"Qué sigue" says what comes next: no times yet, times offered, a session booked, the team\'s cancellation', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const next = async () => /<h2>Qué sigue<\/h2>\s*<p class="status">([^<]*)<\/p>/.exec(await (await page(h, `/postulacion/${token}`)).text())![1]!
    expect(await next()).toContain('Te enviaremos por correo los horarios')
    const at48 = new Date(h.now().getTime() + 48 * HOUR)
    const state = await offer(h, admin, app.id, [panelist.id], [at48])
    expect(await next()).toContain('Elige abajo el horario')
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: state.offer!.times[0]!.id })).status).toBe(303)
    const booked = await next()
    expect(booked).toContain('está reservada para el')
    expect(booked).not.toContain('Elige')
    expect(booked).not.toContain('te avisaremos')
    expect((await h.call('POST', `/applications/${app.id}/panel/session/cancel`, { as: admin, body: {} })).status).toBe(200)
    expect(await next()).toContain('Cancelamos tu sesión con el panel de expertos. Te enviaremos nuevos horarios por correo')
  })
})

/** Every appointment written with its weekday ("martes 8 de diciembre de 2026, 4:00 p. m."), in order. */
const APPOINTMENT = /(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d{2}\u00a0[ap]\.\u00a0m\./g
const appointments = (text: string) => [...text.matchAll(APPOINTMENT)].map((m) => m[0])
/** The times the page offers: its «Elige el horario» section, up to «Ninguno me sirve». */
const pageTimes = (html: string) => appointments(html.slice(html.indexOf('<h2>Elige el horario'), html.indexOf('<h3>Ninguno me sirve')))
/** The times the e-mail lists: its "- " lines. */
const mailTimes = (text: string) => appointments(text.split('\n').filter((l) => l.startsWith('- ')).join('\n'))
const at = (h: WorkspaceHarness, hours: number) => new Date(h.now().getTime() + hours * HOUR)

describe('the panel booking of issue 32', () => {
  it('the offer e-mail and the founder’s page list the same times: a time a panel member has taken elsewhere is refused at the offer, and one taken after the e-mail stays on the page as no longer available', async () => {
    const { h, admin, panelist } = await setUp()
    const first = await atPanel(h, admin)
    const second = await atPanel(h, admin)
    const third = await atPanel(h, admin)
    // The panelist's 48 h is booked by the second founder.
    const two = await offer(h, admin, second.app.id, [panelist.id], [at(h, 48)])
    expect((await post(h, `/postulacion/${second.token}/sesion/reservar`, { time: two.offer!.times[0]!.id })).status).toBe(303)
    await h.deliverMail()

    // Offering the first founder the panelist's 48 h is refused, naming the time; nothing is saved or sent.
    const before = panelRows(h)
    const refused = await h.call('PUT', `/applications/${first.app.id}/panel/offer`, {
      as: admin,
      body: { memberIds: [panelist.id], lengthMinutes: 60, place: { kind: 'video', value: 'https://meet.example/abc' }, times: [at(h, 48), at(h, 72), at(h, 96)].map((t) => t.toISOString()) },
    })
    expect(refused.status).toBe(409)
    const refusal = (await refused.json()) as { error: string; message: string }
    expect(refusal.error).toBe('time_taken')
    expect(refusal.message).toContain(formatWeekdayDateTime(at(h, 48)))
    expect(panelRows(h)).toEqual(before)

    await offer(h, admin, first.app.id, [panelist.id], [at(h, 72), at(h, 96), at(h, 120)])
    const mail = (await h.deliverMail()).find((m) => m.to === first.app.formData.email && m.subject.includes('Horarios para tu sesión'))!
    const listed = mailTimes(mail.text)
    expect(listed).toEqual([72, 96, 120].map((n) => formatWeekdayDateTime(at(h, n))))
    const html = await (await page(h, `/postulacion/${founderTokenFrom(mail.text)}`)).text()
    expect(pageTimes(html)).toEqual(listed)
    expect(html.match(/\/sesion\/reservar"/g)).toHaveLength(3)

    // After the e-mail left, the third founder takes the panelist's 96 h: the page still lists the e-mail's
    // three times, that one marked as no longer available and without its button.
    const three = await offer(h, admin, third.app.id, [panelist.id], [at(h, 96)])
    expect((await post(h, `/postulacion/${third.token}/sesion/reservar`, { time: three.offer!.times[0]!.id })).status).toBe(303)
    const later = await (await page(h, `/postulacion/${first.token}`)).text()
    expect(pageTimes(later)).toEqual(listed)
    expect(later.match(/\/sesion\/reservar"/g)).toHaveLength(2)
    expect(later).toMatch(new RegExp(`${formatWeekdayDateTime(at(h, 96))}[^<]*</span>\\s*<span class="muted">Ya no está disponible`))
  })

  it('a time on a holiday or a weekend is flagged; every date of the session shows its weekday; a change e-mail says the old time and who moved it', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    // The harness's clock: Monday 23 November 2026, 10:00 a. m. in Bogotá.
    const wednesday = new Date('2026-11-25T15:00:00.000Z')
    const saturday = new Date('2026-11-28T15:00:00.000Z')
    const holiday = new Date('2026-12-08T21:00:00.000Z') // martes 8 de diciembre, 4:00 p. m.
    const state = await offer(h, admin, app.id, [panelist.id], [holiday, saturday, wednesday])
    expect(state.warnings).toEqual(
      expect.arrayContaining([
        { startsAt: holiday.toISOString(), message: PANEL_WARNINGS.holiday },
        { startsAt: saturday.toISOString(), message: PANEL_WARNINGS.weekend },
      ]),
    )
    expect(state.warnings.filter((w) => w.startsAt === wednesday.toISOString())).toEqual([])

    // The founder reads the weekday, and that 8 December is a holiday, in the e-mail and on the page alike.
    const timesMail = (await h.deliverMail()).find((m) => m.subject.includes('Horarios para tu sesión'))!
    expect(timesMail.text).toContain('- martes 8 de diciembre de 2026, 4:00\u00a0p.\u00a0m. (día festivo en Colombia)')
    expect(timesMail.text).toContain('- sábado 28 de noviembre de 2026, 10:00\u00a0a.\u00a0m.\n')
    const html = await (await page(h, `/postulacion/${token}`)).text()
    expect(html).toContain('martes 8 de diciembre de 2026, 4:00\u00a0p.\u00a0m. (hora de Bogotá), 60 minutos, día festivo en Colombia')
    expect(html).toContain('miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá), 60 minutos</span>')

    const wednesdayId = state.offer!.times.find((t) => t.startsAt === wednesday.toISOString())!.id
    const saturdayId = state.offer!.times.find((t) => t.startsAt === saturday.toISOString())!.id
    expect((await post(h, `/postulacion/${token}/sesion/reservar`, { time: wednesdayId })).status).toBe(303)
    const booked = await h.deliverMail()
    expect(booked.find((m) => m.to === app.formData.email)!.text).toContain('Fecha y hora: miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá)')
    expect(booked.find((m) => m.to === panelist.email)!.text).toContain('miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá)')
    const calendar = (await h.store.listMessages({ applicationId: app.id })).find((m) => m.calendar)!.calendar!
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(calendar)).getFirstSubcomponent('vevent')!)
    expect(event.description).toContain('miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá)')
    expect(await (await page(h, `/postulacion/${token}`)).text()).toContain('<dd>miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá)</dd>')
    expect(await (await page(h, `/postulacion/${token}/sesion/cancelar`)).text()).toContain('miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m.')

    // The founder moves it: both sides read the old time, and that the founder moved it.
    expect((await post(h, `/postulacion/${token}/sesion/cambiar`, { time: saturdayId })).status).toBe(303)
    const moved = await h.deliverMail()
    const founderMoved = moved.find((m) => m.to === app.formData.email)!.text
    expect(founderMoved).toContain('Fecha y hora: sábado 28 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá)')
    expect(founderMoved).toContain('Antes era el miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá).')
    expect(founderMoved).toContain('La cambiaste tú, desde tu página de estado.')
    const teamMoved = moved.find((m) => m.to === panelist.email)!.text
    expect(teamMoved).toContain('Antes era el miércoles 25 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá).')
    expect(teamMoved).toContain('La cambió la persona fundadora, desde su página de estado.')

    // The team moves it to the holiday: the team reads who, the founder that the team did.
    const res = await h.call('POST', `/applications/${app.id}/panel/session/reschedule`, { as: admin, body: { startsAt: holiday.toISOString() } })
    expect(res.status).toBe(200)
    const byTeam = await h.deliverMail()
    const founderByTeam = byTeam.find((m) => m.to === app.formData.email)!
    expect(founderByTeam.subject).toContain('martes 8 de diciembre de 2026')
    expect(founderByTeam.text).toContain('Antes era el sábado 28 de noviembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá).')
    expect(founderByTeam.text).toContain('La cambió el equipo de Catalítico Media for Equity.')
    expect(founderByTeam.text).toContain('Fecha y hora: martes 8 de diciembre de 2026, 4:00\u00a0p.\u00a0m. (hora de Bogotá), 60 minutos, día festivo en Colombia.')
    expect(await (await page(h, `/postulacion/${founderTokenFrom(founderByTeam.text)}`)).text()).toContain('(hora de Bogotá), día festivo en Colombia</dd>')
    expect(founderByTeam.text).not.toContain('Ana Admin')
    expect(byTeam.find((m) => m.to === panelist.email)!.text).toContain('La cambió Ana Admin.')
  })

  it('a founder’s link books, moves and cancels at most 5 times in 15 minutes, and says «Ninguno me sirve» at most 5 times: then a Spanish page with Retry-After, nothing changed', async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token } = await atPanel(h, admin)
    const state = await offer(h, admin, app.id, [panelist.id], [at(h, 48), at(h, 72)])
    const time = state.offer!.times[0]!.id
    const statuses: number[] = []
    for (let cycle = 0; cycle < 5; cycle++) {
      statuses.push((await post(h, `/postulacion/${token}/sesion/reservar`, { time })).status)
      statuses.push((await post(h, `/postulacion/${token}/sesion/cancelar`, { confirm: '1' })).status)
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429, 429, 429, 429])
    const before = panelRows(h)
    const refused = await post(h, `/postulacion/${token}/sesion/cancelar`, { confirm: '1' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const text = await refused.text()
    expect(text).toContain('role="alert"')
    expect(text).toContain(PANEL_MESSAGES.tooManyChanges)
    expect(panelRows(h)).toEqual(before)
    // Five changes' e-mails (three booked, two cancelled: a founder's own cancellation also tells the team), not thirty.
    const invitations = (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.kind.includes('panel_invitation'))
    expect(invitations).toHaveLength(5 * 2)

    const pressed: number[] = []
    for (let i = 0; i < 10; i++) pressed.push((await post(h, `/postulacion/${token}/sesion/ninguno`, { nota: `intento ${i}` })).status)
    expect(pressed).toEqual([303, 303, 303, 303, 303, 429, 429, 429, 429, 429])
    const told = (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.kind === 'team_founder_activity' && m.subject.includes('Ningún horario'))
    expect(told).toHaveLength(5)

    // The next window opens again (the fifth change booked it: now it can be cancelled).
    h.advance(15 * 60_000)
    expect((await post(h, `/postulacion/${token}/sesion/cancelar`, { confirm: '1' })).status).toBe(303)
  })

  it(`each founder keeps at most ${LIVE_LINKS_PER_APPLICATION} live links: a new e-mail revokes the oldest, whose click lands on a Spanish page offering a new link`, async () => {
    const { h, admin, panelist } = await setUp()
    const { app, token: first } = await atPanel(h, admin)
    const tokens = [first]
    for (let i = 0; i < 13; i++) {
      h.advance(60_000) // a minute between e-mails: "the oldest" is by the time each link was made
      await offer(h, admin, app.id, [panelist.id], [at(h, 48 + i)])
      const mail = (await h.deliverMail()).find((m) => m.to === app.formData.email)!
      tokens.push(founderTokenFrom(mail.text))
    }
    const live = (h.snapshot().founder_links as { application_id: string; revoked_at: string | null }[]).filter((l) => l.application_id === app.id && l.revoked_at === null)
    expect(live).toHaveLength(LIVE_LINKS_PER_APPLICATION)
    for (const t of tokens.slice(-LIVE_LINKS_PER_APPLICATION)) expect((await page(h, `/postulacion/${t}`)).status).toBe(200)
    const old = await page(h, `/postulacion/${first}`)
    expect(old.status).toBe(404)
    const html = await old.text()
    expect(html).toContain('Este enlace no es válido')
    expect(html).toContain('solo funcionan los enlaces de los últimos correos que te enviamos, así que usa el del correo más reciente')
    expect(html).toContain('<a href="/postulacion">Pedir un enlace nuevo</a>')
  })
})
