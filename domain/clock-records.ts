/**
 * The records the clock store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/clock.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { Stage } from './pipeline.ts'

/** An item of the member's pending list as the clock store reads it (server/db/stores/clock-store.ts). */
export interface PendingItemRecord {
  id: string
  reference: string
  /** The legal name. */
  companyName: string
  /** The trade name, the one the workspace shows first (domain/company-name.ts). */
  tradeName: string
  stage: Stage
  stageDueAt: Date | null
  assignedAt: Date
  /** The member has not submitted a review yet: it waits for them. */
  waitingForMe: boolean
}

/** How often a member wants their reminder e-mail (the clock store keeps the same list). */
export const REMINDER_FREQUENCIES = ['daily', 'weekdays', 'off'] as const
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number]
