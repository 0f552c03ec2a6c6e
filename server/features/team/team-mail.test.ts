/**
 * The sign-in and invitation e-mails: their Spanish wording, escaping, and
 * the whole path on real parts (the API on SQLite, the outbox worker, a real
 * SMTP server): the link arrives, and the outbox keeps no copy of it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import { createOutboxWorker } from '../outbox/worker.ts'
import { startSmtpSink } from '../../testing/smtp-sink.ts'
import { tokenFromMail, workspaceHarness, SITE } from '../../testing/workspace-harness.ts'
import { renderInvitationMail, renderSignInMail } from './team-mail.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

const URL_WITH_TOKEN = 'https://catalitico.example/equipo/entrar#token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'

describe('workspace e-mails', () => {
  it('sign-in: the link, its 15 minutes, where to ask for a new one; values escaped and on one line', () => {
    const mail = renderSignInMail({ name: 'Ana <b>"Pérez"</b>\r\nBcc: x@evil.example', url: URL_WITH_TOKEN, workspaceUrl: 'https://catalitico.example/equipo' })
    expect(mail.subject).toBe('Tu enlace para entrar al espacio del equipo de Catalítico Media for Equity')
    expect(mail.text).toContain(`${URL_WITH_TOKEN}\n`)
    expect(mail.text).toContain('El enlace vence en 15 minutos y sirve una sola vez.')
    expect(mail.text).toContain('Si ya venció, pide uno nuevo en https://catalitico.example/equipo')
    expect(mail.text).toContain('Hola, Ana <b>"Pérez"</b> Bcc: x@evil.example:')
    expect(mail.html).toContain('Ana &lt;b&gt;&quot;Pérez&quot;&lt;/b&gt; Bcc: x@evil.example')
    expect(mail.html).not.toContain('<b>"Pérez"')
    expect(mail.html).toContain(`href="${URL_WITH_TOKEN}"`)
    expect(mail.html).toContain('lang="es-CO"')
  })

  it('invitation: who invited, the role in Spanish, the link block with its 7 days', () => {
    const mail = renderInvitationMail({
      name: 'Beto',
      url: URL_WITH_TOKEN,
      workspaceUrl: 'https://catalitico.example/equipo',
      role: 'reviewer',
      invitedBy: 'Ana & Co',
    })
    expect(mail.subject).toBe('Te invitaron al espacio del equipo de Catalítico Media for Equity')
    expect(mail.text).toContain('Ana & Co te invitó al espacio del equipo')
    expect(mail.text).toContain('Tu rol: evaluación.')
    expect(mail.html).toContain('Ana &amp; Co te invitó')
    // An invitation lasts days, not a sign-in link's minutes, and says so.
    expect(mail.text).toContain('La invitación vence en 7 días y el enlace sirve una sola vez.')
    expect(mail.html).toContain('La invitación vence en 7 días')
    expect(mail.text).not.toContain('minutos')
    const fromCli = renderInvitationMail({ name: 'Ana', url: URL_WITH_TOKEN, workspaceUrl: 'x', role: 'admin', invitedBy: null })
    expect(fromCli.text).toContain('Te invitaron al espacio del equipo')
    expect(fromCli.text).toContain('Tu rol: administración.')
  })

  it('leaves through the outbox worker over real SMTP, and the outbox then holds no link', async () => {
    const h = await workspaceHarness()
    cleanups.push(() => h.dispose())
    const smtp = await startSmtpSink()
    cleanups.push(() => smtp.close())
    await h.addMember({ email: 'ana@catalitico.example', name: 'Ana' })
    expect((await h.call('POST', '/auth/link', { body: { email: 'ana@catalitico.example' } })).status).toBe(202)

    const sender = createSmtpSender(smtp.url, { timeoutSeconds: 2 })
    const worker = createOutboxWorker({ store: h.store, sender, siteOrigin: SITE, workerId: 'test', maxAttempts: 3, log: () => {}, clock: h.now })
    cleanups.push(async () => {
      await worker.stop()
      await sender.close()
    })
    expect(await worker.runUntilIdle()).toBe(1)

    expect(smtp.received).toHaveLength(1)
    const [received] = smtp.received
    expect(received!.envelopeTo).toEqual(['ana@catalitico.example'])
    const token = tokenFromMail(received!.parsed.text!)
    expect(received!.parsed.html).toContain(`${SITE}/equipo/entrar#token=${token}`)

    const [stored] = await h.store.listMessages()
    expect(stored).toMatchObject({ status: 'sent', text: '', html: '', to: 'ana@catalitico.example' })
    expect(JSON.stringify(h.snapshot())).not.toContain(token)
    // The link still works: the e-mail was the only copy.
    expect((await h.call('POST', '/auth/link/complete', { body: { token } })).status).toBe(200)
  })
})
