/**
 * Builds the HTTP application. Everything it needs is passed in, so tests
 * call it in-process with `app.request()` and real parts of their choosing.
 */
import { Hono } from 'hono'
import { securityHeaders } from './http/security-headers.ts'
import type { StaticSite } from './http/static-site.ts'

export interface AppDeps {
  site: StaticSite
}

export function createApp(deps: AppDeps): Hono {
  const app = new Hono()
  app.use(securityHeaders())
  app.use(deps.site.middleware)
  // Anything that is neither a file of the site nor a route (e.g. POST /) ends here.
  app.notFound((c) => c.html(deps.site.notFoundHtml, 404))
  app.onError((err, c) => {
    console.error(JSON.stringify({ level: 'error', msg: 'unhandled error', error: err.name }))
    return c.json({ error: 'internal_error' }, 500)
  })
  return app
}
