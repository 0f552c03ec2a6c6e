/**
 * What /metrics exports, in the Prometheus text format (prom-client). Two
 * kinds of figures (docs/decisions/0115-metrics-per-instance-and-shared.md):
 *
 * - read from the database at each scrape, so every instance reports the same
 *   value: applications, the outbox by status, its oldest waiting e-mail, and
 *   the last backup (through the backup job's BackupStatusReader);
 * - counted by this process since it started: requests and their latency by
 *   route pattern, and the outbox deliveries its worker made.
 *
 * No label ever carries a raw path, an id, an address or a token: routes are
 * the patterns they were registered with (/postulacion/:token), so the set
 * of series is fixed by the code, not by the traffic.
 */
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { BackupStatusReader } from '../../db/stores/backup-runs.ts'
import type { MachineryStore } from '../../db/stores/machinery-store.ts'

export interface MetricsSources {
  machinery: MachineryStore
  /** Unset until the backup job is wired: the backup gauges stay 0 ("never"). */
  backups?: BackupStatusReader
  now?: () => Date
}

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'transport'

export interface Metrics {
  readonly registry: Registry
  readonly contentType: string
  /** Counts each request under its route pattern; first in the app, so it sees every answer. */
  observeRequests: MiddlewareHandler
  /** The outbox worker's onDelivery hook. */
  countDelivery(result: DeliveryResult): void
  /** The text of one scrape: the database figures read now, then every series. */
  render(): Promise<string>
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The label of a request: its route's pattern; a catch-all (the static site, the 404 page) is one label each. */
export function routeLabel(pattern: string, status: number): string {
  if (pattern === '*' || pattern === '/*') return status === 404 ? 'unmatched' : 'static'
  return pattern
}

export function createMetrics(sources: MetricsSources): Metrics {
  const now = sources.now ?? (() => new Date())
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })

  const requests = new Counter({
    name: 'catalitico_http_requests_total',
    help: 'HTTP requests answered by this instance, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const latency = new Histogram({
    name: 'catalitico_http_request_duration_seconds',
    help: 'Time to answer HTTP requests on this instance, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const deliveries = new Counter({
    name: 'catalitico_outbox_deliveries_total',
    help: "This instance's outbox worker's send attempts by result: sent, retry (refused, tried again later), failed (given up), transport (mail server unreachable).",
    labelNames: ['result'] as const,
    registers,
  })
  for (const result of ['sent', 'retry', 'failed', 'transport'] as const) deliveries.inc({ result }, 0)

  const gauge = (name: string, help: string) => new Gauge({ name, help, registers })
  const applications = gauge('catalitico_applications', 'Applications in the database (deletions and retention lower it).')
  const messages = new Gauge({
    name: 'catalitico_outbox_messages',
    help: 'E-mails in the outbox by status (pending: waiting to leave; failed: given up). Drafts awaiting review are not in the outbox.',
    labelNames: ['status'] as const,
    registers,
  })
  const retrying = gauge('catalitico_outbox_retrying_messages', 'Pending e-mails refused at least once, waiting for their next attempt.')
  const retried = gauge('catalitico_outbox_retried_messages', 'E-mails of any status refused at least once.')
  const oldestAge = gauge('catalitico_outbox_oldest_pending_age_seconds', 'Age of the oldest e-mail waiting to leave; 0 when none waits.')
  const backupAt = gauge('catalitico_backup_last_success_timestamp_seconds', 'When the last successful backup finished (Unix time); 0 when none is recorded.')
  const backupSize = gauge('catalitico_backup_last_success_size_bytes', 'Size of the last successful backup; 0 when none is recorded.')
  const backupFailed = gauge('catalitico_backup_last_run_failed', '1 when the last backup run failed, else 0.')

  async function readDatabase() {
    const [figures, last, lastOk] = await Promise.all([
      sources.machinery.outboxFigures(),
      sources.backups?.lastBackup() ?? null,
      sources.backups?.lastSuccessfulBackup() ?? null,
    ])
    applications.set(figures.applications)
    for (const status of ['pending', 'sent', 'failed'] as const) messages.set({ status }, figures[status])
    retrying.set(figures.retrying)
    retried.set(figures.retried)
    oldestAge.set(figures.oldestPendingAt ? Math.max(0, (now().getTime() - figures.oldestPendingAt.getTime()) / 1000) : 0)
    const okAt = lastOk ? Date.parse(lastOk.finishedAt ?? lastOk.startedAt) : NaN
    backupAt.set(Number.isFinite(okAt) ? okAt / 1000 : 0)
    backupSize.set(lastOk?.sizeBytes ?? 0)
    backupFailed.set(last?.status === 'failed' ? 1 : 0)
  }

  return {
    registry,
    contentType: registry.contentType,
    observeRequests: async (c, next) => {
      const started = performance.now()
      try {
        await next()
      } finally {
        const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER'
        const route = routeLabel(routePath(c), c.res.status)
        requests.inc({ method, route, status: String(c.res.status) })
        latency.observe({ method, route }, (performance.now() - started) / 1000)
      }
    },
    countDelivery: (result) => deliveries.inc({ result }),
    async render() {
      await readDatabase()
      return registry.metrics()
    },
  }
}
