/**
 * GET /metrics, only when METRICS_TOKEN is set (otherwise the route does not
 * exist and the app answers 404), and then only with
 * `Authorization: Bearer <METRICS_TOKEN>`: 401 for anything else. The token
 * is compared in constant time on SHA-256 digests, so neither its content nor
 * its length leaks through the timing.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { Metrics } from './metrics.ts'

const digest = (s: string) => createHash('sha256').update(s).digest()

export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer ([\x21-\x7E]+)$/i.exec(header.trim()) : null
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null
}

export function metricsEndpoint(metrics: Metrics, token: string): Hono {
  const app = new Hono()
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return c.json({ error: 'unauthorized' }, 401)
    }
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType })
  })
  return app
}
