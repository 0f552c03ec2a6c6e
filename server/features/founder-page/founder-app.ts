/**
 * Everything under /postulacion as one sub-app: the status pages
 * (status-page.ts) and the documents (server/features/documents/founder-routes.ts)
 * are route sets registered on it, each with middleware scoped to its own
 * paths, and the headers every founder answer needs are set here once. The
 * token in the path is the credential, so no answer may be cached, indexed
 * or sent on as a Referer.
 */
import { Hono, type Context, type Env } from 'hono'

export function privateHeaders(c: Context) {
  // A download's own `private, no-store` says as much; anything else gets no-store.
  if (!c.res.headers.get('Cache-Control')?.includes('no-store')) c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex, nofollow')
  c.header('Referrer-Policy', 'no-referrer')
}

export function founderApp<D extends Env>(parts: { statusPages: Hono; documents?: Hono<D> }): Hono {
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    privateHeaders(c)
  })
  app.route('/', parts.statusPages)
  if (parts.documents) app.route('/', parts.documents)
  return app
}
