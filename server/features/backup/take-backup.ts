/**
 * One backup into one file (docs/decisions/0110): on SQLite, a snapshot of
 * the database and the document files its rows name; on PostgreSQL, the
 * document files only (the database belongs to the provider's point-in-time
 * recovery or pg_dump). Written to a temporary name and renamed into place
 * once flushed, so no file at `out` is ever incomplete.
 *
 * Documents against the snapshot: a file is written before its row commits
 * and removed only after its row is gone, and each document id names one
 * immutable file (a replacement is a new id). So every row in the snapshot
 * has its file unless the document was deleted or replaced after the
 * snapshot and the sweep already removed it; such rows are dropped from the
 * snapshot copy (counted in the manifest), as if deleted just before it.
 */
import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { open, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fsyncPath } from '../../shared/files.ts'
import { documentsDir, type Config } from '../../shared/env.ts'
import type { PostgresStore } from '../../db/postgres-store.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_PART, createArchiveWriter, type Manifest } from './archive.ts'
import { snapshotSqlite } from './snapshot.ts'

export interface BackupResult {
  file: string
  sizeBytes: number
  manifest: Manifest
}

export interface BackupDeps {
  config: Pick<Config, 'DATA_DIR' | 'DOCUMENT_STORAGE' | 'database'>
  store: ApplicationStore
  now: () => Date
  /** BACKUP_KEY: encrypt the file for it (age). */
  key?: string
}

interface DocumentRow {
  id: string
  application_id: string
  sha256: string
  size_bytes: number | string
}

export const POSTGRES_NOT_INCLUDED =
  'the PostgreSQL database: back it up with the provider point-in-time recovery or pg_dump -Fc (docs/operations.md), before this file'

/**
 * `signal` stops the backup between steps (the snapshot thread at once):
 * the promise then rejects with the signal's reason once the temporary files
 * are gone, so a process shutting down leaves nothing behind.
 */
export async function takeBackup(deps: BackupDeps, out: string, signal?: AbortSignal): Promise<BackupResult> {
  const { config, store } = deps
  const createdAt = deps.now()
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`
  const partial = join(dirname(out), `.${basename(out)}.partial-${tag}`)
  const snapshot = join(dirname(out), `.${basename(out)}.snapshot-${tag}.sqlite`)
  const writer = await createArchiveWriter(partial, deps.key ? { key: deps.key } : {})
  let snapshotDb: Database.Database | null = null
  try {
    let schemaVersion: number
    let applications: number
    let documents: DocumentRow[]
    if (config.database.kind === 'sqlite') {
      await snapshotSqlite(config.database.path, snapshot, signal)
      snapshotDb = new Database(snapshot)
      schemaVersion = (snapshotDb.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v
      applications = (snapshotDb.prepare('SELECT count(*) AS n FROM applications').get() as { n: number }).n
      documents = snapshotDb.prepare('SELECT id, application_id, sha256, size_bytes FROM documents ORDER BY application_id, id').all() as DocumentRow[]
    } else {
      const { sql } = store as PostgresStore
      const [version] = await sql<{ v: string }[]>`select max(version) as v from supabase_migrations.schema_migrations`
      schemaVersion = Number(version!.v)
      const [count] = await sql<{ n: string }[]>`select count(*) as n from applications`
      applications = Number(count!.n)
      documents = await sql<DocumentRow[]>`select id, application_id, sha256, size_bytes from documents order by application_id, id`
    }

    const gone: string[] = []
    const mismatched: string[] = []
    let documentBytes = 0
    if (config.DOCUMENT_STORAGE === 'disk') {
      const files = join(documentsDir(config as Config), 'files')
      for (const doc of documents) {
        signal?.throwIfAborted()
        let handle
        try {
          handle = await open(join(files, doc.application_id, doc.id), 'r')
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
            gone.push(doc.id)
            continue
          }
          throw err
        }
        // An open file stays readable whole even if the sweep unlinks it now.
        try {
          const { size } = await handle.stat()
          const part = await writer.add(`documents/${doc.application_id}/${doc.id}`, size, handle.createReadStream({ autoClose: false }), signal)
          if (part.sha256 !== doc.sha256) mismatched.push(doc.id)
          documentBytes += size
        } finally {
          await handle.close()
        }
      }
    } else {
      documentBytes = documents.reduce((sum, d) => sum + Number(d.size_bytes), 0)
    }

    signal?.throwIfAborted()
    if (snapshotDb) {
      const db = snapshotDb
      const drop = db.prepare('DELETE FROM documents WHERE id = ?')
      db.transaction(() => {
        for (const id of gone) drop.run(id)
        // This very run, and any other in progress, never finish in the restored data (older schemas have no such table).
        if (db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'backup_runs'`).get()) {
          db.prepare(`UPDATE backup_runs SET status = 'failed', error = 'in progress when this backup was taken' WHERE status = 'running'`).run()
        }
      })()
      db.close()
      snapshotDb = null
      const handle = await open(snapshot, 'r')
      try {
        const { size } = await handle.stat()
        await writer.add(DATABASE_PART, size, handle.createReadStream({ autoClose: false }), signal)
      } finally {
        await handle.close()
      }
    }

    signal?.throwIfAborted()
    const notIncluded = config.database.kind === 'postgres' ? [POSTGRES_NOT_INCLUDED] : []
    if (config.database.kind === 'postgres' && config.DOCUMENT_STORAGE === 'database') notIncluded.push('the documents: they are in the PostgreSQL database (DOCUMENT_STORAGE=database)')
    const manifest = await writer.finish({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      store: config.database.kind,
      schemaVersion,
      documentStorage: config.DOCUMENT_STORAGE,
      counts: { applications, documents: documents.length - gone.length, documentBytes },
      documentsGoneDuringBackup: gone.length,
      documentsNotMatchingChecksum: mismatched,
      notIncluded,
    })
    await fsyncPath(partial)
    await rename(partial, out)
    await fsyncPath(dirname(out))
    const { size } = await stat(out)
    return { file: out, sizeBytes: size, manifest }
  } catch (err) {
    writer.abort(err instanceof Error ? err : new Error(String(err)))
    await rm(partial, { force: true })
    throw err
  } finally {
    snapshotDb?.close()
    await rm(snapshot, { force: true })
  }
}

/** A name that sorts by time: catalitico-backup-20261123T120000Z.tar (.tar.age when encrypted). */
export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  return `catalitico-backup-${stamp}.tar${encrypted ? '.age' : ''}`
}

export const BACKUP_FILE_RE = /^catalitico-backup-\d{8}T\d{6}Z\.tar(\.age)?$/
/** What an interrupted backup leaves next to the file it was writing. */
export const LEFTOVER_RE = /^\..+\.(partial-[\w-]+|snapshot-[\w-]+\.sqlite(-journal)?)$/
