/**
 * The state of the machinery an admin watches (docs/workspace.md "Estado del
 * sistema") and /metrics exports: the outbox's depth, its oldest waiting
 * e-mail, the e-mails that failed for good, and how many applications the
 * database holds. On SQLite (sqlite-machinery-store.ts) and PostgreSQL
 * (postgres-machinery-store.ts), both honouring machinery-store-contract.ts.
 *
 * Only the outbox counts as "waiting to leave": the founder's drafts in
 * "Correos por enviar" (founder_mail_drafts) wait for a person, not for the
 * machinery, and enter the outbox only once a member sends them.
 */
import type { MessageKind } from './application-store.ts'

export interface OutboxFigures {
  /** Applications in the database (deletions and retention lower it). */
  applications: number
  pending: number
  sent: number
  failed: number
  /** Pending e-mails refused at least once, waiting for their next attempt. */
  retrying: number
  /** E-mails of any status refused at least once. */
  retried: number
  /** When the oldest pending e-mail was queued; null when none waits. */
  oldestPendingAt: Date | null
}

export interface FailedMessage {
  id: string
  kind: MessageKind
  /** Null for team e-mails (sign-in links, reminders). */
  applicationId: string | null
  reference: string | null
  companyName: string | null
  attempts: number
  /** The mail server's reason (a status code and category, never the message). */
  lastError: string | null
  failedAt: Date | null
  /** False when its body was blanked on failure (it held a personal link): it cannot go again as it is. */
  retryable: boolean
}

export interface MachineryStore {
  outboxFigures(): Promise<OutboxFigures>
  /** The most recently failed first, at most `limit`; `total` counts them all. */
  failedMessages(limit: number): Promise<{ items: FailedMessage[]; total: number }>
  /**
   * Puts a failed, retryable e-mail back in the queue, due at `at`, with its
   * attempts reset so it gets the whole series again. Null when there is no
   * such failed, retryable e-mail (already retried, sent, blanked, unknown).
   */
  retryFailed(id: string, at: Date): Promise<{ applicationId: string | null } | null>
}
