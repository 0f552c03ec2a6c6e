/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]`:
 * argument handling and the operator's lines, apart from the entry points so
 * that tests run them in-process. Messages are English; no personal data.
 */
import { resolve } from 'node:path'
import type { Config } from '../../shared/env.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { BackupFileError } from './archive.ts'
import { restoreBackup, RestoreRefused } from './restore.ts'
import { openBackupRuns } from '../../db/stores/backup-runs.ts'
import { takeBackup } from './take-backup.ts'

export interface CommandIo {
  out: (line: string) => void
  err: (line: string) => void
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/** Exit code: 0 written, 1 failed, 2 usage. */
export async function backupCommand(args: string[], config: Config, store: ApplicationStore, io: CommandIo, now = () => new Date()): Promise<number> {
  const at = args.indexOf('--out')
  const out = at >= 0 ? args[at + 1] : undefined
  if (!out || args.length !== 2) {
    io.err('Usage: npm run backup -- --out FILE')
    return 2
  }
  const runs = openBackupRuns(store)
  const id = await runs.start(now())
  try {
    const result = await takeBackup({ config, store, now, ...(config.BACKUP_KEY ? { key: config.BACKUP_KEY } : {}) }, resolve(out))
    await runs.finish(id!, now(), { status: 'ok', sizeBytes: result.sizeBytes, file: result.file })
    const { counts } = result.manifest
    io.out(`Backup written to ${result.file} (${mb(result.sizeBytes)}${config.BACKUP_KEY ? ', encrypted with BACKUP_KEY' : ', NOT encrypted: set BACKUP_KEY'}).`)
    io.out(
      `Contains: ${result.manifest.store === 'sqlite' ? `the database (schema ${result.manifest.schemaVersion}, ${counts.applications} application(s)), ` : ''}` +
        `${counts.documents} document(s) (${mb(counts.documentBytes)})${config.DOCUMENT_STORAGE === 'database' ? ' inside the database' : ''}.`,
    )
    if (result.manifest.documentsGoneDuringBackup > 0) io.out(`${result.manifest.documentsGoneDuringBackup} document(s) deleted while the backup ran are left out.`)
    if (result.manifest.documentsNotMatchingChecksum.length > 0) {
      io.err(`Warning: ${result.manifest.documentsNotMatchingChecksum.length} document file(s) no longer match their upload checksum (ids in the manifest); copied as they are.`)
    }
    for (const missing of result.manifest.notIncluded) io.out(`NOT backed up: ${missing}.`)
    return 0
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    await runs.finish(id!, now(), { status: 'failed', error: message.slice(0, 500) })
    io.err(`Backup failed: ${message}`)
    return 1
  }
}

/** Exit code: 0 restored, 1 refused or failed, 2 usage. */
export async function restoreCommand(args: string[], config: Config, io: CommandIo, now = () => new Date()): Promise<number> {
  const force = args.includes('--force')
  const files = args.filter((a) => a !== '--force')
  if (files.length !== 1 || files[0]!.startsWith('--')) {
    io.err('Usage: DATA_DIR=NEW npm run restore -- FILE [--force]')
    return 2
  }
  try {
    const outcome = await restoreBackup({ config, now, force, ...(config.BACKUP_KEY ? { key: config.BACKUP_KEY } : {}) }, resolve(files[0]!))
    const { manifest } = outcome
    if (outcome.movedAside) io.out(`Moved the existing data aside to ${outcome.movedAside}.`)
    io.out(`Every checksum matched (backup of ${manifest.createdAt}).`)
    if (outcome.restoredDatabase) {
      io.out(`Restored the database: ${manifest.counts.applications} application(s), schema ${manifest.schemaVersion}${outcome.schemaVersion > manifest.schemaVersion ? `, migrated to ${outcome.schemaVersion}` : ''}.`)
    }
    io.out(`Restored ${outcome.restoredDocuments} document file(s) into ${resolve(config.DATA_DIR)}.`)
    for (const missing of manifest.notIncluded) io.out(`Not in this backup: ${missing}.`)
    if (outcome.restoredDatabase) io.out(`Verified ${outcome.verifiedAgreements} signed agreement(s): each sealed PDF is as it was signed.`)
    if (outcome.agreementProblems.length > 0) {
      io.err(`Restore finished, but ${outcome.agreementProblems.length} signed agreement(s) do not verify: ${outcome.agreementProblems.join(', ')}. See docs/operations.md, "Signing agreements".`)
      return 1
    }
    return 0
  } catch (err) {
    if (err instanceof BackupFileError || err instanceof RestoreRefused) {
      io.err(`Restore refused: ${err.message}`)
      return 1
    }
    io.err(`Restore failed: ${err instanceof Error ? err.message : String(err)}`)
    return 1
  }
}
