/**
 * The tables' rows as the SQL drivers return them, and their mapping to the
 * store's types, shared by the SQLite and PostgreSQL stores. The drivers
 * differ only in how they hand back timestamps (ISO text on SQLite, Date on
 * postgres.js) and the form data (JSON text on SQLite, parsed jsonb on
 * PostgreSQL): `T` is the timestamp type, `F` the form data's.
 *
 * Runtime-agnostic (the PostgreSQL store also runs on Deno): no node: imports.
 */
import type { Application } from '../../../domain/application.ts'
import type { MessageKind, MessageStatus, NewOutboxMessage, OutboxMessage, StoredApplication } from './application-store.ts'

export interface ApplicationRow<T, F> {
  id: string
  reference: string
  created_at: T
  form_data: F
  consent_policy_version: string
  consent_accepted_at: T
}

export interface OutboxRow<T> {
  id: string
  application_id: string | null
  member_id: string | null
  kind: MessageKind
  message_id: string
  sender: string
  recipient: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  status: MessageStatus
  attempts: number
  next_attempt_at: T
  claimed_by: string | null
  lease_until: T | null
  last_error: string | null
  created_at: T
  settled_at: T | null
}

export function applicationFromRow<T, F>(
  row: ApplicationRow<T, F>,
  date: (value: T) => Date,
  formData: (value: F) => Application,
): StoredApplication {
  return {
    id: row.id,
    reference: row.reference,
    createdAt: date(row.created_at),
    formData: formData(row.form_data),
    consent: { policyVersion: row.consent_policy_version, acceptedAt: date(row.consent_accepted_at) },
  }
}

export function messageFromRow<T>(row: OutboxRow<T>, date: (value: T) => Date): OutboxMessage {
  return {
    id: row.id,
    applicationId: row.application_id,
    memberId: row.member_id,
    kind: row.kind,
    messageId: row.message_id,
    from: row.sender,
    to: row.recipient,
    ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: date(row.next_attempt_at),
    claimedBy: row.claimed_by,
    leaseUntil: row.lease_until === null ? null : date(row.lease_until),
    lastError: row.last_error,
    createdAt: date(row.created_at),
    settledAt: row.settled_at === null ? null : date(row.settled_at),
  }
}

/** A new outbox message's columns as both stores' inserts name them (the delivery columns are each insert's own). */
export const outboxColumns = (m: NewOutboxMessage) => ({
  id: m.id,
  kind: m.kind,
  message_id: m.messageId,
  sender: m.from,
  recipient: m.to,
  reply_to: m.replyTo ?? null,
  subject: m.subject,
  text_body: m.text,
  html_body: m.html,
})
