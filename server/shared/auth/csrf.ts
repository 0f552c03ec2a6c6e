/**
 * CSRF protection for every state-changing workspace request (POST, PUT,
 * PATCH, DELETE): the Origin must be the site's own, and on authenticated
 * routes the X-CSRF-Token header must equal the session's token (a custom
 * header a cross-site form cannot send, checked against a secret another site
 * cannot read). Covers every route mounted behind it, not only auth's own.
 */
import type { MiddlewareHandler } from 'hono'
import type { WorkspaceEnv } from './context.ts'
import { allowedOrigin } from './origin.ts'
import { sameSecret } from './tokens.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const csrfRefusal = { error: 'csrf' } as const

/** For public routes: the Origin check alone. */
export function requireSameOrigin(siteOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method) && !allowedOrigin(c, siteOrigin)) return c.json(csrfRefusal, 403)
    await next()
  }
}

/** After the session middleware: Origin and the session's token. */
export function requireCsrfToken(siteOrigin: string): MiddlewareHandler<WorkspaceEnv> {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      const token = c.req.header('x-csrf-token')
      if (!allowedOrigin(c, siteOrigin) || !token || !sameSecret(token, c.get('session').csrfToken)) {
        return c.json(csrfRefusal, 403)
      }
    }
    await next()
  }
}
