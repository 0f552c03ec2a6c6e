/**
 * The badge of founders' activity (ADR 0142): GET /founder-activity →
 * FounderActivitySummary; POST /applications/:id/founder-activity/seen → 204.
 * Times are ISO strings (wire.ts).
 */
import type { FounderActivityKind } from '../founder-activity.ts'

export interface UnseenFounderActivity {
  applicationId: string
  reference: string
  kinds: FounderActivityKind[]
  /** The kinds in words (FOUNDER_ACTIVITY_LABELS). */
  labels: string[]
  lastAt: string
}

export interface FounderActivitySummary {
  /** Applications with something the member has not seen. */
  count: number
  items: UnseenFounderActivity[]
}
