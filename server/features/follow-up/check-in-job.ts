/**
 * The monthly check-in's e-mails (ADR 0165). Runs in every worker
 * process next to the outbox worker (server/background-jobs.ts), on the
 * shared loop (server/shared/jobs/periodic.ts), every REMINDER_TICK_SECONDS:
 * from FOLLOW_UP_MAIL_HOUR in Bogotá, each follow-up not closed whose
 * check-in is open today gets the e-mail due today (domain/follow-up.ts
 * checkInMailDue: the invitation from the opening day, the reminder from
 * three days before the due day, the late one from three days after it,
 * the reminders only while unanswered), if not decided before.
 * FollowUpStore.claimMail makes each exactly once per application, month
 * and kind however many instances tick at once (its primary key, as the
 * reminders' reminder_runs, ADR 0100). None leaves before the founder's
 * «Acuerdo firmado» e-mail has (ADR 0186): while it waits in «Correos por
 * enviar» or in the outbox, the check-in waits too (checked again under the
 * deal's lock), and a month opened before the deal was recorded gets its
 * invitation only.
 */
import { bogotaDayStart } from '../../../domain/bogota-days.ts'
import { FOLLOW_UP_MAIL_HOUR, checkInMailDue, openCheckIn } from '../../../domain/follow-up.ts'
import { bogotaClock, formatIsoDay } from '../../../domain/format.ts'
import type { FollowUpStore } from '../../db/stores/follow-up-store.ts'
import { periodic, type PeriodicJob } from '../../shared/jobs/periodic.ts'
import type { Log } from '../../shared/log.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { composeCheckInMail } from './check-in-mail.ts'

export interface CheckInJobDeps {
  followUp: Pick<FollowUpStore, 'mailCandidates' | 'claimMail'>
  mail: FounderMailConfig
  now: () => Date
  log: Log
  /** Called when e-mails were queued (the process wakes its outbox worker). */
  onQueued?: () => void
}

export interface CheckInMailRun {
  day: string
  /** E-mails this instance decided (queued, or none when the application has no address left). */
  queued: number
  /** E-mails another instance got to first, or whose check-in was answered meanwhile. */
  lost: number
  /** Startups whose «Acuerdo firmado» e-mail has not left yet: their check-in waits for it (ADR 0186). */
  waiting: number
}

/** One pass; null before FOLLOW_UP_MAIL_HOUR in Bogotá. */
export async function runCheckInMails(deps: CheckInJobDeps): Promise<CheckInMailRun | null> {
  const now = deps.now()
  if (bogotaClock(now)!.hour < FOLLOW_UP_MAIL_HOUR) return null
  const today = formatIsoDay(now)
  // Every check-in open today opened on the 1st of this month: what happened since then is all that counts.
  const since = bogotaDayStart(`${today.slice(0, 7)}-01`)!
  const compose = composeCheckInMail(deps.mail)
  const run: CheckInMailRun = { day: today, queued: 0, lost: 0, waiting: 0 }
  for (const c of await deps.followUp.mailCandidates(since)) {
    const month = openCheckIn(c.followUpStart, today)
    if (!month) continue
    // A month opened before the deal was recorded is asked by its invitation only.
    const kind = checkInMailDue(month, today, c.answered.includes(month.number), c.recordedOn)
    if (!kind || c.mailed.some((m) => m.month === month.number && m.kind === kind)) continue
    // Nothing of the follow-up before the founder's signature e-mail has left (ADR 0186): next tick.
    if (c.welcomeWaiting) {
      run.waiting++
      continue
    }
    if (await deps.followUp.claimMail({ applicationId: c.applicationId, month, kind, at: now }, compose)) run.queued++
    else run.lost++
  }
  if (run.queued > 0) deps.onQueued?.()
  return run
}

export type CheckInJob = PeriodicJob<CheckInMailRun | null>

export function createCheckInJob(deps: CheckInJobDeps & { tickMs: number }): CheckInJob {
  return periodic({
    everyMs: deps.tickMs,
    run: async () => {
      const run = await runCheckInMails(deps)
      if (run && run.queued + run.lost > 0) deps.log({ level: 'info', msg: 'check-in e-mails decided', day: run.day, queued: run.queued, lost: run.lost, waiting: run.waiting })
      return run
    },
    onError: (err) => deps.log({ level: 'error', msg: 'check-in e-mails failed', error: err instanceof Error ? err.message : String(err) }),
  })
}
