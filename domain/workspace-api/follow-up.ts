/**
 * The workspace API's follow-up (ADRs 0164-0167;
 * server/features/follow-up/routes.ts). Admins only, like the deal
 * (ADR 0159): a reviewer is refused (403); a member with a conflict is
 * refused everything under /applications/:id (ADR 0101) and sees only the
 * reference of that startup in the list. Every read is audited. Times are ISO
 * strings (wire.ts); days "AAAA-MM-DD", months "AAAA-MM" (Bogotá).
 *
 * - GET /follow-up → FollowUpPortfolio («Seguimiento»; the overview's late
 *   ones too); audited as follow_up.portfolio_viewed.
 * - GET /applications/:id/follow-up → FollowUpAnswer (followUp null when the
 *   application has no deal); audited as follow_up.viewed.
 * - PUT /applications/:id/follow-up/milestones/:month (MilestoneSchema; month
 *   3, 6 or 12) → FollowUpAnswer: records or replaces the review; 404
 *   `no_deal`; 422 `invalid` with the field's message.
 * - POST /applications/:id/follow-up/closing (ClosingSchema) →
 *   FollowUpAnswer: the closing note, once (409 `closed` after); it ends the
 *   check-in e-mails.
 *
 * A chart draws from `series`: one line per metric, the twelve months in
 * order, null where there is no figure (domain/follow-up.ts metricSeries),
 * with `mediaDays` behind it (domain/follow-up-chart.ts, ADR 0176).
 */
import * as v from 'valibot'
import { CLOSING_NOTE_MAX, FOLLOW_UP_MESSAGES, MILESTONE_NOTE_MAX, type FollowUpViewRecord, type PortfolioRowRecord } from '../follow-up.ts'
import type { DayInterval } from '../follow-up-chart.ts'
import type { DealPace } from '../media-plan.ts'
import type { Wire } from './wire.ts'
import { firstIssue, get, post, put } from './endpoint.ts'

export const MilestoneSchema = v.strictObject({
  heldOn: v.pipe(v.string(), v.maxLength(10)),
  note: v.pipe(v.string(), v.trim(), v.minLength(1, FOLLOW_UP_MESSAGES.milestoneNote), v.maxLength(MILESTONE_NOTE_MAX, FOLLOW_UP_MESSAGES.milestoneNote)),
})
export type MilestoneBody = v.InferInput<typeof MilestoneSchema>

export const ClosingSchema = v.strictObject({
  note: v.pipe(v.string(), v.trim(), v.minLength(1, FOLLOW_UP_MESSAGES.closingNote), v.maxLength(CLOSING_NOTE_MAX, FOLLOW_UP_MESSAGES.closingNote)),
})
export type ClosingBody = v.InferInput<typeof ClosingSchema>

export type FollowUpView = Wire<FollowUpViewRecord & { applicationId: string; reference: string }>

export interface FollowUpAnswer {
  followUp: FollowUpView | null
  /** The names of the members the follow-up names (who recorded a milestone, who closed it). */
  memberNames: Record<string, string>
  /**
   * The days the startup's media ran (Bogotá days, both ends included), drawn behind each chart as the
   * weeks they fall in; [] without a deal or before any ran (server/features/media-plan/media-days.ts).
   */
  mediaDays: DayInterval[]
}

/** A row of «Seguimiento»; `conflicted`: the asking admin declared a conflict: the reference only, nothing else. */
export type PortfolioRow = Wire<PortfolioRowRecord> & {
  conflicted: boolean
  /** The media plan's pace (domain/media-plan.ts dealPaceOf); null when conflicted. */
  pace: DealPace | null
}

export interface FollowUpPortfolio {
  /** The Bogotá day the states are of. */
  today: string
  items: PortfolioRow[]
  /** Rows whose open check-in is past its due day, unanswered. */
  late: number
}

/** The twelve months after the signature (docs/workspace.md "Follow-up"): admins only. */
export const followUpEndpoints = {
  portfolio: get<FollowUpPortfolio>()('/follow-up', { admin: true }),
  followUp: get<FollowUpAnswer>()('/applications/:id/follow-up', { admin: true }),
  milestone: put<FollowUpAnswer>()('/applications/:id/follow-up/milestones/:month', { body: MilestoneSchema, invalid: firstIssue, admin: true }),
  closing: post<FollowUpAnswer>()('/applications/:id/follow-up/closing', { body: ClosingSchema, invalid: firstIssue, admin: true }),
} as const
