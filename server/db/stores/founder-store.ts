/**
 * The founder's side of the pipeline, stored next to the review store (same
 * connection, same transactions): "Correos por enviar" (the drafts of the
 * status e-mails), the per-kind setting to send straight away, the founder's
 * personal links, and the retention job's reduction of closed applications.
 * Implemented on SQLite and PostgreSQL; founder-store-contract.ts pins both.
 */
import { APPLICATION_FIELDS } from '../../../domain/application.ts'
import type { DataRequestKind } from '../../../domain/data-requests.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import type { StatusMailKind } from '../../../domain/founder-mail.ts'
import type { NewOutboxMessage } from './application-store.ts'

export interface NewFounderDraft {
  id: string
  kind: StatusMailKind
  to: string
  subject: string
  text: string
  html: string
}

/**
 * What a stage change writes for the founder, in the transition's own
 * transaction: the e-mail either as a draft for review or, when the kind is
 * set to go straight away, in the outbox. Neither holds the founder's link:
 * the outbox worker creates it as the e-mail leaves (ADR 0117).
 */
export interface FounderMailWrite {
  draft: NewFounderDraft
  /** Set: the e-mail goes to the outbox now (the admin setting for its kind). */
  sendNow: NewOutboxMessage | null
}

export type DraftStatus = 'draft' | 'sent' | 'discarded'

export interface FounderDraft {
  id: string
  applicationId: string
  reference: string
  kind: StatusMailKind
  to: string
  subject: string
  text: string
  html: string
  status: DraftStatus
  createdAt: Date
  editedAt: Date | null
  settledAt: Date | null
  settledBy: string | null
}

export type DraftOutcome = { status: 'ok'; draft: FounderDraft } | { status: 'not_found' } | { status: 'conflict'; draft: FounderDraft }

export interface FounderView {
  applicationId: string
  reference: string
  stage: Stage
  receivedAt: Date
  stageEnteredAt: Date
  stageDueAt: Date | null
  /** The stage changes, oldest first (dates only, never the team's reasons). */
  changes: { to: Stage; at: Date }[]
}

export interface RetentionResult {
  reduced: number
}

export interface FounderStore {
  /** Waiting drafts, oldest first. */
  listWaitingDrafts(): Promise<FounderDraft[]>
  /** Every draft of an application (any status), oldest first: the detail page's timeline. */
  listDrafts(applicationId: string): Promise<FounderDraft[]>
  getDraft(id: string): Promise<FounderDraft | null>
  /** Change a waiting draft's subject and text (and the HTML made from it). Conflict once sent or discarded. */
  editDraft(id: string, edit: { subject: string; text: string; html: string }, memberId: string, at: Date): Promise<DraftOutcome>
  /**
   * Send a waiting draft: in one transaction, its e-mail into the outbox
   * (`message` carries the draft's current subject and bodies) and the draft
   * marked sent. Conflict when it was already sent or discarded.
   */
  sendDraft(id: string, message: (draft: FounderDraft) => NewOutboxMessage, memberId: string, at: Date): Promise<DraftOutcome>
  discardDraft(id: string, memberId: string, at: Date): Promise<DraftOutcome>

  /** The kinds set to go without review. */
  sendImmediately(): Promise<Record<StatusMailKind, boolean>>
  setSendImmediately(kind: StatusMailKind, value: boolean, memberId: string, at: Date): Promise<void>

  /** The application a link opens: null when unknown, revoked, or its application reduced by retention. */
  resolveLink(tokenHash: string): Promise<FounderView | null>
  /**
   * A founder asked for a new link: in one transaction, every link of the
   * application is revoked and the e-mail queued; the worker creates the new
   * link as that e-mail leaves.
   */
  issueLink(applicationId: string, message: NewOutboxMessage, at: Date): Promise<void>

  /** Put an e-mail about the application in the outbox (the team's notice of a founder's deletion request). */
  queueMessage(applicationId: string, message: NewOutboxMessage, at: Date): Promise<void>

  /**
   * Reduce every application closed as no_seleccionada or retirada before
   * `closedBefore` and not reduced yet: its personal data, e-mails, drafts,
   * notes, review comments and links go; reference, dates and stage stay.
   * Idempotent and safe with several instances at once.
   */
  reduceClosedBefore(closedBefore: Date, at: Date): Promise<RetentionResult>

  /**
   * Record a titular's request about an application and, in the same
   * transaction, the team's notice of it. When a request of that kind is
   * already open for the application (a second click, a reload), neither is
   * written and the open one is answered: one request, one notice.
   */
  openDataRequest(request: NewDataRequest, notice: NewOutboxMessage): Promise<OpenDataRequestOutcome>
  /** The requests about the application of that reference, open and closed, oldest first: after its deletion too. */
  listDataRequests(reference: string): Promise<DataRequest[]>
}

/** A titular's request under Ley 1581 (domain/data-requests.ts, docs/decisions/0122-data-requests-record.md). */
export interface DataRequest {
  id: string
  /** Null once an admin deleted the application: the record outlives it, with its reference. */
  applicationId: string | null
  reference: string
  kind: DataRequestKind
  openedAt: Date
  /** The end of the last business day the law gives to answer. */
  dueAt: Date
  closedAt: Date | null
  /** The admin who closed it; null while open, or when closed from the command line. */
  closedBy: string | null
}

export type NewDataRequest = Pick<DataRequest, 'id' | 'kind' | 'openedAt' | 'dueAt'> & { applicationId: string; reference: string }

export type OpenDataRequestOutcome = { status: 'opened'; request: DataRequest } | { status: 'already_open'; request: DataRequest }

export interface DataRequestRow<T> {
  id: string
  application_id: string | null
  reference: string
  kind: DataRequestKind
  opened_at: T
  due_at: T
  closed_at: T | null
  closed_by: string | null
}

export function dataRequestFromRow<T>(r: DataRequestRow<T>, date: (v: T) => Date): DataRequest {
  return {
    id: r.id,
    applicationId: r.application_id,
    reference: r.reference,
    kind: r.kind,
    openedAt: date(r.opened_at),
    dueAt: date(r.due_at),
    closedAt: r.closed_at === null ? null : date(r.closed_at),
    closedBy: r.closed_by,
  }
}

export const RETAINED_CLOSED_STAGES = ['no_seleccionada', 'retirada'] as const satisfies readonly Stage[]

/** What form_data becomes once reduced: every field present and empty, so every reader still works. */
export const EMPTIED_FORM_DATA: Readonly<Record<string, string>> = Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, '']))
