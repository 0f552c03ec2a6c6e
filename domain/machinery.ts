/**
 * The contract of the overview's "Estado del sistema" (GET
 * /equipo/api/overview/machinery, docs/workspace.md): the server builds this
 * answer (server/features/metrics/machinery-routes.ts) and the browser reads it
 * (src/workspace/api/machinery-queries.ts). One definition, so the two cannot
 * drift apart. Types and constants only; times are ISO strings, as JSON
 * carries them.
 */
import type { Wire } from './workspace-api/wire.ts'

/**
 * Every kind of e-mail the outbox carries (server/db/stores/application-store.ts says
 * which of them hold a personal link and are blanked once sent).
 */
export const MAIL_KINDS = [
  'applicant_confirmation',
  'team_notification',
  'team_sign_in',
  'team_reminder',
  'founder_status',
  'founder_link',
  'founder_data_deleted',
  'team_founder_activity',
  // The panel session: invitations (iCalendar REQUEST/CANCEL) and the day-before reminders.
  'founder_panel_invitation',
  // The times an admin offers (sent at once, with the founder's link).
  'founder_panel_times',
  'team_panel_invitation',
  'founder_panel_reminder',
  'team_panel_reminder',
  // The follow-up's monthly check-in (ADR 0165): the invitation and its two reminders, with the founder's link.
  'founder_check_in',
  // The agreement's signature: the document to sign (with the founder's link), the one-time codes, the team's notices.
  'founder_agreement',
  'agreement_code',
  'team_agreement',
  // The holdings register: the deal's owner reminded of a subscription's unpaid balance before its deadline.
  'team_holding',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** One backup, scheduled or taken by hand (table backup_runs). */
export interface BackupRun {
  startedAt: string
  finishedAt: string | null
  status: 'running' | 'ok' | 'failed'
  sizeBytes: number | null
  file: string | null
  error: string | null
}

/** 'stale': the last good backup is older than two intervals. */
export type BackupState = 'none' | 'running' | 'ok' | 'failed' | 'stale'

/** An e-mail that failed for good, as the machinery store reads it (server/db/stores/machinery-store.ts). */
export interface FailedMailRecord {
  id: string
  kind: MailKind
  /** Null for team e-mails (sign-in links, reminders). */
  applicationId: string | null
  reference: string | null
  /** The legal name. */
  companyName: string | null
  /** The trade name, which the workspace shows first (domain/company-name.ts). */
  tradeName: string | null
  attempts: number
  /** The mail server's reason (a status code and category, never the message). */
  lastError: string | null
  failedAt: Date | null
  /**
   * The admin reading has an active conflict of interest with its application (ADR 0200): the names are
   * null and it is not theirs to send again; another admin does.
   */
  conflicted: boolean
  /** False when its body was blanked on failure (it held a personal link): it cannot go again as it is; false when conflicted. */
  retryable: boolean
}
export type FailedMail = Wire<FailedMailRecord>

export interface Machinery {
  checkedAt: string
  backup: { state: BackupState; attention: boolean; last: BackupRun | null; lastSuccessful: BackupRun | null }
  mail: {
    failed: { total: number; attention: boolean; items: FailedMail[] }
    waiting: { count: number; retrying: number; oldestQueuedAt: string | null; oldestAgeSeconds: number | null; attention: boolean }
  }
  /**
   * The agreements' signature: whether the programme's certificate is self-signed (generated at first start:
   * standard tools then say "not trusted"), whether signatures carry an RFC 3161 timestamp (SIGNING_TSA_URL), and
   * the agreements signed by both still being sealed, with the last failure's reason. Absent: not wired.
   */
  signature?: {
    /** `error`: the certificate could not be loaded (the operator's English message). */
    certificate: { loaded: boolean; selfSigned: boolean | null; subject: string | null; notAfter: string | null; error?: string }
    timestamped: boolean
    sealing: { waiting: number; failing: number; lastError: string | null; nextTryAt: string | null }
    attention: boolean
  }
}

/** POST /overview/machinery/mail/:id/retry: the e-mail is pending again. */
export interface MailRetried {
  retried: true
}
