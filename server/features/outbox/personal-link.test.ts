/**
 * The outbox worker makes a founder's personal link as the e-mail leaves
 * (ADR 0117), through a real SMTP server: the link is in what the server
 * received and nowhere in the database but as a hash; an e-mail the server
 * refused takes its link back; an e-mail to anyone else never gets one, even
 * when the founder's own words hold the placeholder's text.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { hashFounderToken, resolveFounderToken } from '../../shared/auth/founder-link.ts'
import { outboxMessage } from '../../shared/mail/founder-mail.ts'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import type { SqliteStore } from '../../db/sqlite-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'
import { freshSqliteDatabase, type TestDatabase } from '../../db/testing/store-databases.ts'
import { createOutboxWorker } from './worker.ts'

const SITE = 'https://catalitico.example'
const MAIL = {
  from: 'Catalítico <postulaciones@catalitico.example>',
  replyTo: 'postulaciones@catalitico.example',
  company: { legalName: 'Catalítico Ventures S.A.S.', website: SITE, contactEmail: 'postulaciones@catalitico.example' },
  siteOrigin: SITE,
}
const LINK = new RegExp(`${SITE}/postulacion/([A-Za-z0-9_-]{43})`)

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function setUp(sinkOptions: Parameters<typeof startSmtpSink>[0] = {}) {
  const db: TestDatabase<SqliteStore> = await freshSqliteDatabase()
  cleanups.push(() => db.dispose())
  const sink: SmtpSink = await startSmtpSink(sinkOptions)
  cleanups.push(() => sink.close())
  const sender = createSmtpSender(sink.url, { timeoutSeconds: 2 })
  cleanups.push(() => sender.close())
  const worker = createOutboxWorker({ store: db.store, sender, siteOrigin: SITE, maxAttempts: 1 })
  const sub = newSubmission()
  await db.store.saveSubmission(sub)
  const founders = openWorkspaceStores(db.store).founder
  const queue = (kind: 'founder_status' | 'team_notification', to: string) =>
    founders.queueMessage(
      sub.application.id,
      outboxMessage(kind, to, { subject: kind, text: `Tu página:\n${PERSONAL_LINK_PLACEHOLDER}`, html: `<a href="${PERSONAL_LINK_PLACEHOLDER}">Ver</a>` }, MAIL),
      new Date(),
    )
  return { db, sink, worker, founders, application: sub.application, queue }
}

describe('the founder link made as the e-mail leaves', () => {
  it('is in the e-mail the mail server received, in both parts, and stored only as its hash', async () => {
    const { db, sink, worker, founders, application, queue } = await setUp()
    await queue('founder_status', application.formData.email)
    await worker.runUntilIdle()
    const [mail] = sink.received.filter((m) => m.parsed.subject === 'founder_status')
    const token = LINK.exec(mail!.parsed.text!)![1]!
    expect(mail!.parsed.html).toContain(`href="${SITE}/postulacion/${token}"`)
    expect(mail!.parsed.text).not.toContain(PERSONAL_LINK_PLACEHOLDER)
    expect((await resolveFounderToken(founders, token))?.applicationId).toBe(application.id)
    expect(await db.all('SELECT token_hash FROM founder_links')).toEqual([{ token_hash: hashFounderToken(token) }])
    // The sent row keeps what the team wrote, placeholder and all; the token is nowhere.
    const [row] = (await db.store.listMessages({ applicationId: application.id })).filter((m) => m.kind === 'founder_status')
    expect([row!.status, row!.text]).toEqual(['sent', `Tu página:\n${PERSONAL_LINK_PLACEHOLDER}`])
    for (const table of ['outbox', 'founder_mail_drafts', 'founder_links', 'applications', 'audit_log']) {
      expect(JSON.stringify(await db.all(`SELECT * FROM ${table}`)), table).not.toContain(token)
    }
  })

  it('is taken back when the mail server refuses the e-mail, and a retry makes a new one', async () => {
    let refuse = true
    const { db, sink, worker, founders, application, queue } = await setUp({ rejectRecipient: () => refuse })
    await queue('founder_status', application.formData.email)
    await worker.runUntilIdle()
    const [failed] = (await db.store.listMessages({ status: 'failed' })).filter((m) => m.kind === 'founder_status')
    expect(failed).toBeDefined()
    expect(await db.count('founder_links')).toBe(0)

    // "Reenviar" in Estado del sistema: the body held no secret, so it can go again, with a link of its own.
    refuse = false
    await db.exec("UPDATE outbox SET status = 'pending', attempts = 0, settled_at = NULL WHERE id = ?", [failed!.id])
    await worker.runUntilIdle()
    const token = LINK.exec(sink.received.at(-1)!.parsed.text!)![1]!
    expect((await resolveFounderToken(founders, token))?.applicationId).toBe(application.id)
    expect(await db.count('founder_links')).toBe(1)
  })

  it("never goes to anyone but the founder: a team e-mail (which may quote the founder's words) keeps the placeholder as plain text", async () => {
    const { db, sink, worker, queue } = await setUp()
    await queue('team_notification', 'equipo@catalitico.example')
    await worker.runUntilIdle()
    const [mail] = sink.received.filter((m) => m.parsed.subject === 'team_notification')
    expect(mail!.envelopeTo).toEqual(['equipo@catalitico.example'])
    expect(mail!.parsed.text).toContain(PERSONAL_LINK_PLACEHOLDER)
    expect(mail!.parsed.text).not.toMatch(/\/postulacion\//)
    expect(await db.count('founder_links')).toBe(0)
  })
})
