/**
 * Each application on its own clock (issue 12): "Mis pendientes", the daily
 * reminders' bookkeeping and the share of stays that ended within their
 * promised time. On SQLite (sqlite-clock-store.ts) and PostgreSQL
 * (postgres-clock-store.ts), both honouring clock-store-contract.ts.
 */
import { OPEN_STAGES, STAGES, stageDueAt, type Stage } from '../../../domain/pipeline.ts'
import type { NewOutboxMessage } from './application-store.ts'

export const REMINDER_FREQUENCIES = ['daily', 'weekdays', 'off'] as const
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number]

export interface PendingItem {
  id: string
  reference: string
  companyName: string
  stage: Stage
  stageDueAt: Date | null
  assignedAt: Date
  /** The member has not submitted a review yet: it waits for them. */
  waitingForMe: boolean
}

export interface PendingQuery {
  now: Date
  /** Due at or before this counts as due soon (now + DUE_SOON_DAYS). */
  dueSoonUntil: Date
  /** Items returned, soonest due first; the counts cover them all. */
  limit: number
}

export interface PendingPage {
  items: PendingItem[]
  total: number
  overdue: number
  dueSoon: number
  waitingForMe: number
}

export interface ReminderRecipient {
  id: string
  email: string
  name: string
  frequency: Exclude<ReminderFrequency, 'off'>
}

/** Stays that ended (a stage change) in the period: how many, and how many by their due date. */
export type StagePunctuality = Record<Stage, { left: number; onTime: number }>

export interface ClockStore {
  /**
   * The open applications assigned to the member, without an active conflict,
   * that wait for their review or are due by `dueSoonUntil` (overdue
   * included): the first `limit`, soonest due first, and the counts of all.
   */
  pending(memberId: string, query: PendingQuery): Promise<PendingPage>
  /** Null when there is no such member. */
  reminderFrequency(memberId: string): Promise<ReminderFrequency | null>
  setReminderFrequency(memberId: string, frequency: ReminderFrequency): Promise<boolean>
  /** Active members who want reminders and have no reminder run for `day` yet. */
  reminderRecipients(day: string): Promise<ReminderRecipient[]>
  /**
   * Records the member's reminder for `day` and queues `message` (null: there
   * was nothing to say) in ONE transaction; the (member_id, day) primary key
   * makes it once whichever instance gets there first. False: already done.
   */
  claimReminder(run: { memberId: string; day: string; at: Date }, message: NewOutboxMessage | null): Promise<boolean>
  /** From stage_changes at or after `since`. */
  stagePunctuality(since: Date): Promise<StagePunctuality>
}

/** The open stages, as a SQL list literal (constants, never input). */
export const OPEN_STAGES_SQL = OPEN_STAGES.map((s) => `'${s}'`).join(', ')

/** One stay per stage change: its stage, when it began and ended, and when the application was received. */
export interface Stay {
  stage: Stage
  enteredAt: Date
  leftAt: Date
  receivedAt: Date
}

export function punctuality(stays: readonly Stay[]): StagePunctuality {
  const result = Object.fromEntries(STAGES.map((s) => [s, { left: 0, onTime: 0 }])) as StagePunctuality
  for (const stay of stays) {
    const due = stageDueAt(stay.stage, stay.enteredAt, stay.receivedAt)
    // A stage without a promised time (a closed one) has nothing to be on time for.
    if (due === null) continue
    result[stay.stage].left++
    if (stay.leftAt.getTime() <= due.getTime()) result[stay.stage].onTime++
  }
  return result
}
