/**
 * Builds the HTTP application. Everything it needs is passed in, so tests
 * call it in-process with `app.request()` and real parts of their choosing.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import type { FunctionEnv } from './features/submission/send-application-email.ts'
import { securityHeaders } from './shared/http/security-headers.ts'
import { refuseUnknownTransferCodings } from './shared/http/transfer-coding.ts'
import type { StaticSite } from './shared/http/static-site.ts'
import type { Log } from './shared/log.ts'
import type { ApplicationStore } from './db/stores/application-store.ts'
import { WORKSPACE_API_PATH, type WorkspaceEnv } from './shared/auth/context.ts'
import { STATUS_PAGE_PATH } from './shared/mail/founder-mail.ts'

export const FUNCTION_PATH = '/functions/v1/send-application-email'

export interface AppDeps {
  /** The built site; without it (tests of the API) unknown paths get a JSON 404. */
  site?: StaticSite
  store: ApplicationStore
  /** The send-application-email function (server/features/submission/send-application-email.ts). */
  sendApplicationEmail: Hono<FunctionEnv>
  log: Log
  /** Origins the page may call besides its own (CSP connect-src), e.g. a Supabase project. */
  connectSrc?: readonly string[]
  /** Send Strict-Transport-Security: the public site is https (server/shared/env.ts servedOverHttps). */
  hsts?: boolean
  /** Counts the requests in flight (the outbox worker gives way to them). */
  gauge?: RequestGauge
  /** The team workspace's API (server/features/team/workspace-api.ts), mounted at /equipo/api. */
  workspace?: Hono<WorkspaceEnv>
  /** Everything under /postulacion: the status pages and the documents (server/features/founder-page/founder-app.ts). */
  founder?: Hono
  /** /verificar: anyone checks an agreement's PDF or code (server/features/agreements/verify-page.ts). */
  verify?: Hono
  /**
   * Prometheus metrics (server/features/metrics/), only when METRICS_TOKEN is set:
   * `observe` counts every request by route pattern, `endpoint` is GET /metrics.
   */
  metrics?: { observe: MiddlewareHandler; endpoint: Hono }
  /**
   * The sources' short paths (server/features/sources/short-paths.ts): /radio-cali redirects to the
   * landing and counts a visit. After every route, before the site, so no short path shadows a route.
   */
  shortPaths?: MiddlewareHandler
}

export interface RequestGauge {
  inFlight: number
}

/**
 * The path as the log may hold it: a founder's personal link is a key
 * (ADR 0091, 0117), so the segment after /postulacion/ never reaches a log
 * line, whatever follows it (the status page, its forms, the documents,
 * tus's upload URLs); nor does any other segment shaped like one of our
 * tokens (a link pasted under a wrong path), whatever its encoding.
 */
export function loggablePath(path: string): string {
  return path
    .replace(new RegExp(`^${STATUS_PAGE_PATH}/[^/]+`, 'i'), `${STATUS_PAGE_PATH}/:token`)
    .replace(/[A-Za-z0-9_%-]{40,}/g, ':secret')
}

export function createApp(deps: AppDeps): Hono<FunctionEnv> {
  const app = new Hono<FunctionEnv>()

  // First, so it times and counts every answer, refusals of the middleware below included.
  if (deps.metrics) app.use(deps.metrics.observe)
  // One line per request: ids and outcome only, never personal data or IPs.
  app.use(async (c, next) => {
    const started = performance.now()
    if (deps.gauge) deps.gauge.inFlight++
    try {
      await next()
    } finally {
      if (deps.gauge) deps.gauge.inFlight--
    }
    deps.log({
      level: 'info',
      msg: 'request',
      method: c.req.method,
      path: loggablePath(c.req.path),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(c.get('applicationId') ? { applicationId: c.get('applicationId') } : {}),
      ...(c.get('outcome') ? { outcome: c.get('outcome') } : {}),
    })
  })
  app.use(securityHeaders({ connectSrc: deps.connectSrc ?? [], scriptSrc: deps.site?.scriptHashes ?? [], hsts: deps.hsts ?? false }))
  app.use(refuseUnknownTransferCodings)

  app.route(FUNCTION_PATH, deps.sendApplicationEmail)
  if (deps.workspace) app.route(WORKSPACE_API_PATH, deps.workspace)
  if (deps.founder) app.route(STATUS_PAGE_PATH, deps.founder)
  if (deps.verify) app.route('/verificar', deps.verify)

  if (deps.metrics) app.route('/metrics', deps.metrics.endpoint)

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    try {
      await deps.store.ping()
      return c.json({ status: 'ok' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
  })

  if (deps.shortPaths) app.use(deps.shortPaths)
  if (deps.site) app.use(deps.site.middleware)
  // Anything that is neither a file of the site nor a route (e.g. POST /) ends here.
  app.notFound((c) => (deps.site ? c.html(deps.site.notFoundHtml, 404) : c.json({ error: 'not_found' }, 404)))
  app.onError((err, c) => {
    deps.log({ level: 'error', msg: 'unhandled error', error: err.name, path: loggablePath(c.req.path) })
    return c.json({ error: 'internal_error' }, 500)
  })
  return app
}
