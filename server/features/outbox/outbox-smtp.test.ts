/**
 * The whole path on real parts: the app in-process on a real SQLite file, the
 * outbox worker, the nodemailer SMTP sender, and a real SMTP server in the
 * test process.
 */
import { formatMoney } from '../../../domain/format.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { DUE_DILIGENCE_DOCUMENTS, PROCESS_STAGES, PROGRAMME_NAME } from '../../../domain/programme.ts'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import { apiHarness, type ApiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'
import { startSmtpSink } from '../../testing/smtp-sink.ts'
import { freePort } from '../../../e2e/fixtures/server.ts'
import { createOutboxWorker, type OutboxWorkerOptions } from './worker.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function setup(env: Record<string, string> = {}) {
  const h = await apiHarness({ TEAM_EMAIL: 'equipo@catalitico.example', ...env })
  cleanups.push(() => h.dispose())
  return h
}
async function sink(options: Parameters<typeof startSmtpSink>[0] = {}) {
  const s = await startSmtpSink(options)
  cleanups.push(() => s.close())
  return s
}
function worker(h: ApiHarness, smtpUrl: string, options: Partial<Omit<OutboxWorkerOptions, 'siteOrigin'>> = {}) {
  const sender = createSmtpSender(smtpUrl, { timeoutSeconds: 2 })
  const logs: Record<string, unknown>[] = []
  const w = createOutboxWorker({
    store: h.store,
    sender,
    siteOrigin: 'https://catalitico.example',
    maxAttempts: 5,
    pollIntervalMs: 20,
    backoff: { baseMs: 40, maxMs: 200 },
    log: (e) => void logs.push(e),
    ...options,
  })
  cleanups.push(async () => {
    await w.stop()
    await sender.close()
  })
  return Object.assign(w, { logs })
}
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('e-mails of a submission over real SMTP', () => {
  it('delivers the confirmation to the applicant and the notification to the team, with escaped content', async () => {
    const h = await setup()
    const smtp = await sink()
    const body = validBody({
      tradeName: 'Andina <script>alert("x")</script> & Cía\r\nBcc: victima@evil.example',
      problemSolution: 'Usamos <b>negritas</b> y "comillas" & más\nen dos líneas',
      founderName: 'José "Pepe" <Ñáñez>',
    })
    const res = await h.post(body)
    const { id, reference } = (await res.json()) as { id: string; reference: string }

    expect(await worker(h, smtp.url).runUntilIdle()).toBe(2)

    expect(smtp.received).toHaveLength(2)
    const confirmation = smtp.received.find((m) => m.envelopeTo.includes(body.formData.email))!
    const notification = smtp.received.find((m) => m.envelopeTo.includes('equipo@catalitico.example'))!
    // Exactly one recipient each: the line break in the trade name added no Bcc.
    expect(confirmation.envelopeTo).toEqual([body.formData.email])
    expect(notification.envelopeTo).toEqual(['equipo@catalitico.example'])
    for (const mail of [confirmation, notification]) {
      expect(mail.header('bcc')).toBeUndefined()
      const headerBlock = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))
      expect(headerBlock).not.toMatch(/^Bcc:/im)
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/)
      expect(mail.parsed.subject).toContain(reference)
      expect(mail.parsed.html).not.toContain('<script>')
      expect(mail.parsed.html).not.toContain('<b>negritas</b>')
      expect(mail.parsed.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cía')
      expect(mail.parsed.html).toContain('Usamos &lt;b&gt;negritas&lt;/b&gt; y &quot;comillas&quot; &amp; más<br>en dos líneas')
      expect(mail.parsed.text).toContain('Usamos <b>negritas</b> y "comillas" & más')
    }

    expect(confirmation.parsed.to).toEqual([{ address: body.formData.email, name: '' }])
    expect(confirmation.parsed.from).toMatchObject({ address: 'postulaciones@catalitico.example' })
    expect(confirmation.parsed.subject).toBe(`Recibimos tu postulación a ${PROGRAMME_NAME} (${reference})`)
    for (const stage of PROCESS_STAGES) {
      expect(confirmation.parsed.text).toContain(`${stage.title} (${stage.duration})`)
      expect(confirmation.parsed.html).toContain(stage.title)
    }
    for (const doc of DUE_DILIGENCE_DOCUMENTS) expect(confirmation.parsed.text).toContain(`- ${doc}`)
    expect(confirmation.parsed.text).toContain(body.formData.mediaExpectations)
    expect(confirmation.parsed.text).toContain('Producto en vivo')

    expect(notification.parsed.replyTo).toEqual([{ address: body.formData.email, name: '' }])
    expect(notification.parsed.subject).toContain('Nueva postulación: Andina <script>')
    for (const label of ['Razón social', 'Correo electrónico', 'Teléfono o WhatsApp', 'Etapa del producto', 'Canales de venta']) {
      expect(notification.parsed.text).toContain(label)
    }
    expect(notification.parsed.text).toContain(body.formData.phone)
    expect(notification.parsed.text).toContain(formatMoney(Number(body.formData.revenue), 'USD'))

    const stored = await h.store.listMessages({ applicationId: id })
    expect(stored.every((m) => m.status === 'sent')).toBe(true)
    expect(stored.map((m) => m.messageId).sort()).toEqual(smtp.received.map((m) => m.parsed.messageId).sort())
  })

  it('answers 200 while SMTP is down, and delivers both e-mails once it is back', async () => {
    const port = await freePort()
    const h = await setup()
    const w = worker(h, `smtp://127.0.0.1:${port}`)
    w.start()

    const res = await h.post(validBody())
    expect(res.status).toBe(200)
    await waitFor(async () => (await h.store.listMessages()).every((m) => m.lastError !== null))
    expect((await h.store.listMessages()).map((m) => m.status)).toEqual(['pending', 'pending'])
    expect(w.logs.some((l) => l.msg === 'mail transport unavailable')).toBe(true)

    const smtp = await sink({ port })
    await waitFor(() => smtp.received.length >= 2)
    await waitFor(async () => (await h.store.listMessages({ status: 'sent' })).length === 2)
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.received).toHaveLength(2)
    // An outage is not the message's fault: no attempt was counted against them.
    expect((await h.store.listMessages()).map((m) => m.attempts)).toEqual([0, 0])
  })

  it('marks an address that keeps failing as failed after N attempts and logs it without personal data', async () => {
    const h = await setup()
    const body = validBody()
    const smtp = await sink({ rejectRecipient: (a) => a === body.formData.email })
    const w = worker(h, smtp.url, { maxAttempts: 3 })
    await h.post(body)
    w.start()

    await waitFor(async () => (await h.store.listMessages({ status: 'failed' })).length === 1)
    const [failed] = await h.store.listMessages({ status: 'failed' })
    expect(failed).toMatchObject({ kind: 'applicant_confirmation', attempts: 3 })
    expect(failed!.lastError).toMatch(/^550 /)
    await waitFor(async () => (await h.store.listMessages({ status: 'sent' })).length === 1)
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([['equipo@catalitico.example']])

    const given = w.logs.filter((l) => l.msg === 'e-mail failed for good')
    expect(given).toEqual([expect.objectContaining({ level: 'error', outboxId: failed!.id, applicationId: failed!.applicationId, attempts: 3 })])
    expect(w.logs.filter((l) => l.msg === 'e-mail refused, will retry')).toHaveLength(2)
    expect(JSON.stringify(w.logs)).not.toContain(body.formData.email)
  })

  it('finishes the send in flight when stopped', async () => {
    const h = await setup()
    const smtp = await sink({ delayMs: 300 })
    const w = worker(h, smtp.url, { batchSize: 1 })
    await h.post(validBody())
    w.start()
    await waitFor(async () => (await h.store.listMessages()).some((m) => m.claimedBy !== null))
    await w.stop()
    const messages = await h.store.listMessages()
    expect(messages.filter((m) => m.status === 'sent')).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
    // The other one is left pending and unclaimed, for the next worker.
    expect(messages.filter((m) => m.status === 'pending' && m.claimedBy === null)).toHaveLength(1)
  })

  it('sends a message whose worker died once its lease expires, with the same Message-ID', async () => {
    const h = await setup()
    const smtp = await sink()
    await h.post(validBody())
    const claimedAt = new Date()
    const claimed = await h.store.claimDueMessages('dead-worker', claimedAt, 10, 30_000)
    expect(claimed).toHaveLength(2)
    let now = new Date(claimedAt.getTime() + 29_999)
    const w = worker(h, smtp.url, { clock: () => now })
    expect(await w.runUntilIdle()).toBe(0)
    now = new Date(claimedAt.getTime() + 30_000)
    expect(await w.runUntilIdle()).toBe(2)
    expect(smtp.received.map((m) => m.parsed.messageId).sort()).toEqual(claimed.map((m) => m.messageId).sort())
  })

  it('gives way to requests in flight: one e-mail at a time, then full speed once they are done', async () => {
    const h = await setup()
    const smtp = await sink()
    for (let i = 0; i < 3; i++) await h.post(validBody())
    let busy = true
    const w = worker(h, smtp.url, { yieldTo: { busy: () => busy, maxDeferMs: 300 } })
    w.start()
    await waitFor(() => smtp.received.length >= 1)
    await new Promise((r) => setTimeout(r, 450))
    // One e-mail per 300 ms at most while busy: a slow machine can only make it fewer.
    expect(smtp.received.length).toBeLessThanOrEqual(3)
    busy = false
    await waitFor(() => smtp.received.length === 6, 2000)
  })
})
