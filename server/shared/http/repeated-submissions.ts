/**
 * Which of the workspace's routes take a form's key (ADR 0189):
 * every form that writes to the media plan and its ledger, the deal (at
 * «Acuerdo firmado», through the stage change, and its correction), the rate
 * card and the panel session. One list, registered before any route group
 * is mounted (like the conflict guard), so the guard runs in front of each
 * of them: an endpoint takes a key when its table says `once: true`.
 *
 * The key is the member's, for the route as registered; a key sent to any
 * other route is ignored.
 */
import type { Context, Hono } from 'hono'
import { GUARDED_SCOPES, type AnyEndpoint } from '../../../domain/workspace-api/endpoint.ts'
import type { RequestKeyStore } from '../../db/stores/request-key-store.ts'
import type { WorkspaceEnv } from '../auth/context.ts'
import { refuseAsJson, requestOnce } from './request-once.ts'

/**
 * Call before mounting the route groups on `app` (after the conflict guard), with every endpoint of the
 * tables (server/workspace-routes.ts): those whose table says `once` take a key (the media plan, the deal,
 * the rate card, the panel session).
 */
export function guardRepeatedSubmissions(app: Hono<WorkspaceEnv>, deps: { keys: RequestKeyStore; now: () => Date; endpoints: readonly { endpoint: AnyEndpoint }[] }): void {
  const once = requestOnce({
    keys: deps.keys,
    now: deps.now,
    from: 'header',
    principal: (c) => `member:${(c.get('member') as { id: string }).id}`,
    refuse: refuseAsJson,
  })
  const application = { applicationId: (c: Context) => c.req.param('id') ?? null }
  const onceOnly = deps.endpoints.filter(({ endpoint }) => endpoint.once).map(({ endpoint }) => [endpoint.method, endpoint.path] as const)
  for (const [method, path] of onceOnly) app.on(method, path, once(`${method} ${path}`, path.startsWith(GUARDED_SCOPES.application.slice(0, -1)) ? application : {}))
}
