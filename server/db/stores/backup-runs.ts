/**
 * The backups' record (table backup_runs, schema v11): what the admin
 * overview and /metrics read (BackupStatusReader), and what the backup
 * command and the scheduled job write (BackupRuns). One implementation per
 * store, held to the same contract (backup-runs-contract.ts).
 */
import type { BackupRun } from '../../../domain/machinery.ts'
import { db, type Engine } from '../engine.ts'
import { engineOf } from '../engine-of.ts'
import { toDate, toDateOrNull, toNumber, type Int64Text, type TimeText } from '../schema.ts'
import type { ApplicationStore } from './application-store.ts'

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

/** backup_runs, once for both engines (ADR 0124); on SQLite the writes join the group commit. */
export function openBackupRuns(store: ApplicationStore): BackupRuns {
  const e: Engine = engineOf(store)
  const select = () =>
    db.selectFrom('backup_runs').select(['started_at', 'finished_at', 'status', 'size_bytes', 'file', 'error']).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1)
  const q = {
    last: e.prepare(() => select()),
    lastOk: e.prepare(() => select().where('status', '=', 'ok')),
    markInterrupted: e.prepare((p: { before: Date }) =>
      db.updateTable('backup_runs').set({ status: 'failed', error: INTERRUPTED_ERROR }).where('status', '=', 'running').where('started_at', '<', p.before),
    ),
    insert: e.prepare((p: { id: string; slot: Date | null; at: Date }) =>
      db
        .insertInto('backup_runs')
        .values({ id: p.id, slot: p.slot, started_at: p.at, status: 'running' })
        .onConflict((oc) => oc.doNothing()),
    ),
    finish: e.prepare((p: { id: string; at: Date; status: 'ok' | 'failed'; sizeBytes: number | null; file: string | null; error: string | null }) =>
      db.updateTable('backup_runs').set({ finished_at: p.at, status: p.status, size_bytes: p.sizeBytes, file: p.file, error: p.error }).where('id', '=', p.id),
    ),
    release: e.prepare((p: { id: string }) => db.deleteFrom('backup_runs').where('id', '=', p.id).where('status', '=', 'running')),
  }
  const run = (row: { started_at: Date | TimeText; finished_at: Date | TimeText | null; status: 'running' | 'ok' | 'failed'; size_bytes: number | Int64Text | null; file: string | null; error: string | null } | undefined): BackupRun | null =>
    row
      ? {
          startedAt: toDate(row.started_at).toISOString(),
          finishedAt: toDateOrNull(row.finished_at)?.toISOString() ?? null,
          status: row.status,
          sizeBytes: row.size_bytes === null ? null : toNumber(row.size_bytes),
          file: row.file,
          error: row.error,
        }
      : null
  return {
    lastBackup: async () => run(await e.first(q.last({}))),
    lastSuccessfulBackup: async () => run(await e.first(q.lastOk({}))),
    start: (at, slot) =>
      e.transaction(function* (tx) {
        yield* tx.run(q.markInterrupted({ before: new Date(at.getTime() - INTERRUPTED_AFTER_MS) }))
        const id = crypto.randomUUID()
        // The slot is unique: another instance that took this interval's backup makes this insert a no-op.
        return (yield* tx.run(q.insert({ id, slot: slot ?? null, at }))) === 1 ? id : null
      }),
    finish: async (id, at, outcome) => {
      await e.run(
        q.finish({
          id,
          at,
          status: outcome.status,
          sizeBytes: outcome.status === 'ok' ? outcome.sizeBytes : null,
          file: outcome.status === 'ok' ? outcome.file : null,
          error: outcome.status === 'failed' ? outcome.error : null,
        }),
      )
    },
    release: async (id) => {
      await e.run(q.release({ id }))
    },
  }
}
