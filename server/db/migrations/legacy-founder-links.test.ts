/**
 * The migration that takes founder links out of stored e-mails (SQLite 14,
 * PostgreSQL 20261125100000; ADR 0117), on both engines, over rows as the
 * code before it wrote them: a waiting draft and an unsent e-mail each held
 * a live link; an e-mail already sent had brought the founder another.
 * Afterwards no founder loses access: the sent link still opens the page,
 * and the unsent e-mail leaves with a new one; the two links anyone on the
 * team could read stop working.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PostalMime from 'postal-mime'
import { describe, expect, it } from 'vitest'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { hashFounderToken, resolveFounderToken } from '../../shared/auth/founder-link.ts'
import { createFileSender } from '../../shared/mail/file-sender.ts'
import { createOutboxWorker } from '../../features/outbox/worker.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { randomToken } from '../../shared/auth/tokens.ts'
import { openWorkspaceStores } from '../stores/open-workspace-stores.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import type { ApplicationStore } from '../stores/application-store.ts'

const SITE = 'https://catalitico.example'
const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/
const postgres = await requirePostgres()

async function legacyRowsThenMigration(db: TestDatabase<ApplicationStore>, rerun: () => Promise<void>) {
  const sub = newSubmission()
  await db.store.saveSubmission(sub)
  const id = sub.application.id
  const [sent, inDraft, inOutbox] = [randomToken(), randomToken(), randomToken()]
  const now = new Date().toISOString()
  for (const token of [sent, inDraft, inOutbox]) {
    await db.exec('INSERT INTO founder_links (token_hash, application_id, created_at) VALUES (?, ?, ?)', [hashFounderToken(token), id, now])
  }
  const url = (token: string) => `${SITE}/postulacion/${token}`
  await db.exec(
    `INSERT INTO founder_mail_drafts (id, application_id, kind, recipient, subject, text_body, html_body, status, created_at)
     VALUES (?, ?, 'sesion_panel', ?, 'Avanzas', ?, ?, 'draft', ?)`,
    [crypto.randomUUID(), id, sub.application.formData.email, `Tu página:\n${url(inDraft)}\n\nGracias`, `<p><a href="${url(inDraft)}" style="x">Ver</a></p>`, now],
  )
  await db.exec(
    `INSERT INTO outbox (id, application_id, kind, message_id, sender, recipient, subject, text_body, html_body, redact_after_send, next_attempt_at, created_at)
     VALUES (?, ?, 'founder_status', ?, 'equipo@catalitico.example', ?, 'Empezamos la due diligence', ?, ?, ?, ?, ?)`,
    [crypto.randomUUID(), id, `<${crypto.randomUUID()}@catalitico.example>`, sub.application.formData.email, `Súbelos:\n${url(inOutbox)}`, `<a href="${url(inOutbox)}">${url(inOutbox)}</a>`, db.store.kind === 'sqlite' ? 1 : true, now, now],
  )

  await rerun()

  const founders = openWorkspaceStores(db.store).founder
  expect((await resolveFounderToken(founders, sent))?.applicationId).toBe(id)
  expect(await resolveFounderToken(founders, inDraft)).toBeNull()
  expect(await resolveFounderToken(founders, inOutbox)).toBeNull()

  const [draft] = await founders.listWaitingDrafts()
  expect(draft!.text).toBe(`Tu página:\n${PERSONAL_LINK_PLACEHOLDER}\n\nGracias`)
  expect(draft!.html).toBe(`<p><a href="${PERSONAL_LINK_PLACEHOLDER}" style="x">Ver</a></p>`)
  const [pending] = (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind === 'founder_status')
  expect([pending!.text, pending!.html]).toEqual([`Súbelos:\n${PERSONAL_LINK_PLACEHOLDER}`, `<a href="${PERSONAL_LINK_PLACEHOLDER}">${PERSONAL_LINK_PLACEHOLDER}</a>`])
  for (const table of ['founder_mail_drafts', 'outbox', 'founder_links']) {
    expect(JSON.stringify(await db.all(`SELECT * FROM ${table}`)), table).not.toMatch(ANY_LINK)
  }

  // The unsent e-mail leaves with a new link of its own, which opens the page.
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-legacy-links-'))
  try {
    await createOutboxWorker({ store: db.store, sender: createFileSender(dir), siteOrigin: SITE, maxAttempts: 1 }).runUntilIdle()
    const file = readdirSync(dir).find((f) => f.includes('founder_status'))!
    const mail = await PostalMime.parse(readFileSync(join(dir, file), 'utf8'))
    const fresh = new RegExp(`^Súbelos:\\n${SITE}/postulacion/([A-Za-z0-9_-]{43})$`).exec(mail.text!.trim())![1]!
    expect((await resolveFounderToken(founders, fresh))?.applicationId).toBe(id)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the migration that takes founder links out of stored e-mails', () => {
  const onSqlite = harnessPerTest(freshSqliteDatabase)
  const onPostgres = harnessPerTest(() => freshPostgresDatabase())

  it('on SQLite', async () => {
    const db = await onSqlite()
    await legacyRowsThenMigration(db, async () => {
      await db.exec('DELETE FROM schema_migrations WHERE version = 14')
      await db.store.migrate()
    })
  })

  it.skipIf(!postgres)('on PostgreSQL', async () => {
    const db = await onPostgres()
    await legacyRowsThenMigration(db, async () => {
      await db.exec("DELETE FROM supabase_migrations.schema_migrations WHERE version = '20261125100000'")
      await db.store.migrate()
    })
  })
})
