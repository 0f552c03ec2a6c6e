/** The media plan and its ledger (docs/workspace.md "Media plan"): admins only. */
import { firstIssue, get, post, type FileAnswer } from '../endpoint.ts'
import { LineWithdrawalSchema, PlanEntrySchema, PlanLineSchema, type BehindDeals, type MediaPlanAnswer } from '../media-plan.ts'

export const mediaPlanEndpoints = {
  behind: get<BehindDeals>()('/media-plans/behind', { admin: true }),
  plan: get<MediaPlanAnswer>()('/applications/:id/media-plan', { admin: true }),
  addLine: post<MediaPlanAnswer>()('/applications/:id/media-plan/lines', { body: PlanLineSchema, invalid: firstIssue, admin: true, once: true, status: 201 }),
  /** A multipart form: the entry's fields and, for a proof, its file. */
  addEntry: post<MediaPlanAnswer>()('/applications/:id/media-plan/entries', { body: PlanEntrySchema, invalid: firstIssue, form: true, largerBody: 'mediaPlanEntry', admin: true, once: true, status: 201 }),
  withdrawLine: post<MediaPlanAnswer>()('/applications/:id/media-plan/lines/:lineId/withdrawal', {
    body: LineWithdrawalSchema,
    invalid: firstIssue,
    admin: true,
    once: true,
    status: 201,
  }),
  proof: get<FileAnswer>()('/applications/:id/media-plan/proofs/:proofId', { admin: true, answerKind: 'file' }),
} as const
