/**
 * The restore drill on PostgreSQL: the database goes through pg_dump and
 * pg_restore (the provider's PITR in production), the documents through
 * `npm run backup`, which says plainly that it did not back up the database.
 * pg_dump runs first, as docs/operations.md says: a document's file is written
 * before its row commits and removed only after its row is gone, so every row
 * in the dump has its file in the later backup.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../e2e/fixtures/server.ts'
import { readConfig } from '../../shared/env.ts'
import { readMigrations } from '../../db/migrations/postgres-files.ts'
import { openPostgresStore } from '../../db/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { backupCommand, restoreCommand } from './commands.ts'
import { sha256OfFile } from '../../shared/files.ts'
import { cleanupAfterAll } from './testing/cleanup.ts'
import { addApplication, addDocument } from './testing/data.ts'
import { minimalBuild, submit } from './testing/processes.ts'

// The drill needs PostgreSQL's client tools on the PATH; in CI their absence is a failure, not a skip.
const pgTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0)
if (!pgTools && process.env.CI && process.env.CI !== 'false') {
  throw new Error('pg_dump and pg_restore are not on the PATH (Debian: postgresql-client): the PostgreSQL restore drill cannot run in CI without them')
}
const available = (await requirePostgres()) && pgTools
const { cleanup, tempDir } = cleanupAfterAll()

function lines() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) } }
}

describe.skipIf(!available)('restore drill (PostgreSQL with pg_dump and pg_restore)', () => {
  it('pg_dump, then npm run backup for the documents; pg_restore and npm run restore bring back every application and document', { timeout: 180_000 }, async () => {
    const source = await createTestDatabase()
    cleanup(() => source.drop())
    const dataDir = tempDir('catalitico-pg-drill-')
    const store = openPostgresStore(source.url, { migrations: readMigrations() })
    cleanup(() => store.close())
    const docs: { applicationId: string; id: string; sha256: string }[] = []
    for (let i = 0; i < 10; i++) {
      const applicationId = await addApplication(store)
      docs.push({ applicationId, ...(await addDocument(store, dataDir, applicationId, 20_000 + i)) })
    }
    const applications = (await store.listApplications()).map((a) => a.id).sort()

    const work = tempDir('catalitico-pg-drill-work-')
    const dump = join(work, 'database.dump')
    execFileSync('pg_dump', ['-Fc', '-f', dump, '-d', source.url])
    // Uploaded after the dump: its file lands in the backup, its row is not in the dump; harmless.
    const late = await addDocument(store, dataDir, await addApplication(store), 1234)

    const file = join(work, 'documents.tar')
    const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: source.url })
    const backup = lines()
    expect(await backupCommand(['--out', file], config, store, backup.io)).toBe(0)
    expect(backup.out).toContain('Contains: 11 document(s) (0.2 MB).')
    expect(backup.out).toContain(
      'NOT backed up: the PostgreSQL database: back it up with the provider point-in-time recovery or pg_dump -Fc (docs/operations.md), before this file.',
    )

    const target = await createTestDatabase({ migrated: false })
    cleanup(() => target.drop())
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', target.url, dump])
    const restoredDir = join(tempDir('catalitico-pg-drill-restored-'), 'data')
    const restore = lines()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: restoredDir, DATABASE_URL: target.url }), restore.io)).toBe(0)
    expect(restore.err).toEqual([])
    expect(restore.out).toContain(`Restored 11 document file(s) into ${restoredDir}.`)
    expect(restore.out.some((l) => l.startsWith('Not in this backup: the PostgreSQL database'))).toBe(true)

    const restored = openPostgresStore(target.url, { migrations: readMigrations() })
    cleanup(() => restored.close())
    await restored.migrate()
    expect((await restored.listApplications()).map((a) => a.id).sort()).toEqual(applications)
    const rows = await restored.sql<{ id: string; application_id: string; sha256: string }[]>`select id, application_id, sha256 from documents`
    expect(rows.map((r) => r.id).sort()).toEqual(docs.map((d) => d.id).sort())
    for (const row of rows) expect(await sha256OfFile(join(restoredDir, 'documents', 'files', row.application_id, row.id))).toBe(row.sha256)
    expect(existsSync(join(restoredDir, 'documents', 'files'))).toBe(true)
    expect(rows.some((r) => r.id === late.id)).toBe(false)

    const dist = minimalBuild()
    cleanup(() => rmSync(dist, { recursive: true, force: true }))
    const server = await startServer({ DIST_DIR: dist, DATABASE_URL: target.url, RATE_LIMIT_MAX: '1000' }, { dataDir: restoredDir, from: 'bundle' })
    cleanup(() => server.stop())
    const fresh = await submit(server.url)
    expect(fresh.status).toBe(200)
    expect((await restored.listApplications()).map((a) => a.id)).toContain(fresh.id)
    await server.stop()
  })
})
