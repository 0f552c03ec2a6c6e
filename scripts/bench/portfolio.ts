/**
 * `npm run bench:portfolio` (issue 20): the portfolio after the signature,
 * on SQLite (a file in a temporary directory) and on PostgreSQL (a fresh
 * database on the local server, or TEST_DATABASE_URL's).
 *
 * Seeds DEALS signed startups (default 200) through the stores' own writes:
 * each application moved to «Acuerdo firmado» with its deal by the review
 * store's transition (ADR 0159), twelve months of answered check-ins
 * (submitCheckIn), a milestone at month 3. Then calls, in-process through the
 * real routes (Hono's routing, the stores' queries, the JSON answer; no
 * socket) as an admin:
 * - GET /follow-up: «Seguimiento», the portfolio overview (every signed
 *   startup, its last check-in, its sales series for the trend);
 * - GET /applications/:id/follow-up: one startup's twelve months and series.
 * Prints p50 and p95 per query. Goal: p95 <= 50 ms on this machine.
 *
 * Options: --deals N (default 200) --runs N (default 200) --only sqlite|postgres
 */
import { Hono } from 'hono'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import type { DealTerms } from '../../domain/deals.ts'
import type { CheckInValues } from '../../domain/follow-up.ts'
import { readMigrations } from '../../server/db/migrations/postgres-files.ts'
import { openPostgresStore, type PostgresStore } from '../../server/db/postgres-store.ts'
import { openSqliteStore, type SqliteStore } from '../../server/db/sqlite-store.ts'
import type { ApplicationStore } from '../../server/db/stores/application-store.ts'
import { openWorkspaceStores } from '../../server/db/stores/open-workspace-stores.ts'
import type { Member } from '../../server/db/stores/team-store.ts'
import { insertMember } from '../../server/db/testing/members.ts'
import { createTestDatabase, postgresAvailable } from '../../server/db/testing/postgres-test-database.ts'
import { followUpRoutes } from '../../server/features/workspace/follow-up/routes.ts'
import { WORKSPACE_API_PATH, type WorkspaceEnv } from '../../server/shared/auth/context.ts'
import { dealPacesFrom, mediaDaysFrom } from '../../server/shared/media-days.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'

const GOAL_P95_MS = 50
const DAY = 86_400_000

const { values: args } = parseArgs({
  options: { deals: { type: 'string' }, runs: { type: 'string' }, only: { type: 'string' } },
})
const DEALS = Number(args.deals ?? 200)
const RUNS = Number(args.runs ?? 200)
/** Every follow-up started on 1 December 2026; "today" is past its twelfth month's due day. */
const FOLLOW_UP_START = '2026-12-01'
const SIGNED_AT = new Date('2026-11-25T15:00:00.000Z')
const NOW = new Date('2027-12-15T15:00:00.000Z')

const TERMS: DealTerms = {
  equityBp: 450,
  instrument: 'acciones',
  discountBp: null,
  valuationUsdCents: 150_000_000,
  mediaValueCop: 1_500_000_000,
  investmentValueCop: 500_000_000,
  windowStart: '2027-01-15',
  windowMonths: 9,
  followUpStart: FOLLOW_UP_START,
  rateCardVersionId: null,
}

/** A deterministic month of figures (no Math.random in what is measured). */
function checkIn(i: number, month: number): CheckInValues {
  return {
    salesUsdCents: (1_000 + ((i * 37 + month * 101) % 900)) * 100_00,
    activeCustomers: 100 + ((i + month * 13) % 400),
    newCustomers: (i * month) % 60,
    siteVisits: 5_000 + ((i * 7919 + month) % 20_000),
    leads: month % 4 === 0 ? null : 30 + (i % 50),
    teamSize: 3 + (i % 12),
    wentWell: 'Cerramos con una cadena de droguerías.',
    wentBadly: month % 2 === 0 ? 'Se demoró un pago.' : '',
    needs: 'Una presentación con el equipo de radio.',
  }
}

async function pool<T>(items: readonly T[], width: number, task: (item: T, index: number) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++
        await task(items[i]!, i)
      }
    }),
  )
}

async function setStage(store: ApplicationStore, id: string) {
  if (store.kind === 'sqlite') (store as SqliteStore).db.prepare('UPDATE applications SET stage = ? WHERE id = ?').run('due_diligence', id)
  else await (store as PostgresStore).sql`update applications set stage = 'due_diligence' where id = ${id}`
}

async function seed(store: ApplicationStore) {
  const started = performance.now()
  const stores = openWorkspaceStores(store)
  const admin = await insertMember(store, 'admin', 'Ana Portafolio')
  const subs = Array.from({ length: DEALS }, (_, i) => {
    const sub = newSubmission({ createdAt: new Date(SIGNED_AT.getTime() - (30 + (i % 60)) * DAY) })
    sub.application.formData.tradeName = `Startup ${i}`
    return sub
  })
  await pool(subs, store.kind === 'sqlite' ? 256 : 16, (s) => store.saveSubmission(s))
  await pool(subs, 16, async (s, i) => {
    const id = s.application.id
    await setStage(store, id)
    const moved = await stores.review.transition(id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: SIGNED_AT, deal: TERMS })
    if (moved.status !== 'moved') throw new Error(`signing ${i}: ${moved.status}`)
    for (let month = 1; month <= 12; month++) {
      const at = new Date(Date.parse(FOLLOW_UP_START) + (month * 30 + 3) * DAY)
      const saved = await stores.followUp.submitCheckIn({ applicationId: id, month, baseVersion: 0, values: checkIn(i, month), at })
      if (saved.status !== 'saved') throw new Error(`check-in ${i}/${month}: ${saved.status}`)
    }
    const held = await stores.followUp.recordMilestone({ applicationId: id, month: 3, heldOn: '2027-03-10', note: 'Revisión del trimestre.', memberId: admin.id, at: new Date('2027-03-10T15:00:00.000Z') })
    if (held === 'not_found') throw new Error(`milestone ${i}`)
  })
  if (store.kind === 'postgres') await (store as PostgresStore).sql`vacuum analyze`
  return { admin, ids: subs.map((s) => s.application.id), seconds: (performance.now() - started) / 1000 }
}

/** The follow-up routes behind a stand-in for the session middleware (the admin, active). */
function portfolioApp(store: ApplicationStore, admin: Member) {
  const stores = openWorkspaceStores(store)
  const api = new Hono<WorkspaceEnv>()
  api.use('*', async (c, next) => {
    c.set('member', admin)
    await next()
  })
  api.route('/', followUpRoutes({ followUp: stores.followUp, reviews: stores.review, conflicts: stores.conflicts, team: stores.team, mediaDays: mediaDaysFrom(stores.mediaPlan), paces: dealPacesFrom(stores.mediaPlan), now: () => NOW }))
  return new Hono().route(WORKSPACE_API_PATH, api)
}

interface Row {
  target: string
  query: string
  p50: number
  p95: number
  size: string
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

/** 20 warm-up calls, then RUNS timed ones: their p50 and p95. */
async function timed(call: () => Promise<string>) {
  let size = ''
  for (let i = 0; i < 20; i++) size = await call()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await call()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { size, p50: percentile(times, 50), p95: percentile(times, 95) }
}

async function measure(target: string, store: ApplicationStore): Promise<Row[]> {
  const seeded = await seed(store)
  console.error(`${target}: seeded ${DEALS} signed startups with 12 check-ins each in ${seeded.seconds.toFixed(1)} s`)
  const app = portfolioApp(store, seeded.admin)
  const get = async (path: string) => {
    const res = await app.request(`${WORKSPACE_API_PATH}${path}`)
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
    return res.json()
  }
  const rows: Row[] = []
  const portfolio = await timed(async () => {
    const answer = (await get('/follow-up')) as { items: unknown[] }
    if (answer.items.length !== DEALS) throw new Error(`«Seguimiento» listed ${answer.items.length} of ${DEALS}`)
    return `${answer.items.length} startups`
  })
  rows.push({ target, query: 'GET /follow-up («Seguimiento»)', ...portfolio })
  const one = seeded.ids[DEALS >> 1]!
  const startup = await timed(async () => {
    const answer = (await get(`/applications/${one}/follow-up`)) as { followUp: { months: { state: string }[] } | null }
    const answered = answer.followUp?.months.filter((m) => m.state === 'answered').length ?? 0
    if (answered !== 12) throw new Error(`one startup: ${answered} answered months of 12`)
    return `${answered} months answered`
  })
  rows.push({ target, query: 'GET /applications/:id/follow-up', ...startup })
  return rows
}

async function onEachStore<T>(run: (target: string, store: ApplicationStore) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  if (!args.only || args.only === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-bench-portfolio-'))
    const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
    try {
      await store.migrate()
      results.push(await run('sqlite', store))
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  if (!args.only || args.only === 'postgres') {
    if (!(await postgresAvailable())) {
      console.error('PostgreSQL is not reachable (set TEST_DATABASE_URL): cannot measure it')
      process.exitCode = 1
    } else {
      const db = await createTestDatabase()
      const store = openPostgresStore(db.url, { migrations: readMigrations() })
      try {
        results.push(await run('postgres', store))
      } finally {
        await store.close()
        await db.drop()
      }
    }
  }
  return results
}

const rows = (await onEachStore(measure)).flat()
console.log(`\nThe portfolio after the signature, in-process as an admin: ${DEALS} signed startups, ${RUNS} timed calls each`)
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine's cores`)
for (const r of rows) {
  const ok = r.p95 <= GOAL_P95_MS
  console.log(`${r.target.padEnd(9)} ${r.query.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${r.size}; p95 <= ${GOAL_P95_MS} ms: ${ok ? 'yes' : 'NO'})`)
  if (!ok) process.exitCode = 1
}
