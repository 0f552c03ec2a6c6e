/**
 * The workspace API's assignments, weights, "Para discutir", "Repartir" and
 * bulk work (docs/workspace.md "Assignments and fair scores", "Bulk work";
 * server/features/review/scoring-routes.ts and bulk-routes.ts).
 * Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import { STAGES, TRANSITION_REASON_MAX, type Stage } from '../pipeline.ts'
import { SELECTION_CRITERIA, type CriterionKey } from '../programme.ts'
import { WEIGHT_MAX, type CriterionWeights } from '../scoring.ts'
import { MissingDocumentsConfirmationSchema, type MemberRef } from './review.ts'
import { del, get, post, put } from './endpoint.ts'
import { ListFilterSchema } from './list-filter.ts'

/** GET /weights, and PUT /weights's answer. */
export interface WeightsAnswer {
  weights: CriterionWeights
}

const weight = v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(WEIGHT_MAX))
/** PUT /weights (admins): all five, each in (0, WEIGHT_MAX]. */
export const WeightsSchema = v.strictObject({
  weights: v.strictObject(Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, weight])) as Record<CriterionKey, typeof weight>),
})
export type WeightsRequest = v.InferInput<typeof WeightsSchema>

export interface Assignment {
  member: MemberRef
  assignedBy: MemberRef
  assignedAt: string
}

/** GET /applications/:id/scoring */
export interface ApplicationScoring {
  assignments: (Assignment & { reviewed: boolean })[]
  reviewers: { member: MemberRef; reviewedAt: string }[]
  /** Null, like the average, until the viewer has scored (admins always see them). */
  scores: {
    weighted: number | null
    normalised: number | null
    reviews: { memberId: string; score: number; z: number | null }[]
    disagreements: CriterionKey[]
    discussion: boolean
  } | null
}

/** Most members one request assigns to one application. */
export const ASSIGN_MEMBERS_MAX = 20
/** Most pairs one "Repartir" plan holds. */
export const PLAN_MAX = 5_000

const uuid = v.pipe(v.string(), v.uuid())

/** Pairs written, and those left as they were (already assigned, conflicted, inactive, unknown). */
export interface AssignOutcome {
  added: number
  skipped: number
}

/** POST /applications/:id/assignments (admins) */
export const AssignSchema = v.strictObject({ memberIds: v.pipe(v.array(uuid), v.minLength(1), v.maxLength(ASSIGN_MEMBERS_MAX)) })
export type AssignRequest = v.InferInput<typeof AssignSchema>
export interface AssignAnswer extends AssignOutcome {
  assignments: Assignment[]
}

/** DELETE /applications/:id/assignments/:memberId (admins) */
export interface Unassigned {
  removed: true
}

/** POST /applications/:id/take */
export interface Taken {
  assignments: Assignment[]
}

/** POST /applications/:id/discussion/clear (admins) */
export interface DiscussionCleared {
  discussion: false
}

export interface PlanItem {
  applicationId: string
  memberId: string
}

/** GET /assignments/proposal (admins): "Repartir", nothing written. */
export interface Proposal {
  plan: PlanItem[]
}

/** POST /assignments/proposal/confirm (admins): answers an AssignOutcome; `409 { error: "stale", plan }`. */
export const PlanSchema = v.strictObject({
  plan: v.pipe(v.array(v.strictObject({ applicationId: uuid, memberId: uuid })), v.maxLength(PLAN_MAX)),
})
export type PlanRequest = v.InferInput<typeof PlanSchema>

/** What a bulk action does to every application the filter returns. */
export const BulkActionSchema = v.variant('type', [
  v.strictObject({ type: v.literal('move'), to: v.picklist(STAGES) }),
  v.strictObject({
    type: v.literal('close'),
    reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'Escribe el motivo del cierre.'), v.maxLength(TRANSITION_REASON_MAX)),
  }),
  v.strictObject({ type: v.literal('assign'), memberIds: v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.minLength(1), v.maxLength(ASSIGN_MEMBERS_MAX)) }),
])
export type BulkAction = v.InferInput<typeof BulkActionSchema>

/**
 * The list's filter as its URL query string holds it (`q`, `stage`, …):
 * passed through as is, and checked by the server with the list's own schema
 * (review/list-filter.ts), so it means the same rows as the list.
 */
export type BulkFilter = Record<string, string>

/**
 * The rest of POST /bulk/preview's and POST /bulk/apply's bodies: the server
 * reads them with these entries and the list's filter schema.
 */
/** Rows picked one by one in the list (their ids): the action takes only those the filter also returns. */
const BulkIds = v.optional(v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.minLength(1), v.maxLength(1_000)))

export const BulkPreviewEntries = { action: BulkActionSchema, ids: BulkIds }
export const BulkApplyEntries = {
  action: BulkActionSchema,
  ids: BulkIds,
  /** The number the confirmation stated: if the filter now gives another, nothing is done (409 stale). */
  expected: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /**
   * A move to acuerdo_firmado where some lack required due-diligence
   * documents: confirmed with one reason for all, recorded for each (ADR 0139).
   * Without it such a move is refused (409 documents_missing) and nothing moves.
   */
  missingDocuments: v.optional(MissingDocumentsConfirmationSchema),
}

/** POST /bulk/preview (admins) → BulkPreview */
export type BulkPreviewRequest = { filter: BulkFilter } & v.InferInput<v.StrictObjectSchema<typeof BulkPreviewEntries, undefined>>

/** POST /bulk/apply (admins): `409 { error: "stale", preview }` when the eligible number is no longer `expected`. */
export type BulkApplyRequest = { filter: BulkFilter } & v.InferInput<v.StrictObjectSchema<typeof BulkApplyEntries, undefined>>

export interface BulkPreview {
  total: number
  /** How many the action applies to. */
  eligible: number
  /** The others, grouped by why (their current stage). */
  refused: { stage: Stage; count: number; message: string }[]
  /** How many of the selection each stage could take: the bar offers only moves that apply to some. */
  eligibleByStage: Record<Stage, number>
  /** Whether the move writes each founder an e-mail (to "Correos por enviar", or straight away). */
  founderMail: boolean
  /** A move to acuerdo_firmado: how many of the eligible lack required due-diligence documents. */
  documentsMissing: number
  /** How many of the eligible have a panel session still ahead, which the move cancels (domain/pipeline.ts STAGE_ENTAILS; a bulk move never keeps one). */
  sessionsAhead: number
  /** How many of the eligible have a stage e-mail waiting in «Correos por enviar», which the move replaces. */
  waitingDrafts: number
  /** The founder's e-mail of the stage moved to goes straight away (its kind's setting), not as a draft. */
  sendsNow: boolean
}

/** POST /bulk/apply: the moves done, or the assignments added. */
export type BulkApplied = BulkPreview & ({ done: number; changedMeanwhile: number } | { done: number; skipped: number })

/** The bulk actions' bodies: the list's own filter (one schema, so it means the same rows) and the action. */
export const BulkPreviewSchema = v.strictObject({ filter: ListFilterSchema, ...BulkPreviewEntries })
export const BulkApplySchema = v.strictObject({ filter: ListFilterSchema, ...BulkApplyEntries })

/** Scoring's endpoints (docs/workspace.md "Scoring"): weights, assignments, «Repartir» and the bulk actions. */
export const scoringEndpoints = {
  weights: get<WeightsAnswer>()('/weights'),
  setWeights: put<WeightsAnswer>()('/weights', { body: WeightsSchema, invalid: `Cada peso debe ser mayor que 0 y como máximo ${WEIGHT_MAX}.`, admin: true }),
  scoring: get<ApplicationScoring>()('/applications/:id/scoring'),
  assign: post<AssignAnswer>()('/applications/:id/assignments', { body: AssignSchema, invalid: 'Elige a quién asignar.', admin: true }),
  unassign: del<Unassigned>()('/applications/:id/assignments/:memberId', { admin: true }),
  take: post<Taken>()('/applications/:id/take'),
  clearDiscussion: post<DiscussionCleared>()('/applications/:id/discussion/clear', { admin: true }),
  proposal: get<Proposal>()('/assignments/proposal', { admin: true }),
  confirmProposal: post<AssignOutcome>()('/assignments/proposal/confirm', { body: PlanSchema, admin: true, largerBody: 'assignmentPlan' }),
  bulkPreview: post<BulkPreview>()('/bulk/preview', { body: BulkPreviewSchema, admin: true }),
  bulkApply: post<BulkApplied>()('/bulk/apply', { body: BulkApplySchema, admin: true }),
} as const
