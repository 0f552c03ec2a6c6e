/**
 * The backups' record (table backup_runs, schema v11): what the admin
 * overview and /metrics read (BackupStatusReader), and what the backup
 * command and the scheduled job write (BackupRuns). One implementation per
 * store, held to the same contract (backup-runs-contract.ts).
 */
import type { BackupRun } from '../../domain/machinery.ts'
import type { PostgresStore } from '../storage/postgres-store.ts'
import type { SqliteStore } from '../storage/sqlite-store.ts'
import type { ApplicationStore } from '../storage/store.ts'
import { openPostgresBackupRuns } from './postgres-backup-runs.ts'
import { openSqliteBackupRuns } from './sqlite-backup-runs.ts'

export type { BackupRun }

export interface BackupStatusReader {
  /** The most recently started backup, whatever its outcome. */
  lastBackup(): Promise<BackupRun | null>
  /** The most recently started backup that finished ok. */
  lastSuccessfulBackup(): Promise<BackupRun | null>
}

/**
 * A run still 'running' this long after it started is taken for one whose
 * process stopped (killed, the machine restarted). A fixed, generous bound:
 * a backup reads the data once, sequentially, so even many gigabytes on a
 * slow disk at nice 10 take a fraction of it (npm run bench:backup times
 * 500 MB). Not BACKUP_INTERVAL_HOURS: `npm run backup` has no schedule, an
 * interval of 1 hour would come close to a slow live backup, and with the
 * default 24 hours the next slot's run would replace the stuck one as the
 * last backup before the overview ever showed it failed; 6 hours shows it
 * the same day, well before the overview's 48-hour staleness. Were a live run
 * ever marked, its own finish() still records its real outcome.
 */
export const INTERRUPTED_AFTER_MS = 6 * 3_600_000
export const INTERRUPTED_ERROR = 'interrupted (the process stopped before it finished)'

export interface BackupRuns extends BackupStatusReader {
  /**
   * Record a backup starting now. With `slot` (the start of a scheduled
   * interval), null when a run for that slot already exists: another
   * instance took it. Without, always a new run (a manual backup).
   *
   * Either way, first mark failed (INTERRUPTED_ERROR, no finish time: when
   * it stopped is unknown) every run still 'running' that started more than
   * INTERRUPTED_AFTER_MS before `at`. The worker asks every minute, so a
   * stuck run shows failed soon after that bound, even within its slot.
   */
  start(at: Date, slot?: Date): Promise<string | null>
  finish(id: string, at: Date, outcome: { status: 'ok'; sizeBytes: number; file: string } | { status: 'failed'; error: string }): Promise<void>
  /**
   * Forget a run that was stopped on purpose (its process shutting down):
   * its slot is free again, so the next instance to tick (often the same
   * server, restarted by a deploy) takes that interval's backup instead of
   * the interval going without one.
   */
  release(id: string): Promise<void>
}

export function openBackupRuns(store: ApplicationStore): BackupRuns {
  if (store.kind === 'sqlite') return openSqliteBackupRuns(store as SqliteStore)
  if (store.kind === 'postgres') return openPostgresBackupRuns(store as PostgresStore)
  throw new Error(`Backups need the SQLite or PostgreSQL store, not ${store.kind}`)
}

/** The reader alone, for the overview and /metrics. */
export function backupStatusReader(store: ApplicationStore): BackupStatusReader {
  return openBackupRuns(store)
}

export interface BackupRunRow {
  started_at: string | Date
  finished_at: string | Date | null
  status: string
  size_bytes: number | string | bigint | null
  file: string | null
  error: string | null
}

const isoOf = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString())

export function backupRunFromRow(row: BackupRunRow): BackupRun {
  return {
    startedAt: isoOf(row.started_at),
    finishedAt: row.finished_at === null ? null : isoOf(row.finished_at),
    status: row.status as BackupRun['status'],
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    file: row.file,
    error: row.error,
  }
}
