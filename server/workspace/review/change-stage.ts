/**
 * The one path by which an application changes stage in the workspace: the
 * single move of the detail page and every item of a bulk move go through
 * changeStage, so whatever a stage change must also do (the audit entry
 * today; the founder's e-mail in "Correos por enviar" next) happens once,
 * here, for all of them.
 */
import type { Stage } from '../../../domain/pipeline.ts'
import type { ReviewStore, TransitionOutcome } from '../storage/review-store.ts'

export interface StageChangeRequest {
  applicationId: string
  /** The stage the member saw: the move is refused if it is no longer the current one. */
  from: Stage
  to: Stage
  reason: string | null
  memberId: string
}

export interface ChangeStageDeps {
  reviews: ReviewStore
  now: () => Date
}

/** Move one application, atomically with its audit entry; conflict when stale or not allowed. */
export function changeStage(deps: ChangeStageDeps, request: StageChangeRequest): Promise<TransitionOutcome> {
  return deps.reviews.transition(request.applicationId, {
    from: request.from,
    to: request.to,
    reason: request.reason,
    memberId: request.memberId,
    at: deps.now(),
  })
}
