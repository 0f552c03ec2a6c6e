/**
 * The records the conflicts store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/conflicts.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { ConflictKind } from './conflicts.ts'

/** A conflict as the server holds it (server/db/stores/conflict-store.ts); the API carries it as `Conflict`. */
export interface ConflictRecord {
  id: string
  applicationId: string
  memberId: string
  kind: ConflictKind
  note: string
  declaredBy: string
  declaredAt: Date
  liftedAt: Date | null
  liftedBy: string | null
  liftReason: string | null
}
