/**
 * The review pipeline's storage: where each application stands, the team's
 * reviews and notes, the stage changes, the overview's figures and the audit
 * log. Implemented on SQLite (sqlite-review-store.ts, sharing the
 * ApplicationStore's connection and group commit) and PostgreSQL
 * (postgres-review-store.ts, sharing its pool); both honour the contract in
 * review-store-contract.ts.
 *
 * Every change made here (a transition, a review, a note) writes its audit
 * entry in the same transaction, so the trail cannot miss one.
 */
import type { ProductStage } from '../../../domain/application.ts'
import { STAGES, type Stage } from '../../../domain/pipeline.ts'
import { searchKey } from '../../../domain/search.ts'
import type { CriterionScores, Recommendation, ReviewInput } from '../../../domain/review.ts'
import type { CriterionKey } from '../../../domain/programme.ts'
import type { StoredApplication } from './application-store.ts'
import type { FounderMailWrite } from './founder-store.ts'

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

export interface ApplicationListRow {
  id: string
  reference: string
  companyName: string
  tradeName: string
  founderName: string
  city: string
  productStage: ProductStage
  stage: Stage
  createdAt: Date
  stageDueAt: Date | null
  reviewCount: number
  myReview: boolean
  /** Mean of the reviews' means; null without reviews or while hidden from the viewer. */
  average: number | null
  /** Highest minus lowest review mean; null like average. */
  spread: number | null
}

export interface ApplicationRecord {
  application: StoredApplication
  stage: Stage
  stageEnteredAt: Date
  stageDueAt: Date | null
}

export interface MemberRef {
  id: string
  name: string
}

export interface Review {
  applicationId: string
  member: MemberRef
  scores: CriterionScores
  comments: Partial<Record<CriterionKey, string>>
  recommendation: Recommendation
  overallComment: string
  /** The mean of the five scores. */
  mean: number
  createdAt: Date
  updatedAt: Date
}

export interface Note {
  id: string
  member: MemberRef
  body: string
  createdAt: Date
}

export interface StageChange {
  id: string
  from: Stage
  to: Stage
  reason: string | null
  /** Null: the founder (withdrawal) or the system. */
  member: MemberRef | null
  at: Date
}

export interface TransitionRequest {
  /** The stage the member saw: the move happens only if it is still the current one. */
  from: Stage
  to: Stage
  reason: string | null
  /** Null: the founder withdrawing from their status page. */
  memberId: string | null
  at: Date
  /** The founder's e-mail of this change (server/features/founder/), written in the same transaction. */
  founderMail?: FounderMailWrite
}

export type TransitionOutcome =
  | { status: 'moved'; stage: Stage; stageEnteredAt: Date; stageDueAt: Date | null }
  /** The stage is no longer `from`, or `from → to` is not an allowed move: nothing changed. */
  | { status: 'conflict'; stage: Stage }
  | { status: 'not_found' }

export interface Overview {
  byStage: Record<Stage, number>
  overdue: number
  dueSoon: number
  receivedThisWeek: number
  receivedThisMonth: number
  /** Median days of the completed stays in each stage (from stage_changes); null with none. */
  medianDaysInStage: Record<Stage, number | null>
}

export interface OverviewPeriods {
  now: Date
  /** Start of the current week and month in the programme's time zone (periods.ts). */
  weekStart: Date
  monthStart: Date
}

export { AUDIT_ACTIONS, type AuditAction, type AuditDetail } from '../../../domain/audit.ts'
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'

export interface NewAuditEntry {
  at: Date
  /** Null for what the system or a founder did. */
  memberId: string | null
  action: AuditAction
  applicationId: string | null
  detail?: AuditDetail
}

export interface AuditEntry {
  id: string
  at: Date
  member: MemberRef | null
  action: AuditAction
  applicationId: string | null
  detail: AuditDetail
}

/** Whether `query` narrows the list by anything; a masked row never matches such a filter. */
export function isFiltered(query: ApplicationListQuery): boolean {
  return (
    (query.q !== undefined && searchKey(query.q) !== '') ||
    query.stage !== undefined ||
    query.productStage !== undefined ||
    query.due !== undefined ||
    query.unreviewed === true ||
    query.assignedToMe === true
  )
}

export interface Page<T> {
  items: T[]
  total: number
}

export interface ReviewStore {
  listApplications(query: ApplicationListQuery): Promise<Page<ApplicationListRow>>
  /** Null when there is no such application (or the id is not a UUID). */
  getApplication(id: string): Promise<ApplicationRecord | null>
  /**
   * Compare-and-set on the current stage: moves only if the application is
   * still at `from` and canTransition(from, to). Records the stage change and
   * its audit entry, sets stage_entered_at = at and stage_due_at =
   * stageDueAt(to, at, receivedAt), all in one transaction.
   */
  transition(applicationId: string, request: TransitionRequest): Promise<TransitionOutcome>
  /**
   * Many transitions, each with transition's compare-and-set, stage change,
   * audit entry and founder e-mail, in one transaction and a few statements
   * (a bulk move, ADR 0108). Outcomes in the order of `moves`; an application
   * named twice moves at most once.
   */
  transitionMany(moves: readonly (TransitionRequest & { applicationId: string })[]): Promise<TransitionOutcome[]>
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
  /** Newest first. */
  listAudit(page: number, pageSize: number): Promise<Page<AuditEntry>>
}

/** The criteria's column names in application_reviews. */
export const SCORE_COLUMNS: Record<CriterionKey, string> = {
  productoValidado: 'producto_validado',
  primerosClientes: 'primeros_clientes',
  modeloEscalable: 'modelo_escalable',
  foundersComprometidos: 'founders_comprometidos',
  aperturaParticipacion: 'apertura_participacion',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids come from URLs: anything but a UUID cannot name a row (and would be an error on PostgreSQL). */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}

/** The median of `values`, or null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Median days per stage of the completed stays (entered → left, from stage_changes). */
export function mediansByStage(stays: readonly { stage: Stage; ms: number }[]): Overview['medianDaysInStage'] {
  return Object.fromEntries(
    STAGES.map((stage) => [stage, median(stays.filter((s) => s.stage === stage).map((s) => s.ms / DAY_MS))]),
  ) as Overview['medianDaysInStage']
}
