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
 * Then the list's export (measureExport, ADR 0195; --part export, not in the default run): the
 * unfiltered list of APPLICATIONS as .xlsx, CSV and JSON through GET /exports/applications.*, with
 * EXPORT_SIGNED of them signed (a plan line, its entries and three check-ins each), the body read to
 * its end; prints the time, the size and the growth of the heap while it ran (sampled).
 * Goal: under 10 s each for 10,000 applications, the heap growing under 200 MB.
 *
 * Then the audit log (measureAudit, ADR 0201; --part audit, not in the default run): AUDIT_ENTRIES
 * entries (three quarters views of AUDIT_APPLICATIONS applications by AUDIT_MEMBERS members over a
 * year, a few of one member on one application on one Bogotá day, and portfolio views; the rest stage
 * changes, plan records, notes, reviews, assignments, sign-ins and the founders' own actions), written
 * with the review store's own audit insert, the reading admin conflicted with a few applications. Then
 * GET /audit in-process as that admin: the first page, a page in the middle, and one application's
 * (its id, as the detail's link has it); p50 and p95 over --runs requests (default 50 here), and the
 * CPU time per request: this process's and, on PostgreSQL, that of the database's server processes
 * (read from /proc when the server runs on this machine).
 * Goal: p95 <= 500 ms for an unfiltered page, <= 50 ms for one application's.
 *
 * Options: --applications N (default 10000) --runs N (default 200; audit: 50) --only sqlite|postgres
 *          --part list|pending|bulk|export|audit (default list and bulk; pending: only "Mis pendientes")
 *          --bulk N (default 1000) --entries N (audit: default 100000)
 */
import { onEachStore } from './each-store.ts'
import { timed } from './timing.ts'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
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
import { pendingRoutes } from '../../server/features/review/pending-routes.ts'
import { openWorkspaceStores } from '../../server/db/stores/open-workspace-stores.ts'
import type { ReviewStore } from '../../server/db/stores/review-store.ts'
import { insertMember } from '../../server/db/testing/members.ts'
import { reviewApp } from '../../server/testing/review-harness.ts'
import type { FounderMailConfig } from '../../server/shared/mail/founder-mail.ts'
import { SIGNED_DEAL } from '../../server/db/testing/signed-deal.ts'
import { VIEW_ACTIONS, type AuditAction, type AuditDetail } from '../../domain/audit.ts'
import { engineOf } from '../../server/db/engine-of.ts'
import { auditWriter, type NewAuditEntry } from '../../server/db/stores/audit-log.ts'
import { AUDIT_PAGE_SIZE } from '../../server/features/review/routes.ts'
import { stageMoves } from '../../server/features/review/pipeline.ts'

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
    entries: { type: 'string' },
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

async function seed(store: ApplicationStore, reviews: ReviewStore & Pick<ReturnType<typeof stageMoves>, 'transition'>) {
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
  const reviews = { ...stores.review, ...stageMoves(stores.stageSteps) }
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
 * The bulk work (ADR 0108): BULK applications the filter returns (plus as many
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
    (s) => stageMoves(stores.stageSteps).transition(s.application.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: admin.id, at: NOW }),
  )
  await pool(
    subs.filter((_, i) => i % 3 === 2),
    16,
    (s) => stageMoves(stores.stageSteps).transition(s.application.id, { from: 'validacion_preliminar', to: 'sesion_panel', reason: null, memberId: admin.id, at: NOW }),
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

/** The export of the whole list (ADR 0195), in each format, as an admin. */
async function measureExport(target: string, store: ApplicationStore): Promise<ExportRow[]> {
  const stores = openWorkspaceStores(store)
  await seed(store, { ...stores.review, ...stageMoves(stores.stageSteps) })
  const admin = await insertMember(store, 'admin', 'Admin')
  const ids = (await applicationIds(store)).slice(0, EXPORT_SIGNED)
  const setStage = async (id: string) =>
    'sql' in store
      ? void (await (store as PostgresStore).sql`update applications set stage = 'due_diligence' where id = ${id}`)
      : void (store as SqliteStore).db.prepare("UPDATE applications SET stage = 'due_diligence' WHERE id = ?").run(id)
  await pool(ids, 8, async (id) => {
    await setStage(id)
    await stageMoves(stores.stageSteps).transition(id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: NOW, deal: SIGNED_DEAL })
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
      const values = { salesUsdCents: 125_000_050, activeCustomers: 1250, newCustomers: 85, siteVisits: 30_000, leads: null, teamSize: 6, runwayMonths: 8, wentWell: 'Una venta grande.', wentBadly: '', needs: 'Radio.' }
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

const AUDIT_ENTRIES = Number(args.entries ?? 100_000)
const AUDIT_APPLICATIONS = 2_000
const AUDIT_MEMBERS = 12
const AUDIT_DAYS = 365
/** The reading admin's conflicts of interest (ADR 0200): their applications' entries leave the page. */
const AUDIT_CONFLICTS = 10
const AUDIT_RUNS = Number(args.runs ?? 50)
const GOAL_AUDIT_PAGE_MS = 500
const GOAL_AUDIT_FILTERED_MS = 50
const HOUR = 60 * 60 * 1000
const MINUTE = 60_000
/** How many views of one member on one application on one day, in turn: 20 views in 7 lines. */
const VIEW_RUNS = [1, 2, 3, 5, 4, 2, 3]
/** What a signed startup's page writes as it is read (ADR 0201's four), in turn; others only the first. */
const PAGE_VIEWS = ['application.viewed', 'deal.viewed', 'media_plan.viewed', 'follow_up.viewed'] as const

/**
 * The log's entries, oldest first (the order they are written in), deterministic: `views` views in
 * runs of VIEW_RUNS, each run one member's on one application (one in 25 a portfolio, with none) on one
 * day of the last AUDIT_DAYS, the runs spread over members, applications and days by a permutation;
 * then the other actions, as their writers record them (ids and codes in the detail, no member for
 * what the founder did).
 */
function auditEntries(appIds: readonly string[], memberIds: readonly string[]): NewAuditEntry[] {
  const views = Math.round(AUDIT_ENTRIES * 0.75)
  const bogotaToday = Math.floor((NOW.getTime() - 5 * HOUR) / DAY) * DAY + 5 * HOUR
  const dayStart = (day: number) => bogotaToday - (day + 1) * DAY
  const entries: NewAuditEntry[] = []
  const space = AUDIT_APPLICATIONS * AUDIT_DAYS * AUDIT_MEMBERS
  for (let run = 0, written = 0; written < views; run++) {
    const h = (run * 1_000_003) % space
    const app = h % AUDIT_APPLICATIONS
    const day = Math.floor(h / AUDIT_APPLICATIONS) % AUDIT_DAYS
    const member = memberIds[Math.floor(h / (AUDIT_APPLICATIONS * AUDIT_DAYS))]!
    const count = Math.min(VIEW_RUNS[run % VIEW_RUNS.length]!, views - written)
    const start = dayStart(day) + 8 * HOUR + ((run * 37) % 600) * MINUTE
    for (let k = 0; k < count; k++) {
      const at = new Date(start + k * (3 + (run % 11)) * MINUTE)
      if (run % 25 === 0) {
        const action = k % 2 === 0 ? 'media_plan.portfolio_viewed' : 'follow_up.portfolio_viewed'
        entries.push({ at, memberId: member, action, applicationId: null, detail: action === 'media_plan.portfolio_viewed' ? { deals: 40, behind: 3 } : {} })
      } else {
        const action = app % 5 === 0 ? PAGE_VIEWS[k % PAGE_VIEWS.length]! : 'application.viewed'
        entries.push({ at, memberId: member, action, applicationId: appIds[app]! })
      }
    }
    written += count
  }
  const others: [AuditAction, 'member' | 'founder' | 'none', (j: number) => AuditDetail][] = [
    ['stage.changed', 'member', () => ({ from: 'recibida', to: 'validacion_preliminar' })],
    ['media_plan.entry_recorded', 'member', (j) => ({ line: (j % 12) + 1, kind: 'ran', units: 1 })],
    ['note.added', 'member', () => ({ noteId: crypto.randomUUID() })],
    ['review.submitted', 'member', (j) => ({ updated: j % 3 === 0 })],
    ['media_plan.entry_recorded', 'member', (j) => ({ line: (j % 12) + 1, kind: 'booked', units: 4 })],
    ['assignment.added', 'member', (j) => ({ memberId: memberIds[(j + 5) % AUDIT_MEMBERS]! })],
    ['stage.changed', 'member', () => ({ from: 'validacion_preliminar', to: 'sesion_panel' })],
    ['media_plan.line_added', 'member', (j) => ({ line: (j % 12) + 1, outlet: 'tv_nacional', units: 20 })],
    ['session.signed_in', 'none', () => ({ method: 'passkey' })],
    ['stage.changed', 'founder', () => ({ from: 'validacion_preliminar', to: 'retirada' })],
    ['founder.data_downloaded', 'founder', () => ({ found: 1, format: 'page' })],
    ['panel.booked', 'founder', (j) => ({ session: crypto.randomUUID(), startsAt: new Date(dayStart(j % AUDIT_DAYS) + 20 * HOUR).toISOString() })],
    ['document.downloaded', 'member', () => ({ documentId: crypto.randomUUID(), itemKey: 'pitch_deck', sha256: 'a'.repeat(64) })],
  ]
  for (let j = 0; j < AUDIT_ENTRIES - views; j++) {
    const [action, who, detail] = others[j % others.length]!
    const at = new Date(dayStart((j * 104_729) % AUDIT_DAYS) + 7 * HOUR + (j % 840) * MINUTE)
    const member = memberIds[j % AUDIT_MEMBERS]!
    entries.push({
      at,
      // A sign-in is the member's, with no application; the founder's own actions have no member.
      memberId: who === 'founder' ? null : member,
      action,
      applicationId: action === 'session.signed_in' ? null : appIds[(j * 7919) % AUDIT_APPLICATIONS]!,
      detail: detail(j),
    })
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime())
}

/** CPU seconds so far of the database's server processes, by pid (Linux /proc; empty when the server is elsewhere). */
async function serverCpu(store: PostgresStore): Promise<Map<number, number>> {
  const pids = await store.sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`
  const ticks = new Map<number, number>()
  for (const { pid } of pids) {
    try {
      // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS)
    } catch {
      // Not on this machine, or gone.
    }
  }
  return ticks
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

interface AuditRow {
  target: string
  query: string
  lines: number
  p50: number
  p95: number
  /** This process's CPU per request (user and system): Hono, the driver, SQLite's own work, the JSON. */
  cpuMs: number
  /** PostgreSQL's server processes' CPU per request; null on SQLite or when /proc does not show them. */
  serverCpuMs: number | null
  goal: number
}

async function measureAudit(target: string, store: ApplicationStore): Promise<{ target: string; rows: AuditRow[]; entries: number; views: number; load: string }> {
  const stores = openWorkspaceStores(store)
  const started = performance.now()
  const subs = Array.from({ length: AUDIT_APPLICATIONS }, (_, i) => seededSubmission(i))
  await pool(subs, store.kind === 'sqlite' ? 512 : 16, (s) => store.saveSubmission(s))
  const admin = await insertMember(store, 'admin', 'Admin')
  const others = await Promise.all(Array.from({ length: AUDIT_MEMBERS - 1 }, (_, i) => insertMember(store, 'reviewer', `Revisor ${i}`)))
  const memberIds = [admin.id, ...others.map((m) => m.id)]
  const appIds = subs.map((s) => s.application.id)
  const entries = auditEntries(appIds, memberIds)
  // The review store's own insert (one statement for many entries), 1,000 a statement.
  const e = engineOf(store)
  const insert = auditWriter(e)
  for (let i = 0; i < entries.length; i += 1_000) await e.run(insert(entries.slice(i, i + 1_000)))
  // The admin's conflicts, through the store (each writes its own entry, conflict.declared).
  const conflicted = appIds.filter((_, i) => i % 7 === 3).slice(0, AUDIT_CONFLICTS)
  for (const id of conflicted) {
    const done = await stores.conflicts.declare({ applicationId: id, memberId: admin.id, kind: 'otra', note: '', declaredBy: admin.id, at: NOW })
    if (done.status !== 'declared') throw new Error(`bench audit: conflict ${done.status}`)
  }
  if ('sql' in store) await (store as PostgresStore).sql`vacuum analyze`
  // One application's entries, the application with the most that the admin may read.
  const byApp = new Map<string, number>()
  for (const entry of entries) if (entry.applicationId) byApp.set(entry.applicationId, (byApp.get(entry.applicationId) ?? 0) + 1)
  const [busiest, busiestEntries] = [...byApp].filter(([id]) => !conflicted.includes(id)).sort((a, b) => b[1] - a[1])[0]!
  const count =
    store.kind === 'sqlite'
      ? ((store as SqliteStore).db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n
      : Number((await (store as PostgresStore).sql<{ n: string }[]>`select count(*) as n from audit_log`)[0]!.n)
  const views = entries.filter((x) => (VIEW_ACTIONS as readonly string[]).includes(x.action)).length
  console.error(`${target}: seeded ${count} audit entries (${views} views) in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const app = reviewApp({ store, reviews: stores.review, scoring: stores.scoring, conflicts: stores.conflicts, now: () => NOW })
  const page = async (query: string) => {
    const res = await app.request(`${WORKSPACE_API_PATH}/audit${query}`, { headers: { 'X-Test-Member': admin.id } })
    if (res.status !== 200) throw new Error(`audit${query}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as { total: number; items: unknown[] }
  }
  const { total } = await page('')
  const deep = Math.ceil(Math.ceil(total / AUDIT_PAGE_SIZE) / 2)
  const queries: [string, string, number][] = [
    ['first page', '', GOAL_AUDIT_PAGE_MS],
    [`page ${deep} of ${Math.ceil(total / AUDIT_PAGE_SIZE)}`, `?page=${deep}`, GOAL_AUDIT_PAGE_MS],
    [`one application (${busiestEntries} entries)`, `?application=${busiest}`, GOAL_AUDIT_FILTERED_MS],
  ]
  const load = loadavg().map((l) => l.toFixed(1)).join(' ')
  const rows: AuditRow[] = []
  for (const [name, query, goal] of queries) {
    let cpuUs = 0
    let calls = 0
    const call = async () => {
      const cpu = process.cpuUsage()
      const answer = await page(query)
      const used = process.cpuUsage(cpu)
      cpuUs += used.user + used.system
      calls++
      return answer
    }
    const before = store.kind === 'postgres' ? await serverCpu(store as PostgresStore) : null
    const { last, p50, p95 } = await timed(AUDIT_RUNS, call)
    let serverCpuMs: number | null = null
    if (before) {
      const after = await serverCpu(store as PostgresStore)
      // A process that started during the run counts from zero; one that ended is lost (rare: the pool keeps them).
      const seconds = [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0)
      if (after.size > 0) serverCpuMs = (seconds * 1000) / calls
    }
    rows.push({ target, query: name, lines: last.total, p50, p95, cpuMs: cpuUs / 1000 / calls, serverCpuMs, goal })
  }
  return { target, rows, entries: count, views, load }
}

async function auditPart() {
  const results = await onEachStore(args.only, measureAudit)
  const rows = results.flatMap((r) => r.rows)
  const header = ['target', `GET /audit (page of ${AUDIT_PAGE_SIZE})`, 'lines', 'p50 ms', 'p95 ms', 'CPU ms/req', 'server CPU ms/req', 'goal p95', 'met']
  const table = [
    header,
    ...rows.map((r) => [
      r.target,
      r.query,
      String(r.lines),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.cpuMs.toFixed(1),
      r.serverCpuMs === null ? '-' : r.serverCpuMs.toFixed(1),
      `<= ${r.goal} ms`,
      r.p95 <= r.goal ? 'yes' : 'NO',
    ]),
  ]
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)))
  const first = results[0]
  console.log(
    `\nGET ${WORKSPACE_API_PATH}/audit with ${first?.entries ?? AUDIT_ENTRIES} entries (${first?.views ?? '?'} views) by ${AUDIT_MEMBERS} members on ${AUDIT_APPLICATIONS} applications over ${AUDIT_DAYS} days, as an admin with ${AUDIT_CONFLICTS} conflicts, ${AUDIT_RUNS} runs each, in-process`,
  )
  console.log(`load average before timing: ${results.map((r) => `${r.target} ${r.load}`).join(', ')}; at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (${cpus().length} cores)`)
  console.log(`CPU ms/req: this process's (on SQLite, the query's too); server CPU ms/req: PostgreSQL's processes for this database (from /proc)\n`)
  for (const r of table) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
  if (rows.some((r) => r.p95 > r.goal)) process.exitCode = 1
}

if (!args.part || args.part === 'list' || args.part === 'pending') await main()
if (!args.part || args.part === 'bulk') await bulkPart()
if (args.part === 'export') await exportPart()
if (args.part === 'audit') await auditPart()
