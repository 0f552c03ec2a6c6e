/**
 * The records the media-plan store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/media-plan.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { PlanEntry, PlanLine } from './media-plan.ts'

/** A line as the server holds it: who added it and when. */
export interface PlanLineRecord extends PlanLine {
  applicationId: string
  createdBy: string | null
  createdAt: Date
}

/** An entry as the server holds it: who recorded it and when. */
export interface PlanEntryRecord extends PlanEntry {
  applicationId: string
  /** The proof file's name (proofDocumentId's), for «Ver prueba»; null without a file. */
  proofFileName: string | null
  recordedBy: string | null
  recordedAt: Date
}
