/**
 * The overview's "Estado del sistema" through the whole workspace API (real
 * SQLite file, real session and CSRF middleware, the real outbox worker
 * sending to a real SMTP sink that refuses one founder's address).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'
import { backupJobFrom } from '../backup/compose.ts'
import { slotOf } from '../backup/schedule.ts'
import { INTERRUPTED_AFTER_MS, INTERRUPTED_ERROR, openBackupRuns, type BackupRuns, type BackupStatusReader } from '../../db/stores/backup-runs.ts'
import { memoryBackupStatus } from '../../testing/memory-backup-status.ts'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import { createOutboxWorker } from '../outbox/worker.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts'
import { SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const harnesses: WorkspaceHarness[] = []
const sinks: SmtpSink[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
  while (sinks.length) await sinks.pop()!.close()
})
const HOUR = 3_600_000

async function setUp(options: { backups?: BackupStatusReader } = {}) {
  const h = await workspaceHarness({}, options.backups ? { backups: options.backups } : {})
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  return { h, admin, reviewer }
}

/** An application whose founder's address the mail server refuses: its confirmation fails for good. */
async function failedConfirmation(h: WorkspaceHarness) {
  const sink = await startSmtpSink({ rejectRecipient: (a) => a.startsWith('rebota') })
  sinks.push(sink)
  const sub = newSubmission({ createdAt: h.now(), email: 'rebota@startup.example' })
  await h.store.saveSubmission(sub)
  const sender = createSmtpSender(sink.url)
  const worker = createOutboxWorker({ store: h.store, sender, siteOrigin: SITE, maxAttempts: 1, clock: () => h.now() })
  await worker.runUntilIdle()
  await sender.close()
  return sub.application
}

type Machinery = {
  backup: { state: string; attention: boolean; last: unknown; lastSuccessful: unknown }
  mail: {
    failed: { total: number; attention: boolean; items: { id: string; applicationId: string | null; reference: string | null; retryable: boolean; lastError: string }[] }
    waiting: { count: number; oldestAgeSeconds: number | null; attention: boolean }
  }
}

describe('Estado del sistema', () => {
  it('without a backup record: says none is recorded, and that nothing waits', async () => {
    const { h, admin } = await setUp()
    const res = await h.call('GET', '/overview/machinery', { as: admin })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Machinery
    expect(body.backup).toEqual({ state: 'none', attention: true, last: null, lastSuccessful: null })
    expect(body.mail.failed).toEqual({ total: 0, attention: false, items: [] })
    expect(body.mail.waiting).toMatchObject({ count: 0, oldestAgeSeconds: null, attention: false })
  })

  it('the last backup: the first one running, ok, failed with its error, stale after 48 hours', async () => {
    const backups = memoryBackupStatus()
    const { h, admin } = await setUp({ backups })
    const state = async () => ((await (await h.call('GET', '/overview/machinery', { as: admin })).json()) as Machinery).backup
    const first = { startedAt: h.now().toISOString(), finishedAt: null, status: 'running' as const, sizeBytes: null, file: null, error: null }
    backups.record(first)
    expect(await state()).toEqual({ state: 'running', attention: false, last: first, lastSuccessful: null })
    const ok = { startedAt: new Date(h.now().getTime() - HOUR).toISOString(), finishedAt: h.now().toISOString(), status: 'ok' as const, sizeBytes: 1234, file: 'a.backup', error: null }
    backups.record(ok)
    expect(await state()).toEqual({ state: 'ok', attention: false, last: ok, lastSuccessful: ok })
    const failed = { ...ok, status: 'failed' as const, sizeBytes: null, file: null, error: 'ENOSPC: no space left on device' }
    backups.record(failed)
    expect(await state()).toEqual({ state: 'failed', attention: true, last: failed, lastSuccessful: ok })
    const old = { ...ok, startedAt: new Date(h.now().getTime() - 50 * HOUR).toISOString(), finishedAt: new Date(h.now().getTime() - 49 * HOUR).toISOString() }
    backups.record(old)
    expect(await state()).toEqual({ state: 'stale', attention: true, last: old, lastSuccessful: old })
    const running = { ...old, startedAt: h.now().toISOString(), finishedAt: null, status: 'running' as const }
    backups.record(running)
    expect(await state()).toMatchObject({ state: 'stale', attention: true })
  })

  it('a backup whose process was killed shows running, then failed once a later tick finds it older than the bound', async () => {
    // The harness opens the store; the overview reads the real backup_runs through it.
    const opened: { runs?: BackupRuns } = {}
    const { h, admin } = await setUp({ backups: { lastBackup: () => opened.runs!.lastBackup(), lastSuccessfulBackup: () => opened.runs!.lastSuccessfulBackup() } })
    const runs = (opened.runs = openBackupRuns(h.store))
    const state = async () => ((await (await h.call('GET', '/overview/machinery', { as: admin })).json()) as Machinery).backup
    const intervalMs = h.config.BACKUP_INTERVAL_HOURS * HOUR
    const startedAt = h.now()
    // What a scheduled backup killed mid-way leaves: its slot's row, never finished.
    expect(await runs.start(startedAt, slotOf(startedAt, intervalMs))).not.toBeNull()
    expect(await state()).toMatchObject({ state: 'running', attention: false })

    const job = backupJobFrom(h.config, { store: h.store, backupRuns: openWorkspaceStores(h.store).backupRuns }, { now: () => h.now(), log: () => {}, inProcess: true })
    h.advance(INTERRUPTED_AFTER_MS)
    expect(await job.tick()).toEqual({ outcome: 'not_due' })
    expect(await state()).toMatchObject({ state: 'running', attention: false })
    h.advance(60_000)
    expect(slotOf(h.now(), intervalMs)).toEqual(slotOf(startedAt, intervalMs))
    expect(await job.tick()).toEqual({ outcome: 'not_due' })
    expect(await state()).toEqual({
      state: 'failed',
      attention: true,
      last: { startedAt: startedAt.toISOString(), finishedAt: null, status: 'failed', sizeBytes: null, file: null, error: INTERRUPTED_ERROR },
      lastSuccessful: null,
    })
  })

  it('a failed-for-good e-mail with its application, the oldest waiting one; a draft in "Correos por enviar" does not count', async () => {
    const { h, admin } = await setUp()
    const app = await failedConfirmation(h)
    const waiting = newSubmission({ createdAt: new Date(h.now().getTime() - 20 * 60_000) })
    await h.store.saveSubmission(waiting)
    const body = (await (await h.call('GET', '/overview/machinery', { as: admin })).json()) as Machinery
    expect(body.mail.failed.total).toBe(1)
    expect(body.mail.failed.items).toMatchObject([{ applicationId: app.id, reference: app.reference, retryable: true }])
    expect(body.mail.failed.items[0]!.lastError).toMatch(/^550/)
    expect(JSON.stringify(body)).not.toContain('rebota@startup.example')
    expect(body.mail.waiting).toEqual({ count: 2, retrying: 0, oldestQueuedAt: waiting.application.createdAt.toISOString(), oldestAgeSeconds: 1200, attention: true })

    // A stage change writes the founder's e-mail as a draft: it waits for a person, not for the machinery.
    for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']]) {
      expect((await h.call('POST', `/applications/${app.id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
    }
    expect(await h.founders.listWaitingDrafts()).toHaveLength(1)
    const after = (await (await h.call('GET', '/overview/machinery', { as: admin })).json()) as Machinery
    expect(after.mail.waiting.count).toBe(2)
  })

  it('an admin puts a failed e-mail back in the queue once; it is audited and the worker is woken', async () => {
    const { h, admin } = await setUp()
    const app = await failedConfirmation(h)
    const [failed] = await h.store.listMessages({ status: 'failed' })
    const woken = h.mailsQueued
    const res = await h.call('POST', `/overview/machinery/mail/${failed!.id}/retry`, { as: admin, body: {} })
    expect(res.status).toBe(200)
    expect(h.mailsQueued).toBe(woken + 1)
    expect((await h.store.listMessages({ applicationId: app.id })).find((m) => m.id === failed!.id)).toMatchObject({ status: 'pending', attempts: 0 })
    const entries = h.snapshot().audit_log as { action: string; application_id: string; detail: string }[]
    expect(entries.filter((e) => e.action === 'outbox.retried')).toMatchObject([{ application_id: app.id }])
    expect(JSON.parse(entries.find((e) => e.action === 'outbox.retried')!.detail)).toEqual({ outboxId: failed!.id })
    expect((await h.call('POST', `/overview/machinery/mail/${failed!.id}/retry`, { as: admin, body: {} })).status).toBe(404)
  })

  it("masks a conflicted admin's failed e-mails to their reference, and refuses them the Reenviar (403, nothing changed)", async () => {
    const { h, admin } = await setUp()
    const other = await h.signIn(await h.addMember({ role: 'admin' }))
    const app = await failedConfirmation(h)
    const { companyName, tradeName } = app.formData
    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: app.id, kind: 'personal' } })).status).toBe(201)
    const [failed] = await h.store.listMessages({ status: 'failed' })

    const mine = await (await h.call('GET', '/overview/machinery', { as: admin })).text()
    const body = JSON.parse(mine) as Machinery
    expect(body.mail.failed.total).toBe(1)
    expect(body.mail.failed.items).toMatchObject([{ id: failed!.id, applicationId: app.id, reference: app.reference, companyName: null, tradeName: null, conflicted: true, retryable: false }])
    for (const name of [companyName, tradeName]) expect(mine).not.toContain(name)
    const before = h.snapshot()
    const refused = await h.call('POST', `/overview/machinery/mail/${failed!.id}/retry`, { as: admin, body: {} })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: 'conflict_of_interest' })
    expect(h.snapshot()).toEqual(before)

    // Not vacuous: the other admin reads the names and puts it back in the queue.
    const theirs = (await (await h.call('GET', '/overview/machinery', { as: other })).json()) as Machinery
    expect(theirs.mail.failed.items).toMatchObject([{ companyName, tradeName, conflicted: false, retryable: true }])
    expect((await h.call('POST', `/overview/machinery/mail/${failed!.id}/retry`, { as: other, body: {} })).status).toBe(200)
  })

  it('admins only: 401 without a session, 403 for a reviewer, 403 on a forged Origin or no CSRF token; nothing changed', async () => {
    const { h, admin, reviewer } = await setUp()
    await failedConfirmation(h)
    const [failed] = await h.store.listMessages({ status: 'failed' })
    const retry = `/overview/machinery/mail/${failed!.id}/retry`
    const before = h.snapshot()
    expect((await h.call('GET', '/overview/machinery')).status).toBe(401)
    expect((await h.call('POST', retry, { body: {} })).status).toBe(401)
    const asReviewer = await h.call('GET', '/overview/machinery', { as: reviewer })
    expect(asReviewer.status).toBe(403)
    expect(await asReviewer.text()).not.toContain(failed!.id)
    expect((await h.call('POST', retry, { as: reviewer, body: {} })).status).toBe(403)
    expect((await h.call('POST', retry, { as: admin, body: {}, origin: 'https://evil.example' })).status).toBe(403)
    expect((await h.call('POST', retry, { as: admin, body: {}, csrf: null })).status).toBe(403)
    expect(h.snapshot()).toEqual(before)
  })
})
