/**
 * Each application on its own clock (docs/workspace.md "Mis pendientes"):
 * the member's pending list, their reminder preference, and the overview's
 * share of stays that ended within their promised time.
 */
import { route } from '../../shared/http/route.ts'
import { clockEndpoints as E, type OnTime, type PendingList, type Reminders } from '../../../domain/workspace-api/clock.ts'
import { Hono } from 'hono'
import { DUE_SOON_DAYS, dueState } from '../../../domain/pipeline.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ClockStore } from '../../db/stores/clock-store.ts'

export interface PendingRouteDeps {
  clock: ClockStore
  now: () => Date
}

const DAY_MS = 24 * 60 * 60 * 1000
/** The most urgent this many are listed; the counts cover every one. */
export const PENDING_LIMIT = 100
/** The overview's window for the punctuality figures. */
export const PUNCTUALITY_DAYS = 90

export function pendingRoutes(deps: PendingRouteDeps): Hono<WorkspaceEnv> {
  const { clock, now } = deps
  const app = new Hono<WorkspaceEnv>()

  route(app, E.pending, async (c) => {
    const at = now()
    const page = await clock.pending(c.get('member').id, {
      now: at,
      dueSoonUntil: new Date(at.getTime() + DUE_SOON_DAYS * DAY_MS),
      limit: PENDING_LIMIT,
    })
    return c.json(
      wire({
        items: page.items.map((i) => ({ ...i, dueState: dueState(i.stageDueAt, at) })),
        total: page.total,
        counts: { overdue: page.overdue, dueSoon: page.dueSoon, waitingForMe: page.waitingForMe },
      }) satisfies PendingList,
    )
  })

  route(app, E.reminders, async (c) => {
    return c.json({ frequency: await clock.reminderFrequency(c.get('member').id) } satisfies Reminders)
  })

  route(app, E.setReminders, async (c, body) => {
    await clock.setReminderFrequency(c.get('member').id, body.frequency)
    return c.json({ frequency: body.frequency } satisfies Reminders)
  })

  route(app, E.onTime, async (c) => {
    const since = new Date(now().getTime() - PUNCTUALITY_DAYS * DAY_MS)
    const byStage = await clock.stagePunctuality(since)
    return c.json(
      wire({
        since,
        days: PUNCTUALITY_DAYS,
        byStage: Object.fromEntries(
          Object.entries(byStage).map(([stage, s]) => [stage, { ...s, share: s.left === 0 ? null : s.onTime / s.left }]),
        ),
      }) satisfies OnTime,
    )
  })

  return app
}
