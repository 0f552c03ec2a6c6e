/**
 * The deal recorded at the signature and the rate card it is frozen against
 * (ADRs 0157-0159). Written once for both engines (ADR 0124).
 *
 * - The rate card: a version is a set of rows. A draft is edited by
 *   replacing its rows; publishing freezes it (a published version is never
 *   edited: a new price is a new version). Numbers count up from 1.
 * - The deal: written with the move to acuerdo_firmado, inside the review
 *   store's transaction, by dealWriter (so the stage change and the deal
 *   commit together or not at all); corrected later by an admin. Every
 *   write carries its audit entry in the same transaction.
 *
 * Money in integers (ADR 0157): whole pesos, US cents; bigint columns come
 * back as text on PostgreSQL and go through toNumber.
 */
import type { InferResult } from 'kysely'
import { changedFields, type DealTerms, type RateCardItem } from '../../../domain/deals.ts'
import type { DealRecord, RateCardVersionRecord } from '../../../domain/deals-records.ts'
import { db, firstOrNull, insertRows, type Engine, type RowOf, type Step, type Tx } from '../engine.ts'
import { fromRow, toNumber, toRow } from '../schema.ts'
import { auditWriter } from './audit-log.ts'
import { isUuid, timeOrderedId } from '../time-ordered-id.ts'

export type RateCardVersion = RateCardVersionRecord
export type Deal = DealRecord

/** A deal written with the stage change (dealWriter). */
export interface DealWrite {
  applicationId: string
  terms: DealTerms
  /** The number of the published rate card version the terms name (from `published`), for the audit entry; null: none named. */
  rateCardNumber: number | null
  memberId: string | null
  at: Date
}

export type RateCardEdit = RateCardVersion | 'not_found' | 'published'

export interface DealStore {
  /** Every version, newest first, with its rows in order. */
  listRateCards(): Promise<RateCardVersion[]>
  rateCard(id: string): Promise<RateCardVersion | null>
  /** A new draft version, numbered after the last one. */
  createRateCard(p: { note: string; items: readonly RateCardItem[]; memberId: string; at: Date }): Promise<RateCardVersion>
  /** A draft's note and rows replaced; a published version is refused. */
  editRateCard(id: string, p: { note: string; items: readonly RateCardItem[]; memberId: string; at: Date }): Promise<RateCardEdit>
  publishRateCard(id: string, p: { memberId: string; at: Date }): Promise<RateCardEdit>
  deal(applicationId: string): Promise<Deal | null>
  /** The deals of those of `applicationIds` that have one, in one query (the exports); malformed ids are left out. */
  dealsOf(applicationIds: readonly string[]): Promise<Map<string, Deal>>
  /** The deal's terms replaced by an admin, audited with the fields that changed. 'not_found': no deal to correct. */
  correctDeal(applicationId: string, terms: DealTerms, by: { memberId: string; at: Date }): Promise<{ deal: Deal; changed: string[] } | 'not_found'>
  /** The deal's «Responsable» set (null: nobody), audited with the member's id (ADR 0162). 'not_found': no deal. */
  setOwner(applicationId: string, ownerId: string | null, by: { memberId: string; at: Date }): Promise<Deal | 'not_found'>
}

const versions = () => db.selectFrom('rate_card_versions').selectAll()
type VersionRow = InferResult<ReturnType<typeof versions>>[number]
const items = () => db.selectFrom('rate_card_items').select(['id', 'version_id', 'outlet', 'format', 'unit_price_cop'])
type ItemRow = InferResult<ReturnType<typeof items>>[number]
const deals = () =>
  db.selectFrom('deals as d').leftJoin('rate_card_versions as v', 'v.id', 'd.rate_card_version_id').selectAll('d').select('v.number as rate_card_version_number')
type DealRow = InferResult<ReturnType<typeof deals>>[number]

const toVersion = (r: VersionRow, rows: readonly ItemRow[]): RateCardVersion => ({
  ...fromRow('rate_card_versions', r),
  items: rows.filter((i) => i.version_id === r.id).map(({ version_id: _, ...i }) => fromRow('rate_card_items', i)),
})
const toDeal = (r: DealRow): Deal => fromRow('deals', r)
/** An update of version `p.id` that changes it only while it is a draft: a published version is never edited. */
const stillDraft = (p: { id: string }) => db.updateTable('rate_card_versions').where('id', '=', p.id).where('status', '=', 'draft')

const ITEM_COLUMNS = { id: 'uuid', version_id: 'uuid', position: 'integer', outlet: 'text', format: 'text', unit_price_cop: 'bigint' } as const
/** The terms' columns (named once: toRow writes each from its camelCase field, a placeholder of the prepared query). */
const TERMS = [
  'equity_bp',
  'instrument',
  'discount_bp',
  'valuation_usd_cents',
  'media_value_cop',
  'investment_value_cop',
  'window_start',
  'window_months',
  'follow_up_start',
  'rate_card_version_id',
] as const

type DealColumns = { [K in keyof DealTerms]: DealTerms[K] } & { applicationId: string; memberId: string | null; at: Date }

/**
 * For the stage change's transaction (server/features/review/pipeline.ts; docs/stores.md: a change over several stores' tables):
 * `published`, the numbers of those of `versionIds` that are published (the one check that a deal names
 * a published rate card version, ADR 0159: made inside the signature's transaction; a published
 * version is never unpublished), and `write`, the deals' inserts with their audit entries.
 */
export function dealWriter(e: Engine): {
  published: (tx: Tx, versionIds: readonly string[]) => Generator<Step, Map<string, number>, unknown>
  write: (tx: Tx, writes: readonly DealWrite[]) => Generator<Step, void, unknown>
} {
  const insertAudit = auditWriter(e)
  const insert = e.prepare((p: DealColumns) =>
    db.insertInto('deals').values({
      ...toRow(p, [...TERMS, 'application_id']),
      signed_by: p.memberId,
      signed_at: p.at,
      updated_by: p.memberId,
      updated_at: p.at,
    }),
  )
  const publishedNumbers = e.prepare((p: { ids: string[] }) =>
    db.selectFrom('rate_card_versions').select(['id', 'number']).where(e.inList('id', p.ids)).where('status', '=', 'published'),
  )
  return {
    *published(tx, versionIds) {
      const ids = [...new Set(versionIds.filter(isUuid))]
      if (ids.length === 0) return new Map()
      return new Map((yield* tx.all(publishedNumbers({ ids }))).map((r) => [r.id, toNumber(r.number)]))
    },
    *write(tx, writes) {
      for (const w of writes) {
        yield* tx.run(insert({ ...w.terms, applicationId: w.applicationId, memberId: w.memberId, at: w.at }))
        yield* tx.run(insertAudit([{ at: w.at, memberId: w.memberId, action: 'deal.recorded', applicationId: w.applicationId, detail: { rateCardVersion: w.rateCardNumber } }]))
      }
    },
  }
}

export function openDealStore(e: Engine): DealStore {
  const insertAudit = auditWriter(e)
  const q = {
    versions: e.prepare(() => versions().orderBy('number', 'desc')),
    version: e.prepare((p: { id: string }) => versions().where('id', '=', p.id)),
    lockVersion: e.prepare((p: { id: string }) => db.selectFrom('rate_card_versions').select(['id', 'status', 'number']).where('id', '=', p.id).$call(e.forUpdate)),
    allItems: e.prepare(() => items().orderBy('version_id').orderBy('position')),
    itemsOf: e.prepare((p: { id: string }) => items().where('version_id', '=', p.id).orderBy('position')),
    lastNumber: e.prepare(() => db.selectFrom('rate_card_versions').select((eb) => eb.fn.max('number').as('n'))),
    insertVersion: e.prepare((p: { id: string; number: number; note: string; memberId: string; at: Date }) =>
      db.insertInto('rate_card_versions').values({ id: p.id, number: p.number, note: p.note, status: 'draft', created_by: p.memberId, created_at: p.at, updated_at: p.at }),
    ),
    insertItems: insertRows(e, 'rate_card_items', ITEM_COLUMNS),
    deleteItems: e.prepare((p: { id: string }) => db.deleteFrom('rate_card_items').where('version_id', '=', p.id)),
    editVersion: e.prepare((p: { id: string; note: string; at: Date }) => stillDraft(p).set({ note: p.note, updated_at: p.at })),
    publish: e.prepare((p: { id: string; memberId: string; at: Date }) =>
      stillDraft(p).set({ status: 'published', published_by: p.memberId, published_at: p.at, updated_at: p.at }),
    ),
    deal: e.prepare((p: { applicationId: string }) => deals().where('d.application_id', '=', p.applicationId)),
    dealsOf: e.prepare((p: { ids: string[] }) => deals().where(e.inList('d.application_id', p.ids))),
    lockDeal: e.prepare((p: { applicationId: string }) => db.selectFrom('deals').selectAll().where('application_id', '=', p.applicationId).$call(e.forUpdate)),
    setOwner: e.prepare((p: { applicationId: string; ownerId: string | null }) => db.updateTable('deals').set({ owner_id: p.ownerId }).where('application_id', '=', p.applicationId)),
    correct: e.prepare((p: DealColumns) =>
      db
        .updateTable('deals')
        .set({
          ...toRow(p, TERMS),
          updated_by: p.memberId,
          updated_at: p.at,
        })
        .where('application_id', '=', p.applicationId),
    ),
  }
  const itemRows = (versionId: string, list: readonly RateCardItem[]): RowOf<'rate_card_items', typeof ITEM_COLUMNS>[] =>
    list.map((item, position) => ({ id: timeOrderedId(), version_id: versionId, position, outlet: item.outlet, format: item.format, unit_price_cop: item.unitPriceCop }))

  const self: DealStore = {
    async listRateCards() {
      const [rows, all] = await Promise.all([e.all(q.versions({})), e.all(q.allItems({}))])
      return rows.map((r) => toVersion(r, all))
    },

    async rateCard(id) {
      if (!isUuid(id)) return null
      const row = await e.first(q.version({ id }))
      return row ? toVersion(row, await e.all(q.itemsOf({ id }))) : null
    },

    async createRateCard({ note, items: list, memberId, at }) {
      const id = timeOrderedId()
      // Two admins creating a version at once meet the unique number: the second tries the next one.
      for (let attempt = 0; ; attempt++) {
        try {
          await e.transaction(function* (tx) {
            const last = yield* tx.first(q.lastNumber({}))
            const number = (last?.n === null || last?.n === undefined ? 0 : toNumber(last.n)) + 1
            yield* tx.run(q.insertVersion({ id, number, note, memberId, at }))
            if (list.length > 0) yield* tx.run(q.insertItems({ rows: itemRows(id, list) }))
            yield* tx.run(insertAudit([{ at, memberId, action: 'rate_card.created', applicationId: null, detail: { version: number, lines: list.length } }]))
          })
          break
        } catch (error) {
          if (attempt >= 2 || !e.isUniqueViolation(error)) throw error
        }
      }
      return (await self.rateCard(id))!
    },

    async editRateCard(id, { note, items: list, memberId, at }) {
      if (!isUuid(id)) return 'not_found'
      const outcome = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockVersion({ id }))
        if (!row) return 'not_found' as const
        if (row.status !== 'draft' || (yield* tx.run(q.editVersion({ id, note, at }))) === 0) return 'published' as const
        yield* tx.run(q.deleteItems({ id }))
        if (list.length > 0) yield* tx.run(q.insertItems({ rows: itemRows(id, list) }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'rate_card.edited', applicationId: null, detail: { version: row.number, lines: list.length } }]))
        return 'edited' as const
      })
      return outcome === 'edited' ? (await self.rateCard(id))! : outcome
    },

    async publishRateCard(id, { memberId, at }) {
      if (!isUuid(id)) return 'not_found'
      const outcome = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockVersion({ id }))
        if (!row) return 'not_found' as const
        if (row.status !== 'draft' || (yield* tx.run(q.publish({ id, memberId, at }))) === 0) return 'published' as const
        yield* tx.run(insertAudit([{ at, memberId, action: 'rate_card.published', applicationId: null, detail: { version: row.number } }]))
        return 'done' as const
      })
      return outcome === 'done' ? (await self.rateCard(id))! : outcome
    },

    async deal(applicationId) {
      if (!isUuid(applicationId)) return null
      return firstOrNull(e, q.deal({ applicationId }), toDeal)
    },

    async dealsOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return new Map()
      return new Map((await e.all(q.dealsOf({ ids }))).map((r) => [r.application_id, toDeal(r)]))
    },

    async correctDeal(applicationId, terms, { memberId, at }) {
      if (!isUuid(applicationId)) return 'not_found'
      const changed = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockDeal({ applicationId }))
        if (!row) return null
        const before = toDeal({ ...row, rate_card_version_number: null })
        const fields = changedFields(before, terms)
        if (fields.length === 0) return fields
        yield* tx.run(q.correct({ ...terms, applicationId, memberId, at }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'deal.corrected', applicationId, detail: { fields } }]))
        return fields
      })
      if (changed === null) return 'not_found'
      return { deal: (await self.deal(applicationId))!, changed }
    },

    async setOwner(applicationId, ownerId, { memberId, at }) {
      if (!isUuid(applicationId)) return 'not_found'
      const done = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockDeal({ applicationId }))
        if (!row) return false
        if (row.owner_id === ownerId) return true
        yield* tx.run(q.setOwner({ applicationId, ownerId }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'deal.owner_set', applicationId, detail: { owner: ownerId } }]))
        return true
      })
      return done ? (await self.deal(applicationId))! : 'not_found'
    },
  }
  return self
}
