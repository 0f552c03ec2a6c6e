/**
 * The badge of founders' activity (ADR 0142), behind the session and CSRF middleware:
 *   GET  /founder-activity                          what the member has not seen: the applications
 *                                                   they are concerned by (admins: all; reviewers:
 *                                                   their assigned ones), never one they have a
 *                                                   conflict of interest on
 *   POST /applications/:id/founder-activity/seen    the member opened the application (behind the
 *                                                   conflict guard, like every /applications/:id route)
 */
import { route } from '../../shared/http/route.ts'
import { founderActivityEndpoints as E, type FounderActivitySummary } from '../../../domain/workspace-api/founder-activity.ts'
import { Hono } from 'hono'
import { FOUNDER_ACTIVITY_LABELS } from '../../../domain/founder-activity.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { notFound } from '../../shared/http/json.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'

export interface FounderActivityRouteDeps {
  store: ApplicationStore
  reviews: Pick<ReviewStore, 'getApplication'>
  now: () => Date
}

export function founderActivityRoutes(deps: FounderActivityRouteDeps): Hono<WorkspaceEnv> {
  const activities = openWorkspaceStores(deps.store).founderActivity
  const app = new Hono<WorkspaceEnv>()

  route(app, E.summary, async (c) => {
    const member = c.get('member')
    const unseen = await activities.unseen({ id: member.id, role: member.role })
    return c.json(
      wire({
        count: unseen.length,
        items: unseen.map((u) => ({ ...u, labels: u.kinds.map((k) => FOUNDER_ACTIVITY_LABELS[k]) })),
      }) satisfies FounderActivitySummary,
    )
  })

  route(app, E.seen, async (c) => {
    const id = c.req.param('id')
    if (!(await deps.reviews.getApplication(id))) return notFound(c)
    await activities.markSeen(c.get('member').id, id, deps.now())
    return c.body(null, 204)
  })

  return app
}
