import type { MiddlewareHandler } from 'hono'
import type { WorkspaceEnv } from './context.ts'

/** For admin-only routes, behind the session middleware: a reviewer gets 403 forbidden. */
export const requireAdmin: MiddlewareHandler<WorkspaceEnv> = async (c, next) => {
  if (c.get('member').role !== 'admin') {
    return c.json({ error: 'forbidden', message: 'Solo un administrador puede hacer esto.' }, 403)
  }
  await next()
}
