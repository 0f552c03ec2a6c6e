/**
 * Stage moves for tests and fixtures: what the workspace's moves write, without the routes'
 * decisions (server/features/review/pipeline.ts moveStages, ADR 0208), on a store's engine.
 */
import type { Engine } from '../engine.ts'
import { openStageSteps } from '../stores/stage-steps.ts'
import { stageMoves } from '../../features/review/pipeline.ts'

export type StageMoves = ReturnType<typeof stageMoves>

/** Moves on `e`: transition (one) and transitionMany (a batch, in one transaction). */
export const stageMovesOn = (e: Engine): StageMoves => stageMoves(openStageSteps(e))

/** `reviews` with the moves beside it, for the harnesses whose tests move applications as they read them. */
export function withStageMoves<R extends object>(reviews: R, e: Engine): R & StageMoves {
  return { ...reviews, ...stageMovesOn(e) }
}
