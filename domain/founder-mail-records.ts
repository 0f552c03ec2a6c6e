/**
 * The records the founder-mail store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/founder-mail.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { FounderMailKind } from './founder-mail.ts'
import type { Stage } from './pipeline.ts'

/** A founder's status e-mail as the founder store reads it (server/db/stores/founder-store.ts). */
export interface FounderDraftRecord {
  id: string
  applicationId: string
  reference: string
  kind: FounderMailKind
  to: string
  subject: string
  text: string
  html: string
  /** 'superseded': a later stage change replaced it before anyone sent it (ADR 0138). */
  status: 'draft' | 'sent' | 'discarded' | 'superseded'
  createdAt: Date
  editedAt: Date | null
  settledAt: Date | null
  settledBy: string | null
  /** When superseded: the stage the application moved to, at settledAt. */
  supersededTo: Stage | null
  /**
   * Waiting, it carries the founder's cancellation of the panel session its stage change cancelled (ADR 0185):
   * sent, the e-mail takes the calendar's CANCEL with it; discarded, the cancellation goes on its own.
   */
  carriesPanelCancel: boolean
}
