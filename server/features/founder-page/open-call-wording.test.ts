/**
 * The call is open all year: no e-mail or page a founder reads
 * speaks of a cohort or of a next call. The rejection and the withdrawal say
 * the founder can apply again whenever they are ready.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { STATUS_MAIL_KINDS } from '../../../domain/founder-mail.ts'
import { renderStatusMail } from '../review/stage-mail.ts'
import { renderNewLinkMail } from './new-link-mail.ts'
import { renderSubmissionMails } from '../submission/mails.ts'
import { newSubmission, validApplication } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

/** Wording that implies cohorts or a call that closes. */
const CLOSED_CALL = /cohorte|pr[oó]xima convocatoria|convocatoria (?:cerrada|cierra)|siguiente convocatoria/i
const OPEN_ALL_YEAR = 'La convocatoria está abierta todo el año'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const ctx = {
  reference: 'CAT-2026-7KQ3XZ',
  founderName: 'Ana',
  tradeName: 'Huerta Viva',
  statusUrl: `${SITE}/postulacion/${'A'.repeat(43)}`,
  company: DEFAULT_COMPANY,
  policyVersion: '2026-11-23',
}

describe('the call is open all year, in every e-mail and page a founder reads', () => {
  it.each(STATUS_MAIL_KINDS)('%s: no cohort, no "próxima convocatoria"', (kind) => {
    const mail = renderStatusMail(kind, ctx)
    expect(mail.subject + mail.text + mail.html).not.toMatch(CLOSED_CALL)
  })

  it('the rejection and the withdrawal say the call is open all year', () => {
    expect(renderStatusMail('no_seleccionada', ctx).text).toContain(`${OPEN_ALL_YEAR}: puedes volver a postular`)
    expect(renderStatusMail('retirada', ctx).text).toContain('la convocatoria está abierta todo el año y puedes volver a postular')
  })

  it('neither the new-link e-mail nor the submission e-mails speak of cohorts', () => {
    const link = renderNewLinkMail(ctx)
    const { confirmation, notification } = renderSubmissionMails(
      { reference: ctx.reference, receivedAt: new Date(), formData: validApplication(), policyVersion: ctx.policyVersion },
      { from: 'Catalítico <postulaciones@catalitico.example>', teamEmail: 'equipo@catalitico.example', company: DEFAULT_COMPANY },
    )
    for (const mail of [link, confirmation, notification]) expect(mail.text + mail.html).not.toMatch(CLOSED_CALL)
  })

  it("a not-selected founder's status page says they can apply again any time", async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    expect((await h.call('PUT', '/founder-mail/settings', { as: admin, body: { kind: 'no_seleccionada', sendImmediately: true } })).status).toBe(200)
    const s = newSubmission({ createdAt: h.now() })
    await h.store.saveSubmission(s)
    const res = await h.call('POST', `/applications/${s.application.id}/transitions`, { as: admin, body: { from: 'recibida', to: 'no_seleccionada' } })
    expect(res.status).toBe(200)
    const mail = (await h.deliverMail()).find((m) => m.to === s.application.formData.email && /\/postulacion\//.test(m.text))!
    const page = await (await h.app.request(`${SITE}/postulacion/${founderTokenFrom(mail.text)}`)).text()
    expect(page).toContain('no fue seleccionada')
    expect(page).toContain('la convocatoria está abierta todo el año')
    expect(page).not.toMatch(CLOSED_CALL)
  })
})
