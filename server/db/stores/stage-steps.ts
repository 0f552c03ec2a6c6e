/**
 * The steps a stage change is made of, each over its own store's tables, opened once on an
 * engine: server/features/review/pipeline.ts runs them in one transaction, in the order
 * and with the arguments it decides (ADR 0208). Nothing here decides anything.
 */
import type { Body, Engine } from '../engine.ts'
import { dealWriter } from './deal-store.ts'
import { agreementStageStep } from './agreement-store.ts'
import { draftSuperseder, founderMailWriter } from './founder-store.ts'
import { panelStageStepper } from './panel-steps.ts'
import { reviewStageSteps } from './review-store.ts'

export function openStageSteps(e: Engine) {
  return {
    /** One transaction of the engine the steps were opened on. */
    transaction: <T>(body: Body<T>): Promise<T> => e.transaction(body),
    /** The application's row, its history and the audit entry (review-store.ts). */
    review: reviewStageSteps(e),
    /** The rate card's published versions and the deal (deal-store.ts). */
    deals: dealWriter(e),
    /** The founder's waiting drafts, superseded, and the stage's e-mail, as a draft or in the outbox (founder-store.ts). */
    founderMail: { supersede: draftSuperseder(e), write: founderMailWriter(e) },
    /** The panel session still ahead, cancelled or kept (panel-steps.ts). */
    panel: panelStageStepper(e),
    /** The agreement still out for signature, voided when the application closes without one (agreement-store.ts). */
    agreements: { voidLive: agreementStageStep(e) },
  }
}

export type StageSteps = ReturnType<typeof openStageSteps>
