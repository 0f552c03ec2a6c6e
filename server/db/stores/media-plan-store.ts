/**
 * The media plan of a signed deal and its append-only ledger (ADRs
 * 0160-0161), written once for both engines (ADR 0124).
 *
 * - Nothing here updates or deletes a row: a line and an entry are written
 *   once; a correction is a `void` entry (ADR 0160). Rows go with their deal,
 *   which goes with its application (ON DELETE CASCADE).
 * - Every write locks the deal's row (FOR UPDATE on PostgreSQL; SQLite has
 *   one writer), reads the deal's whole ledger in the same transaction and
 *   hands it to the caller's reading (domain/media-plan.ts readPlanLine /
 *   readPlanEntry): two admins recording the last unit of a line at once
 *   cannot both succeed. The write carries its audit entry.
 *
 * Money in integers (ADR 0157); bigint columns come back as text on
 * PostgreSQL and go through toNumber (fromRow).
 */
import type { InferResult } from 'kysely'
import { tradeNameColumn } from './query-fragments.ts'
import type { RateCardItem } from '../../../domain/deals.ts'
import { deliveryOf, type Delivery, type PlanEntryDraft, type PlanLineDraft } from '../../../domain/media-plan.ts'
import type { PlanEntryRecord, PlanLineRecord } from '../../../domain/media-plan-records.ts'
import { db, type Engine, type Step, type Tx } from '../engine.ts'
import { fromRow, toNumber, toRow } from '../schema.ts'
import { auditWriter } from './audit-log.ts'
import { requestKeyWriter, type RequestKey } from './request-key-rows.ts'
import { isUuid, timeOrderedId } from '../time-ordered-id.ts'

/** The deal as its plan reads it, with the rate card version its lines are priced from. */
export interface MediaPlanDeal {
  applicationId: string
  reference: string
  tradeName: string
  mediaValueCop: number
  windowStart: string
  windowMonths: number
  rateCardVersionId: string | null
  rateCardVersionNumber: number | null
  /** «Responsable» (ADR 0162): whose daily reminder carries the deal when behind its pace. */
  ownerId: string | null
  /** The version's items; [] without a version. */
  rateCard: RateCardItem[]
}

/** A deal as the paces read it: what it committed, its window, what it delivered. */
export interface DealDelivery extends Delivery, Pick<MediaPlanDeal, 'applicationId' | 'reference' | 'tradeName' | 'ownerId'> {}

/** One deal's plan: its lines (by number) and every entry (oldest first). */
export interface MediaPlanLedger {
  deal: MediaPlanDeal
  lines: PlanLineRecord[]
  entries: PlanEntryRecord[]
}

/** A proof file to keep with the entry that names it (ADR 0163 addendum), already content-checked. */
export interface NewProof {
  id: string
  fileName: string
  mediaType: string
  sizeBytes: number
  sha256: string
  content: Uint8Array
}

/** A kept proof file and its bytes. */
export type StoredProof = Pick<NewProof, 'id' | 'fileName' | 'mediaType' | 'sizeBytes'> & { applicationId: string; content: Buffer }

/** Who writes and when; with the form's key (ADR 0189), marked written in the write's own transaction. */
export interface WrittenBy {
  memberId: string
  at: Date
  requestKey?: RequestKey | null
}

export type Written<T, R> = { status: 'written'; value: T; ledger: MediaPlanLedger } | { status: 'refused'; refusal: R } | { status: 'not_found' }

export interface MediaPlanStore {
  /** The plan of a signed application; null without a deal. Also what the follow-up's chart needs (mediaDaysOf). */
  ledger(applicationId: string): Promise<MediaPlanLedger | null>
  /**
   * Every deal with what it delivered (domain/media-plan.ts Delivery: the live ran and make-good value, the
   * live forfeited value, kept in media_plan_totals by every entry's transaction), by reference: the paces of «Seguimiento», «Acuerdos atrasados»
   * and the owners' reminders, without reading every ledger.
   */
  deliveries(): Promise<DealDelivery[]>
  /**
   * The lines (by number) and every entry (oldest first) of the plans of those of `applicationIds` that have
   * any, in two queries whatever their number (the exports); the deal is the DealStore's.
   */
  plansOf(applicationIds: readonly string[]): Promise<Map<string, Pick<MediaPlanLedger, 'lines' | 'entries'>>>
  /** A line added, if `read` (run on the ledger inside the transaction) accepts it; audited. */
  addLine<R>(applicationId: string, read: (ledger: MediaPlanLedger) => { ok: true; line: PlanLineDraft } | ({ ok: false } & R), by: WrittenBy): Promise<Written<PlanLineRecord, R>>
  /**
   * An entry appended, if `read` accepts it against the ledger inside the transaction; audited. With `proof`,
   * the file goes in the same transaction when the accepted entry names it (proofDocumentId), else nowhere.
   */
  appendEntry<R>(
    applicationId: string,
    read: (ledger: MediaPlanLedger) => { ok: true; entry: PlanEntryDraft } | ({ ok: false } & R),
    by: WrittenBy,
    proof?: NewProof,
  ): Promise<Written<PlanEntryRecord, R>>
  /** A proof file of the application's plan, with its bytes; null when it is not this application's. */
  proof(applicationId: string, proofId: string): Promise<StoredProof | null>
}

const lines = () => db.selectFrom('media_plan_lines').selectAll()
type LineRow = InferResult<ReturnType<typeof lines>>[number]
const entries = () =>
  db
    .selectFrom('media_plan_entries as x')
    .leftJoin('media_plan_proofs as p', 'p.id', 'x.proof_document_id')
    .selectAll('x')
    .select('p.file_name as proof_file_name')
type EntryRow = InferResult<ReturnType<typeof entries>>[number]

const toLine = (r: LineRow): PlanLineRecord => {
  const { flightFrom, flightTo, ...rest } = fromRow('media_plan_lines', r)
  return { ...rest, flightFrom, flightTo }
}
const toEntry = (r: EntryRow): PlanEntryRecord => fromRow('media_plan_entries', r)

export function openMediaPlanStore(e: Engine): MediaPlanStore {
  const insertAudit = auditWriter(e)
  const markWritten = requestKeyWriter(e)
  const deals = () =>
    db
      .selectFrom('deals as d')
      .innerJoin('applications as a', 'a.id', 'd.application_id')
      .leftJoin('rate_card_versions as v', 'v.id', 'd.rate_card_version_id')
      .select([
        'd.application_id',
        'a.reference',
        tradeNameColumn,
        'd.media_value_cop',
        'd.window_start',
        'd.window_months',
        'd.rate_card_version_id',
        'v.number as rate_card_version_number',
        'd.owner_id',
      ])
  type DealRow = InferResult<ReturnType<typeof deals>>[number]
  const itemsOf = () => db.selectFrom('rate_card_items').select(['version_id', 'outlet', 'format', 'unit_price_cop'])
  type ItemRow = InferResult<ReturnType<typeof itemsOf>>[number]
  const q = {
    deal: e.prepare((p: { applicationId: string }) => deals().where('d.application_id', '=', p.applicationId)),
    lockDeal: e.prepare((p: { applicationId: string }) => db.selectFrom('deals').select(['application_id']).where('application_id', '=', p.applicationId).$call(e.forUpdate)),
    items: e.prepare((p: { versionId: string }) => itemsOf().where('version_id', '=', p.versionId).orderBy('position')),
    lines: e.prepare((p: { applicationId: string }) => lines().where('application_id', '=', p.applicationId).orderBy('number')),
    // What each deal delivered, kept by every entry's transaction (media_plan_totals).
    deliveries: e.prepare(() =>
      deals()
        .leftJoin('media_plan_totals as t', 't.application_id', 'd.application_id')
        .select(['t.ran_cop', 't.forfeited_cop'])
        .orderBy(e.textOrder('a.reference')),
    ),
    saveTotals: e.prepare((p: { applicationId: string; ran: number; forfeited: number }) =>
      db
        .insertInto('media_plan_totals')
        .values({ application_id: p.applicationId, ran_cop: p.ran, forfeited_cop: p.forfeited })
        .onConflict((oc) => oc.column('application_id').doUpdateSet({ ran_cop: p.ran, forfeited_cop: p.forfeited })),
    ),
    entries: e.prepare((p: { applicationId: string }) => entries().where('x.application_id', '=', p.applicationId).orderBy('x.recorded_at').orderBy('x.id')),
    linesOf: e.prepare((p: { ids: string[] }) => lines().where(e.inList('application_id', p.ids)).orderBy('application_id').orderBy('number')),
    entriesOf: e.prepare((p: { ids: string[] }) => entries().where(e.inList('x.application_id', p.ids)).orderBy('x.recorded_at').orderBy('x.id')),
    proof: e.prepare((p: { applicationId: string; id: string }) =>
      db.selectFrom('media_plan_proofs').select(['id', 'application_id', 'file_name', 'media_type', 'size_bytes', 'content']).where('id', '=', p.id).where('application_id', '=', p.applicationId),
    ),
    insertProof: e.prepare((p: NewProof & { applicationId: string; memberId: string; at: Date }) =>
      db
        .insertInto('media_plan_proofs')
        .values({ ...toRow(p, ['id', 'application_id', 'file_name', 'media_type', 'size_bytes', 'sha256', 'content']), uploaded_by: p.memberId, uploaded_at: p.at }),
    ),
    insertLine: e.prepare((p: PlanLineDraft & { id: string; applicationId: string; number: number; memberId: string; at: Date }) =>
      db.insertInto('media_plan_lines').values({
        ...toRow(p, ['id', 'application_id', 'number', 'outlet', 'format', 'units', 'unit_price_cop', 'flight_from', 'flight_to', 'notes']),
        created_by: p.memberId,
        created_at: p.at,
      }),
    ),
    insertEntry: e.prepare((p: PlanEntryDraft & { id: string; applicationId: string; memberId: string; at: Date }) =>
      db.insertInto('media_plan_entries').values({
        ...toRow(p, ['id', 'application_id', 'line_id', 'kind', 'day', 'units', 'proof_url', 'proof_document_id', 'reason', 'make_good_for', 'to_line_id', 'voids']),
        recorded_by: p.memberId,
        recorded_at: p.at,
      }),
    ),
  }

  const toDeal = (r: DealRow, items: readonly ItemRow[]): MediaPlanDeal => ({
    ...fromRow('deals', r),
    tradeName: r.trade_name ?? '',
    rateCardVersionNumber: r.rate_card_version_number === null ? null : toNumber(r.rate_card_version_number),
    rateCard: items.filter((i) => i.version_id === r.rate_card_version_id).map((i) => ({ outlet: i.outlet, format: i.format, unitPriceCop: toNumber(i.unit_price_cop) })),
  })

  function* readLedger(tx: Tx, applicationId: string): Generator<Step, MediaPlanLedger | null, unknown> {
    const row = yield* tx.first(q.deal({ applicationId }))
    if (!row) return null
    const items = row.rate_card_version_id ? yield* tx.all(q.items({ versionId: row.rate_card_version_id })) : []
    return {
      deal: toDeal(row, items),
      lines: (yield* tx.all(q.lines({ applicationId }))).map(toLine),
      entries: (yield* tx.all(q.entries({ applicationId }))).map(toEntry),
    }
  }

  /**
   * One write to a deal's plan, in a transaction: the deal locked (not_found without one), its ledger read and
   * `read` run on it (refused with its refusal), then `write` with the accepted reading, that ledger and the new row's id.
   */
  function writeOnLedger<A extends { ok: true }, R, T>(
    applicationId: string,
    read: (ledger: MediaPlanLedger) => A | ({ ok: false } & R),
    by: WrittenBy,
    write: (tx: Tx, reading: A, ledger: MediaPlanLedger, id: string) => Generator<Step, { status: 'written'; value: T; ledger: MediaPlanLedger }, unknown>,
  ): Promise<Written<T, R>> {
    if (!isUuid(applicationId)) return Promise.resolve({ status: 'not_found' })
    const id = timeOrderedId()
    return e.transaction(function* (tx): Generator<Step, Written<T, R>, unknown> {
      if (!(yield* tx.first(q.lockDeal({ applicationId })))) return { status: 'not_found' }
      const ledger = (yield* readLedger(tx, applicationId))!
      const reading = read(ledger)
      if (!reading.ok) return { status: 'refused', refusal: reading }
      const written = yield* write(tx, reading, ledger, id)
      // The form's key says the write committed, in the write's own transaction (ADR 0189).
      if (by.requestKey) yield* tx.run(markWritten(by.requestKey, by.at))
      return written
    })
  }

  return {
    async ledger(applicationId) {
      if (!isUuid(applicationId)) return null
      return e.transaction((tx) => readLedger(tx, applicationId))
    },

    async deliveries() {
      return (await e.all(q.deliveries({}))).map((r) => ({
        applicationId: r.application_id,
        reference: r.reference,
        tradeName: r.trade_name ?? '',
        ownerId: r.owner_id,
        mediaValueCop: toNumber(r.media_value_cop),
        windowStart: r.window_start,
        windowMonths: r.window_months,
        ran: r.ran_cop === null ? 0 : toNumber(r.ran_cop),
        forfeited: r.forfeited_cop === null ? 0 : toNumber(r.forfeited_cop),
      }))
    },

    async plansOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      const plans = new Map<string, Pick<MediaPlanLedger, 'lines' | 'entries'>>()
      if (ids.length === 0) return plans
      const planOf = (id: string) => plans.get(id) ?? (plans.set(id, { lines: [], entries: [] }), plans.get(id)!)
      const [lineRows, entryRows] = await Promise.all([e.all(q.linesOf({ ids })), e.all(q.entriesOf({ ids }))])
      for (const r of lineRows) planOf(r.application_id).lines.push(toLine(r))
      for (const r of entryRows) planOf(r.application_id).entries.push(toEntry(r))
      return plans
    },

    async addLine(applicationId, read, by) {
      const { memberId, at } = by
      return writeOnLedger(applicationId, read, by, function* (tx, reading, ledger, id) {
        const number = ledger.lines.reduce((n, l) => Math.max(n, l.number), 0) + 1
        yield* tx.run(q.insertLine({ ...reading.line, id, applicationId, number, memberId, at }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'media_plan.line_added', applicationId, detail: { line: number, outlet: reading.line.outlet, units: reading.line.units } }]))
        const after = (yield* readLedger(tx, applicationId))!
        return { status: 'written' as const, value: after.lines.find((l) => l.id === id)!, ledger: after }
      })
    },

    async proof(applicationId, proofId) {
      if (!isUuid(applicationId) || !isUuid(proofId)) return null
      const row = await e.first(q.proof({ applicationId, id: proofId }))
      if (!row) return null
      // Both drivers hand a blob / bytea back as a Buffer.
      return { id: row.id, applicationId: row.application_id, fileName: row.file_name, mediaType: row.media_type, sizeBytes: toNumber(row.size_bytes), content: row.content as Buffer }
    },

    async appendEntry(applicationId, read, by, proof) {
      const { memberId, at } = by
      return writeOnLedger(applicationId, read, by, function* (tx, reading, ledger, id) {
        const entry = reading.entry
        // The reading checked the line is this deal's; the database's foreign keys hold the rest.
        if (!ledger.lines.some((l) => l.id === entry.lineId)) throw new Error('The reading accepted a line of another deal')
        if (entry.proofDocumentId !== null) {
          if (!proof || proof.id !== entry.proofDocumentId) throw new Error('The entry names a proof file that was not given')
          yield* tx.run(q.insertProof({ ...proof, applicationId, memberId, at }))
        }
        yield* tx.run(q.insertEntry({ ...entry, id, applicationId, memberId, at }))
        const line = ledger.lines.find((l) => l.id === entry.lineId)!.number
        const action = entry.kind !== 'void' ? 'media_plan.entry_recorded' : entry.voids === null ? 'media_plan.line_withdrawn' : 'media_plan.entry_voided'
        yield* tx.run(insertAudit([{ at, memberId, action, applicationId, detail: { line, kind: entry.kind, units: entry.units } }]))
        const after = (yield* readLedger(tx, applicationId))!
        // The deal's delivery from the whole ledger, in the same transaction: what the paces read (ADR 0161).
        const { ran, forfeited } = deliveryOf(after.deal, after.lines, after.entries)
        yield* tx.run(q.saveTotals({ applicationId, ran, forfeited }))
        return { status: 'written' as const, value: after.entries.find((x) => x.id === id)!, ledger: after }
      })
    },
  }
}
