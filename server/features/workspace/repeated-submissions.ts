/**
 * Which of the workspace's routes take a form's key (ADR 0189):
 * every form that writes to the media plan and its ledger, the deal (at
 * «Acuerdo firmado», through the stage change, and its correction), the rate
 * card and the panel session. One list, registered before any route group
 * is mounted (like the conflict guard), so the guard runs in front of each
 * of them and a route added to a group is not forgotten by that group's
 * file: it is added here.
 *
 * The key is the member's, for the route as registered; a key sent to any
 * other route is ignored.
 */
import type { Context, Hono } from 'hono'
import type { RequestKeyStore } from '../../db/stores/request-key-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { refuseAsJson, requestOnce } from '../../shared/http/request-once.ts'

export const ONCE_PER_SUBMISSION = [
  // «Plan de medios»: a line, a record of the ledger, a line withdrawn.
  ['POST', '/applications/:id/media-plan/lines'],
  ['POST', '/applications/:id/media-plan/entries'],
  ['POST', '/applications/:id/media-plan/lines/:lineId/withdrawal'],
  // Every stage change, the deal recorded at «Acuerdo firmado» with it (ADR 0159); the deal's correction and owner.
  ['POST', '/applications/:id/transitions'],
  ['PUT', '/applications/:id/deal'],
  ['PUT', '/applications/:id/deal/owner'],
  // The rate card: a draft, its edit, its publication.
  ['POST', '/rate-cards'],
  ['PUT', '/rate-cards/:id'],
  ['POST', '/rate-cards/:id/publish'],
  // The panel session: the offer, the team's reschedule and cancellation.
  ['PUT', '/applications/:id/panel/offer'],
  ['POST', '/applications/:id/panel/session/reschedule'],
  ['POST', '/applications/:id/panel/session/cancel'],
] as const

/** Call before mounting the route groups on `app` (after the conflict guard). */
export function guardRepeatedSubmissions(app: Hono<WorkspaceEnv>, deps: { keys: RequestKeyStore; now: () => Date }): void {
  const once = requestOnce({
    keys: deps.keys,
    now: deps.now,
    from: 'header',
    principal: (c) => `member:${(c.get('member') as { id: string }).id}`,
    refuse: refuseAsJson,
  })
  const application = { applicationId: (c: Context) => c.req.param('id') ?? null }
  for (const [method, path] of ONCE_PER_SUBMISSION) app.on(method, path, once(`${method} ${path}`, path.startsWith('/applications/:id/') ? application : {}))
}
