/**
 * Lets a request through only with a live session of an active member, and
 * hands both to the routes (c.get('member'), c.get('session')). Checked on
 * every request against the database, so ending a session or deactivating a
 * member takes effect at once. The idle expiry slides after a successful
 * answer only: a refused request changes nothing.
 */
import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { now, type WorkspaceDeps } from './deps.ts'
import { isLive, sessionCookieName, slidIdleExpiry } from './sessions.ts'
import { sha256Hex, TOKEN_RE } from '../../shared/auth/tokens.ts'

export function requireSession(deps: Pick<WorkspaceDeps, 'team' | 'session' | 'clock'>): MiddlewareHandler<WorkspaceEnv> {
  return async (c, next) => {
    const token = getCookie(c, sessionCookieName(deps.session))
    const found = token && TOKEN_RE.test(token) ? await deps.team.getSession(sha256Hex(token)) : null
    const at = now(deps)
    if (!found || !found.member.active || !isLive(found.session, at)) return c.json({ error: 'unauthenticated' }, 401)
    c.set('member', found.member)
    c.set('session', found.session)
    await next()
    const slid = c.res.status < 400 ? slidIdleExpiry(found.session, at, deps.session) : null
    if (slid) await deps.team.touchSession(found.session.id, at, slid)
  }
}
