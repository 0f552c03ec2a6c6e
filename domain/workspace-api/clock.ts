/**
 * The workspace API's clock (docs/workspace.md "Mis pendientes and
 * reminders"; server/features/workspace/pending/routes.ts): the member's
 * pending list, their reminder preference, the overview's punctuality.
 * Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import type { DueState, Stage } from '../pipeline.ts'
import type { Wire } from './wire.ts'

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

/** An item of GET /me/pending: the record and its due state. */
export type PendingItem = Wire<PendingItemRecord & { dueState: DueState }>

/** GET /me/pending: the most urgent items; `total` and `counts` cover them all. */
export interface PendingList {
  items: PendingItem[]
  total: number
  counts: { overdue: number; dueSoon: number; waitingForMe: number }
}

/** How often a member wants their reminder e-mail (the clock store keeps the same list). */
export const REMINDER_FREQUENCIES = ['daily', 'weekdays', 'off'] as const
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number]

/** PUT /me/reminders */
export const ReminderSchema = v.strictObject({ frequency: v.picklist(REMINDER_FREQUENCIES) })
export type ReminderRequest = v.InferInput<typeof ReminderSchema>

/** GET /me/reminders, and PUT /me/reminders's answer. */
export interface Reminders {
  /** Null only if the member's record went away meanwhile. */
  frequency: ReminderFrequency | null
}

/** GET /overview/on-time: the stays that ended since `since`, and those that ended by their due date. */
export interface OnTime {
  since: string
  days: number
  byStage: Partial<Record<Stage, { left: number; onTime: number; share: number | null }>>
}
