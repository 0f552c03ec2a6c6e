/**
 * The agreement's background job, on the reminders' tick: agreements signed by both whose sealing is
 * due (a first try that failed, or a signature taken while the process stopped) are sealed, each
 * failure kept with its next try (service.ts sealDue); and agreements whose time to sign ended are
 * closed as expired, both sides told. Every instance runs it: the sealing is leased row by row and an
 * expiry is a compare-and-set, so two instances never do one twice.
 */
import { periodic } from '../../shared/jobs/periodic.ts'
import type { Log } from '../../shared/log.ts'
import { expireDue, sealDue, type AgreementDeps } from './service.ts'

export interface AgreementJob {
  runOnce(): Promise<{ sealed: number; failed: number; expired: number }>
  start(): void
  stop(): Promise<void>
}

export function createAgreementJob(deps: AgreementDeps, options: { tickMs: number; log: Log }): AgreementJob {
  const runOnce = async () => {
    const sealing = await sealDue(deps)
    const expired = await expireDue(deps)
    return { ...sealing, expired }
  }
  const loop = periodic({ everyMs: options.tickMs, run: runOnce, onError: (error) => options.log({ level: 'error', event: 'agreement.job_failed', error: error instanceof Error ? error.message : String(error) }) })
  return { runOnce, start: loop.start, stop: loop.stop }
}
