/**
 * The badge of founders' activity (ADR 0142): GET /founder-activity →
 * FounderActivitySummary; POST /applications/:id/founder-activity/seen → 204.
 * Times are ISO strings (wire.ts).
 */
import type { Wire } from './wire.ts'
import type { UnseenActivityRecord } from '../founder-activity-records.ts'
import { get, post } from './endpoint.ts'

export type { UnseenActivityRecord } from '../founder-activity-records.ts'

export type UnseenFounderActivity = Wire<
  UnseenActivityRecord & {
    /** The kinds in words (FOUNDER_ACTIVITY_LABELS). */
    labels: string[]
  }
>

export interface FounderActivitySummary {
  /** Applications with something the member has not seen. */
  count: number
  items: UnseenFounderActivity[]
}

/** What founders did that the team has not seen yet (docs/workspace.md "Founder activity"). */
export const founderActivityEndpoints = {
  summary: get<FounderActivitySummary>()('/founder-activity'),
  seen: post<void>()('/applications/:id/founder-activity/seen', { status: 204, answerKind: 'empty' }),
} as const
