/**
 * The daily reminders (docs/decisions/0100-reminders-exactly-once.md). Runs
 * in the worker process next to the outbox worker, on every instance: each
 * tick, from REMINDER_HOUR in Bogotá on, every member who wants reminders and
 * has no reminder run for today gets one decided — an e-mail when there is
 * something to say, a run without e-mail otherwise — and ClockStore.claimReminder
 * makes it exactly one per member and day however many instances race.
 */
import { DUE_SOON_DAYS } from '../../../domain/pipeline.ts'
import { periodic, type PeriodicJob } from '../../shared/jobs/periodic.ts'
import type { Log } from '../../shared/log.ts'
import type { TeamMailConfig } from '../team/sign-in-message.ts'
import type { ClockStore } from '../../db/stores/clock-store.ts'
import { bogotaMoment, isWeekend } from '../../shared/jobs/bogota-day.ts'
import { reminderMessage, type BehindDealItem } from './reminder-message.ts'
import { runPanelReminders, type PanelReminderDeps } from '../panel/panel-reminders.ts'

/** 07:00 in Bogotá: before the working day, so the list is the day's plan. */
export const REMINDER_HOUR = 7
export const REMINDER_TICK_MS = 60_000
/** The e-mail lists the most urgent this many; "Mis pendientes" has the rest. */
export const REMINDER_ITEMS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export interface ReminderJobDeps {
  clock: ClockStore
  mail: TeamMailConfig
  now: () => Date
  log: Log
  /** Called when reminders were queued (the process wakes its outbox worker). */
  onQueued?: () => void
  /** The panel sessions' day-before reminders, on the same tick. */
  panel?: PanelReminderDeps
  /** The deals `memberId` is «Responsable» of that are behind their media pace on Bogotá's `today` (ADR 0162). */
  behindDeals?: (memberId: string, today: string) => Promise<BehindDealItem[]>
}

export interface ReminderRun {
  day: string
  /** E-mails this instance queued. */
  queued: number
  /** Members this instance decided had nothing to hear today (nothing pending, or a weekend for "weekdays"). */
  silent: number
  /** Members another instance got to first. */
  lost: number
  /** Panel sessions of tomorrow this instance reminded (founder and panel). */
  panelSessions: number
}

/** One pass; null before REMINDER_HOUR. */
export async function runReminders(deps: ReminderJobDeps): Promise<ReminderRun | null> {
  const now = deps.now()
  const moment = bogotaMoment(now)
  if (moment.hour < REMINDER_HOUR) return null
  const result: ReminderRun = { day: moment.day, queued: 0, silent: 0, lost: 0, panelSessions: 0 }
  for (const member of await deps.clock.reminderRecipients(moment.day)) {
    const quiet = member.frequency === 'weekdays' && isWeekend(moment)
    const page = quiet
      ? { items: [], total: 0 }
      : await deps.clock.pending(member.id, { now, dueSoonUntil: new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS), limit: REMINDER_ITEMS })
    const deals = quiet || !deps.behindDeals ? [] : await deps.behindDeals(member.id, moment.day)
    const message = reminderMessage(deps.mail, member, page.items, now, page.total, deals)
    const claimed = await deps.clock.claimReminder({ memberId: member.id, day: moment.day, at: now }, message)
    if (!claimed) result.lost++
    else if (message) result.queued++
    else result.silent++
  }
  if (deps.panel) result.panelSessions = await runPanelReminders(deps.panel, now)
  if (result.queued + result.panelSessions > 0) deps.onQueued?.()
  return result
}

/** start, stop and tick (one pass now: tests, and the first tick) of the shared loop (server/shared/jobs/periodic.ts). */
export type ReminderJob = PeriodicJob<ReminderRun | null>

export function createReminderJob(deps: ReminderJobDeps & { tickMs?: number }): ReminderJob {
  return periodic({
    everyMs: deps.tickMs ?? REMINDER_TICK_MS,
    run: async () => {
      const run = await runReminders(deps)
      if (run && run.queued + run.silent + run.panelSessions > 0) {
        deps.log({ level: 'info', msg: 'reminders decided', day: run.day, queued: run.queued, silent: run.silent, lost: run.lost, panelSessions: run.panelSessions })
      }
      return run
    },
    onError: (err) => deps.log({ level: 'error', msg: 'reminders failed', error: err instanceof Error ? err.message : String(err) }),
  })
}
