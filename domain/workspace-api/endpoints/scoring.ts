/** Scoring's endpoints (docs/workspace.md "Scoring"): weights, assignments, «Repartir» and the bulk actions. */
import * as v from 'valibot'
import { WEIGHT_MAX } from '../../scoring.ts'
import { del, get, post, put } from '../endpoint.ts'
import { ListFilterSchema } from '../list-filter.ts'
import {
  AssignSchema,
  BulkApplyEntries,
  BulkPreviewEntries,
  PlanSchema,
  WeightsSchema,
  type ApplicationScoring,
  type AssignAnswer,
  type AssignOutcome,
  type BulkApplied,
  type BulkPreview,
  type DiscussionCleared,
  type Proposal,
  type Taken,
  type Unassigned,
  type WeightsAnswer,
} from '../scoring.ts'

/** The bulk actions' bodies: the list's own filter (one schema, so it means the same rows) and the action. */
export const BulkPreviewSchema = v.strictObject({ filter: ListFilterSchema, ...BulkPreviewEntries })
export const BulkApplySchema = v.strictObject({ filter: ListFilterSchema, ...BulkApplyEntries })

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
