/** «Mis pendientes», the member's reminders and the overview's «a tiempo» (docs/workspace.md "Clock"). */
import { get, put } from '../endpoint.ts'
import { ReminderSchema, type OnTime, type PendingList, type Reminders } from '../clock.ts'

export const clockEndpoints = {
  pending: get<PendingList>()('/me/pending'),
  reminders: get<Reminders>()('/me/reminders'),
  setReminders: put<Reminders>()('/me/reminders', { body: ReminderSchema, invalid: 'Elige cada día, solo días hábiles o nunca.' }),
  onTime: get<OnTime>()('/overview/on-time'),
} as const
