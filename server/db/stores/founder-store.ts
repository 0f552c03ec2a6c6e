/**
 * The founder's side of the pipeline, stored next to the review store (same
 * connection, same transactions): "Correos por enviar" (the drafts of the
 * status e-mails), the per-kind setting to send straight away, the founder's
 * personal links, the record of data requests, and the retention job's
 * reduction of closed applications. Written once for both engines (ADR
 * 0124); founder-store-contract.ts pins it on both.
 *
 * A draft is settled under a row lock (PostgreSQL; SQLite's write holds the
 * database) and only while it is still a draft, so two members sending it
 * at once put one e-mail in the outbox; the retention job claims its rows
 * with `for update skip locked`, so instances running it together split the
 * work.
 */
import { sql, type InferResult, type SqlBool } from 'kysely'
import { APPLICATION_FIELDS, type Application } from '../../../domain/application.ts'
import type { DataRequestKind } from '../../../domain/data-requests.ts'
import { CLOSED_WITHOUT_SIGNATURE, type Stage } from '../../../domain/pipeline.ts'
import type { FounderDraftRecord as FounderDraft } from '../../../domain/founder-mail-records.ts'
import { FOUNDER_MAIL_KINDS, STATUS_MAIL_KINDS, isStatusMailKind, type FounderMailKind } from '../../../domain/founder-mail.ts'
import { db, firstOrNull, insertRows, updateFromExcluded, type Engine, type RowOf, type Step, type Tx } from '../engine.ts'
import { fromJson, fromRow, toBool, toDate, toDateOrNull, toRow, type JsonText, type Row, type StoredMessage } from '../schema.ts'
import { isUuid } from '../time-ordered-id.ts'
import { messageColumns, type NewOutboxMessage } from './outbox-rows.ts'
import { panelReducer } from './panel-steps.ts'

export type NewFounderDraft = Pick<FounderDraft, 'id' | 'kind' | 'to' | 'subject' | 'text' | 'html'>

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
  /**
   * The stage change cancelled the panel session (ADR 0185): the founder's METHOD:CANCEL e-mail on its own.
   * Its calendar travels with the stage e-mail (sent now, or when the draft is sent); if the draft is discarded
   * or replaced unsent, this e-mail goes instead, so the founder's calendar never keeps a cancelled session.
   */
  panelCancel?: NewOutboxMessage | null
}

export type { FounderDraftRecord as FounderDraft } from '../../../domain/founder-mail-records.ts'

export type DraftOutcome =
  | { status: 'ok'; draft: FounderDraft }
  | { status: 'not_found' }
  | { status: 'conflict'; draft: FounderDraft }
  /** The draft is waiting but its application is no longer at the stage it announces: nothing was sent (ADR 0138). */
  | { status: 'stale'; draft: FounderDraft; stage: Stage }

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
  /** Drafts superseded by a later stage change since `since`, newest first ("Correos por enviar" says so). */
  listSupersededSince(since: Date): Promise<FounderDraft[]>
  /** Every draft of an application (any status), oldest first: the detail page's timeline. */
  listDrafts(applicationId: string): Promise<FounderDraft[]>
  getDraft(id: string): Promise<FounderDraft | null>
  /** Change a waiting draft's subject and text (and the HTML made from it). Conflict once sent or discarded. */
  editDraft(id: string, edit: { subject: string; text: string; html: string }, memberId: string, at: Date): Promise<DraftOutcome>
  /**
   * Send a waiting draft: in one transaction, its e-mail into the outbox
   * (`message` carries the draft's current subject and bodies) and the draft
   * marked sent. Conflict when it was already sent or discarded; stale,
   * sending nothing, when its application is no longer at the stage the
   * draft announces (ADR 0138).
   */
  sendDraft(id: string, message: (draft: FounderDraft) => NewOutboxMessage, memberId: string, at: Date): Promise<DraftOutcome>
  discardDraft(id: string, memberId: string, at: Date): Promise<DraftOutcome>

  /** The kinds set to go without review. */
  sendImmediately(): Promise<Record<FounderMailKind, boolean>>
  setSendImmediately(kind: FounderMailKind, value: boolean, memberId: string, at: Date): Promise<void>

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
  /** A founder e-mail that is no stage change's (a document's new version asked for): its draft, or sent at once. */
  writeFounderMail(applicationId: string, write: FounderMailWrite, at: Date): Promise<void>

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
  /** Every open request, the one due first first (the workspace's "Datos personales"). */
  listOpenDataRequests(): Promise<DataRequest[]>
}

/** A titular's request under Ley 1581 (domain/data-requests.ts, docs/decisions/0122-data-requests-record.md). */
export type DataRequest = Row<'data_requests'>

export type NewDataRequest = Pick<DataRequest, 'id' | 'kind' | 'openedAt' | 'dueAt'> & { applicationId: string; reference: string }

export type OpenDataRequestOutcome = { status: 'opened'; request: DataRequest } | { status: 'already_open'; request: DataRequest }

/** The closed applications retention reduces: those closed without a signature (domain/pipeline.ts). */
export const RETAINED_CLOSED_STAGES = CLOSED_WITHOUT_SIGNATURE

/** What form_data becomes once reduced: every field present and empty, so every reader still works. */
export const EMPTIED_FORM_DATA: Readonly<Record<string, string>> = Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, '']))

/** An e-mail about an application, as the outbox's batch insert takes it: due at once, its body kept (below). */
const OUTBOX_COLUMNS = {
  id: 'uuid',
  application_id: 'uuid',
  kind: 'text',
  message_id: 'text',
  sender: 'text',
  recipient: 'text',
  reply_to: 'text',
  subject: 'text',
  text_body: 'text',
  html_body: 'text',
  calendar: 'text',
  next_attempt_at: 'timestamptz',
  created_at: 'timestamptz',
} as const

const outboxRow = (applicationId: string, m: NewOutboxMessage, at: Date): RowOf<'outbox', typeof OUTBOX_COLUMNS> => ({
  ...messageColumns({ ...m, replyTo: m.replyTo ?? null }),
  calendar: m.calendar ?? null,
  application_id: applicationId,
  next_attempt_at: at,
  created_at: at,
})

/** The founder's CANCEL e-mail kept on a draft, back as the outbox message it is (ADR 0185). */
const storedCancel = (value: StoredMessage | JsonText<StoredMessage> | null): NewOutboxMessage | null =>
  value === null ? null : (fromJson(value) as NewOutboxMessage)

/**
 * E-mails about applications into the outbox, one statement for any number.
 * No body holds a secret (the founder's link is a placeholder until the
 * e-mail leaves, ADR 0117), so none is blanked after sending
 * (redact_after_send keeps its default, false) and a failed one can be sent
 * again from "Estado del sistema".
 */
const outboxInsert = (e: Engine) => insertRows(e, 'outbox', OUTBOX_COLUMNS)

const DRAFT_COLUMNS = {
  id: 'uuid',
  application_id: 'uuid',
  kind: 'text',
  recipient: 'text',
  subject: 'text',
  text_body: 'text',
  html_body: 'text',
  status: 'text',
  created_at: 'timestamptz',
  settled_at: 'timestamptz',
  outbox_id: 'uuid',
  panel_cancel: 'jsonb',
} as const

/** The founder e-mails of stage changes, as a transition has them. */
export type FounderMailWrites = readonly { applicationId: string; write: FounderMailWrite; at: Date }[]

/**
 * What stage changes write for their founders, as steps of the caller's own
 * transaction (the stage change's, server/features/review/pipeline.ts): `yield*
 * writeFounderMails(tx, writes)`. One draft per change and an outbox row for
 * each sent straight away, in two statements for any number (a bulk move,
 * ADR 0108).
 */
export function founderMailWriter(e: Engine): (tx: Tx, writes: FounderMailWrites) => Generator<Step, void, unknown> {
  const insertOutbox = outboxInsert(e)
  const insertDrafts = insertRows(e, 'founder_mail_drafts', DRAFT_COLUMNS)
  return function* writeFounderMails(tx, writes) {
    if (writes.length === 0) return
    // Sent straight away, the stage e-mail carries the founder's CANCEL calendar itself (ADR 0185).
    const sent = writes.flatMap((w) => {
      const m = w.write.sendNow
      if (!m) return []
      const calendar = w.write.panelCancel?.calendar
      return [outboxRow(w.applicationId, calendar ? { ...m, calendar } : m, w.at)]
    })
    if (sent.length > 0) yield* tx.run(insertOutbox({ rows: sent }))
    const drafts = writes.map(({ applicationId, write, at }): RowOf<'founder_mail_drafts', typeof DRAFT_COLUMNS> => {
      const d = write.draft
      const sentNow = write.sendNow !== null
      // Sent straight away, the draft stays as the timeline's record, without the body.
      return {
        id: d.id,
        application_id: applicationId,
        kind: d.kind,
        recipient: d.to,
        subject: d.subject,
        text_body: sentNow ? '' : d.text,
        html_body: sentNow ? '' : d.html,
        status: sentNow ? 'sent' : 'draft',
        created_at: at,
        settled_at: sentNow ? at : null,
        outbox_id: write.sendNow?.id ?? null,
        panel_cancel: sentNow ? null : ((write.panelCancel as StoredMessage | null | undefined) ?? null),
      }
    })
    yield* tx.run(insertDrafts({ rows: drafts }))
  }
}

const draftsWithReference = () =>
  db.selectFrom('founder_mail_drafts as d').innerJoin('applications as a', 'a.id', 'd.application_id').selectAll('d').select(['a.reference', 'a.stage'])
type DraftRow = InferResult<ReturnType<typeof draftsWithReference>>[number]
const toDraft = (r: DraftRow): FounderDraft => ({
  id: r.id,
  applicationId: r.application_id,
  reference: r.reference,
  kind: r.kind,
  to: r.recipient,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  status: r.superseded_to !== null ? 'superseded' : r.status,
  createdAt: toDate(r.created_at),
  editedAt: toDateOrNull(r.edited_at),
  settledAt: toDateOrNull(r.settled_at),
  settledBy: r.settled_by,
  supersededTo: r.superseded_to,
  carriesPanelCancel: r.panel_cancel !== null,
})

/** A stage change as it supersedes the waiting drafts of its application: the application's last move in a batch. */
export interface SupersedingChange {
  applicationId: string
  to: Stage
  memberId: string | null
  at: Date
}

/**
 * What a stage change does to the founder e-mails still waiting for its
 * application, as steps of the transition's own transaction, before the
 * change's own e-mail is written: they announce a stage the application has
 * left, so they are settled as discarded with the stage that replaced them
 * (ADR 0138). One statement per (stage, member, instant): one for a bulk move.
 */
export function draftSuperseder(e: Engine): (tx: Tx, changes: readonly SupersedingChange[]) => Generator<Step, void, unknown> {
  const supersede = e.prepare((p: { ids: string[]; to: Stage; memberId: string | null; at: Date }) =>
    db
      .updateTable('founder_mail_drafts')
      .set({ status: 'discarded', superseded_to: p.to, settled_by: p.memberId, settled_at: p.at, text_body: '', html_body: '', panel_cancel: null })
      .where(e.inList('application_id', p.ids))
      // The e-mails that announce a stage; a request for a document's new version is no stage's.
      .where('kind', 'in', STATUS_MAIL_KINDS)
      .where('status', '=', 'draft'),
  )
  // A draft about to be replaced that carries the founder's CANCEL (ADR 0185): that e-mail goes on its own.
  const carrying = e.prepare((p: { ids: string[] }) =>
    db
      .selectFrom('founder_mail_drafts')
      .select(['application_id', 'panel_cancel'])
      .where(e.inList('application_id', p.ids))
      .where('kind', 'in', STATUS_MAIL_KINDS)
      .where('status', '=', 'draft')
      .where('panel_cancel', 'is not', null),
  )
  const insertOutbox = outboxInsert(e)
  return function* supersedeDrafts(tx, changes) {
    if (changes.length === 0) return
    const cancels = (yield* tx.all(carrying({ ids: [...new Set(changes.map((c) => c.applicationId))] }))).map((r) => {
      const at = changes.find((c) => c.applicationId === r.application_id)!.at
      return outboxRow(r.application_id, storedCancel(r.panel_cancel)!, at)
    })
    if (cancels.length > 0) yield* tx.run(insertOutbox({ rows: cancels }))
    const groups = new Map<string, { ids: string[]; to: Stage; memberId: string | null; at: Date }>()
    for (const c of changes) {
      const key = `${c.to} ${c.memberId ?? ''} ${c.at.toISOString()}`
      const group = groups.get(key) ?? { ids: [], to: c.to, memberId: c.memberId, at: c.at }
      group.ids.push(c.applicationId)
      groups.set(key, group)
    }
    for (const group of groups.values()) yield* tx.run(supersede(group))
  }
}

/** An update of draft `p.id` that changes it only while it is still a draft (compare-and-set). */
const stillDraft = (p: { id: string }) => db.updateTable('founder_mail_drafts').where('id', '=', p.id).where('status', '=', 'draft')

const dataRequests = () => db.selectFrom('data_requests').selectAll()
type DataRequestRow = InferResult<ReturnType<typeof dataRequests>>[number]
const toDataRequest = (r: DataRequestRow): DataRequest => fromRow('data_requests', r)

const closedStages = sql<SqlBool>`stage in (${sql.join(RETAINED_CLOSED_STAGES.map((s) => sql.lit(s)))})`

export function openFounderStore(e: Engine): FounderStore {
  const insertOutbox = outboxInsert(e)
  const writeMails = founderMailWriter(e)
  const reducePanel = panelReducer(e)
  const byApplications = (table: 'outbox' | 'founder_mail_drafts' | 'founder_links' | 'application_notes' | 'idempotency_keys' | 'documents' | 'agreements') =>
    e.prepare((p: { ids: string[] }) => db.deleteFrom(table).where(e.inList('application_id', p.ids)))
  const q = {
    waitingDrafts: e.prepare(() => draftsWithReference().where('d.status', '=', 'draft').orderBy('d.created_at').orderBy('d.id')),
    supersededSince: e.prepare((p: { since: Date }) =>
      draftsWithReference().where('d.superseded_to', 'is not', null).where('d.settled_at', '>=', p.since).orderBy('d.settled_at', 'desc').orderBy('d.id', 'desc'),
    ),
    drafts: e.prepare((p: { applicationId: string }) => draftsWithReference().where('d.application_id', '=', p.applicationId).orderBy('d.created_at').orderBy('d.id')),
    draft: e.prepare((p: { id: string }) => draftsWithReference().where('d.id', '=', p.id)),
    // The draft's row alone: locking the joined application too would queue behind its stage changes.
    lockDraft: e.prepare((p: { id: string }) => db.selectFrom('founder_mail_drafts').select('id').where('id', '=', p.id).$call(e.forUpdate)),
    editDraft: e.prepare((p: { id: string; subject: string; text: string; html: string; memberId: string; at: Date }) =>
      stillDraft(p).set({ subject: p.subject, text_body: p.text, html_body: p.html, edited_by: p.memberId, edited_at: p.at }),
    ),
    // Settled, the draft keeps no body: the outbox has what was sent.
    settleDraft: e.prepare((p: { id: string; status: 'sent' | 'discarded'; memberId: string; at: Date; outboxId: string | null }) =>
      stillDraft(p).set({ status: p.status, text_body: '', html_body: '', settled_by: p.memberId, settled_at: p.at, outbox_id: p.outboxId, panel_cancel: null }),
    ),
    panelCancel: e.prepare((p: { id: string }) => db.selectFrom('founder_mail_drafts').select('panel_cancel').where('id', '=', p.id)),
    settings: e.prepare(() => db.selectFrom('founder_mail_settings').select(['kind', 'send_immediately'])),
    setSetting: e.prepare((p: { kind: FounderMailKind; value: boolean; memberId: string; at: Date }) =>
      db
        .insertInto('founder_mail_settings')
        .values({ kind: p.kind, send_immediately: p.value, updated_by: p.memberId, updated_at: p.at })
        .onConflict(updateFromExcluded(['kind'], ['send_immediately', 'updated_by', 'updated_at'])),
    ),
    linked: e.prepare((p: { tokenHash: string }) =>
      db
        .selectFrom('founder_links as l')
        .innerJoin('applications as a', 'a.id', 'l.application_id')
        .select(['a.id', 'a.reference', 'a.stage', 'a.created_at', 'a.stage_entered_at', 'a.stage_due_at'])
        .where('l.token_hash', '=', p.tokenHash)
        .where('l.revoked_at', 'is', null)
        .where('a.anonymized_at', 'is', null),
    ),
    changes: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('stage_changes').select(['to_stage', 'at']).where('application_id', '=', p.applicationId).orderBy('at').orderBy('id'),
    ),
    revokeLinks: e.prepare((p: { applicationId: string; at: Date }) =>
      db.updateTable('founder_links').set({ revoked_at: p.at }).where('application_id', '=', p.applicationId).where('revoked_at', 'is', null),
    ),
    // Rows another instance is reducing right now are skipped, not waited for: it will finish them.
    claimClosed: e.prepare((p: { before: Date }) =>
      db
        .selectFrom('applications')
        .select('id')
        .where('anonymized_at', 'is', null)
        .where(closedStages)
        .where('stage_entered_at', '<', p.before)
        .$call(e.forUpdateSkipLocked),
    ),
    dropOutbox: byApplications('outbox'),
    dropDrafts: byApplications('founder_mail_drafts'),
    dropLinks: byApplications('founder_links'),
    dropNotes: byApplications('application_notes'),
    dropIdempotencyKeys: byApplications('idempotency_keys'),
    // The due-diligence documents' rows (and stored bytes); files on disk go with the documents' sweep.
    dropDocuments: byApplications('documents'),
    // An agreement never signed (declined, expired, voided) holds names, addresses and the signer's IP: it goes with the rest.
    dropAgreements: byApplications('agreements'),
    blankReviews: e.prepare((p: { ids: string[] }) =>
      db
        .updateTable('application_reviews')
        .set({ comments: sql<Record<string, string>>`'{}'`, overall_comment: '' })
        .where(e.inList('application_id', p.ids)),
    ),
    blankConflicts: e.prepare((p: { ids: string[] }) => db.updateTable('conflicts').set({ note: '', lift_reason: null }).where(e.inList('application_id', p.ids))),
    blankReasons: e.prepare((p: { ids: string[] }) => db.updateTable('stage_changes').set({ reason: null }).where(e.inList('application_id', p.ids))),
    // The personal data is gone: an open deletion request is answered (by no member: the retention job).
    answerDeletions: e.prepare((p: { ids: string[]; at: Date }) =>
      db
        .updateTable('data_requests')
        .set({ closed_at: p.at })
        .where(e.inList('application_id', p.ids))
        .where('kind', '=', 'supresion')
        .where('closed_at', 'is', null),
    ),
    reduce: e.prepare((p: { ids: string[]; formData: Application; at: Date }) =>
      db
        .updateTable('applications')
        .set({ form_data: p.formData, email: '', search_text: sql<string>`lower(reference)`, anonymized_at: p.at })
        .where(e.inList('id', p.ids))
        .where('anonymized_at', 'is', null),
    ),
    // Two requests at once: the partial unique index (data_requests_open) lets one insert; the other finds it.
    openRequest: e.prepare((p: NewDataRequest) =>
      db
        .insertInto('data_requests')
        .values(toRow(p, ['id', 'application_id', 'reference', 'kind', 'opened_at', 'due_at']))
        .onConflict((c) => c.columns(['application_id', 'kind']).where('closed_at', 'is', null).doNothing())
        .returningAll(),
    ),
    openedRequest: e.prepare((p: { applicationId: string; kind: DataRequestKind }) =>
      dataRequests().where('application_id', '=', p.applicationId).where('kind', '=', p.kind).where('closed_at', 'is', null),
    ),
    requests: e.prepare((p: { reference: string }) => dataRequests().where('reference', '=', p.reference).orderBy('opened_at').orderBy('id')),
    openRequests: e.prepare(() => dataRequests().where('closed_at', 'is', null).orderBy('due_at').orderBy('id')),
  }

  /**
   * Compare-and-set on status = 'draft', under the draft's row lock; `change`
   * may answer an outcome of its own instead (then it changed nothing).
   */
  const settle = (id: string, change: (tx: Tx, draft: FounderDraft, stage: Stage) => Generator<Step, DraftOutcome | void, unknown>): Promise<DraftOutcome> =>
    e.transaction(function* (tx): Generator<Step, DraftOutcome, unknown> {
      if (!(yield* tx.first(q.lockDraft({ id })))) return { status: 'not_found' }
      const row = (yield* tx.first(q.draft({ id })))!
      const draft = toDraft(row)
      if (draft.status !== 'draft') return { status: 'conflict', draft }
      const refused = yield* change(tx, draft, row.stage)
      if (refused) return refused
      return { status: 'ok', draft: toDraft((yield* tx.first(q.draft({ id })))!) }
    })

  return {
    async listWaitingDrafts() {
      return (await e.all(q.waitingDrafts({}))).map(toDraft)
    },

    async listSupersededSince(since) {
      return (await e.all(q.supersededSince({ since }))).map(toDraft)
    },

    async listDrafts(applicationId) {
      if (!isUuid(applicationId)) return []
      return (await e.all(q.drafts({ applicationId }))).map(toDraft)
    },

    async getDraft(id) {
      if (!isUuid(id)) return null
      return firstOrNull(e, q.draft({ id }), toDraft)
    },

    async editDraft(id, edit, memberId, at) {
      if (!isUuid(id)) return { status: 'not_found' }
      return settle(id, function* (tx) {
        yield* tx.run(q.editDraft({ id, subject: edit.subject, text: edit.text, html: edit.html, memberId, at }))
      })
    },

    async sendDraft(id, message, memberId, at) {
      if (!isUuid(id)) return { status: 'not_found' }
      return settle(id, function* (tx, draft, stage) {
        // A stage change supersedes the waiting drafts in its own transaction; this catches any left behind.
        if (isStatusMailKind(draft.kind) && draft.kind !== stage) return { status: 'stale', draft, stage }
        // The stage change cancelled the panel session: its calendar goes with this e-mail (ADR 0185).
        const calendar = storedCancel((yield* tx.first(q.panelCancel({ id })))!.panel_cancel)?.calendar
        const m = message(draft)
        yield* tx.run(insertOutbox({ rows: [outboxRow(draft.applicationId, calendar ? { ...m, calendar } : m, at)] }))
        yield* tx.run(q.settleDraft({ id, status: 'sent', memberId, at, outboxId: m.id }))
      })
    },

    async discardDraft(id, memberId, at) {
      if (!isUuid(id)) return { status: 'not_found' }
      return settle(id, function* (tx, draft) {
        // Not sent, its founder's CANCEL goes on its own: no calendar keeps a cancelled session (ADR 0185).
        const cancel = storedCancel((yield* tx.first(q.panelCancel({ id })))!.panel_cancel)
        if (cancel) yield* tx.run(insertOutbox({ rows: [outboxRow(draft.applicationId, cancel, at)] }))
        yield* tx.run(q.settleDraft({ id, status: 'discarded', memberId, at, outboxId: null }))
      })
    },

    async sendImmediately() {
      // Every kind, false unless its row says otherwise.
      const result = Object.fromEntries(FOUNDER_MAIL_KINDS.map((k) => [k, false])) as Record<FounderMailKind, boolean>
      for (const r of await e.all(q.settings({}))) result[r.kind] = toBool(r.send_immediately)
      return result
    },

    async setSendImmediately(kind, value, memberId, at) {
      await e.run(q.setSetting({ kind, value, memberId, at }))
    },

    async resolveLink(tokenHash) {
      const row = await e.first(q.linked({ tokenHash }))
      if (!row) return null
      const changes = await e.all(q.changes({ applicationId: row.id }))
      return {
        applicationId: row.id,
        reference: row.reference,
        stage: row.stage,
        receivedAt: toDate(row.created_at),
        stageEnteredAt: toDate(row.stage_entered_at!),
        stageDueAt: toDateOrNull(row.stage_due_at),
        changes: changes.map((c) => ({ to: c.to_stage, at: toDate(c.at) })),
      }
    },

    async issueLink(applicationId, message, at) {
      await e.transaction(function* (tx) {
        // A founder who asks for a new link may have lost the old one where others can read it.
        yield* tx.run(q.revokeLinks({ applicationId, at }))
        yield* tx.run(insertOutbox({ rows: [outboxRow(applicationId, message, at)] }))
      })
    },

    async queueMessage(applicationId, message, at) {
      await e.run(insertOutbox({ rows: [outboxRow(applicationId, message, at)] }))
    },

    async writeFounderMail(applicationId, write, at) {
      await e.transaction(function* (tx) {
        yield* writeMails(tx, [{ applicationId, write, at }])
      })
    },

    reduceClosedBefore(closedBefore, at) {
      // On SQLite one write transaction runs at a time, and the anonymized_at check makes a rerun (or another process) a no-op.
      return e.transaction(function* (tx) {
        const ids = (yield* tx.all(q.claimClosed({ before: closedBefore }))).map((r) => r.id)
        if (ids.length === 0) return { reduced: 0 }
        for (const drop of [q.dropOutbox, q.dropDrafts, q.dropLinks, q.dropNotes, q.dropIdempotencyKeys, q.dropDocuments, q.dropAgreements]) yield* tx.run(drop({ ids }))
        for (const blank of [q.blankReviews, q.blankConflicts, q.blankReasons, reducePanel]) yield* tx.run(blank({ ids }))
        yield* tx.run(q.answerDeletions({ ids, at }))
        yield* tx.run(q.reduce({ ids, formData: EMPTIED_FORM_DATA as unknown as Application, at }))
        return { reduced: ids.length }
      })
    },

    openDataRequest(request, notice) {
      return e.transaction(function* (tx): Generator<Step, OpenDataRequestOutcome, unknown> {
        const opened = yield* tx.first(q.openRequest(request))
        if (opened) {
          yield* tx.run(insertOutbox({ rows: [outboxRow(request.applicationId, notice, request.openedAt)] }))
          return { status: 'opened', request: toDataRequest(opened) }
        }
        const open = yield* tx.first(q.openedRequest({ applicationId: request.applicationId, kind: request.kind }))
        // Closed between the two statements (an admin deleting right then): nothing is left to ask for.
        if (!open) throw new Error('data request closed while being opened')
        return { status: 'already_open', request: toDataRequest(open) }
      })
    },

    async listDataRequests(reference) {
      return (await e.all(q.requests({ reference }))).map(toDataRequest)
    },

    async listOpenDataRequests() {
      return (await e.all(q.openRequests({}))).map(toDataRequest)
    },
  }
}
