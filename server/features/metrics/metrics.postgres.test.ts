/**
 * The database-derived gauges on the real PostgreSQL, with two instances on
 * one database: both report the same database figures, while each counts
 * only its own requests (docs/decisions/0115).
 */
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { readMigrations } from '../../db/migrations/postgres-files.ts'
import { openPostgresStore, type PostgresStore } from '../../db/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'
import { sample } from '../../testing/metrics-harness.ts'
import { createMetrics } from './metrics.ts'

const available = await requirePostgres()
let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.reverse()) await c()
  cleanups = []
})

/** One instance: its store, its metrics, and an app with one route to count requests on. */
function instance(url: string) {
  const store: PostgresStore = openPostgresStore(url, { migrations: readMigrations() })
  cleanups.push(() => store.close())
  const metrics = createMetrics({ machinery: openWorkspaceStores(store).machinery })
  const app = new Hono()
  app.use(metrics.observeRequests)
  app.get('/postulacion/:token', (c) => c.text('ok'))
  return { store, metrics, app }
}

describe.skipIf(!available)('/metrics on PostgreSQL (the real server)', () => {
  it('the same database figures on every instance; request counts per instance', async () => {
    const db = await createTestDatabase()
    cleanups.push(() => db.drop())
    const a = instance(db.url)
    const b = instance(db.url)
    await a.store.migrate()

    const sub = newSubmission({ createdAt: new Date(Date.now() - 90_000) })
    await a.store.saveSubmission(sub)
    await b.store.saveSubmission(newSubmission())
    const [first] = await b.store.claimDueMessages('w', new Date(), 1, 60_000)
    await b.store.markFailed(first!.id, 'w', { attempts: 8, failedAt: new Date(), lastError: '550 5.1.1' })
    await a.app.request('/postulacion/secret-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')

    const [ta, tb] = [await a.metrics.render(), await b.metrics.render()]
    for (const t of [ta, tb]) {
      expect(sample(t, 'catalitico_applications')).toBe(2)
      expect(sample(t, 'catalitico_outbox_messages', { status: 'pending' })).toBe(3)
      expect(sample(t, 'catalitico_outbox_messages', { status: 'failed' })).toBe(1)
      expect(sample(t, 'catalitico_outbox_retried_messages')).toBe(1)
      expect(sample(t, 'catalitico_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(89)
      expect(t).not.toContain('secret-token')
      expect(t).not.toContain(sub.application.formData.email)
    }
    const counted = { method: 'GET', route: '/postulacion/:token', status: '200' }
    expect(sample(ta, 'catalitico_http_requests_total', counted)).toBe(1)
    expect(sample(tb, 'catalitico_http_requests_total', counted)).toBeUndefined()
  })
})
