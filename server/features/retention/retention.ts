/**
 * Retention (docs/decisions/0092): applications closed as no_seleccionada or
 * retirada are reduced to their reference, dates and outcome RETENTION_MONTHS
 * after the closing stage change. A signed agreement follows the deal (ADR
 * 0178): kept while it and its follow-up run and ten years after (Código de
 * Comercio art. 60); only what the founder wrote in the monthly check-ins is
 * emptied, CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP months after the follow-up
 * closes (the figures stay). Runs in every worker process (the server's
 * and `npm run worker`); the store's reduction is idempotent and claims its
 * rows, so several instances running it at once reduce each application once.
 * Logs counts only.
 */
import { formatIsoDay } from '../../../domain/format.ts'
import type { FollowUpStore } from '../../db/stores/follow-up-store.ts'
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
  /** The signed agreements' check-ins, whose texts are emptied after the follow-up (ADR 0178). */
  followUp: Pick<FollowUpStore, 'reduceCheckInTexts'>
  months: number
  /** How often it looks; the first run is right after start. */
  intervalMs?: number
  clock?: () => Date
  log: Log
}

export function createRetentionJob(options: RetentionJobOptions) {
  const clock = options.clock ?? (() => new Date())
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000
  /** The number of closed applications reduced (the check-ins' texts are logged apart). */
  async function runOnce(): Promise<number> {
    const now = clock()
    const { reduced } = await options.founders.reduceClosedBefore(retentionCutoff(now, options.months), now)
    if (reduced > 0) options.log({ level: 'info', msg: 'retention: applications reduced', count: reduced, months: options.months })
    const texts = await options.followUp.reduceCheckInTexts(formatIsoDay(now), now)
    if (texts > 0) options.log({ level: 'info', msg: "retention: check-ins' texts emptied after the follow-up", count: texts })
    return reduced
  }

  const loop = periodic({
    everyMs: intervalMs,
    run: runOnce,
    onError: (err) => options.log({ level: 'error', msg: 'retention run failed', error: err instanceof Error ? err.name : 'unknown' }),
  })
  return { runOnce, start: loop.start, stop: loop.stop }
}
