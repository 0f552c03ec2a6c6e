/**
 * Rows of the review tables as the drivers return them, and their mapping to
 * the ReviewStore's types, shared by the SQLite and PostgreSQL stores. As in
 * server/storage/rows.ts, `T` is the driver's timestamp type and `J` its JSON
 * type (text on SQLite, parsed on PostgreSQL).
 */
import type { ProductStage } from '../../../domain/application.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import { reviewMean, type Recommendation } from '../../../domain/review.ts'
import type { Application } from '../../../domain/application.ts'
import { applicationFromRow, type ApplicationRow } from '../../storage/rows.ts'
import { scoresFromRow, type ScoreColumns } from './scoring-rows.ts'
import type { CriterionKey } from '../../../domain/programme.ts'
import type {
  ApplicationListRow,
  ApplicationRecord,
  ApplicationSort,
  AuditAction,
  AuditDetail,
  AuditEntry,
  Note,
  Review,
  StageChange,
  Viewer,
} from './review-store.ts'

/** A criterion's weight in SQL: its criterion_weights row, 1 without one (domain/scoring.ts DEFAULT_WEIGHT); 1.0 so SQLite never divides integers. */
const weightSql = (key: CriterionKey) => `coalesce((select weight from criterion_weights where criterion = '${key}'), 1.0)`

const WEIGHTED_COLUMNS: [CriterionKey, string][] = [
  ['productoValidado', 'producto_validado'],
  ['primerosClientes', 'primeros_clientes'],
  ['modeloEscalable', 'modelo_escalable'],
  ['foundersComprometidos', 'founders_comprometidos'],
  ['aperturaParticipacion', 'apertura_participacion'],
]

/**
 * One review's score, in SQL, over the table aliased `v`: the weighted mean
 * of its five criteria (domain/scoring.ts weightedMean), computed at read
 * time so a changed weight changes every score at once (ADR 0105). The
 * weights are uncorrelated subqueries: both databases evaluate them once
 * per statement.
 */
export const REVIEW_MEAN_SQL = `((${WEIGHTED_COLUMNS.map(([key, column]) => `v.${column} * ${weightSql(key)}`).join(' + ')}) / (${WEIGHTED_COLUMNS.map(([key]) => weightSql(key)).join(' + ')}))`

/**
 * The review aliased `v` counts: its author has no active conflict of
 * interest with the application (issue 12: a conflicted member's review is
 * left out of every average). Same SQL on both stores.
 */
export const COUNTED_REVIEW_SQL =
  'NOT EXISTS (SELECT 1 FROM conflicts k WHERE k.application_id = v.application_id AND k.member_id = v.member_id AND k.lifted_at IS NULL)'

export interface ReviewRow<T, J> extends ScoreColumns {
  application_id: string
  member_id: string
  member_name: string
  comments: J
  recommendation: Recommendation
  overall_comment: string
  created_at: T
  updated_at: T
}

export function reviewFromRow<T, J>(row: ReviewRow<T, J>, date: (v: T) => Date, json: (v: J) => unknown): Review {
  const scores = scoresFromRow(row)
  return {
    applicationId: row.application_id,
    member: { id: row.member_id, name: row.member_name },
    scores,
    comments: json(row.comments) as Partial<Record<CriterionKey, string>>,
    recommendation: row.recommendation,
    overallComment: row.overall_comment,
    mean: reviewMean(scores),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  }
}

/** Only the comments actually written: an empty one is the same as none. */
export function storedComments(comments: Partial<Record<CriterionKey, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(comments ?? {}).filter(([, text]) => text !== undefined && text !== ''))
}

export interface NoteRow<T> {
  id: string
  member_id: string
  member_name: string
  body: string
  created_at: T
}

export const noteFromRow = <T>(row: NoteRow<T>, date: (v: T) => Date): Note => ({
  id: row.id,
  member: { id: row.member_id, name: row.member_name },
  body: row.body,
  createdAt: date(row.created_at),
})

export interface StageChangeRow<T> {
  id: string
  from_stage: Stage
  to_stage: Stage
  reason: string | null
  member_id: string | null
  member_name: string | null
  at: T
}

export const stageChangeFromRow = <T>(row: StageChangeRow<T>, date: (v: T) => Date): StageChange => ({
  id: row.id,
  from: row.from_stage,
  to: row.to_stage,
  reason: row.reason,
  member: row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? '' },
  at: date(row.at),
})

export interface AuditRow<T, J> {
  id: string
  at: T
  member_id: string | null
  member_name: string | null
  action: AuditAction
  application_id: string | null
  detail: J
}

export const auditFromRow = <T, J>(row: AuditRow<T, J>, date: (v: T) => Date, json: (v: J) => unknown): AuditEntry => ({
  id: row.id,
  at: date(row.at),
  member: row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? '' },
  action: row.action,
  applicationId: row.application_id,
  detail: json(row.detail) as AuditDetail,
})

export interface ListRow<T> {
  id: string
  reference: string
  created_at: T
  stage: Stage
  stage_due_at: T | null
  company_name: string
  trade_name: string
  founder_name: string
  city: string
  product_stage: ProductStage
  review_count: number | string
  average: number | string | null
  spread: number | string | null
  mine: number | boolean | null
}

/** A list row, with the scores hidden from a reviewer who has not reviewed it yet. */
export function listItemFromRow<T>(row: ListRow<T>, date: (v: T) => Date, viewer: Viewer): ApplicationListRow {
  const mine = row.mine === true || row.mine === 1
  const visible = viewer.isAdmin || mine
  const num = (v: number | string | null) => (v === null ? null : Number(v))
  return {
    id: row.id,
    reference: row.reference,
    companyName: row.company_name,
    tradeName: row.trade_name,
    founderName: row.founder_name,
    city: row.city,
    productStage: row.product_stage,
    stage: row.stage,
    createdAt: date(row.created_at),
    stageDueAt: row.stage_due_at === null ? null : date(row.stage_due_at),
    reviewCount: Number(row.review_count),
    myReview: mine,
    average: visible ? num(row.average) : null,
    spread: visible ? num(row.spread) : null,
  }
}

/** Put rows fetched by id back in the order of `ids`. */
export function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export const SORTS_NEED_SCORES: ReadonlySet<ApplicationSort> = new Set(['score_desc'])

/** An application's row with its place in the pipeline (getApplication, getApplications). */
export type RecordRow<T, J> = ApplicationRow<T, J> & { stage: Stage; stage_entered_at: T; stage_due_at: T | null }

export const recordFromRow = <T, J>(row: RecordRow<T, J>, date: (v: T) => Date, json: (v: J) => Application): ApplicationRecord => ({
  application: applicationFromRow(row, date, json),
  stage: row.stage,
  stageEnteredAt: date(row.stage_entered_at),
  stageDueAt: row.stage_due_at === null ? null : date(row.stage_due_at),
})
