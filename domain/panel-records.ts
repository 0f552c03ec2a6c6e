/**
 * The records the panel store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/panel.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { PanelPlaceKind, PanelSessionStatus } from './panel-sessions.ts'
import type { Stage } from './pipeline.ts'

export interface PanelSessionRecord {
  id: string
  /** The iCalendar UID: the same for the booking, every change and the cancellation. */
  uid: string
  /** Raised on every change (0 at booking). */
  sequence: number
  status: PanelSessionStatus
  startsAt: Date
  endsAt: Date
  placeKind: PanelPlaceKind
  place: string
  memberIds: string[]
  bookedAt: Date
  /** 'founder' or the member's id, for the booking and the last change. */
  bookedBy: string
  changedAt: Date | null
  changedBy: string | null
  cancelledAt: Date | null
  /** The team's «Motivo» of its cancellation; null when none was given or the founder cancelled. */
  cancelReason: string | null
  /** The admin who kept it on purpose when the application moved past the panel stage (ADR 0185), and when; else null. */
  keptBy: string | null
  keptAt: Date | null
  /**
   * Cancelled by a stage change (ADR 0185): the stage the application moved to; null when the team or the
   * founder cancelled it themselves, or it is booked.
   */
  cancelledByStage: Stage | null
}

export interface MyPanelSessionRecord {
  sessionId: string
  applicationId: string
  reference: string
  companyName: string
  tradeName: string
  startsAt: Date
  endsAt: Date
  placeKind: PanelPlaceKind
  place: string
}
