/**
 * The signature and the follow-up it starts («What a stage change does, finished», its second
 * point), from the outside: the «Acuerdo firmado» welcome tells the founder about their media plan and
 * their monthly report, with the deal's own dates; a follow-up start in the past asks the admin for a
 * confirmation, at the signature and at a correction that moves it there (nothing changes without it).
 * That no check-in leaves before this welcome is server/features/follow-up/check-in-job.test.ts's.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DEAL_BODY } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

/** An application at «Due diligence y acuerdo», moved there through the API (the harness's day: 23 November 2026). */
async function atDueDiligence(h: WorkspaceHarness, admin: SignedIn) {
  const s = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(s)
  for (const [from, to] of [
    ['recibida', 'validacion_preliminar'],
    ['validacion_preliminar', 'sesion_panel'],
    ['sesion_panel', 'due_diligence'],
  ]) {
    expect((await h.call('POST', `/applications/${s.application.id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
  }
  return s.application
}

const sign = (h: WorkspaceHarness, admin: SignedIn, id: string, deal: Record<string, unknown>) =>
  h.call('POST', `/applications/${id}/transitions`, {
    as: admin,
    body: { from: 'due_diligence', to: 'acuerdo_firmado', missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' }, deal },
  })

async function setUp() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  return { h, admin }
}

describe('the signature and its follow-up', () => {
  it('the welcome tells the founder about the media plan and the monthly report, with the deal\'s dates', async () => {
    const { h, admin } = await setUp()
    const app = await atDueDiligence(h, admin)
    // DEAL_BODY: exposure from 15 January 2027 for 9 months; follow-up from 1 December 2026.
    expect((await sign(h, admin, app.id, DEAL_BODY)).status).toBe(200)
    const welcome = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id && d.kind === 'acuerdo_firmado')!
    expect(welcome.text).toContain('Tu plan de medios')
    expect(welcome.text).toContain('Tu exposición en medios va del 15 de enero de 2027 al 14 de octubre de 2027 (9 meses).')
    expect(welcome.text).toContain('«Tu plan de medios»')
    expect(welcome.text).toContain('Tu reporte mensual')
    expect(welcome.text).toContain('El primero, el de diciembre de 2026, se abre el 1 de enero de 2027, cuando te enviamos el enlace por correo, y vence el 10 de enero de 2027.')
  })

  it('a first report already open: the welcome says its due day and its last day, as the status page does', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    // The harness's day is 23 November 2026: November's report opens on 1 December, which the welcome would name
    // as upcoming; a start on 1 November, signed on 3 December, has November's open, due on the 10th.
    h.advance(new Date('2026-12-03T15:00:00.000Z').getTime() - h.now().getTime())
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const app = await atDueDiligence(h, admin)
    expect((await sign(h, admin, app.id, { ...DEAL_BODY, followUpStart: '2026-11-01', confirmPastFollowUpStart: true })).status).toBe(200)
    const welcome = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id && d.kind === 'acuerdo_firmado')!
    expect(welcome.text).toContain('El primero, el de noviembre de 2026, ya está abierto: te enviaremos el enlace por correo; vence el 10 de diciembre de 2026 y puedes corregirlo hasta el 31 de diciembre de 2026.')
  })

  it('a follow-up start in the past asks for the admin\'s confirmation, at the signature and at a correction that moves it there', async () => {
    const { h, admin } = await setUp()
    const app = await atDueDiligence(h, admin)
    const before = h.snapshot()
    const refused = await sign(h, admin, app.id, { ...DEAL_BODY, followUpStart: '2026-10-01' })
    expect(refused.status).toBe(422)
    const body = (await refused.json()) as { issues: { path: string; message: string }[] }
    expect(body.issues).toEqual([{ path: 'deal.followUpStart', message: expect.stringContaining('El seguimiento empezaría el 1 de octubre de 2026, antes de hoy') }])
    expect(h.snapshot().applications).toEqual(before.applications)
    expect(h.snapshot().deals).toEqual([])

    expect((await sign(h, admin, app.id, { ...DEAL_BODY, followUpStart: '2026-10-01', confirmPastFollowUpStart: true })).status).toBe(200)
    // October's check-in opened before the deal was recorded: open, never late nor unanswered.
    const followUp = (await (await h.call('GET', `/applications/${app.id}/follow-up`, { as: admin })).json()) as { followUp: { months: { number: number; state: string }[] } }
    expect(followUp.followUp.months.slice(0, 2).map((m) => m.state)).toEqual(['open', 'upcoming'])
    // The welcome gives it the days the status page gives it: its due day has passed, so its last day.
    const welcome = (await h.founders.listWaitingDrafts()).find((d) => d.applicationId === app.id && d.kind === 'acuerdo_firmado')!
    expect(welcome.text).toContain('El primero, el de octubre de 2026, ya está abierto: te enviaremos el enlace por correo; puedes enviarlo hasta el 30 de noviembre de 2026.')
    // And the status page says the same, never "vence" of a day gone by.
    expect((await h.call('POST', `/founder-mail/drafts/${welcome.id}/send`, { as: admin, body: {} })).status).toBe(200)
    const sent = (await h.deliverMail()).find((m) => m.subject.includes('acuerdo firmado'))!
    const page = (await (await h.app.request(`${SITE}/postulacion/${founderTokenFrom(sent.text)}`)).text()).replace(/<[^>]+>/g, '')
    expect(page).toContain('Reporte de octubre de 2026 (mes 1): puedes enviarlo hasta el 30 de noviembre de 2026.')
    expect(page).not.toContain('vence el 10 de noviembre')

    // A correction keeping the start asks nothing; one moving it further back asks again.
    const kept = await h.call('PUT', `/applications/${app.id}/deal`, { as: admin, body: { ...DEAL_BODY, followUpStart: '2026-10-01', equityPercent: '5' } })
    expect(kept.status).toBe(200)
    const moved = await h.call('PUT', `/applications/${app.id}/deal`, { as: admin, body: { ...DEAL_BODY, followUpStart: '2026-09-01' } })
    expect(moved.status).toBe(422)
    expect(((await moved.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['deal.followUpStart'])
    expect((await h.call('PUT', `/applications/${app.id}/deal`, { as: admin, body: { ...DEAL_BODY, followUpStart: '2026-09-01', confirmPastFollowUpStart: true } })).status).toBe(200)
  })
})
