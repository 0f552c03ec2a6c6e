/**
 * The founder tables' rows as the drivers return them, and their mapping to
 * the FounderStore's types, shared by the SQLite and PostgreSQL stores. As in
 * server/db/stores/application-rows.ts, `T` is the driver's timestamp type (ISO text on
 * SQLite, Date on postgres.js) and `B` its boolean (0/1 on SQLite).
 */
import type { Stage } from '../../../domain/pipeline.ts'
import { STATUS_MAIL_KINDS, type StatusMailKind } from '../../../domain/founder-mail.ts'
import type { FounderDraft, FounderView } from './founder-store.ts'

/** founder_mail_drafts with its application's reference (`select d.*, a.reference`). */
export interface DraftRow<T> {
  id: string
  application_id: string
  reference: string
  kind: StatusMailKind
  recipient: string
  subject: string
  text_body: string
  html_body: string
  status: FounderDraft['status']
  created_at: T
  edited_at: T | null
  settled_at: T | null
  settled_by: string | null
}

/** The application a live link opens. */
export interface LinkedApplicationRow<T> {
  id: string
  reference: string
  stage: Stage
  created_at: T
  stage_entered_at: T
  stage_due_at: T | null
}

export interface StageChangeRow<T> {
  to_stage: Stage
  at: T
}

export interface MailSettingRow<B> {
  kind: StatusMailKind
  send_immediately: B
}

export function draftFromRow<T>(r: DraftRow<T>, date: (value: T) => Date): FounderDraft {
  return {
    id: r.id,
    applicationId: r.application_id,
    reference: r.reference,
    kind: r.kind,
    to: r.recipient,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    status: r.status,
    createdAt: date(r.created_at),
    editedAt: r.edited_at === null ? null : date(r.edited_at),
    settledAt: r.settled_at === null ? null : date(r.settled_at),
    settledBy: r.settled_by,
  }
}

export function founderViewFromRows<T>(row: LinkedApplicationRow<T>, changes: StageChangeRow<T>[], date: (value: T) => Date): FounderView {
  return {
    applicationId: row.id,
    reference: row.reference,
    stage: row.stage,
    receivedAt: date(row.created_at),
    stageEnteredAt: date(row.stage_entered_at),
    stageDueAt: row.stage_due_at === null ? null : date(row.stage_due_at),
    changes: changes.map((c) => ({ to: c.to_stage, at: date(c.at) })),
  }
}

/** Every kind, false unless its row says otherwise. */
export function sendImmediatelyFromRows<B>(rows: MailSettingRow<B>[], on: (value: B) => boolean): Record<StatusMailKind, boolean> {
  const result = Object.fromEntries(STATUS_MAIL_KINDS.map((k) => [k, false])) as Record<StatusMailKind, boolean>
  for (const r of rows) result[r.kind] = on(r.send_immediately)
  return result
}
