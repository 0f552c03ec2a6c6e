/**
 * `npm run bench:metrics`: what /metrics costs. With N applications (default
 * 10,000; two e-mails each, nearly all sent, some pending and failed) on
 * SQLite and on PostgreSQL, the time of one scrape (the database figures read
 * and the whole text rendered; p50 and p95), and the time the request
 * counting adds to each request (in-process, a trivial route, with and
 * without the middleware). Prints the load average with the figures.
 *
 * Options: --applications N --runs N (scrapes, default 200) --only sqlite|postgres
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import { Hono } from 'hono'
import { createMetrics } from '../../server/features/metrics/metrics.ts'
import { readMigrations } from '../../server/db/migrations/postgres-files.ts'
import { openPostgresStore } from '../../server/db/postgres-store.ts'
import { createTestDatabase, postgresAvailable } from '../../server/db/testing/postgres-test-database.ts'
import { openSqliteStore } from '../../server/db/sqlite-store.ts'
import type { ApplicationStore } from '../../server/db/stores/application-store.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'
import { openWorkspaceStores } from '../../server/db/stores/open-workspace-stores.ts'

const { values: args } = parseArgs({ options: { applications: { type: 'string' }, runs: { type: 'string' }, only: { type: 'string' } } })
const APPLICATIONS = Number(args.applications ?? 10_000)
const RUNS = Number(args.runs ?? 200)
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ')
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!

async function seed(store: ApplicationStore, settle: (sql: string) => Promise<void>) {
  for (let done = 0; done < APPLICATIONS; done += 500) {
    const batch = Array.from({ length: Math.min(500, APPLICATIONS - done) }, () => newSubmission({ createdAt: new Date(Date.now() - Math.random() * 86_400_000) }))
    await Promise.all(batch.map((s) => store.saveSubmission(s)))
  }
  // As in a running system: nearly everything sent, a few failed, a few still waiting.
  await settle(`UPDATE outbox SET status = 'sent', attempts = 0 WHERE id IN (SELECT id FROM outbox ORDER BY id LIMIT ${Math.floor(APPLICATIONS * 1.9)})`)
  await settle(`UPDATE outbox SET status = 'failed', attempts = 8 WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' ORDER BY id LIMIT ${Math.floor(APPLICATIONS * 0.01)})`)
}

async function scrapes(store: ApplicationStore, name: string) {
  const metrics = createMetrics({ machinery: openWorkspaceStores(store).machinery })
  await metrics.render()
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    bytes = (await metrics.render()).length
    times.push(performance.now() - t)
  }
  console.log(`${name}: ${APPLICATIONS} applications, scrape p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, ${bytes} bytes (load ${load()})`)
}

async function requestOverhead() {
  const requests = 20_000
  const plain = new Hono()
  plain.get('/postulacion/:token', (c) => c.text('ok'))
  const counted = new Hono()
  const metrics = createMetrics({ machinery: undefined as never })
  counted.use(metrics.observeRequests)
  counted.get('/postulacion/:token', (c) => c.text('ok'))
  const run = async (app: Hono) => {
    const t = performance.now()
    for (let i = 0; i < requests; i++) await app.request(`/postulacion/t${i}`)
    return ((performance.now() - t) * 1000) / requests
  }
  await run(plain)
  await run(counted)
  const [a, b] = [await run(plain), await run(counted)]
  console.log(`request counting: ${a.toFixed(1)} µs/request without, ${b.toFixed(1)} µs with (+${(b - a).toFixed(1)} µs) over ${requests} in-process requests (load ${load()})`)
}

if (args.only !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-bench-metrics-'))
  const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
  await store.migrate()
  await seed(store, async (sql) => void store.db.prepare(sql).run())
  await scrapes(store, 'sqlite')
  await store.close()
  rmSync(dir, { recursive: true, force: true })
}
if (args.only !== 'sqlite') {
  if (!(await postgresAvailable())) {
    console.log('postgres: not available, skipped')
  } else {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url, { migrations: readMigrations() })
    await store.migrate()
    await seed(store, async (sql) => void (await store.sql.unsafe(sql)))
    await scrapes(store, 'postgres')
    await store.close()
    await db.drop()
  }
}
await requestOverhead()
