/**
 * The team workspace's API, a Hono app mounted at WORKSPACE_API_PATH
 * (/equipo/api) by server/app.ts. Order matters and is the security model:
 *
 * 1. every answer is `Cache-Control: no-store`;
 * 2. the public sign-in routes (/auth/*), which check the Origin themselves;
 * 3. the session middleware (401 without a live session of an active member)
 *    and the CSRF middleware (403 on a forged Origin or a missing/wrong
 *    X-CSRF-Token) for EVERYTHING registered after them, then the limit on
 *    bodies (413, BODY_LIMITS.workspace unless a route allows more): past the
 *    sign-in routes, only a member's request from our own page is read at all;
 * 4. the session, passkey and member routes;
 * 5. `deps.mountProtected(app)`: the hook where other route groups (the
 *    review routes) are mounted, behind 3. They read c.get('member') and
 *    c.get('session') and wrap admin routes in requireAdmin;
 * 6. a JSON 404 for anything else.
 */
import { Hono } from 'hono'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { WorkspaceDeps } from './deps.ts'
import { requireCsrfToken } from '../../shared/auth/csrf.ts'
import { publicAuthRoutes } from './public-routes.ts'
import { requireSession } from './session-middleware.ts'
import { sessionRoutes } from './session-routes.ts'
import { memberRoutes } from './member-routes.ts'
import { BODY_LIMITS } from '../../shared/http/body-limit.ts'
import { limitJsonBodies } from './http.ts'

export function createWorkspaceApi(deps: WorkspaceDeps): Hono<WorkspaceEnv> {
  const app = new Hono<WorkspaceEnv>()

  app.use(async (c, next) => {
    await next()
    c.res.headers.set('Cache-Control', 'no-store')
  })

  app.route('/', publicAuthRoutes(deps))

  app.use(requireSession(deps), requireCsrfToken(deps.siteOrigin), limitJsonBodies(BODY_LIMITS.workspace))

  sessionRoutes(app, deps)
  memberRoutes(app, deps)
  deps.mountProtected?.(app)

  app.all('*', (c) => c.json({ error: 'not_found' }, 404))
  return app
}
