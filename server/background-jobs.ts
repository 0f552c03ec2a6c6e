/**
 * The periodic jobs every worker process runs next to its outbox worker: the
 * server's (server/index.ts) and `npm run worker`'s (server/cli/worker.ts).
 * One list, so a job cannot be started in one process and forgotten in the
 * other, nor left running when either stops.
 */
import { backupJobFrom } from './features/backup/compose.ts'
import { checkInJobFrom, reminderJobFrom, retentionJobFrom, type Services } from './compose.ts'
import type { Config } from './shared/env.ts'
import { jsonLog } from './shared/log.ts'
import { createDocumentCleanupJob } from './features/documents/cleanup-job.ts'
import { createAgreementJob } from './features/agreements/agreement-job.ts'
import { createPaymentReminderJob } from './features/portfolio/payment-reminders.ts'

export interface BackgroundJobsDeps {
  /** Called when a job queued e-mail (the reminders): the process wakes its outbox worker. */
  wakeOutbox: () => void
}

export interface BackgroundJobs {
  /** Stops every job, each pass in progress aborted or finished first (server/shared/jobs/periodic.ts). */
  stop(): Promise<void>
}

/** Each job takes what it declares of the process's one services object (server/compose.ts servicesFrom, ADR 0212). */
export function startBackgroundJobs(config: Config, services: Services, deps: BackgroundJobsDeps): BackgroundJobs {
  const jobs = [
    // The daily reminders: exactly one e-mail per member and day however many processes run them.
    reminderJobFrom(config, services, { onQueued: deps.wakeOutbox }),
    // The follow-up's monthly check-in e-mails: exactly one of each kind per startup and month.
    checkInJobFrom(config, services, { onQueued: deps.wakeOutbox }),
    // Closed applications lose their personal data after RETENTION_MONTHS; the check-ins' texts leave a year after the follow-up (ADR 0178).
    retentionJobFrom(config, services),
    // One backup per BACKUP_INTERVAL_HOURS across all instances (server/features/backup/schedule.ts).
    backupJobFrom(config, services),
    // Expired unfinished uploads and the files of deleted documents leave the disk within the hour.
    createDocumentCleanupJob({ documents: services.documentFiles, log: jsonLog }),
    // Agreements signed by both are sealed (a failed sealing tried again with backoff); unsigned ones past their time expire.
    createAgreementJob({ ...services.agreementService, onMailQueued: deps.wakeOutbox }, { tickMs: config.REMINDER_TICK_SECONDS * 1000, log: jsonLog }),
    // A subscription not yet paid by the media: its deal's owner reminded 60 and 14 days before the deadline, once each.
    createPaymentReminderJob({ ...services.paymentReminders, onMailQueued: deps.wakeOutbox }, { tickMs: config.REMINDER_TICK_SECONDS * 1000, log: jsonLog }),
  ]
  for (const job of jobs) job.start()
  return {
    // Together: a backup being stopped must not hold up the others within the shutdown's time limit.
    stop: async () => void (await Promise.all(jobs.map((job) => job.stop()))),
  }
}

/** How either process ends after a signal: the jobs, the outbox worker, the mail sender, then the database; then exit. */
export async function stopAndExit(parts: { jobs: BackgroundJobs; worker: { stop(): Promise<void> }; sender: { close(): Promise<void> }; store: { close(): Promise<void> } }): Promise<void> {
  await parts.jobs.stop()
  await parts.worker.stop()
  await parts.sender.close()
  await parts.store.close()
  jsonLog({ level: 'info', msg: 'stopped' })
  process.exit(0)
}
