/**
 * Restore a backup into DATA_DIR (docs/decisions/0110). Nothing is written
 * until the whole file has been read and every part matched its manifest; a
 * directory that holds anything is refused unless `force`, which first moves
 * it aside. A backup older than the code is migrated forward.
 */
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { createHash } from 'node:crypto'
import { documentsDir, type Config } from '../../shared/env.ts'
import { SQLITE_MIGRATIONS } from '../../db/migrations/sqlite.ts'
import { openAgreementStore } from '../../db/stores/agreement-store.ts'
import { engineOf } from '../../db/engine-of.ts'
import { pdfIsIntact } from '../../shared/signing/verify.ts'
import { openSqliteStore } from '../../db/sqlite-store.ts'
import { BackupFileError, DATABASE_PART, DOCUMENT_PART, MANIFEST_NAME, readArchive, verifyArchive, type Manifest } from './archive.ts'

export interface RestoreOutcome {
  manifest: Manifest
  /** Where the data that was in DATA_DIR went (--force), or null. */
  movedAside: string | null
  /** The schema version after restoring: above the manifest's when newer migrations ran. */
  schemaVersion: number
  restoredDatabase: boolean
  restoredDocuments: number
  /** The signed agreements whose sealed PDF was read back and verified (its SHA-256 and every PDF signature). */
  verifiedAgreements: number
  /** The codes of those that did not verify: the operator must look (docs/operations.md, «Signing agreements»). */
  agreementProblems: string[]
}

/** Refusals the operator must act on (a busy directory, a backup from newer code): one English line. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

const LATEST_SQLITE_VERSION = Math.max(...SQLITE_MIGRATIONS.map((m) => m.version))

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true
    throw err
  }
}

const inside = (dir: string, path: string) => !relative(dir, path).startsWith('..')

export async function restoreBackup(
  deps: { config: Pick<Config, 'DATA_DIR' | 'DOCUMENT_STORAGE' | 'database'>; key?: string; now: () => Date; force?: boolean },
  file: string,
): Promise<RestoreOutcome> {
  const { config } = deps
  const dataDir = resolve(config.DATA_DIR)
  const dbPath = config.database.kind === 'sqlite' ? config.database.path : null
  const outsideDb = dbPath && !inside(dataDir, dbPath) && existsSync(dbPath) ? dbPath : null
  const busy = !(await isEmptyDir(dataDir)) || outsideDb !== null
  if (busy && !deps.force) {
    throw new RestoreRefused(`${outsideDb ?? dataDir} is not empty: restore into an empty DATA_DIR, or add --force to move the existing data aside first.`)
  }

  const manifest = await verifyArchive(file, deps.key)
  if (manifest.store === 'sqlite' && config.database.kind !== 'sqlite') {
    throw new RestoreRefused('This backup holds a SQLite database but DATABASE_URL names PostgreSQL: unset DATABASE_URL to restore it into DATA_DIR.')
  }
  if (manifest.store === 'sqlite' && manifest.schemaVersion > LATEST_SQLITE_VERSION) {
    throw new RestoreRefused(`The backup comes from newer code (schema ${manifest.schemaVersion}, this code knows ${LATEST_SQLITE_VERSION}): restore it with that version or later.`)
  }

  let movedAside: string | null = null
  if (busy) {
    const stamp = deps.now().toISOString().replace(/[-:.]/g, '')
    if (outsideDb) {
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(outsideDb + suffix)) await rename(outsideDb + suffix, `${outsideDb}.before-restore-${stamp}${suffix}`)
      movedAside = `${outsideDb}.before-restore-${stamp}`
    }
    if (!(await isEmptyDir(dataDir))) {
      movedAside = `${dataDir}.before-restore-${stamp}`
      await rename(dataDir, movedAside)
    }
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 })

  const expected = new Map(manifest.parts.map((p) => [p.name, p]))
  const files = join(documentsDir(config as Config), 'files')
  let restoredDocuments = 0
  let restoredDatabase = false
  // Second read: the same checks again while writing, in case the file changed since the first.
  await readArchive(file, deps.key, async (name, _size, stream) => {
    if (name === MANIFEST_NAME) return
    const part = expected.get(name)
    if (!part) throw new BackupFileError(`The backup changed while it was being restored: ${name} is not in its manifest.`)
    const document = DOCUMENT_PART.exec(name)
    const target = name === DATABASE_PART ? dbPath : document ? join(files, document[1]!, document[2]!) : null
    if (!target) {
      stream.resume()
      return
    }
    await mkdir(dirname(target), { recursive: true, mode: 0o700 })
    const temporary = `${target}.restoring`
    const hash = createHash('sha256')
    const handle = await open(temporary, 'w', 0o600)
    try {
      for await (const chunk of stream) {
        hash.update(chunk)
        await handle.write(chunk)
      }
      await handle.sync()
    } finally {
      await handle.close()
    }
    if (hash.digest('hex') !== part.sha256) {
      await rm(temporary, { force: true })
      throw new BackupFileError(`The backup changed while it was being restored: ${name} no longer matches its manifest.`)
    }
    await rename(temporary, target)
    if (name === DATABASE_PART) restoredDatabase = true
    else restoredDocuments++
  })

  let schemaVersion = manifest.schemaVersion
  let verifiedAgreements = 0
  const agreementProblems: string[] = []
  if (restoredDatabase && dbPath) {
    const store = openSqliteStore(dbPath)
    try {
      await store.migrate()
      schemaVersion = (store.db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v
      // Every sealed agreement read back: its bytes must still be the ones sealed, and each PDF signature valid.
      const agreements = openAgreementStore(engineOf(store))
      for (const row of store.db.prepare("SELECT id, code, signed_sha256 FROM agreements WHERE status = 'signed'").all() as { id: string; code: string; signed_sha256: string }[]) {
        const pdf = await agreements.document(row.id, 'signed')
        const intact = pdf !== null && createHash('sha256').update(pdf).digest('hex') === row.signed_sha256 && pdfIsIntact(pdf)
        if (intact) verifiedAgreements++
        else agreementProblems.push(row.code)
      }
    } finally {
      await store.close()
    }
  }
  return { manifest, movedAside, schemaVersion, restoredDatabase, restoredDocuments, verifiedAgreements, agreementProblems }
}
