/**
 * One submission, one write on the founder's pages (ADR 0189),
 * from the outside: each form drawn carries a key in a hidden field; the
 * same form sent twice at once (a double tap, a browser sending it again)
 * books the panel session once, cancels it once, stores the monthly report
 * once, and both answers are the first one (the same redirect). The link in
 * the path is never stored.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { engineOf } from '../../db/engine-of.ts'
import { openFollowUpStore } from '../../db/stores/follow-up-store.ts'
import { founderMailConfigFrom } from '../../compose.ts'
import type { PanelState } from '../../../domain/workspace-api/panel.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { runCheckInMails } from '../follow-up/check-in-job.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})
const HOUR = 3_600_000
const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/

const get = (h: WorkspaceHarness, path: string) => h.app.request(`${SITE}${path}`)
const post = (h: WorkspaceHarness, path: string, form: Record<string, string>) =>
  h.app.request(`${SITE}${path}`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })

/** The hidden fields of the page's form that posts to `action` (and holds `containing`, when given). */
function formFields(html: string, action: string, containing = ''): Record<string, string> {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].filter((m) => m[1]!.endsWith(action) && m[2]!.includes(containing))
  expect(forms.length, `a form posting to ${action}`).toBeGreaterThan(0)
  return Object.fromEntries([...forms[0]![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]))
}

/** The same form sent twice at once: both answered with the same redirect. */
async function twiceAtOnce(h: WorkspaceHarness, path: string, form: Record<string, string>) {
  const answers = await Promise.all([post(h, path, form), post(h, path, form)])
  expect(answers.map((r) => r.status)).toEqual([303, 303])
  expect(answers[1]!.headers.get('location')).toBe(answers[0]!.headers.get('location'))
  return answers[0]!.headers.get('location')
}

async function atPanel(h: WorkspaceHarness, admin: SignedIn) {
  const s = newSubmission({ createdAt: h.now(), email: `fundadora-${crypto.randomUUID().slice(0, 8)}@startup.example` })
  await h.store.saveSubmission(s)
  for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']] as const) {
    expect((await h.call('POST', `/applications/${s.application.id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
  }
  for (const d of (await h.founders.listWaitingDrafts()).filter((d) => d.applicationId === s.application.id)) {
    expect((await h.call('POST', `/founder-mail/drafts/${d.id}/send`, { as: admin, body: {} })).status).toBe(200)
  }
  const mail = (await h.deliverMail()).find((m) => m.to === s.application.formData.email && ANY_LINK.test(m.text))!
  return { app: s.application, token: founderTokenFrom(mail.text) }
}

describe("one write per submission on the founder's pages", () => {
  it('«Ninguno me sirve» pressed twice tells the team once; a time booked twice at once is one session and one invitation each; the cancellation sent twice is one CANCEL each', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const panelist = await h.addMember({ role: 'reviewer' })
    const { app, token } = await atPanel(h, admin)
    const times = [48, 72].map((n) => new Date(h.now().getTime() + n * HOUR).toISOString())
    const offered = await h.call('PUT', `/applications/${app.id}/panel/offer`, { as: admin, body: { memberIds: [panelist.id], lengthMinutes: 60, place: { kind: 'video', value: 'https://meet.example/abc' }, times } })
    const state = (await offered.json()) as PanelState
    const invitations = async (method: string) => (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.calendar && new RegExp(`^METHOD:${method}\\r?$`, 'm').test(m.calendar)).length

    const page = await (await get(h, `/postulacion/${token}`)).text()
    // «Ninguno me sirve» pressed twice: the team is told once.
    const mails = async () => (await h.store.listMessages({ applicationId: app.id })).length
    const beforeNone = await mails()
    expect(await twiceAtOnce(h, `/postulacion/${token}/sesion/ninguno`, { ...formFields(page, '/sesion/ninguno'), nota: 'Solo las tardes.' })).toBe(`/postulacion/${token}?hecho=ninguno`)
    expect(await mails()).toBe(beforeNone + 1)
    const booking = formFields(page, '/sesion/reservar', state.offer!.times[0]!.id)
    expect(await twiceAtOnce(h, `/postulacion/${token}/sesion/reservar`, booking)).toBe(`/postulacion/${token}?hecho=sesion-reservada`)
    // The founder and the panelist, invited once each.
    expect(await invitations('REQUEST')).toBe(2)
    expect(booking.envio).toMatch(/^[0-9a-f-]{36}$/)

    const confirm = await (await get(h, `/postulacion/${token}/sesion/cancelar`)).text()
    const cancel = formFields(confirm, '/sesion/cancelar')
    expect(await twiceAtOnce(h, `/postulacion/${token}/sesion/cancelar`, cancel)).toBe(`/postulacion/${token}?hecho=sesion-cancelada`)
    expect(await invitations('CANCEL')).toBe(2)
    expect(cancel.envio).toMatch(/^[0-9a-f-]{36}$/)
    expect(cancel.envio).not.toBe(booking.envio)
    // What is kept to answer again never holds the link.
    expect(JSON.stringify(h.snapshot().request_keys)).not.toMatch(ANY_LINK)
  })

  it('the monthly report sent twice at once is stored once, and both are thanked', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const signed = await signedThroughApi(h, admin, { email: 'una@startup.example' })
    // The «Acuerdo firmado» welcome sent and delivered: no check-in leaves before it (ADR 0186).
    for (const d of await h.founders.listWaitingDrafts()) expect((await h.call('POST', `/founder-mail/drafts/${d.id}/send`, { as: admin, body: {} })).status).toBe(200)
    await h.deliverMail()
    h.advance(new Date('2027-01-01T12:30:00.000Z').getTime() - h.now().getTime())
    await runCheckInMails({ followUp: openFollowUpStore(engineOf(h.store)), mail: founderMailConfigFrom(h.config), now: () => h.now(), log: () => {} })
    const mail = (await h.deliverMail()).find((m) => m.to === signed.formData.email && m.subject.startsWith('Tu reporte'))!
    const token = founderTokenFrom(mail.text)
    const html = await (await get(h, `/postulacion/${token}/seguimiento`)).text()
    const hidden = formFields(html, '/seguimiento')
    const filled = { ...hidden, ventas: '12.500', activos: '1.250', nuevos: '85', visitas: '', leads: '340', equipo: '6', bien: 'Cerramos con una cadena.', mal: '', necesita: '' }
    expect(await twiceAtOnce(h, `/postulacion/${token}/seguimiento`, filled)).toBe(`/postulacion/${token}/seguimiento?hecho=1`)
    expect(h.store.db.prepare('SELECT month, version FROM check_ins').all()).toEqual([{ month: 1, version: 1 }])
    expect(hidden.envio).toMatch(/^[0-9a-f-]{36}$/)
  })
})
