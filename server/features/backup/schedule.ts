/**
 * The worker's scheduled backups (docs/decisions/0112). Time is cut into
 * slots of BACKUP_INTERVAL_HOURS from the epoch; every instance's worker
 * ticks, and the first to insert the slot's row in backup_runs (unique slot)
 * takes that slot's backup, so exactly one instance takes each, as the
 * reminders do with reminder_runs. After a good backup, files beyond the
 * newest BACKUP_KEEP in BACKUP_DIR are deleted.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { periodic, type PeriodicJob } from '../../shared/jobs/periodic.ts'
import type { Log } from '../../shared/log.ts'
import type { BackupRuns } from '../../db/stores/backup-runs.ts'
import { BACKUP_FILE_RE, LEFTOVER_RE, backupFileName, takeBackup, type BackupDeps, type BackupResult } from './take-backup.ts'

export const BACKUP_TICK_MS = 60_000

export interface BackupJobDeps extends BackupDeps {
  runs: BackupRuns
  dir: string
  intervalMs: number
  keep: number
  log: Log
  tickMs?: number
  /** How the backup is taken: in this process by default; the worker uses a child process (child-backup.ts). */
  take?: (out: string, signal?: AbortSignal) => Promise<BackupResult>
}

export type BackupTick = { outcome: 'not_due' } | { outcome: 'stopped' } | { outcome: 'ok'; result: BackupResult; removed: string[] } | { outcome: 'failed'; error: string }

/** The start of the slot `now` falls in. */
export function slotOf(now: Date, intervalMs: number): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs)
}

/**
 * Delete backups beyond the newest `keep` (names sort by time), and the
 * leftovers of interrupted ones older than `staleMs`; say which backups went.
 */
export async function rotateBackups(dir: string, keep: number, staleMs = 24 * 3_600_000, now = new Date()): Promise<string[]> {
  const all = await readdir(dir)
  const names = all.filter((n) => BACKUP_FILE_RE.test(n)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(join(dir, name), { force: true })
  for (const name of all.filter((n) => LEFTOVER_RE.test(n))) {
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (info && now.getTime() - info.mtimeMs > staleMs) await rm(path, { force: true })
  }
  return old
}

/** An error message fit for the table and the logs: the error's own text never names a founder, paths at most. */
function describe(err: unknown): string {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  return message.slice(0, 500)
}

export async function runScheduledBackup(deps: BackupJobDeps, signal?: AbortSignal): Promise<BackupTick> {
  const now = deps.now()
  const id = await deps.runs.start(now, slotOf(now, deps.intervalMs))
  if (!id) return { outcome: 'not_due' }
  try {
    await mkdir(deps.dir, { recursive: true, mode: 0o700 })
    const out = join(deps.dir, backupFileName(now, Boolean(deps.key)))
    const result = await (deps.take ? deps.take(out, signal) : takeBackup(deps, out, signal))
    await deps.runs.finish(id, deps.now(), { status: 'ok', sizeBytes: result.sizeBytes, file: result.file })
    const removed = await rotateBackups(deps.dir, deps.keep, deps.intervalMs)
    return { outcome: 'ok', result, removed }
  } catch (err) {
    if (signal?.aborted) {
      // Stopped by a shutdown, its temporary files gone: not a failure, and the slot is free for the next start.
      await deps.runs.release(id)
      return { outcome: 'stopped' }
    }
    const error = describe(err)
    await deps.runs.finish(id, deps.now(), { status: 'failed', error })
    return { outcome: 'failed', error }
  }
}

/**
 * The shared loop (server/shared/jobs/periodic.ts) around runScheduledBackup. Its
 * stop() stops the backup in progress: the temporary files are removed and
 * the slot released (BackupRuns.release), so a server that shuts down leaves
 * no process writing into BACKUP_DIR and the next start takes the interval's
 * backup again. A process killed outright instead leaves a run 'running',
 * marked failed by a later start once older than INTERRUPTED_AFTER_MS
 * (status.ts), and hidden leftovers that a later rotation clears.
 */
export type BackupJob = PeriodicJob<BackupTick>

export function createBackupJob(deps: BackupJobDeps): BackupJob {
  return periodic({
    everyMs: deps.tickMs ?? BACKUP_TICK_MS,
    run: async (signal) => {
      const tick = await runScheduledBackup(deps, signal)
      if (tick.outcome === 'ok') {
        const { result } = tick
        deps.log({ level: 'info', msg: 'backup written', file: result.file, sizeBytes: result.sizeBytes, applications: result.manifest.counts.applications, documents: result.manifest.counts.documents, removed: tick.removed.length })
      } else if (tick.outcome === 'stopped') {
        deps.log({ level: 'info', msg: 'backup stopped for the shutdown; the next start takes it again' })
      } else if (tick.outcome === 'failed') {
        deps.log({ level: 'error', msg: 'backup failed', error: tick.error })
      }
      return tick
    },
    onError: (err) => deps.log({ level: 'error', msg: 'backup failed', error: describe(err) }),
  })
}
