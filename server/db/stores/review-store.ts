/**
 * The review pipeline's storage: where each application stands, the team's
 * reviews and notes, the stage changes, the overview's figures and the audit
 * log. Written once for both engines (ADR 0124): on SQLite it shares the
 * ApplicationStore's connection and group commit, on PostgreSQL its pool;
 * review-store-contract.ts holds it to its contract on both.
 *
 * Every change made here (a review, a note) writes its audit entry in the
 * same transaction, so the trail cannot miss one. A stage change is not made
 * here: server/features/review/pipeline.ts owns its transaction (ADR 0208)
 * and composes reviewStageSteps (the application's row, its history and the
 * audit entry) with the other stores' steps.
 */
import { sql, type Expression, type InferResult, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { VIEW_ACTIONS, isFounderAction, type AuditAction, type AuditDetail, type ViewAction } from '../../../domain/audit.ts'
import type { ProductStage } from '../../../domain/application.ts'
import { DUE_SOON_DAYS, STAGES, type Stage } from '../../../domain/pipeline.ts'
import type { CriterionKey } from '../../../domain/programme.ts'
import { reviewMean, type CriterionScores, type Recommendation, type ReviewInput } from '../../../domain/review.ts'
import { searchKey } from '../../../domain/search.ts'
import type { ApplicationListRecord as ApplicationListRow, AuditRecord as AuditEntry, MemberRef, NoteRecord as Note, Overview, ReviewRecord as Review } from '../../../domain/review-records.ts'
import { applicationFromRow } from './application-rows.ts'
import { noActiveConflict, stageStays } from './query-fragments.ts'
import type { StoredApplication } from './application-rows.ts'
import { COUNTED_REVIEW_SQL, REVIEW_MEAN_SQL, SCORE_COLUMNS, scoresFromRow } from './review-rows.ts'
import { isUuid, timeOrderedId } from '../time-ordered-id.ts'
import { db, firstOrNull, insertRows, prepareByShape, updateFromExcluded, type Bound, type Engine, type Step, type Tx } from '../engine.ts'
import { fromJson, fromRow, toDate, toDateOrNull, toNumber, toRow, type TimeText } from '../schema.ts'
import { auditWriter, type NewAuditEntry } from './audit-log.ts'

export type { AuditAction, AuditDetail, NewAuditEntry }

export const APPLICATION_SORTS = ['received_desc', 'received_asc', 'due_asc', 'score_desc', 'company_asc'] as const
export type ApplicationSort = (typeof APPLICATION_SORTS)[number]

export interface ApplicationListQuery {
  /** Matched as a substring of the stored search key (already reduced with searchKey by the store). */
  q?: string
  stage?: Stage
  productStage?: ProductStage
  /** Relative to `now`: overdue (due before now) or due within DUE_SOON_DAYS. */
  due?: 'overdue' | 'due_soon'
  /** Only applications the viewer has not reviewed yet ("sin mi evaluación"). */
  unreviewed?: boolean
  /** Only applications assigned to the viewer. */
  assignedToMe?: boolean
  /** Only those a source brought (its id), or 'none': those no known source brought. */
  source?: string
  /** Only those received at or after this instant (the overview's «Recibidas esta semana/este mes»). */
  receivedSince?: Date
  sort: ApplicationSort
  /**
   * Rows the viewer has an active conflict of interest with ("masked": the
   * list shows them only their reference). They never match a filter (a
   * search, a stage, a due state…), so neither the rows nor the counts can
   * tell what the masked fields hold. Without any filter, 'listed_last' lists
   * them after every other row, by reference, whatever the sort (ordering
   * them by company or due date would tell those too); 'left_out' (the
   * default: bulk actions and exports) never returns them. ADR 0107.
   */
  masked?: 'listed_last' | 'left_out'
  /** 1-based. */
  page: number
  pageSize: number
  now: Date
  viewer: Viewer
}

/**
 * Who is looking. HotCRP-style hidden reviews: a reviewer sees the others'
 * scores (and the average and spread) only once they have submitted their
 * own; an admin always does.
 */
export interface Viewer {
  memberId: string
  isAdmin: boolean
}

export type { ApplicationListRecord as ApplicationListRow } from '../../../domain/review-records.ts'

export interface ApplicationRecord {
  application: StoredApplication
  stage: Stage
  stageEnteredAt: Date
  stageDueAt: Date | null
}

export type { AuditRecord as AuditEntry, MemberRef, NoteRecord as Note, Overview, ReviewRecord as Review } from '../../../domain/review-records.ts'

export interface StageChange {
  id: string
  from: Stage
  to: Stage
  reason: string | null
  /** Null: the founder (withdrawal) or the system. */
  member: MemberRef | null
  at: Date
}

/** An application's row as a stage change finds it, locked (reviewStageSteps.lock). */
export interface LockedApplication {
  id: string
  stage: Stage
  receivedAt: Date
}

/** One stage change as the pipeline decided it (server/features/review/pipeline.ts): what this store writes of it. */
export interface StageMoveWrite {
  applicationId: string
  from: Stage
  to: Stage
  /** The team's own reason: kept in the history, never in the audit trail. */
  reason: string | null
  /** Null: the founder (withdrawal) or the system. */
  memberId: string | null
  at: Date
  dueAt: Date | null
}

export interface OverviewPeriods {
  now: Date
  /** Start of the current week and month in the programme's time zone (periods.ts). */
  weekStart: Date
  monthStart: Date
}


/** What narrows the audit log; every part optional, all of them together. */
export interface AuditFilter {
  /** Who acted. */
  memberId?: string
  action?: AuditAction
  /** The application, by id. */
  applicationId?: string
  /** The application, by reference (as stored: upper case). */
  reference?: string
  /** From this instant on (inclusive). */
  from?: Date
  /** Before this instant (exclusive). */
  to?: Date
  /**
   * The member reading: entries about an application they have an active conflict of interest with
   * are left out of the page and of its total, whatever else the filter says (ADR 0200).
   */
  viewer?: string
}

/** A page of the audit log, and the names of the members its details name (detail.memberId). */
export interface AuditLogPage extends Page<AuditEntry> {
  memberNames: Record<string, string>
}

export interface Page<T> {
  items: T[]
  total: number
}

export interface ReviewStore {
  listApplications(query: ApplicationListQuery): Promise<Page<ApplicationListRow>>
  /** Null when there is no such application (or the id is not a UUID). */
  getApplication(id: string): Promise<ApplicationRecord | null>
  /** The records of `ids` that exist, in no particular order (unknown or malformed ids are left out). */
  getApplications(ids: readonly string[]): Promise<ApplicationRecord[]>
  /** Create or replace the member's review of the application (audited). Null if there is no such application. */
  upsertReview(applicationId: string, memberId: string, input: ReviewInput, at: Date): Promise<Review | null>
  /** Null if there is no such application. */
  addNote(applicationId: string, memberId: string, body: string, at: Date): Promise<Note | null>
  /** Oldest first. */
  listReviews(applicationId: string): Promise<Review[]>
  /** Oldest first. */
  listNotes(applicationId: string): Promise<Note[]>
  /** Oldest first. */
  listStageChanges(applicationId: string): Promise<StageChange[]>
  overview(periods: OverviewPeriods): Promise<Overview>
  appendAudit(entry: NewAuditEntry): Promise<void>
  /**
   * Newest first, narrowed by `filter`, a member's views of one application on one Bogotá day folded
   * into one line (ADR 0201) before paging: `total` counts lines.
   */
  listAudit(page: number, pageSize: number, filter?: AuditFilter): Promise<AuditLogPage>
}

const AUDIT_FILTERS = ['memberId', 'action', 'applicationId', 'reference', 'from', 'to', 'viewer'] as const
/** Which of the audit log's filters are set: one prepared query per combination. */
type AuditShape = Record<(typeof AUDIT_FILTERS)[number], boolean>
/** The filter's values, every one bound (those a shape does not use are left out of its SQL). */
type AuditValues = Required<Omit<AuditFilter, 'action'>> & { action: string }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over `audit_log l` left-joined with `applications a`
function auditWhere<Q extends SelectQueryBuilder<any, any, any>>(shape: AuditShape, p: AuditValues, query: Q): Q {
  let q = query
  if (shape.memberId) q = q.where(sql.ref('l.member_id'), '=', p.memberId) as Q
  if (shape.action) q = q.where(sql.ref('l.action'), '=', p.action) as Q
  if (shape.applicationId) q = q.where(sql.ref('l.application_id'), '=', p.applicationId) as Q
  if (shape.reference) q = q.where(sql.ref('a.reference'), '=', p.reference) as Q
  if (shape.from) q = q.where(sql.ref('l.at'), '>=', p.from) as Q
  if (shape.to) q = q.where(sql.ref('l.at'), '<', p.to) as Q
  // A conflicted application's entries match nothing (ADR 0200); those without an application stay.
  if (shape.viewer) q = q.where(noActiveConflict(p.viewer, sql.ref('l.application_id'))) as Q
  return q
}

/** `l.action` is one of the views the log folds (ADR 0201); constants, so one text per shape. */
const isView = sql<SqlBool>`l.action in (${sql.join(VIEW_ACTIONS.map((a) => sql.lit(a)))})`

/**
 * The audit log's lines (ADR 0201): every entry but a view as it is, and a member's views of one
 * application on one Bogotá day as one line (its last view's time and id, how many of each, the first's
 * time). Both halves filtered alike, so paging and the total count lines.
 */
function auditLines(e: Engine, shape: AuditShape, p: AuditValues) {
  const filtered = () => auditWhere(shape, p, db.selectFrom('audit_log as l').leftJoin('applications as a', 'a.id', 'l.application_id'))
  const entries = filtered()
    .where(sql<SqlBool>`not ${isView}`)
    .select([
      sql<string>`cast(l.id as text)`.as('id'),
      sql<Date | TimeText>`l.at`.as('at'),
      sql<string | null>`l.member_id`.as('member_id'),
      sql<string>`l.action`.as('action'),
      sql<string | null>`l.application_id`.as('application_id'),
      // As text on both engines: the views' half reads one of its rows' details as text.
      sql<string | null>`cast(l.detail as text)`.as('detail'),
      sql<number | string>`1`.as('n'),
      sql<Date | TimeText | null>`null`.as('first_at'),
      ...VIEW_ACTIONS.map((_, i) => sql<number | string>`0`.as(`v${i}`)),
    ])
  const views = filtered()
    .where(isView)
    .groupBy([sql.ref('l.member_id'), sql.ref('l.application_id'), e.bogotaDay('l.at')])
    .select([
      sql<string>`max(cast(l.id as text))`.as('id'),
      sql<Date | TimeText>`max(l.at)`.as('at'),
      sql<string | null>`l.member_id`.as('member_id'),
      sql<string>`max(l.action)`.as('action'),
      sql<string | null>`l.application_id`.as('application_id'),
      // A line of one view keeps its detail (a portfolio's counts); a line of several has none.
      sql<string | null>`case when count(*) = 1 then min(cast(l.detail as text)) end`.as('detail'),
      sql<number | string>`count(*)`.as('n'),
      sql<Date | TimeText | null>`min(l.at)`.as('first_at'),
      ...VIEW_ACTIONS.map((action, i) => sql<number | string>`sum(case when l.action = ${sql.lit(action)} then 1 else 0 end)`.as(`v${i}`)),
    ])
  return entries.unionAll(views)
}

const DAY_MS = 24 * 60 * 60 * 1000

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an ordering applies to any select over `applications a`
type OverApplications = SelectQueryBuilder<any, any, any>

/** What decides the SQL of the list's queries: which filters are set, and whether the viewer is an admin. */
interface ListShape {
  masked: boolean
  search: boolean
  stage: boolean
  productStage: boolean
  due: 'overdue' | 'due_soon' | null
  unreviewed: boolean
  assignedToMe: boolean
  source: 'one' | 'none' | null
  received: boolean
  admin: boolean
}
/** The values bound into the list's queries (those a shape does not use are left unbound). */
interface ListValues {
  viewer: string
  masked: string[]
  key: string
  stage: string
  productStage: string
  source: string
  receivedSince: Date
  now: Date
  soon: Date
  limit: number
  offset: number
}

/** A review's values as upsertReview writes them: each column's, named in camelCase. */
type ReviewValues = CriterionScores & Pick<ReviewInput, 'recommendation' | 'overallComment'> & {
  applicationId: string
  memberId: string
  comments: Record<string, string>
  createdAt: Date
  updatedAt: Date
}
/** What a review written again changes. */
const REVIEWED = [...SCORE_COLUMNS, 'comments', 'recommendation', 'overall_comment', 'updated_at'] as const

const CHANGE_COLUMNS = { id: 'uuid', application_id: 'uuid', from_stage: 'text', to_stage: 'text', reason: 'text', member_id: 'uuid', at: 'timestamptz' } as const

/** A field of the application's form, as text (->> works alike on jsonb and on SQLite's JSON text). */
const formField = (name: string) => sql<string>`${sql.ref('a.form_data')} ->> ${sql.lit(name)}`
const reviewMeanSql = sql.raw(REVIEW_MEAN_SQL)
const countedReview = sql<SqlBool>`${sql.raw(COUNTED_REVIEW_SQL)}`
const count = () => sql<number | string>`count(*)`

const reviewsWithAuthor = () =>
  db.selectFrom('application_reviews as v').innerJoin('team_members as m', 'm.id', 'v.member_id').selectAll('v').select('m.name as member_name')
type ReviewRow = InferResult<ReturnType<typeof reviewsWithAuthor>>[number]

const toReview = (row: ReviewRow) => {
  const scores = scoresFromRow(row)
  return {
    applicationId: row.application_id,
    member: { id: row.member_id, name: row.member_name },
    scores,
    comments: fromJson(row.comments),
    recommendation: row.recommendation as Recommendation,
    overallComment: row.overall_comment,
    mean: reviewMean(scores),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  }
}

const notesWithAuthor = () =>
  db.selectFrom('application_notes as n').innerJoin('team_members as m', 'm.id', 'n.member_id').selectAll('n').select('m.name as member_name')
type NoteRow = InferResult<ReturnType<typeof notesWithAuthor>>[number]
const toNote = (row: NoteRow) => ({
  id: row.id,
  member: { id: row.member_id, name: row.member_name },
  body: row.body,
  createdAt: toDate(row.created_at),
})

const records = () => db.selectFrom('applications').selectAll()
type RecordRow = InferResult<ReturnType<typeof records>>[number]
const toRecord = (row: RecordRow): ApplicationRecord => ({
  application: applicationFromRow(row, toDate, fromJson),
  stage: row.stage,
  stageEnteredAt: toDate(row.stage_entered_at!),
  stageDueAt: toDateOrNull(row.stage_due_at),
})

const ORDER_BY: Record<Exclude<ApplicationSort, 'score_desc'>, (e: Engine) => <Q extends OverApplications>(query: Q) => Q> = {
  received_desc: () => (q) => q.orderBy(sql.ref('a.created_at'), 'desc').orderBy(sql.ref('a.id'), 'desc') as typeof q,
  received_asc: () => (q) => q.orderBy(sql.ref('a.created_at')).orderBy(sql.ref('a.id')) as typeof q,
  due_asc: (e) => (q) => q.$call(e.orderNullsLast('a.stage_due_at')).orderBy(sql.ref('a.created_at')).orderBy(sql.ref('a.id')) as typeof q,
  // The search key starts with the company's name, lower case and without accents;
  // the columns of the applications_search_order index, so no sort is needed.
  company_asc: (e) => (q) => q.orderBy(e.textOrder('a.search_text')).orderBy(sql.ref('a.created_at')).orderBy(sql.ref('a.id')) as typeof q,
}

/**
 * What a stage change writes in this store's tables, as steps of the transaction
 * server/features/review/pipeline.ts owns (ADR 0208): `lock` the applications' rows
 * (forUpdate: PostgreSQL's row locks; SQLite's write already holds the database) in id order,
 * so two bulk moves over the same rows cannot deadlock; `move` them, with their history and
 * their audit entries, in three statements for any number (a bulk move, ADR 0108).
 */
export function reviewStageSteps(e: Engine): {
  lock: (tx: Tx, ids: readonly string[]) => Generator<Step, LockedApplication[], unknown>
  move: (tx: Tx, moves: readonly StageMoveWrite[]) => Generator<Step, void, unknown>
} {
  const insertAudit = auditWriter(e)
  const lockForMove = e.prepare((p: { ids: string[] }) =>
    db.selectFrom('applications').select(['id', 'stage', 'created_at']).where(e.inList('id', p.ids)).orderBy('id').$call(e.forUpdate),
  )
  const move = e.prepare((p: { rows: { id: string; stage: Stage; at: Date; due: Date | null }[] }) =>
    db
      .updateTable('applications as a')
      .from(e.rows({ id: 'uuid', stage: 'text', at: 'timestamptz', due: 'timestamptz' }, p.rows).as('u'))
      .set((eb) => ({ stage: eb.ref('u.stage'), stage_entered_at: eb.ref('u.at'), stage_due_at: eb.ref('u.due') }))
      .whereRef('a.id', '=', 'u.id'),
  )
  const recordChanges = insertRows(e, 'stage_changes', CHANGE_COLUMNS)
  return {
    *lock(tx, ids) {
      const rows = yield* tx.all(lockForMove({ ids: [...ids] }))
      return rows.map((r) => ({ id: r.id, stage: r.stage, receivedAt: toDate(r.created_at) }))
    },
    *move(tx, moves) {
      if (moves.length === 0) return
      // The last move of an application is the one its row keeps.
      const rows = new Map(moves.map((m) => [m.applicationId, { id: m.applicationId, stage: m.to, at: m.at, due: m.dueAt }]))
      const changes = moves.map((m) => ({ id: timeOrderedId(), application_id: m.applicationId, from_stage: m.from, to_stage: m.to, reason: m.reason, member_id: m.memberId, at: m.at }))
      yield* tx.run(move({ rows: [...rows.values()] }))
      yield* tx.run(recordChanges({ rows: changes }))
      // The reason is free text and may quote the founder: the trail keeps only the stages.
      yield* tx.run(insertAudit(moves.map((m) => ({ at: m.at, memberId: m.memberId, action: 'stage.changed' as const, applicationId: m.applicationId, detail: { from: m.from, to: m.to } }))))
    },
  }
}

export function openReviewStore(e: Engine): ReviewStore {
  const insertAudit = auditWriter(e)
  // Every query of a fixed shape, prepared: built and compiled once, bound at each call.
  const q = {
    // The page's own columns, read only for its rows: the form's fields over every row would cost more than the sort.
    listRows: e.prepare((p: { ids: string[]; viewer: string }) =>
      db
        .selectFrom('applications as a')
        .leftJoin('application_reviews as v', (join) => join.onRef('v.application_id', '=', 'a.id').on(countedReview))
        // In the order of the list's record (ApplicationListRecord), which fromRow keeps.
        .select([
          'a.id',
          'a.reference',
          formField('companyName').as('company_name'),
          formField('tradeName').as('trade_name'),
          formField('founderName').as('founder_name'),
          formField('city').as('city'),
          formField('productStage').as('product_stage'),
          'a.stage',
          'a.created_at',
          'a.stage_due_at',
          sql<number | string>`count(v.member_id)`.as('review_count'),
          sql<number | string>`coalesce(max(case when v.member_id = ${p.viewer} then 1 else 0 end), 0)`.as('my_review'),
          sql<number | string | null>`avg(${reviewMeanSql})`.as('average'),
          sql<number | string | null>`max(${reviewMeanSql}) - min(${reviewMeanSql})`.as('spread'),
        ])
        .where(e.inList('a.id', p.ids))
        .groupBy('a.id'),
    ),
    record: e.prepare((p: { id: string }) => records().where('id', '=', p.id)),
    records: e.prepare((p: { ids: string[] }) => records().where(e.inList('id', p.ids))),
    masked: e.prepare((p: { viewer: string }) =>
      db.selectFrom('conflicts').select('application_id').where('member_id', '=', p.viewer).where('lifted_at', 'is', null),
    ),
    maskedPage: e.prepare((p: { ids: string[]; limit: number; offset: number }) =>
      db.selectFrom('applications').select('id').where(e.inList('id', p.ids)).orderBy(e.textOrder('reference')).orderBy('id').limit(p.limit).offset(p.offset),
    ),
    // Shared: the application cannot be deleted under the review or note being written.
    applicationHeld: e.prepare((p: { id: string }) => db.selectFrom('applications').select('id').where('id', '=', p.id).$call(e.forShare)),
    reviewExists: e.prepare((p: { applicationId: string; memberId: string }) =>
      db.selectFrom('application_reviews').select('member_id').where('application_id', '=', p.applicationId).where('member_id', '=', p.memberId),
    ),
    // A prepared query's parameters are named one by one: Kysely reads an object's keys as the columns.
    upsertReview: e.prepare((p: ReviewValues) =>
      db
        .insertInto('application_reviews')
        .values(toRow(p, ['application_id', 'member_id', ...REVIEWED, 'created_at']))
        .onConflict(updateFromExcluded(['application_id', 'member_id'], REVIEWED))
        .$call(e.reportInserted),
    ),
    review: e.prepare((p: { applicationId: string; memberId: string }) =>
      reviewsWithAuthor().where('v.application_id', '=', p.applicationId).where('v.member_id', '=', p.memberId),
    ),
    reviews: e.prepare((p: { applicationId: string }) =>
      reviewsWithAuthor().where('v.application_id', '=', p.applicationId).orderBy('v.created_at').orderBy('v.member_id'),
    ),
    addNote: e.prepare((p: { id: string; applicationId: string; memberId: string; body: string; at: Date }) =>
      db.insertInto('application_notes').values({ id: p.id, application_id: p.applicationId, member_id: p.memberId, body: p.body, created_at: p.at }),
    ),
    note: e.prepare((p: { id: string }) => notesWithAuthor().where('n.id', '=', p.id)),
    notes: e.prepare((p: { applicationId: string }) => notesWithAuthor().where('n.application_id', '=', p.applicationId).orderBy('n.created_at').orderBy('n.id')),
    stageChanges: e.prepare((p: { applicationId: string }) =>
      db
        .selectFrom('stage_changes as c')
        .leftJoin('team_members as m', 'm.id', 'c.member_id')
        .selectAll('c')
        .select('m.name as member_name')
        .where('c.application_id', '=', p.applicationId)
        .orderBy('c.at')
        .orderBy('c.id'),
    ),
    byStage: e.prepare(() => db.selectFrom('applications').select(['stage', count().as('n')]).groupBy('stage')),
    // Four counts, each off its own index.
    counts: e.prepare((p: { now: Date; soon: Date; week: Date; month: Date }) => {
      const counted = () => db.selectFrom('applications').select(count().as('n'))
      return db.selectNoFrom([
        counted().where('stage_due_at', '<', p.now).as('overdue'),
        counted().where('stage_due_at', '>=', p.now).where('stage_due_at', '<=', p.soon).as('due_soon'),
        counted().where('created_at', '>=', p.week).as('week'),
        counted().where('created_at', '>=', p.month).as('month'),
      ])
    }),
    stays: e.prepare(() => stageStays()),
    auditCount: prepareByShape(e, (shape: AuditShape, p: AuditValues) => db.selectFrom(auditLines(e, shape, p).as('t')).select(count().as('n'))),
    auditPage: prepareByShape(e, (shape: AuditShape, p: AuditValues & { limit: number; offset: number }) =>
      db
        // The page first, then its names: the joins (and the form's JSON) are read for its rows only.
        .selectFrom(
          db
            .selectFrom(auditLines(e, shape, p).as('t'))
            .selectAll('t')
            // Every line's count with the page, in the same pass over the log (a page past the end counts apart).
            .select(sql<number | string>`count(*) over ()`.as('lines'))
            .orderBy(sql.ref('t.at'), 'desc')
            .orderBy(sql.ref('t.id'), 'desc')
            .limit(p.limit)
            .offset(p.offset)
            .as('t'),
        )
        .leftJoin('team_members as m', (join) => join.on(sql<SqlBool>`m.id = t.member_id`))
        .leftJoin('applications as a', (join) => join.on(sql<SqlBool>`a.id = t.application_id`))
        .selectAll('t')
        .select([
          'm.name as member_name',
          'a.reference as reference',
          // The founder's name as on the application, for their own actions (ADR 0201); none once erased.
          sql<string | null>`case when a.anonymized_at is null then a.form_data ->> 'founderName' end`.as('founder_name'),
        ])
        .orderBy(sql.ref('t.at'), 'desc')
        .orderBy(sql.ref('t.id'), 'desc'),
    ),
    memberNames: e.prepare((p: { ids: string[] }) => db.selectFrom('team_members').select(['id', 'name']).where(e.inList('id', p.ids))),
  }

  /** The list's filter over `applications a`; empty when nothing narrows it. */
  function filters(s: ListShape, p: ListValues): Expression<SqlBool>[] {
    const conditions: Expression<SqlBool>[] = []
    // Masked rows are listed apart (maskedTail) and never match any filter; most members have none,
    // and then the queries are those without conflicts.
    if (s.masked) conditions.push(e.notInList('a.id', p.masked))
    if (s.search) conditions.push(e.searchTextContains('a', p.key))
    if (s.stage) conditions.push(sql<SqlBool>`a.stage = ${p.stage}`)
    if (s.productStage) conditions.push(sql<SqlBool>`${formField('productStage')} = ${p.productStage}`)
    if (s.due === 'overdue') conditions.push(sql<SqlBool>`a.stage_due_at < ${p.now}`)
    else if (s.due === 'due_soon') conditions.push(sql<SqlBool>`a.stage_due_at >= ${p.now} and a.stage_due_at <= ${p.soon}`)
    if (s.unreviewed) {
      conditions.push(sql<SqlBool>`not exists (select 1 from application_reviews u where u.application_id = a.id and u.member_id = ${p.viewer})`)
    }
    if (s.source === 'one') {
      conditions.push(sql<SqlBool>`exists (select 1 from application_sources x where x.application_id = a.id and x.source_id = ${p.source})`)
    } else if (s.source === 'none') {
      conditions.push(sql<SqlBool>`not exists (select 1 from application_sources x where x.application_id = a.id and x.source_id is not null)`)
    }
    if (s.assignedToMe) {
      conditions.push(sql<SqlBool>`exists (select 1 from assignments s where s.application_id = a.id and s.member_id = ${p.viewer})`)
    }
    if (s.received) conditions.push(sql<SqlBool>`a.created_at >= ${p.receivedSince}`)
    return conditions
  }
  const where = (s: ListShape, p: ListValues) => <Q extends OverApplications>(query: Q): Q => {
    const conditions = filters(s, p)
    return (conditions.length === 0 ? query : query.where((eb) => eb.and(conditions))) as Q
  }
  const applications = () => db.selectFrom('applications as a')
  /** The applications whose average the viewer may see (score order), from the reviews' side. */
  const scored = (s: ListShape, p: ListValues) => {
    const reviewed = db.selectFrom('application_reviews').select('application_id')
    return db
      .selectFrom((s.admin ? reviewed.distinct() : reviewed.where('member_id', '=', p.viewer)).as('r'))
      .innerJoin('applications as a', 'a.id', 'r.application_id')
  }
  // The list's queries, one prepared query per shape (filters set, sort, admin or not).
  const list = {
    count: prepareByShape(e, (s: ListShape, p: ListValues) => applications().select(count().as('n')).$call(where(s, p))),
    page: prepareByShape(e, (s: ListShape & { sort: Exclude<ApplicationSort, 'score_desc'> }, p: ListValues) =>
      applications()
        // One pass over the search index gives both the page and the total.
        .select(['a.id', s.search ? sql<number | string>`count(*) over ()`.as('n') : sql<null>`null`.as('n')])
        .$call(where(s, p))
        .$call(ORDER_BY[s.sort](e))
        .limit(p.limit)
        .offset(p.offset),
    ),
    scoredCount: prepareByShape(e, (s: ListShape, p: ListValues) => scored(s, p).select(count().as('n')).$call(where(s, p))),
    scoredPage: prepareByShape(e, (s: ListShape, p: ListValues) =>
      scored(s, p)
        .select(['a.id', sql<number | string>`count(*) over ()`.as('n')])
        .$call(where(s, p))
        .orderBy(sql`(select avg(${reviewMeanSql}) from application_reviews v where v.application_id = a.id and ${countedReview})`, 'desc')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(p.limit)
        .offset(p.offset),
    ),
    // Those without a visible average, newest first, straight off the created_at index: a hidden
    // average sorts as none, so the order cannot give it away.
    unscoredPage: prepareByShape(e, (s: ListShape, p: ListValues) =>
      applications()
        .select('a.id')
        .where(
          s.admin
            ? sql<SqlBool>`not exists (select 1 from application_reviews s where s.application_id = a.id)`
            : sql<SqlBool>`not exists (select 1 from application_reviews s where s.application_id = a.id and s.member_id = ${p.viewer})`,
        )
        .$call(where(s, p))
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(p.limit)
        .offset(p.offset),
    ),
  }

  /** The applications the viewer has an active conflict with (ADR 0107). */
  const maskedFor = async (viewer: string) => (!isUuid(viewer) ? [] : (await e.all(q.masked({ viewer }))).map((r) => r.application_id))

  /** The viewer's masked rows after the others (ADR 0107): their total and the ids the page still has room for. */
  async function maskedTail(query: ApplicationListQuery, masked: readonly string[], othersTotal: number, room: number) {
    if ((query.masked ?? 'left_out') === 'left_out' || isFiltered(query) || masked.length === 0) return { total: 0, ids: [] as string[] }
    if (room <= 0) return { total: masked.length, ids: [] }
    const skip = Math.max(0, (query.page - 1) * query.pageSize - othersTotal)
    const rows = await e.all(q.maskedPage({ ids: [...masked], limit: room, offset: skip }))
    return { total: masked.length, ids: rows.map((r) => r.id) }
  }

  const self: ReviewStore = {
    async listApplications(query) {
      const viewer = query.viewer.memberId
      const masked = await maskedFor(viewer)
      const key = query.q === undefined ? '' : searchKey(query.q)
      const shape: ListShape = {
        masked: masked.length > 0,
        search: key !== '',
        stage: query.stage !== undefined,
        productStage: query.productStage !== undefined,
        due: query.due ?? null,
        unreviewed: query.unreviewed === true,
        assignedToMe: query.assignedToMe === true,
        source: query.source === undefined ? null : query.source === 'none' ? 'none' : 'one',
        received: query.receivedSince !== undefined,
        admin: query.viewer.isAdmin,
      }
      const offset = (query.page - 1) * query.pageSize
      const values = (limit = 0, skip = 0): ListValues => ({
        viewer,
        masked: [...masked],
        key,
        stage: query.stage ?? '',
        productStage: query.productStage ?? '',
        source: query.source === undefined || query.source === 'none' ? '' : query.source,
        receivedSince: query.receivedSince ?? query.now,
        now: query.now,
        soon: new Date(query.now.getTime() + DUE_SOON_DAYS * DAY_MS),
        limit,
        offset: skip,
      })
      const countOf = async (bound: Bound<{ n: number | string }>) => toNumber((await e.first(bound))!.n)
      const page = async (limit: number, skip: number, bound: (v: ListValues) => Bound<{ id: string; n?: number | string | null }>) =>
        limit <= 0 ? [] : e.all(bound(values(limit, skip)))
      let ids: string[]
      let total: number
      if (query.sort === 'score_desc') {
        // Two ordered runs instead of one sort of every row with its aggregate: first the
        // applications whose average the viewer may see, highest first, then the others.
        total = await countOf(list.count(shape, values()))
        const first = await page(query.pageSize, offset, (v) => list.scoredPage(shape, v))
        const scoredTotal = first.length > 0 ? toNumber(first[0]!.n!) : await countOf(list.scoredCount(shape, values()))
        const rest = await page(query.pageSize - first.length, Math.max(0, offset - scoredTotal), (v) => list.unscoredPage(shape, v))
        ids = [...first, ...rest].map((r) => r.id)
      } else {
        const rows = await page(query.pageSize, offset, (v) => list.page({ ...shape, sort: query.sort as Exclude<ApplicationSort, 'score_desc'> }, v))
        // A search's rows carry the total (n); past its last page, or without a search, it is counted.
        if (shape.search && rows.length > 0) total = toNumber(rows[0]!.n!)
        else if (shape.search && offset === 0) total = 0
        else total = await countOf(list.count(shape, values()))
        ids = rows.map((r) => r.id)
      }
      const tail = await maskedTail(query, masked, total, query.pageSize - ids.length)
      ids = [...ids, ...tail.ids]
      total += tail.total
      if (ids.length === 0) return { items: [], total }
      // The page's own columns, read only for its rows: the form's fields over every row would cost more than the sort.
      const rows = await e.all(q.listRows({ ids, viewer }))
      const items = inOrder(ids, rows).map((row) => {
        const mine = toNumber(row.my_review) === 1
        // HotCRP-style: a reviewer sees the scores once they have reviewed; an admin always does.
        const visible = query.viewer.isAdmin || mine
        return {
          ...fromRow('applications', row),
          productStage: row.product_stage as ProductStage,
          reviewCount: toNumber(row.review_count),
          myReview: mine,
          average: visible && row.average !== null ? toNumber(row.average) : null,
          spread: visible && row.spread !== null ? toNumber(row.spread) : null,
        }
      })
      return { items, total }
    },

    async getApplication(id) {
      if (!isUuid(id)) return null
      return firstOrNull(e, q.record({ id }), toRecord)
    },

    async getApplications(ids) {
      const valid = ids.filter(isUuid)
      if (valid.length === 0) return []
      return (await e.all(q.records({ ids: valid }))).map(toRecord)
    },

    async upsertReview(applicationId, memberId, input, at) {
      if (!isUuid(applicationId)) return null
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.applicationHeld({ id: applicationId })))) return null
        const row: ReviewValues = { ...input.scores, ...input, comments: storedComments(input.comments), applicationId, memberId, createdAt: at, updatedAt: at }
        const inserted = yield* tx.upsert(q.upsertReview(row), q.reviewExists({ applicationId, memberId }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'review.submitted', applicationId, detail: { updated: !inserted } }]))
        return toReview((yield* tx.first(q.review({ applicationId, memberId })))!)
      })
    },

    async addNote(applicationId, memberId, body, at) {
      if (!isUuid(applicationId)) return null
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.applicationHeld({ id: applicationId })))) return null
        const id = timeOrderedId()
        yield* tx.run(q.addNote({ id, applicationId, memberId, body, at }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'note.added', applicationId, detail: { noteId: id } }]))
        return toNote((yield* tx.first(q.note({ id })))!)
      })
    },

    async listReviews(applicationId) {
      if (!isUuid(applicationId)) return []
      return (await e.all(q.reviews({ applicationId }))).map(toReview)
    },

    async listNotes(applicationId) {
      if (!isUuid(applicationId)) return []
      return (await e.all(q.notes({ applicationId }))).map(toNote)
    },

    async listStageChanges(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = await e.all(q.stageChanges({ applicationId }))
      return rows.map((row) => ({
        id: row.id,
        from: row.from_stage,
        to: row.to_stage,
        reason: row.reason,
        member: row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? '' },
        at: toDate(row.at),
      }))
    },

    async overview({ now, weekStart, monthStart }) {
      const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
      for (const r of await e.all(q.byStage({}))) byStage[r.stage] = toNumber(r.n)
      const soon = new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS)
      const counts = (await e.first(q.counts({ now, soon, week: weekStart, month: monthStart })))!
      const stays = await e.all(q.stays({}))
      return {
        byStage,
        overdue: toNumber(counts.overdue!),
        dueSoon: toNumber(counts.due_soon!),
        receivedThisWeek: toNumber(counts.week!),
        receivedThisMonth: toNumber(counts.month!),
        medianDaysInStage: mediansByStage(stays.map((s) => ({ stage: s.stage, ms: toDate(s.left_at).getTime() - toDate(s.entered_at).getTime() }))),
      }
    },

    async appendAudit(entry) {
      await e.run(insertAudit([entry]))
    },

    async listAudit(page, pageSize, filter = {}) {
      // An id that is no uuid matches nothing (PostgreSQL would refuse to compare it).
      if ((filter.memberId !== undefined && !isUuid(filter.memberId)) || (filter.applicationId !== undefined && !isUuid(filter.applicationId))) {
        return { items: [], total: 0, memberNames: {} }
      }
      const shape = Object.fromEntries(AUDIT_FILTERS.map((name) => [name, filter[name] !== undefined])) as AuditShape
      // A value the shape leaves out of the SQL is never bound.
      const values: AuditValues = { memberId: '', action: '', applicationId: '', reference: '', from: new Date(0), to: new Date(0), viewer: '', ...filter }
      const rows = await e.all(q.auditPage(shape, { ...values, limit: pageSize, offset: (page - 1) * pageSize }))
      // The page's rows carry the total; an empty first page is 0; a page past the end is counted.
      const total = rows.length > 0 ? toNumber(rows[0]!.lines) : page === 1 ? 0 : toNumber((await e.first(q.auditCount(shape, values)))!.n)
      const items = rows.map((row): AuditEntry => {
        const action = row.action as AuditAction
        const folded = row.first_at !== null
        const byAction: Partial<Record<ViewAction, number>> = {}
        if (folded) {
          VIEW_ACTIONS.forEach((view, i) => {
            const n = toNumber((row as unknown as Record<string, number | string>)[`v${i}`]!)
            if (n > 0) byAction[view] = n
          })
        }
        return {
          id: row.id,
          at: toDate(row.at),
          member: row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? '' },
          action,
          applicationId: row.application_id,
          reference: row.reference,
          detail: row.detail === null ? {} : (JSON.parse(row.detail) as AuditDetail),
          founder: isFounderAction(row.member_id, action) ? { name: row.founder_name?.trim() || null } : null,
          views: folded ? { count: toNumber(row.n), firstAt: toDate(row.first_at!), byAction } : null,
        }
      })
      const named = [...new Set(items.map((i) => i.detail.memberId).filter((id): id is string => typeof id === 'string' && isUuid(id)))]
      const memberNames = named.length === 0 ? {} : Object.fromEntries((await e.all(q.memberNames({ ids: named }))).map((m) => [m.id, m.name]))
      return { items, total, memberNames }
    },
  }
  return self
}

/** Whether `query` narrows the list by anything; a masked row never matches such a filter. */
function isFiltered(query: ApplicationListQuery): boolean {
  return (
    (query.q !== undefined && searchKey(query.q) !== '') ||
    query.stage !== undefined ||
    query.productStage !== undefined ||
    query.due !== undefined ||
    query.unreviewed === true ||
    query.assignedToMe === true ||
    query.source !== undefined ||
    query.receivedSince !== undefined
  )
}

/** The median of `values`, or null when empty. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Median days per stage of the completed stays (entered → left, from stage_changes). */
function mediansByStage(stays: readonly { stage: Stage; ms: number }[]): Overview['medianDaysInStage'] {
  return Object.fromEntries(
    STAGES.map((stage) => [stage, median(stays.filter((s) => s.stage === stage).map((s) => s.ms / DAY_MS))]),
  ) as Overview['medianDaysInStage']
}

/** Only the comments actually written: an empty one is the same as none. */
function storedComments(comments: Partial<Record<CriterionKey, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(comments ?? {}).filter(([, text]) => text !== undefined && text !== ''))
}

/** Put rows fetched by id back in the order of `ids`. */
function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
