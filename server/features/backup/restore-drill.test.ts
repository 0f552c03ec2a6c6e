/**
 * The restore drill on SQLite, with real processes (started from the server
 * bundle, as npm test builds it: ADR 0133): the production server
 * takes submissions over HTTP without pause while `npm run backup` runs twice
 * against its data directory; the second backup is restored with
 * `npm run restore` into an empty directory; every application acknowledged
 * before that backup began is there, every document's checksum matches, and
 * the server starts on the restored directory and takes a new application.
 * Then a kill -9 in the middle of a backup leaves no file that looks complete.
 */
import Database from 'better-sqlite3'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../../e2e/fixtures/server.ts'
import { openSqliteStore } from '../../db/sqlite-store.ts'
import { verifyArchive } from './archive.ts'
import { sha256OfFile } from '../../shared/files.ts'
import { cleanupAfterAll } from './testing/cleanup.ts'
import { addApplication, addDocument } from './testing/data.ts'
import { minimalBuild, runCommand, startCommand, submissionStream, submit } from './testing/processes.ts'
import { SQLITE_MIGRATIONS } from '../../db/migrations/sqlite.ts'

/** The schema this code migrates to: a fresh store's version. */
const LATEST_SCHEMA = Math.max(...SQLITE_MIGRATIONS.map((m) => m.version))

const { cleanup, tempDir } = cleanupAfterAll()

const serverEnv = (dist: string) => ({ DIST_DIR: dist, RATE_LIMIT_MAX: '1000000', BACKUP_INTERVAL_HOURS: '24' })

describe('restore drill (SQLite, real processes)', () => {
  it('backups under a steady stream of submissions restore every acknowledged application and document, and the server runs on them', { timeout: 300_000 }, async () => {
    const dist = minimalBuild()
    cleanup(() => rmSync(dist, { recursive: true, force: true }))
    const live: RunningServer = await startServer(serverEnv(dist), { from: 'bundle' })
    cleanup(() => live.stop())
    // Documents as the founders' uploads leave them: file first, then the row (another connection, as in the server).
    const docs = openSqliteStore(join(live.dataDir, 'catalitico.sqlite'))
    cleanup(() => docs.close())
    const documents: { applicationId: string; id: string; sha256: string; committedAt: number }[] = []
    for (let i = 0; i < 20; i++) {
      const applicationId = await addApplication(docs)
      documents.push({ applicationId, ...(await addDocument(docs, live.dataDir, applicationId, 50_000 + i * 1000)), committedAt: Date.now() })
    }

    const stream = submissionStream(live.url, 4)
    let lastBegan = 0
    let lastFile = ''
    let uploading = true
    const uploads = (async () => {
      while (uploading) {
        const applicationId = await addApplication(docs)
        documents.push({ applicationId, ...(await addDocument(docs, live.dataDir, applicationId, 200_000)), committedAt: Date.now() })
        await new Promise((r) => setTimeout(r, 50))
      }
    })()
    try {
      await new Promise((r) => setTimeout(r, 1500))
      const backups = tempDir('catalitico-drill-backups-')
      for (const n of [1, 2]) {
        const file = join(backups, `drill-${n}.tar`)
        lastFile = file
        lastBegan = Date.now()
        const ackedBefore = stream.acknowledged.length
        const run = await runCommand('backup.ts', ['--out', file], { DATA_DIR: live.dataDir, DIST_DIR: dist }, 'bundle')
        expect(run.stderr).toBe('')
        expect(run.code).toBe(0)
        expect(run.stdout).toMatch(new RegExp(`^Backup written to ${file} \\(\\d+\\.\\d MB, NOT encrypted: set BACKUP_KEY\\)\\.\\nContains: the database \\(schema ${LATEST_SCHEMA}, \\d+ application\\(s\\)\\), \\d+ document\\(s\\)`))
        // Submissions kept being answered while the backup ran.
        expect(stream.acknowledged.length).toBeGreaterThan(ackedBefore)
      }
    } finally {
      uploading = false
      await uploads
      await stream.stop()
    }
    expect(stream.failures).toEqual([])
    // The server's own scheduled backup, taken at start-up into DATA_DIR/backups.
    expect(live.output()).toContain('"msg":"backup written"')
    expect(readdirSync(join(live.dataDir, 'backups')).filter((n) => n.startsWith('catalitico-backup-'))).toHaveLength(1)

    const restored = join(tempDir('catalitico-drill-restored-'), 'data')
    const restore = await runCommand('restore.ts', [lastFile], { DATA_DIR: restored }, 'bundle')
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain('Every checksum matched')

    const db = new Database(join(restored, 'catalitico.sqlite'), { readonly: true })
    const ids = new Set((db.prepare('SELECT id FROM applications').all() as { id: string }[]).map((r) => r.id))
    const rows = db.prepare('SELECT id, application_id, sha256 FROM documents').all() as { id: string; application_id: string; sha256: string }[]
    db.close()
    const acknowledgedBefore = stream.acknowledged.filter((a) => a.at < lastBegan)
    expect(acknowledgedBefore.length).toBeGreaterThan(10)
    expect(acknowledgedBefore.filter((a) => !ids.has(a.id))).toEqual([])
    const documentsBefore = documents.filter((d) => d.committedAt < lastBegan)
    expect(rows.length).toBeGreaterThanOrEqual(documentsBefore.length)
    for (const doc of documentsBefore) expect(rows.find((r) => r.id === doc.id)?.sha256).toBe(doc.sha256)
    for (const row of rows) expect(await sha256OfFile(join(restored, 'documents', 'files', row.application_id, row.id))).toBe(row.sha256)

    const revived = await startServer(serverEnv(dist), { dataDir: restored, from: 'bundle' })
    cleanup(() => revived.stop())
    const fresh = await submit(revived.url)
    expect(fresh.status).toBe(200)
    await revived.stop()
    const after = new Database(join(restored, 'catalitico.sqlite'), { readonly: true })
    expect(after.prepare('SELECT count(*) AS n FROM applications WHERE id = ?').get(fresh.id)).toEqual({ n: 1 })
    expect((after.prepare('SELECT count(*) AS n FROM applications').get() as { n: number }).n).toBe(ids.size + 1)
    after.close()
  })

  it('kill -9 in the middle of a backup leaves no file that looks complete', { timeout: 120_000 }, async () => {
    const dataDir = tempDir('catalitico-kill-')
    const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
    await store.migrate()
    // Enough bytes that the copy takes a while: 40 documents of 4 MB.
    for (let i = 0; i < 40; i++) await addDocument(store, dataDir, await addApplication(store), 4 * 1_048_576)
    await store.close()
    const backups = tempDir('catalitico-kill-out-')
    const out = join(backups, 'killed.tar')
    const { child, done } = startCommand('backup.ts', ['--out', out], { DATA_DIR: dataDir }, 'bundle')
    let partial: string | undefined
    while (!partial) {
      partial = readdirSync(backups).find((n) => n.includes('.partial-'))
      if (child.exitCode !== null) break
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(partial).toBeDefined()
    await new Promise((r) => setTimeout(r, 300))
    child.kill('SIGKILL')
    expect((await done).signal).toBe('SIGKILL')
    expect(existsSync(out)).toBe(false)
    expect(readdirSync(backups).every((n) => n.startsWith('.'))).toBe(true)
    const leftover = join(backups, partial!)
    await expect(verifyArchive(leftover, undefined)).rejects.toThrow(/cut short|not a readable/)
    const restore = await runCommand('restore.ts', [leftover], { DATA_DIR: join(backups, 'restored') }, 'bundle')
    expect(restore.code).toBe(1)
    expect(restore.stderr.trim().split('\n')).toHaveLength(1)
    expect(existsSync(join(backups, 'restored'))).toBe(false)
  })
})
