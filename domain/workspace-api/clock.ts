/**
 * The workspace API's clock (docs/workspace.md "Mis pendientes and
 * reminders"; server/features/review/pending-routes.ts): the member's
 * pending list, their reminder preference, the overview's punctuality.
 * Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import type { DueState, Stage } from '../pipeline.ts'
import type { Wire } from './wire.ts'
import { REMINDER_FREQUENCIES, type PendingItemRecord, type ReminderFrequency } from '../clock-records.ts'
import { get, put } from './endpoint.ts'

export { REMINDER_FREQUENCIES, type PendingItemRecord, type ReminderFrequency } from '../clock-records.ts'

/** An item of GET /me/pending: the record and its due state. */
export type PendingItem = Wire<PendingItemRecord & { dueState: DueState }>

/** GET /me/pending: the most urgent items; `total` and `counts` cover them all. */
export interface PendingList {
  items: PendingItem[]
  total: number
  counts: { overdue: number; dueSoon: number; waitingForMe: number }
}


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

/** «Mis pendientes», the member's reminders and the overview's «a tiempo» (docs/workspace.md "Clock"). */
export const clockEndpoints = {
  pending: get<PendingList>()('/me/pending'),
  reminders: get<Reminders>()('/me/reminders'),
  setReminders: put<Reminders>()('/me/reminders', { body: ReminderSchema, invalid: 'Elige cada día, solo días hábiles o nunca.' }),
  onTime: get<OnTime>()('/overview/on-time'),
} as const
