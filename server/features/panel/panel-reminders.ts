/**
 * The day-before reminder of a panel session: from REMINDER_HOUR
 * in Bogotá, every booked session whose Bogotá day is tomorrow gets one
 * e-mail to the founder and one to each panel member. PanelStore.claimReminder
 * sets the session's reminded_at and queues the e-mails in one transaction,
 * only where it was unset: exactly once however many instances race, as the
 * members' daily reminders (ADR 0100). A session moved afterwards is reminded
 * again for its new day (the store clears reminded_at on a change).
 */
import type { PanelStore } from '../../db/stores/panel-store.ts'
import { composePanelMail, type PanelMailConfig } from './panel-session.ts'
import { bogotaDayStart } from '../../../domain/bogota-days.ts'
import { bogotaMoment } from '../../shared/jobs/bogota-day.ts'

export interface PanelReminderDeps {
  panel: PanelStore
  mail: PanelMailConfig
}

/** Tomorrow in Bogotá as UTC instants: [start, end). */
export function bogotaTomorrow(now: Date): { start: Date; end: Date } {
  const today = bogotaMoment(now).day
  return { start: bogotaDayStart(today, 1)!, end: bogotaDayStart(today, 2)! }
}

/** One pass (the reminder job calls it from REMINDER_HOUR on): how many sessions this instance reminded. */
export async function runPanelReminders(deps: PanelReminderDeps, now: Date): Promise<number> {
  const { start, end } = bogotaTomorrow(now)
  const compose = composePanelMail(deps.mail, 'reminder')
  let reminded = 0
  for (const id of await deps.panel.remindersDue(new Date(start.getTime() - 1), new Date(end.getTime() - 1))) {
    if (await deps.panel.claimReminder(id, now, compose)) reminded++
  }
  return reminded
}
