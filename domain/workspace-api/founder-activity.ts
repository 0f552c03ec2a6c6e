/**
 * The badge of founders' activity (ADR 0142): GET /founder-activity →
 * FounderActivitySummary; POST /applications/:id/founder-activity/seen → 204.
 * Times are ISO strings (wire.ts).
 */
import type { FounderActivityKind } from '../founder-activity.ts'
import type { Wire } from './wire.ts'

/** An application with activity the member has not seen yet (server/db/stores/founder-activity-store.ts). */
export interface UnseenActivityRecord {
  applicationId: string
  reference: string
  /** Distinct kinds, oldest first. */
  kinds: FounderActivityKind[]
  lastAt: Date
}

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
