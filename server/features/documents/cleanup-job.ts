/**
 * The documents' housekeeping (ADR 0097), hourly in every worker process (the
 * server's and `npm run worker`): unfinished tus uploads past their expiry
 * leave DATA_DIR/documents/incoming, and the files of deleted documents leave
 * DATA_DIR/documents/files. Both only delete what is on this process's disk
 * and both are idempotent, so several processes may run it at once.
 * Logs counts only.
 */
import type { Documents } from './service.ts'
import type { Log } from '../../shared/log.ts'
import { periodic } from '../../shared/jobs/periodic.ts'

export interface DocumentCleanupOptions {
  documents: Pick<Documents, 'deleteExpiredUploads' | 'sweepOrphanFiles'>
  /** How often it looks; the first run is right after start. */
  intervalMs?: number
  log: Log
}

export interface DocumentCleanupRun {
  expiredUploads: number
  orphanFiles: number
}

export function createDocumentCleanupJob(options: DocumentCleanupOptions) {
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000
  async function runOnce(): Promise<DocumentCleanupRun> {
    // One failing half must not starve the other.
    const [expired, orphans] = await Promise.allSettled([options.documents.deleteExpiredUploads(), options.documents.sweepOrphanFiles()])
    for (const outcome of [expired, orphans]) {
      if (outcome.status === 'rejected') {
        options.log({ level: 'error', msg: 'document cleanup failed', error: outcome.reason instanceof Error ? outcome.reason.name : 'unknown' })
      }
    }
    return {
      expiredUploads: expired.status === 'fulfilled' ? expired.value : 0,
      orphanFiles: orphans.status === 'fulfilled' ? orphans.value : 0,
    }
  }

  // runOnce logs its own failures, half by half, and never throws.
  const loop = periodic({ everyMs: intervalMs, run: runOnce, onError: () => {} })
  return { runOnce, start: loop.start, stop: loop.stop }
}
