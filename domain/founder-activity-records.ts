/**
 * The records the founder-activity store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/founder-activity.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { FounderActivityKind } from './founder-activity.ts'

/** An application with activity the member has not seen yet (server/db/stores/founder-activity-store.ts). */
export interface UnseenActivityRecord {
  applicationId: string
  reference: string
  /** Distinct kinds, oldest first. */
  kinds: FounderActivityKind[]
  lastAt: Date
}
