/**
 * `npm run bench:workspace`: the team workspace's list and search latency
 * with 10,000 applications, on SQLite (a file in a temporary directory) and
 * on PostgreSQL (a fresh database on the local server, or TEST_DATABASE_URL's).
 *
 * Seeds the applications through the stores' own writes (saveSubmission,
 * transition, upsertReview: the same rows the server writes), spread over a
 * year, a third of them moved along the pipeline and a fifth reviewed. Then
 * calls GET /equipo/api/applications in-process (app.request(): Hono's
 * routing, validation, the store's queries and the JSON answer; no socket)
 * as a reviewer, page of 50, and prints p50 and p95 per query.
 * Goal: p95 <= 50 ms on this machine.
 *
 * Then bulk work (measureBulkMove): 1,000 applications of a filtered list
 * moved with one POST /bulk/apply, and 1,000 others closed as
 * no_seleccionada, each with its own stage change, audit entry and (for the
 * close) founder draft. Goal: under 2 s each.
 * Then "Mis pendientes" (GET /me/pending, measurePending) with 20 members
 * sharing the applications' assignments, through the route in-process.
 *
 * Then the list's export (measureExport, issue 32; --part export, not in the default run): the
 * unfiltered list of APPLICATIONS as .xlsx, CSV and JSON through GET /exports/applications.*, with
 * EXPORT_SIGNED of them signed (a plan line, its entries and three check-ins each), the body read to
 * its end; prints the time, the size and the growth of the heap while it ran (sampled).
 * Goal: under 10 s each for 10,000 applications, the heap growing under 200 MB.
 *
 * Options: --applications N (default 10000) --runs N (default 200) --only sqlite|postgres
 *          --part list|pending|bulk|export (default list and bulk; pending: only "Mis pendientes")
 *          --bulk N (default 1000)
 */
import { onEachStore } from './each-store.ts'
import { timed } from './timing.ts'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import { PRODUCT_STAGES } from '../../domain/application.ts'
import { NEXT_STAGE, isOpenStage, type Stage } from '../../domain/pipeline.ts'
import { type PostgresStore } from '../../server/db/postgres-store.ts'
import { type SqliteStore } from '../../server/db/sqlite-store.ts'
import type { ApplicationStore, NewSubmission } from '../../server/db/stores/application-store.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'
import { Hono } from 'hono'
import { WORKSPACE_API_PATH, type WorkspaceEnv } from '../../server/shared/auth/context.ts'
import { pendingRoutes } from '../../server/features/workspace/pending/routes.ts'
import { openWorkspaceStores } from '../../server/db/stores/open-workspace-stores.ts'
import type { ReviewStore } from '../../server/db/stores/review-store.ts'
import { insertMember } from '../../server/db/testing/members.ts'
import { reviewApp } from '../../server/features/workspace/testing/review-harness.ts'
import type { FounderMailConfig } from '../../server/shared/pipeline/status-mail.ts'
import { SIGNED_DEAL } from '../../server/db/testing/signed-deal.ts'

const GOAL_P95_MS = 50
const DAY = 24 * 60 * 60 * 1000
const NOW = new Date()

const { values: args } = parseArgs({
  options: {
    applications: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    part: { type: 'string' },
    bulk: { type: 'string' },
  },
})
const BULK = Number(args.bulk ?? 1_000)
const GOAL_BULK_MS = 2_000
const APPLICATIONS = Number(args.applications ?? 10_000)
const RUNS = Number(args.runs ?? 200)

const CITIES = ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Bucaramanga', 'Pereira', 'Manizales', 'Cúcuta']
const WORDS = ['Café', 'Agro', 'Logística', 'Pagos', 'Salud', 'Educación', 'Energía', 'Moda', 'Turismo', 'Ñandú']

/** A deterministic spread of data (no Math.random in what is measured). */
function seededSubmission(i: number): NewSubmission {
  const sub = newSubmission({ createdAt: new Date(NOW.getTime() - ((i * 7919) % 365) * DAY - (i % 1440) * 60_000) })
  const f = sub.application.formData
  f.companyName = `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} ${i} S.A.S.`
  f.city = CITIES[i % CITIES.length]!
  f.productStage = PRODUCT_STAGES[i % PRODUCT_STAGES.length]!
  return sub
}

/** Run `tasks` with at most `width` at once. */
async function pool<T>(items: readonly T[], width: number, task: (item: T) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!)
    }),
  )
}

async function seed(store: ApplicationStore, reviews: ReviewStore) {
  const started = performance.now()
  const subs = Array.from({ length: APPLICATIONS }, (_, i) => seededSubmission(i))
  // SQLite commits a whole batch per fsync (group commit); PostgreSQL takes them over its pool.
  await pool(subs, store.kind === 'sqlite' ? 512 : 16, (s) => store.saveSubmission(s))
  const reviewers = await Promise.all(Array.from({ length: 6 }, (_, i) => insertMember(store, 'reviewer', `Revisor ${i}`)))
  // A third move along the pipeline, up to four steps, some closed as no_seleccionada.
  const moved = subs.filter((_, i) => i % 3 === 0)
  await pool(moved, 16, async (s) => {
    const i = subs.indexOf(s)
    let stage: Stage = 'recibida'
    let at = s.application.createdAt.getTime()
    for (let step = 0; step < (i % 4) + 1 && isOpenStage(stage); step++) {
      const to: Stage = i % 11 === 0 && step === 1 ? 'no_seleccionada' : NEXT_STAGE[stage]
      at += ((i % 9) + 1) * DAY
      await reviews.transition(s.application.id, { from: stage, to, reason: null, memberId: reviewers[i % 6]!.id, at: new Date(at) })
      stage = to
    }
  })
  // A fifth reviewed, by one to three members.
  const reviewed = subs.filter((_, i) => i % 5 === 0)
  await pool(reviewed, 16, async (s) => {
    const i = subs.indexOf(s)
    for (let k = 0; k < (i % 3) + 1; k++) {
      const score = ((i + k) % 5) + 1
      await reviews.upsertReview(
        s.application.id,
        reviewers[(i + k) % 6]!.id,
        {
          scores: { productoValidado: score, primerosClientes: 3, modeloEscalable: score, foundersComprometidos: 4, aperturaParticipacion: 2 },
          recommendation: 'discutir',
          overallComment: '',
        },
        NOW,
      )
    }
  })
  // What autovacuum does after this many inserts (and before anyone lists 10,000 applications):
  // fresh statistics, and the visibility map that lets count(*) read only an index.
  if ('sql' in store) await (store as PostgresStore).sql`vacuum analyze`
  return { reviewer: reviewers[0]!, seconds: (performance.now() - started) / 1000, rare: subs[APPLICATIONS >> 1]!.application.reference }
}

interface Row {
  target: string
  query: string
  p50: number
  p95: number
  total: number
}

async function measure(target: string, store: ApplicationStore): Promise<Row[]> {
  const stores = openWorkspaceStores(store)
  const reviews = stores.review
  const seeded = await seed(store, reviews)
  console.error(`${target}: seeded ${APPLICATIONS} applications in ${seeded.seconds.toFixed(1)} s`)
  const app = reviewApp({ store, reviews, scoring: stores.scoring, conflicts: stores.conflicts, now: () => NOW })
  const queries: [string, string][] = [
    ['default list (newest first)', ''],
    ['search, one match (reference)', `?q=${encodeURIComponent(seeded.rare.slice(-6).toLowerCase())}`],
    ['search, many matches ("logistica")', '?q=logistica'],
    ['stage recibida + overdue', '?stage=recibida&due=overdue'],
    ['sort by score', '?sort=score_desc'],
    ['sin mi evaluación, by due date', '?unreviewed=1&sort=due_asc'],
  ]
  const rows: Row[] = []
  for (const [name, query] of args.part === 'pending' ? [] : queries) {
    const call = async () => {
      const res = await app.request(`${WORKSPACE_API_PATH}/applications${query}`, { headers: { 'X-Test-Member': seeded.reviewer.id } })
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`)
      return (await res.json()) as { total: number; items: unknown[] }
    }
    const { last, p50, p95 } = await timed(RUNS, call)
    const total = last.total
    rows.push({ target, query: name, p50, p95, total })
  }
  rows.push(await measurePending(target, store))
  return rows
}

interface BulkRow {
  target: string
  action: string
  applications: number
  moved: number
  ms: number
}

const BENCH_MAIL: FounderMailConfig = {
  from: 'Catalítico <postulaciones@catalitico.example>',
  replyTo: 'postulaciones@catalitico.example',
  company: { legalName: 'Catalítico Ventures S.A.S.', website: 'https://catalitico.example', contactEmail: 'postulaciones@catalitico.example' },
  siteOrigin: 'https://catalitico.example',
}

/**
 * Issue 12's bulk work: BULK applications the filter returns (plus as many
 * that it does not) moved to validacion_preliminar with one request, then, on
 * the same database, BULK others closed as no_seleccionada with one shared
 * reason, each with its founder's draft in "Correos por enviar". Measured:
 * the whole request (resolving the filter, the preview check, every move,
 * its audit entry, its draft and the commits).
 */
async function measureBulkMove(target: string, store: ApplicationStore): Promise<BulkRow[]> {
  const stores = openWorkspaceStores(store)
  const subs = Array.from({ length: BULK * 3 }, (_, i) => seededSubmission(i))
  await pool(subs, store.kind === 'sqlite' ? 512 : 16, (s) => store.saveSubmission(s))
  const admin = await insertMember(store, 'admin', 'Admin')
  // A third leave recibida for validacion_preliminar, a third for sesion_panel: the filters keep BULK each.
  await pool(
    subs.filter((_, i) => i % 3 !== 0),
    16,
    (s) => stores.review.transition(s.application.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: admin.id, at: NOW }),
  )
  await pool(
    subs.filter((_, i) => i % 3 === 2),
    16,
    (s) => stores.review.transition(s.application.id, { from: 'validacion_preliminar', to: 'sesion_panel', reason: null, memberId: admin.id, at: NOW }),
  )
  if ('sql' in store) await (store as PostgresStore).sql`vacuum analyze`
  const app = reviewApp({
    store,
    reviews: stores.review,
    scoring: stores.scoring,
    conflicts: stores.conflicts,
    now: () => NOW,
    founders: { store: stores.founder, mail: BENCH_MAIL },
  })
  const apply = async (action: string, body: unknown): Promise<BulkRow> => {
    const started = performance.now()
    const res = await app.request(`${WORKSPACE_API_PATH}/bulk/apply`, {
      method: 'POST',
      headers: { 'X-Test-Member': admin.id, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const ms = performance.now() - started
    if (res.status !== 200) throw new Error(`bulk ${action}: HTTP ${res.status} ${await res.text()}`)
    const { done } = (await res.json()) as { done: number }
    return { target, action, applications: BULK, moved: done, ms }
  }
  const moved = await apply('move to validacion_preliminar', {
    filter: { stage: 'recibida' },
    action: { type: 'move', to: 'validacion_preliminar' },
    expected: BULK,
  })
  const closed = await apply('close, with founder drafts', {
    filter: { stage: 'sesion_panel' },
    action: { type: 'close', reason: 'Fuera de la tesis de inversión' },
    expected: BULK,
  })
  const drafts =
    store.kind === 'sqlite'
      ? ((store as SqliteStore).db.prepare('SELECT count(*) AS n FROM founder_mail_drafts').get() as { n: number }).n
      : Number((await (store as PostgresStore).sql<{ n: string }[]>`select count(*) as n from founder_mail_drafts`)[0]!.n)
  if (drafts !== closed.moved) throw new Error(`bulk close: ${drafts} founder drafts for ${closed.moved} closed`)
  return [moved, closed]
}


async function bulkPart() {
  const rows = (await onEachStore(args.only, measureBulkMove)).flat()
  console.log(`\nPOST ${WORKSPACE_API_PATH}/bulk/apply: one bulk action on a filtered list, in-process`)
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine's cores`)
  for (const r of rows) {
    console.log(
      `${r.target.padEnd(9)} ${r.action.padEnd(30)} ${r.applications} applications, ${r.moved} moved in ${r.ms.toFixed(0)} ms  (< ${GOAL_BULK_MS} ms: ${r.ms < GOAL_BULK_MS && r.moved === r.applications ? 'yes' : 'NO'})`,
    )
  }
  if (rows.some((r) => r.ms >= GOAL_BULK_MS || r.moved !== r.applications)) process.exitCode = 1
}

const PENDING_MEMBERS = 20
const ASSIGNMENTS_PER_APPLICATION = 2

/**
 * "Mis pendientes" (GET /me/pending) with PENDING_MEMBERS members, every
 * application assigned to two of them (about 1,000 assignments a
 * member at 10,000 applications) and a conflict for one member in ten of
 * theirs; measured for the busiest member. Assignments are rows here: their
 * routes belong to the assignment work.
 */
async function measurePending(target: string, store: ApplicationStore): Promise<Row> {
  const { clock, conflicts } = openWorkspaceStores(store)
  const members = await Promise.all(Array.from({ length: PENDING_MEMBERS }, (_, i) => insertMember(store, 'reviewer', `Pendientes ${i}`)))
  const ids = await applicationIds(store)
  const rows = ids.flatMap((id, i) =>
    Array.from({ length: ASSIGNMENTS_PER_APPLICATION }, (_, k) => [id, members[(i + k * 7) % PENDING_MEMBERS]!.id] as const),
  )
  const at = NOW.toISOString()
  if (store.kind === 'sqlite') {
    const db = (store as SqliteStore).db
    const insert = db.prepare('INSERT INTO assignments (application_id, member_id, assigned_by, assigned_at) VALUES (?, ?, ?, ?)')
    db.transaction(() => rows.forEach(([a, m]) => insert.run(a, m, m, at)))()
  } else {
    const { sql } = store as PostgresStore
    for (let i = 0; i < rows.length; i += 5000) {
      const chunk = rows.slice(i, i + 5000).map(([a, m]) => ({ application_id: a, member_id: m, assigned_by: m, assigned_at: NOW }))
      await sql`insert into assignments ${sql(chunk)}`
    }
    await sql`vacuum analyze assignments`
  }
  const member = members[0]!
  const mine = rows.filter(([, m]) => m === member.id)
  await pool(mine.filter((_, i) => i % 10 === 0), 8, ([a]) =>
    conflicts.declare({ applicationId: a, memberId: member.id, kind: 'otra', note: '', declaredBy: member.id, at: NOW }),
  )
  const api = new Hono<WorkspaceEnv>()
  api.use('*', async (c, next) => {
    c.set('member', member)
    await next()
  })
  api.route('/', pendingRoutes({ clock, now: () => NOW }))
  const call = async () => {
    const res = await api.request('/me/pending')
    if (res.status !== 200) throw new Error(`Mis pendientes: HTTP ${res.status}`)
    return (await res.json()) as { items: unknown[] }
  }
  const { last, p50, p95 } = await timed(RUNS, call)
  const total = last.items.length
  return { target, query: `Mis pendientes (${PENDING_MEMBERS} members, ${mine.length} assigned)`, p50, p95, total }
}

async function applicationIds(store: ApplicationStore): Promise<string[]> {
  if (store.kind === 'sqlite') return (store as SqliteStore).db.prepare('SELECT id FROM applications ORDER BY id').pluck().all() as string[]
  return (await (store as PostgresStore).sql<{ id: string }[]>`select id from applications order by id`).map((r) => r.id)
}

async function main() {
  const rows: Row[] = (await onEachStore(args.only, measure)).flat()
  const header = ['target', 'query (page of 50)', 'matches', 'p50 ms', 'p95 ms', `p95 <= ${GOAL_P95_MS} ms`]
  const table = [
    header,
    ...rows.map((r) => [r.target, r.query, String(r.total), r.p50.toFixed(1), r.p95.toFixed(1), r.p95 <= GOAL_P95_MS ? 'yes' : 'NO']),
  ]
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)))
  console.log(`\nGET ${WORKSPACE_API_PATH}/applications with ${APPLICATIONS} applications, ${RUNS} runs each, in-process`)
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine's cores\n`)
  for (const r of table) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
  if (rows.some((r) => r.p95 > GOAL_P95_MS)) process.exitCode = 1
}

const EXPORT_SIGNED = 200
const GOAL_EXPORT_MS = 10_000
const GOAL_EXPORT_HEAP_MB = 200

interface ExportRow {
  target: string
  format: string
  ms: number
  /** The process's CPU time (user and system) while it ran: what the machine's load does not inflate. */
  cpuMs: number
  bytes: number
  heapMb: number
}

/** Issue 32's export of the whole list, in each format, as an admin. */
async function measureExport(target: string, store: ApplicationStore): Promise<ExportRow[]> {
  const stores = openWorkspaceStores(store)
  await seed(store, stores.review)
  const admin = await insertMember(store, 'admin', 'Admin')
  const ids = (await applicationIds(store)).slice(0, EXPORT_SIGNED)
  const setStage = async (id: string) =>
    'sql' in store
      ? void (await (store as PostgresStore).sql`update applications set stage = 'due_diligence' where id = ${id}`)
      : void (store as SqliteStore).db.prepare("UPDATE applications SET stage = 'due_diligence' WHERE id = ?").run(id)
  await pool(ids, 8, async (id) => {
    await setStage(id)
    await stores.review.transition(id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: NOW, deal: SIGNED_DEAL })
    const by = { memberId: admin.id, at: NOW }
    const line = await stores.mediaPlan.addLine(
      id,
      () => ({ ok: true as const, line: { outlet: 'tv_nacional' as const, format: 'Spot 30" por franja', units: 20, unitPriceCop: 10_000_000, flightFrom: '2027-01-15', flightTo: '2027-03-31', notes: '' } }),
      by,
    )
    if (line.status !== 'written') throw new Error('bench export: no line')
    for (let d = 0; d < 5; d++) {
      const entry = { lineId: line.value.id, kind: 'ran' as const, day: `2027-02-1${d}`, units: 1, proofUrl: 'https://prueba.example.com/spot', proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null }
      await stores.mediaPlan.appendEntry(id, () => ({ ok: true as const, entry }), by)
    }
    for (let month = 1; month <= 3; month++) {
      const values = { salesUsdCents: 125_000_050, activeCustomers: 1250, newCustomers: 85, siteVisits: 30_000, leads: null, teamSize: 6, wentWell: 'Una venta grande.', wentBadly: '', needs: 'Radio.' }
      await stores.followUp.submitCheckIn({ applicationId: id, month, baseVersion: 0, values, at: NOW })
    }
  })
  if ('sql' in store) await (store as PostgresStore).sql`vacuum analyze`
  const app = reviewApp({ store, reviews: stores.review, scoring: stores.scoring, conflicts: stores.conflicts, now: () => NOW })
  const rows: ExportRow[] = []
  for (const format of ['xlsx', 'csv', 'json']) {
    global.gc?.()
    const base = process.memoryUsage().heapUsed
    let peak = base
    const sampler = setInterval(() => void (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20)
    const started = performance.now()
    const cpu = process.cpuUsage()
    const res = await app.request(`${WORKSPACE_API_PATH}/exports/applications.${format}`, { headers: { 'X-Test-Member': admin.id } })
    if (res.status !== 200) throw new Error(`export ${format}: HTTP ${res.status} ${await res.text()}`)
    let bytes = 0
    const reader = res.body!.getReader()
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.byteLength
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }
    const ms = performance.now() - started
    const used = process.cpuUsage(cpu)
    clearInterval(sampler)
    rows.push({ target, format, ms, cpuMs: (used.user + used.system) / 1000, bytes, heapMb: (peak - base) / 1_048_576 })
  }
  return rows
}

async function exportPart() {
  const rows = (await onEachStore(args.only, measureExport)).flat()
  console.log(`\nGET ${WORKSPACE_API_PATH}/exports/applications.*: the whole list of ${APPLICATIONS} applications (${EXPORT_SIGNED} signed), in-process`)
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine's cores`)
  for (const r of rows) {
    const ok = r.ms < GOAL_EXPORT_MS && r.heapMb < GOAL_EXPORT_HEAP_MB
    console.log(
      `${r.target.padEnd(9)} ${r.format.padEnd(5)} ${(r.bytes / 1_048_576).toFixed(1).padStart(6)} MB in ${r.ms.toFixed(0).padStart(6)} ms (CPU ${r.cpuMs.toFixed(0)} ms), heap +${r.heapMb.toFixed(0)} MB  (< ${GOAL_EXPORT_MS} ms, < ${GOAL_EXPORT_HEAP_MB} MB: ${ok ? 'yes' : 'NO'})`,
    )
  }
  if (rows.some((r) => r.ms >= GOAL_EXPORT_MS || r.heapMb >= GOAL_EXPORT_HEAP_MB)) process.exitCode = 1
}

if (!args.part || args.part === 'list' || args.part === 'pending') await main()
if (!args.part || args.part === 'bulk') await bulkPart()
if (args.part === 'export') await exportPart()
