/**
 * Retention (docs/decisions/0092): applications closed as no_seleccionada or
 * retirada are reduced to their reference, dates and outcome RETENTION_MONTHS
 * after the closing stage change. Runs in every worker process (the server's
 * and `npm run worker`); the store's reduction is idempotent and claims its
 * rows, so several instances running it at once reduce each application once.
 * Logs counts only.
 */
import type { FounderStore } from '../../db/stores/founder-store.ts'
import type { Log } from '../../shared/log.ts'
import { periodic } from '../../shared/jobs/periodic.ts'

/** `months` calendar months before `now` (UTC), clamped to the month's last day (31 March − 1 month = 28/29 February). */
export function retentionCutoff(now: Date, months: number): Date {
  const d = new Date(now.getTime())
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d
}

export interface RetentionJobOptions {
  founders: Pick<FounderStore, 'reduceClosedBefore'>
  months: number
  /** How often it looks; the first run is right after start. */
  intervalMs?: number
  clock?: () => Date
  log: Log
}

export function createRetentionJob(options: RetentionJobOptions) {
  const clock = options.clock ?? (() => new Date())
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000
  async function runOnce(): Promise<number> {
    const now = clock()
    const { reduced } = await options.founders.reduceClosedBefore(retentionCutoff(now, options.months), now)
    if (reduced > 0) options.log({ level: 'info', msg: 'retention: applications reduced', count: reduced, months: options.months })
    return reduced
  }

  const loop = periodic({
    everyMs: intervalMs,
    run: runOnce,
    onError: (err) => options.log({ level: 'error', msg: 'retention run failed', error: err instanceof Error ? err.name : 'unknown' }),
  })
  return { runOnce, start: loop.start, stop: loop.stop }
}
