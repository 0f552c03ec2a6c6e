/**
 * The holdings register (docs/decisions/0215-the-holdings-register.md): each portfolio company's events,
 * the documents behind them, the valuation marks and the payment reminders. Written once for both
 * engines (ADR 0124).
 *
 * - The register is append-only: `append` locks the deal's row, reads the company's events, asks the
 *   caller's pure check (domain/holdings.ts eventProblem) whether the new events may join, and writes
 *   them with their document and audit entries in one transaction; two members recording at once are
 *   checked one after the other. Nothing is ever updated or deleted but by retention (the application's
 *   cascade).
 * - A mark is proposed by one member and decided by another: `decideMark` moves it only from
 *   'proposed', and a CHECK refuses the proposer as the decider whatever the caller does.
 * - A payment reminder is written once per deadline and day (its primary key) with its e-mail, so two
 *   instances' jobs never send it twice.
 *
 * Documents' bytes are read apart from the records, so listing never reads megabytes.
 */
import type { HoldingEvent, HoldingEventRecord, MarkMethod, PaymentReminder, ValuationMarkRecord } from '../../../domain/holdings.ts'
import { db, type Engine } from '../engine.ts'
import { fromJson, toDate, toNumber } from '../schema.ts'
import { auditWriter, type NewAuditEntry } from './audit-log.ts'
import type { NewOutboxMessage } from './outbox-rows.ts'
import { timeOrderedId } from '../time-ordered-id.ts'

export interface NewHoldingDocument {
  id: string
  fileName: string
  contentType: string
  sha256: string
  content: Uint8Array
}

export interface HoldingDocumentFile {
  applicationId: string
  fileName: string
  contentType: string
  content: Uint8Array
}

export type HoldingDecision = string | { events: readonly HoldingEvent[]; audit: readonly NewAuditEntry[] }

export type AppendOutcome = { ok: true; events: HoldingEventRecord[] } | { ok: false; problem: string } | { ok: false; noDeal: true }

export interface NewMark {
  id: string
  applicationId: string
  method: MarkMethod
  day: string
  price: string
  note: string
  document: NewHoldingDocument
  memberId: string
  at: Date
}

export type DecideOutcome = ValuationMarkRecord | 'not_found' | 'decided' | 'same_member'

export interface HoldingStore {
  /** The company's events, in the order they were recorded, with who recorded each and its document's name. */
  eventsOf(applicationId: string): Promise<HoldingEventRecord[]>
  /**
   * The events of many companies (the portfolio, a data copy); every company when `ids` is null. With
   * `names: false` the document's and the recorder's names are left null (no join: the portfolio's read).
   */
  eventsOfMany(ids: readonly string[] | null, options?: { names?: boolean }): Promise<Map<string, HoldingEventRecord[]>>
  /**
   * Each register's version: how many events and when the last was recorded. The register is append-only,
   * so a version names its events exactly: a reader may keep what it parsed until the version moves.
   */
  registerVersions(): Promise<Map<string, string>>
  marksOf(applicationId: string): Promise<ValuationMarkRecord[]>
  marksOfMany(ids: readonly string[] | null): Promise<Map<string, ValuationMarkRecord[]>>
  /**
   * Appends events decided against the register as it is inside the transaction: `decide` returns the
   * events to write with their audit entries, or the Spanish refusal. Refused without a deal.
   */
  append(p: { applicationId: string; document: NewHoldingDocument | null; memberId: string; at: Date; decide: (current: readonly HoldingEvent[]) => HoldingDecision }): Promise<AppendOutcome>
  proposeMark(p: NewMark): Promise<ValuationMarkRecord | 'no_deal'>
  decideMark(p: { id: string; applicationId: string; memberId: string; approve: boolean; at: Date }): Promise<DecideOutcome>
  document(id: string): Promise<HoldingDocumentFile | null>
  /** The reminders already sent, by application: each deadline with its days before. */
  remindersSent(ids: readonly string[]): Promise<Map<string, { deadline: string; daysBefore: PaymentReminder }[]>>
  /** Writes a reminder and its e-mail once; false when it was already sent (another instance). */
  recordReminder(p: { applicationId: string; deadline: string; daysBefore: PaymentReminder; ownerId: string | null; at: Date; mail: NewOutboxMessage | null; extraMails?: readonly NewOutboxMessage[] }): Promise<boolean>
}

const EVENT_COLUMNS = ['e.id', 'e.application_id', 'e.kind', 'e.day', 'e.detail', 'e.note', 'e.document_id', 'e.recorded_by', 'e.recorded_at', 'd.file_name', 'm.name as recorder_name'] as const
const events = () =>
  db
    .selectFrom('holding_events as e')
    .leftJoin('holding_documents as d', 'd.id', 'e.document_id')
    .leftJoin('team_members as m', 'm.id', 'e.recorded_by')
    .select(EVENT_COLUMNS)
const bareEvents = () => db.selectFrom('holding_events as e').select(['e.id', 'e.application_id', 'e.kind', 'e.day', 'e.detail', 'e.note', 'e.document_id', 'e.recorded_by', 'e.recorded_at'])
type EventRow = Awaited<ReturnType<ReturnType<typeof events>['execute']>>[number]

const toEvent = (r: EventRow): HoldingEventRecord =>
  ({
    ...fromJson(r.detail),
    kind: r.kind,
    id: r.id,
    applicationId: r.application_id,
    day: r.day,
    note: r.note,
    documentId: r.document_id,
    documentName: r.file_name ?? null,
    recordedBy: r.recorded_by,
    recordedByName: r.recorder_name ?? null,
    recordedAt: toDate(r.recorded_at),
  }) as HoldingEventRecord

const marks = () =>
  db
    .selectFrom('valuation_marks as v')
    .leftJoin('holding_documents as d', 'd.id', 'v.document_id')
    .leftJoin('team_members as p', 'p.id', 'v.proposed_by')
    .leftJoin('team_members as q', 'q.id', 'v.decided_by')
    .select(['v.id', 'v.application_id', 'v.method', 'v.day', 'v.price', 'v.note', 'v.document_id', 'v.status', 'v.proposed_by', 'v.proposed_at', 'v.decided_by', 'v.decided_at', 'd.file_name', 'p.name as proposer_name', 'q.name as decider_name'])
type MarkRow = Awaited<ReturnType<ReturnType<typeof marks>['execute']>>[number]

const toMark = (r: MarkRow): ValuationMarkRecord => ({
  id: r.id,
  applicationId: r.application_id,
  method: r.method,
  day: r.day,
  price: r.price,
  note: r.note,
  documentId: r.document_id,
  documentName: r.file_name ?? null,
  status: r.status,
  proposedBy: r.proposed_by,
  proposedByName: r.proposer_name ?? null,
  proposedAt: toDate(r.proposed_at),
  decidedBy: r.decided_by,
  decidedByName: r.decider_name ?? null,
  decidedAt: r.decided_at === null ? null : toDate(r.decided_at),
})

const group = <T extends { applicationId: string }>(rows: readonly T[]): Map<string, T[]> => {
  const out = new Map<string, T[]>()
  for (const r of rows) (out.get(r.applicationId) ?? out.set(r.applicationId, []).get(r.applicationId)!).push(r)
  return out
}

export function openHoldingStore(e: Engine): HoldingStore {
  const insertAudit = auditWriter(e)
  const q = {
    events: e.prepare((p: { id: string }) => events().where('e.application_id', '=', p.id).orderBy('e.recorded_at').orderBy('e.id')),
    eventsOfMany: e.prepare((p: { ids: string[] }) => events().where(e.inList('e.application_id', p.ids)).orderBy('e.recorded_at').orderBy('e.id')),
    bareEventsOfMany: e.prepare((p: { ids: string[] }) => bareEvents().where(e.inList('e.application_id', p.ids)).orderBy('e.application_id').orderBy('e.recorded_at').orderBy('e.id')),
    bareAllEvents: e.prepare(() => bareEvents().orderBy('e.application_id').orderBy('e.recorded_at').orderBy('e.id')),
    allEvents: e.prepare(() => events().orderBy('e.recorded_at').orderBy('e.id')),
    versions: e.prepare(() =>
      db
        .selectFrom('holding_events')
        .select((eb) => ['application_id', eb.fn.countAll<number | string>().as('n'), eb.fn.max('recorded_at').as('last')])
        .groupBy('application_id'),
    ),
    marks: e.prepare((p: { id: string }) => marks().where('v.application_id', '=', p.id).orderBy('v.proposed_at').orderBy('v.id')),
    marksOfMany: e.prepare((p: { ids: string[] }) => marks().where(e.inList('v.application_id', p.ids)).orderBy('v.proposed_at').orderBy('v.id')),
    allMarks: e.prepare(() => marks().orderBy('v.proposed_at').orderBy('v.id')),
    mark: e.prepare((p: { id: string }) => marks().where('v.id', '=', p.id)),
    lockDeal: e.prepare((p: { id: string }) => db.selectFrom('deals').select(['application_id']).where('application_id', '=', p.id).$call(e.forUpdate)),
    lockMark: e.prepare((p: { id: string; applicationId: string }) =>
      db.selectFrom('valuation_marks').select(['id', 'status', 'proposed_by']).where('id', '=', p.id).where('application_id', '=', p.applicationId).$call(e.forUpdate),
    ),
    insertDocument: e.prepare((p: { id: string; applicationId: string; fileName: string; contentType: string; size: number; sha256: string; content: Uint8Array; memberId: string; at: Date }) =>
      db.insertInto('holding_documents').values({
        id: p.id,
        application_id: p.applicationId,
        file_name: p.fileName,
        content_type: p.contentType,
        size: p.size,
        sha256: p.sha256,
        content: p.content,
        uploaded_by: p.memberId,
        uploaded_at: p.at,
      }),
    ),
    insertEvent: e.prepare((p: { id: string; applicationId: string; kind: HoldingEvent['kind']; day: string; detail: HoldingEventDetailJson; note: string; documentId: string | null; memberId: string; at: Date }) =>
      db.insertInto('holding_events').values({
        id: p.id,
        application_id: p.applicationId,
        kind: p.kind,
        day: p.day,
        detail: p.detail,
        note: p.note,
        document_id: p.documentId,
        recorded_by: p.memberId,
        recorded_at: p.at,
      }),
    ),
    insertMark: e.prepare((p: { id: string; applicationId: string; method: MarkMethod; day: string; price: string; note: string; documentId: string; memberId: string; at: Date }) =>
      db.insertInto('valuation_marks').values({
        id: p.id,
        application_id: p.applicationId,
        method: p.method,
        day: p.day,
        price: p.price,
        note: p.note,
        document_id: p.documentId,
        status: 'proposed',
        proposed_by: p.memberId,
        proposed_at: p.at,
        decided_by: null,
        decided_at: null,
      }),
    ),
    decide: e.prepare((p: { id: string; status: 'approved' | 'rejected'; memberId: string; at: Date }) =>
      db.updateTable('valuation_marks').set({ status: p.status, decided_by: p.memberId, decided_at: p.at }).where('id', '=', p.id).where('status', '=', 'proposed'),
    ),
    document: e.prepare((p: { id: string }) => db.selectFrom('holding_documents').select(['application_id', 'file_name', 'content_type', 'content']).where('id', '=', p.id)),
    reminders: e.prepare((p: { ids: string[] }) => db.selectFrom('holding_reminders').select(['application_id', 'deadline', 'days_before']).where(e.inList('application_id', p.ids))),
    insertReminder: e.prepare((p: { applicationId: string; deadline: string; daysBefore: number; ownerId: string | null; at: Date }) =>
      db
        .insertInto('holding_reminders')
        .values({ application_id: p.applicationId, deadline: p.deadline, days_before: p.daysBefore, owner_id: p.ownerId, sent_at: p.at })
        .onConflict((oc) => oc.doNothing()),
    ),
    insertOutbox: e.prepare(
      (p: { id: string; kind: NewOutboxMessage['kind']; messageId: string; sender: string; recipient: string; replyTo: string | null; subject: string; text: string; html: string; applicationId: string; memberId: string | null; at: Date }) =>
        db.insertInto('outbox').values({
          id: p.id,
          application_id: p.applicationId,
          member_id: p.memberId,
          kind: p.kind,
          message_id: p.messageId,
          sender: p.sender,
          recipient: p.recipient,
          reply_to: p.replyTo,
          subject: p.subject,
          text_body: p.text,
          html_body: p.html,
          next_attempt_at: p.at,
          created_at: p.at,
        }),
    ),
  }

  const documentRow = (applicationId: string, d: NewHoldingDocument, memberId: string, at: Date) =>
    q.insertDocument({ id: d.id, applicationId, fileName: d.fileName, contentType: d.contentType, size: d.content.byteLength, sha256: d.sha256, content: d.content, memberId, at })

  return {
    async eventsOf(id) {
      return (await e.all(q.events({ id }))).map(toEvent)
    },
    async eventsOfMany(ids, options = {}) {
      if (ids !== null && ids.length === 0) return new Map()
      if (options.names === false)
        return group((await e.all(ids === null ? q.bareAllEvents({}) : q.bareEventsOfMany({ ids: [...ids] }))).map((r) => toEvent({ ...r, file_name: null, recorder_name: null })))
      return group((await e.all(ids === null ? q.allEvents({}) : q.eventsOfMany({ ids: [...ids] }))).map(toEvent))
    },
    async registerVersions() {
      return new Map((await e.all(q.versions({}))).map((r) => [r.application_id, `${toNumber(r.n)}@${toDate(r.last as never).toISOString()}`]))
    },
    async marksOf(id) {
      return (await e.all(q.marks({ id }))).map(toMark)
    },
    async marksOfMany(ids) {
      if (ids !== null && ids.length === 0) return new Map()
      return group((await e.all(ids === null ? q.allMarks({}) : q.marksOfMany({ ids: [...ids] }))).map(toMark))
    },
    async append(p) {
      const outcome = await e.transaction(function* (tx) {
        const deal = yield* tx.all(q.lockDeal({ id: p.applicationId }))
        if (deal.length === 0) return { ok: false as const, noDeal: true as const }
        const current = (yield* tx.all(q.events({ id: p.applicationId }))).map(toEvent)
        const decision = p.decide(current)
        if (typeof decision === 'string') return { ok: false as const, problem: decision }
        if (p.document) yield* tx.run(documentRow(p.applicationId, p.document, p.memberId, p.at))
        for (const ev of decision.events) {
          const { id, day, note, documentId, kind, ...rest } = ev
          yield* tx.run(q.insertEvent({ id, applicationId: p.applicationId, kind, day, detail: { kind, ...rest } as HoldingEventDetailJson, note, documentId, memberId: p.memberId, at: p.at }))
        }
        if (decision.audit.length > 0) yield* tx.run(insertAudit(decision.audit))
        return { ok: true as const, ids: decision.events.map((ev) => ev.id) }
      })
      if (!outcome.ok) return outcome
      const written = new Set(outcome.ids)
      return { ok: true, events: (await this.eventsOf(p.applicationId)).filter((ev) => written.has(ev.id)) }
    },
    async proposeMark(p) {
      const done = await e.transaction(function* (tx) {
        if ((yield* tx.all(q.lockDeal({ id: p.applicationId }))).length === 0) return false
        yield* tx.run(documentRow(p.applicationId, p.document, p.memberId, p.at))
        yield* tx.run(q.insertMark({ id: p.id, applicationId: p.applicationId, method: p.method, day: p.day, price: p.price, note: p.note, documentId: p.document.id, memberId: p.memberId, at: p.at }))
        yield* tx.run(insertAudit([{ at: p.at, memberId: p.memberId, action: 'holding.mark_proposed', applicationId: p.applicationId, detail: { mark: p.id, method: p.method, day: p.day } }]))
        return true
      })
      if (!done) return 'no_deal'
      return toMark((await e.first(q.mark({ id: p.id })))!)
    },
    async decideMark(p) {
      const outcome = await e.transaction(function* (tx) {
        const [row] = yield* tx.all(q.lockMark({ id: p.id, applicationId: p.applicationId }))
        if (!row) return 'not_found' as const
        if (row.status !== 'proposed') return 'decided' as const
        if (row.proposed_by === p.memberId) return 'same_member' as const
        if ((yield* tx.run(q.decide({ id: p.id, status: p.approve ? 'approved' : 'rejected', memberId: p.memberId, at: p.at }))) === 0) return 'decided' as const
        yield* tx.run(insertAudit([{ at: p.at, memberId: p.memberId, action: p.approve ? 'holding.mark_approved' : 'holding.mark_rejected', applicationId: p.applicationId, detail: { mark: p.id } }]))
        return 'ok' as const
      })
      if (outcome !== 'ok') return outcome
      return toMark((await e.first(q.mark({ id: p.id })))!)
    },
    async document(id) {
      const r = await e.first(q.document({ id }))
      return r ? { applicationId: r.application_id, fileName: r.file_name, contentType: r.content_type, content: new Uint8Array(r.content.buffer, r.content.byteOffset, r.content.byteLength) } : null
    },
    async remindersSent(ids) {
      if (ids.length === 0) return new Map()
      const out = new Map<string, { deadline: string; daysBefore: PaymentReminder }[]>()
      for (const r of await e.all(q.reminders({ ids: [...ids] })))
        (out.get(r.application_id) ?? out.set(r.application_id, []).get(r.application_id)!).push({ deadline: r.deadline, daysBefore: Number(r.days_before) as PaymentReminder })
      return out
    },
    async recordReminder(p) {
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.insertReminder({ applicationId: p.applicationId, deadline: p.deadline, daysBefore: p.daysBefore, ownerId: p.ownerId, at: p.at }))) === 0) return false
        for (const m of [...(p.mail ? [p.mail] : []), ...(p.extraMails ?? [])])
          yield* tx.run(q.insertOutbox({ id: m.id, kind: m.kind, messageId: m.messageId, sender: m.from, recipient: m.to, replyTo: m.replyTo ?? null, subject: m.subject, text: m.text, html: m.html, applicationId: p.applicationId, memberId: p.ownerId, at: p.at }))
        yield* tx.run(insertAudit([{ at: p.at, memberId: null, action: 'holding.payment_reminded', applicationId: p.applicationId, detail: { daysBefore: p.daysBefore, deadline: p.deadline } }]))
        return true
      })
    },
  }
}

type HoldingEventDetailJson = import('../../../domain/holdings.ts').HoldingEventDetail

/** A new id for an event or a document (time-ordered: the register reads in the order recorded). */
export const newHoldingId = (): string => timeOrderedId()
