/**
 * Each application on its own clock (docs/workspace.md "Mis pendientes"):
 * the member's pending list, their reminder preference, and the overview's
 * share of stays that ended within their promised time.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { DUE_SOON_DAYS, dueState } from '../../../../domain/pipeline.ts'
import type { WorkspaceEnv } from '../../../shared/auth/context.ts'
import { invalid, jsonBody, parseWith } from '../../../shared/http/json.ts'
import { REMINDER_FREQUENCIES, type ClockStore } from '../../../db/stores/clock-store.ts'

export interface PendingRouteDeps {
  clock: ClockStore
  now: () => Date
}

const DAY_MS = 24 * 60 * 60 * 1000
/** The most urgent this many are listed; the counts cover every one. */
export const PENDING_LIMIT = 100
/** The overview's window for the punctuality figures. */
export const PUNCTUALITY_DAYS = 90

const ReminderSchema = v.strictObject({ frequency: v.picklist(REMINDER_FREQUENCIES) })

export function pendingRoutes(deps: PendingRouteDeps): Hono<WorkspaceEnv> {
  const { clock, now } = deps
  const app = new Hono<WorkspaceEnv>()

  app.get('/me/pending', async (c) => {
    const at = now()
    const page = await clock.pending(c.get('member').id, {
      now: at,
      dueSoonUntil: new Date(at.getTime() + DUE_SOON_DAYS * DAY_MS),
      limit: PENDING_LIMIT,
    })
    return c.json({
      items: page.items.map((i) => ({ ...i, dueState: dueState(i.stageDueAt, at) })),
      total: page.total,
      counts: { overdue: page.overdue, dueSoon: page.dueSoon, waitingForMe: page.waitingForMe },
    })
  })

  app.get('/me/reminders', async (c) => {
    return c.json({ frequency: await clock.reminderFrequency(c.get('member').id) })
  })

  app.put('/me/reminders', async (c) => {
    const parsed = parseWith(ReminderSchema, await jsonBody(c))
    if (!parsed.ok) return invalid(c, parsed.issues, 'Elige cada día, solo días hábiles o nunca.')
    await clock.setReminderFrequency(c.get('member').id, parsed.value.frequency)
    return c.json({ frequency: parsed.value.frequency })
  })

  app.get('/overview/on-time', async (c) => {
    const since = new Date(now().getTime() - PUNCTUALITY_DAYS * DAY_MS)
    const byStage = await clock.stagePunctuality(since)
    return c.json({
      since,
      days: PUNCTUALITY_DAYS,
      byStage: Object.fromEntries(
        Object.entries(byStage).map(([stage, s]) => [stage, { ...s, share: s.left === 0 ? null : s.onTime / s.left }]),
      ),
    })
  })

  return app
}
