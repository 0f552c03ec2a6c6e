/**
 * `npm run bench:portfolio`: the portfolio after the signature,
 * on SQLite (a file in a temporary directory) and on PostgreSQL (a fresh
 * database on the local server, or TEST_DATABASE_URL's).
 *
 * Seeds DEALS signed startups (default 200) through the stores' own writes:
 * each application moved to «Acuerdo firmado» with its deal by the review
 * store's transition (ADR 0159) on a published rate card, twelve months of
 * answered check-ins (submitCheckIn), a milestone at month 3, and a media plan
 * of LINES lines (default 50) with their records: each line booked, two spots
 * ran with their proof, every fifth line a miss and its make-good, every
 * seventh a wrong entry voided (each through the store's own checked write,
 * domain/media-plan.ts readPlanLine/readPlanEntry, as the routes do). Then
 * calls, in-process through the real routes (Hono's routing, the stores'
 * queries, the JSON answer; no socket) as an admin:
 * - GET /follow-up: «Seguimiento», the portfolio overview (every signed
 *   startup, its last check-in, its sales trend, its media pace from its ledger);
 * - GET /media-plans/behind: the overview's «Acuerdos atrasados»;
 * - GET /applications/:id/media-plan: one deal's ledger, balances and pacing;
 *   then that plan's flowchart, the geometry the workspace draws;
 * - GET /applications/:id/follow-up: one startup's twelve months, series and
 *   the days its media ran.
 * - and the holdings register (ADR 0215): each startup's stake recorded with 10 events (the issuance,
 *   four rounds, every other one joined, a split, a partial sale, two write-downs, one of them voided)
 *   and an approved mark, through the store's checked append as the routes do; then GET
 *   /applications/:id/holding (one company's register), GET /portfolio (every holding, totals by
 *   outlet, year and stage) and GET /portfolio/report.xlsx (the whole quarterly workbook).
 * Prints p50 and p95 per query. Goal: p95 <= 50 ms on this machine; the report's workbook under 2 s.
 *
 * Options: --deals N (default 300) --lines N (default 50) --runs N (default 200) --only sqlite|postgres
 */
import { Hono } from 'hono'
import { onEachStore } from './each-store.ts'
import { timed } from './timing.ts'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import type { DealTerms, RateCardItem } from '../../domain/deals.ts'
import type { CheckInValues } from '../../domain/follow-up.ts'
import { balancesOf, readPlanEntry, readPlanLine, type PlanEntry, type PlanEntryInput, type PlanLine, type PlanLineInput } from '../../domain/media-plan.ts'
import { mediaPlanFlowchart } from '../../domain/media-plan-flowchart.ts'
import type { MediaPlanView } from '../../domain/workspace-api/media-plan.ts'
import { type PostgresStore } from '../../server/db/postgres-store.ts'
import { type SqliteStore } from '../../server/db/sqlite-store.ts'
import type { ApplicationStore } from '../../server/db/stores/application-store.ts'
import { openWorkspaceStores } from '../../server/db/stores/open-workspace-stores.ts'
import type { MediaPlanStore } from '../../server/db/stores/media-plan-store.ts'
import type { Member } from '../../server/db/stores/team-store.ts'
import { insertMember } from '../../server/db/testing/members.ts'
import { SIGNED_DEAL } from '../../server/db/testing/signed-deal.ts'
import { followUpRoutes } from '../../server/features/follow-up/routes.ts'
import { mediaPlanRoutes } from '../../server/features/media-plan/routes.ts'
import { WORKSPACE_API_PATH, type WorkspaceEnv } from '../../server/shared/auth/context.ts'
import { dealPacesFrom, mediaDaysFrom } from '../../server/features/media-plan/media-days.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'
import { stageMoves } from '../../server/features/review/pipeline.ts'
import { modelRound, roundEvents, type HoldingEvent, type HoldingEventDetail } from '../../domain/holdings.ts'
import { newHoldingId, type HoldingStore } from '../../server/db/stores/holding-store.ts'
import { portfolioRoutes } from '../../server/features/portfolio/routes.ts'
import { joins, portfolioService } from '../../server/features/portfolio/service.ts'

const GOAL_P95_MS = 50
const DAY = 86_400_000

const { values: args } = parseArgs({
  options: { deals: { type: 'string' }, lines: { type: 'string' }, runs: { type: 'string' }, only: { type: 'string' } },
})
const DEALS = Number(args.deals ?? 300)
const LINES = Number(args.lines ?? 50)
const RUNS = Number(args.runs ?? 200)
/** Every follow-up started on 1 December 2026; "today" is past its twelfth month's due day. */
const FOLLOW_UP_START = '2026-12-01'
const SIGNED_AT = new Date('2026-11-25T15:00:00.000Z')
const NOW = new Date('2027-12-15T15:00:00.000Z')

/** The deal every startup signs (the tests' own), its follow-up from FOLLOW_UP_START. */
const TERMS: DealTerms = { ...SIGNED_DEAL, followUpStart: FOLLOW_UP_START }

const RATE_CARD: RateCardItem[] = [
  { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 12_000_000 },
  { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 800_000 },
  { outlet: 'diario_popular', format: '½ página', unitPriceCop: 4_500_000 },
  { outlet: 'medio_impreso_digital', format: 'Artículo', unitPriceCop: 2_000_000 },
]
/** The window's months (from 15 January 2027, 9 months): a line's flight is one of them. */
const FLIGHTS = Array.from({ length: 9 }, (_, k) => {
  const from = new Date(Date.UTC(2027, 0, 15 + k * 30))
  return { from: from.toISOString().slice(0, 10), to: new Date(from.getTime() + 27 * DAY).toISOString().slice(0, 10) }
})
const TODAY = NOW.toISOString().slice(0, 10)

/** A deterministic month of figures (no Math.random in what is measured). */
function checkIn(i: number, month: number): CheckInValues {
  return {
    salesUsdCents: (1_000 + ((i * 37 + month * 101) % 900)) * 100_00,
    activeCustomers: 100 + ((i + month * 13) % 400),
    newCustomers: (i * month) % 60,
    siteVisits: 5_000 + ((i * 7919 + month) % 20_000),
    leads: month % 4 === 0 ? null : 30 + (i % 50),
    teamSize: 3 + (i % 12),
    runwayMonths: month % 3 === 0 ? null : 2 + ((i + month) % 18),
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
  const second = await insertMember(store, 'admin', 'Beatriz Aprobadora')
  const card = await stores.deals.createRateCard({ note: 'Tarifario 2027', items: RATE_CARD, memberId: admin.id, at: SIGNED_AT })
  await stores.deals.publishRateCard(card.id, { memberId: admin.id, at: SIGNED_AT })
  const terms: DealTerms = { ...TERMS, rateCardVersionId: card.id }
  const subs = Array.from({ length: DEALS }, (_, i) => {
    const sub = newSubmission({ createdAt: new Date(SIGNED_AT.getTime() - (30 + (i % 60)) * DAY) })
    sub.application.formData.tradeName = `Startup ${i}`
    return sub
  })
  await pool(subs, store.kind === 'sqlite' ? 256 : 16, (s) => store.saveSubmission(s))
  await pool(subs, 16, async (s, i) => {
    const id = s.application.id
    await setStage(store, id)
    const moved = await stageMoves(stores.stageSteps).transition(id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: SIGNED_AT, deal: terms })
    if (moved.status !== 'moved') throw new Error(`signing ${i}: ${moved.status}`)
    for (let month = 1; month <= 12; month++) {
      const at = new Date(Date.parse(FOLLOW_UP_START) + (month * 30 + 3) * DAY)
      const saved = await stores.followUp.submitCheckIn({ applicationId: id, month, baseVersion: 0, values: checkIn(i, month), at })
      if (saved.status !== 'saved') throw new Error(`check-in ${i}/${month}: ${saved.status}`)
    }
    const held = await stores.followUp.recordMilestone({ applicationId: id, month: 3, heldOn: '2027-03-10', note: 'Revisión del trimestre.', memberId: admin.id, at: new Date('2027-03-10T15:00:00.000Z') })
    if (held === 'not_found') throw new Error(`milestone ${i}`)
    await seedPlan(stores.mediaPlan, id, i, admin.id)
    await seedHolding(stores.holdings, id, i, admin.id, second.id)
  })
  if (store.kind === 'postgres') await (store as PostgresStore).sql`vacuum analyze`
  return { admin, ids: subs.map((s) => s.application.id), seconds: (performance.now() - started) / 1000 }
}

/** A deal's plan: LINES lines and their records, each written through the store's checked write. */
async function seedPlan(plans: MediaPlanStore, applicationId: string, i: number, memberId: string) {
  const by = { memberId, at: SIGNED_AT }
  const entry = async (input: PlanEntryInput) => {
    const written = await plans.appendEntry(applicationId, (l) => readPlanEntry(input, { deal: l.deal, lines: l.lines, entries: l.entries, today: TODAY }), by)
    if (written.status !== 'written') throw new Error(`entry ${input.kind} of deal ${i}: ${JSON.stringify(written)}`)
    return written.value
  }
  for (let n = 0; n < LINES; n++) {
    const item = RATE_CARD[(i + n) % RATE_CARD.length]!
    const flight = FLIGHTS[n % FLIGHTS.length]!
    const input: PlanLineInput = { outlet: item.outlet, format: item.format, units: '4', flightFrom: flight.from, flightTo: flight.to, notes: `Línea ${n + 1}` }
    const added = await plans.addLine(
      applicationId,
      (l) => readPlanLine(input, { deal: l.deal, rateCard: l.deal.rateCard, rateCardNumber: l.deal.rateCardVersionNumber, placed: balancesOf(l.deal, l.lines, l.entries).placed }),
      by,
    )
    if (added.status !== 'written') throw new Error(`line ${n} of deal ${i}: ${JSON.stringify(added)}`)
    const lineId = added.value.id
    const day = (d: number) => new Date(Date.parse(flight.from) + d * DAY).toISOString().slice(0, 10)
    await entry({ lineId, kind: 'booked', day: day(0), units: '4' })
    if ((i + n) % 3 === 0) continue // a third of the lines have not run yet: the portfolio has deals behind
    await entry({ lineId, kind: 'ran', day: day(2), units: '1', proofUrl: `https://medios.example.com/prueba/${i}-${n}-a` })
    await entry({ lineId, kind: 'ran', day: day(9), units: '1', proofUrl: `https://medios.example.com/prueba/${i}-${n}-b` })
    if (n % 5 === 0) {
      const miss = await entry({ lineId, kind: 'missed', day: day(12), units: '1', reason: 'Transmisión especial' })
      await entry({ lineId, kind: 'make_good', day: day(16), units: '1', makeGoodFor: miss.id, proofUrl: `https://medios.example.com/prueba/${i}-${n}-r` })
    }
    if (n % 7 === 0) {
      const wrong = await entry({ lineId, kind: 'ran', day: day(20), units: '1', proofUrl: `https://medios.example.com/prueba/${i}-${n}-x` })
      await entry({ lineId, kind: 'void', day: day(21), voids: wrong.id, reason: 'Registrado dos veces.' })
    }
  }
}

/** A holding's 10 events and an approved mark, each decided by the domain against the register, as the routes do. */
async function seedHolding(holdings: HoldingStore, applicationId: string, i: number, memberId: string, approverId: string) {
  let day = 0
  const next = () => new Date(Date.UTC(2026, 10, 25 + (day += 20))).toISOString().slice(0, 10)
  const write = async (events: HoldingEvent[]) => {
    const out = await holdings.append({ applicationId, document: null, memberId, at: SIGNED_AT, decide: (current) => joins(events)(current) ?? { events, audit: [] } })
    if (!out.ok) throw new Error(`holding ${i}: ${JSON.stringify(out)}`)
  }
  const ev = (detail: HoldingEventDetail): HoldingEvent => ({ ...detail, id: newHoldingId(), day: next(), note: '', documentId: null }) as HoldingEvent
  await write([ev({ kind: 'issuance', instrument: 'acciones', shareClass: 'Ordinarias', shares: 50_000, subscribedCop: 500_000_000, rateCardCop: 1_500_000_000, discountBp: null, capCop: null, targetBp: null, companyShares: 1_000_000, fullyDilutedShares: 1_100_000, paymentMode: 'especie_pauta', termMonths: 24 })])
  let current = await holdings.eventsOf(applicationId)
  for (let r = 0; r < 4; r++) {
    const joined = r % 2 === 1
    const model = modelRound(current, { day: next(), name: `Ronda ${r + 1}`, preMoneyCop: String(5_000_000_000 * (r + 1) + i * 1000), amountCop: '1.000.000.000', joined, ...(joined ? { programmeCashCop: '50.000.000' } : {}) }, TODAY)
    if (!model.reading.ok) throw new Error(`round ${r} of ${i}: ${JSON.stringify(model.reading.errors)}`)
    await write(roundEvents(model.reading, { round: newHoldingId(), next: newHoldingId }))
    current = await holdings.eventsOf(applicationId)
  }
  await write([ev({ kind: 'split', from: 1, to: 2 })])
  await write([ev({ kind: 'secondary_sale', shares: 10_000 + i, price: '12000.5', buyer: 'Fondo Andino' })])
  await write([ev({ kind: 'write_down', price: '9000' })])
  const wrong = ev({ kind: 'write_down', price: '1' })
  await write([wrong])
  await write([ev({ kind: 'void', voids: wrong.id, reason: 'Registrado por error.' })])
  const mark = await holdings.proposeMark({ id: newHoldingId(), applicationId, method: 'ronda_reciente', day: next(), price: '10500', note: '', document: { id: newHoldingId(), fileName: 'acta.pdf', contentType: 'application/pdf', sha256: '0'.repeat(64), content: new TextEncoder().encode('%PDF-1.7\n%%EOF\n') }, memberId, at: SIGNED_AT })
  if (mark === 'no_deal' || typeof (await holdings.decideMark({ id: mark.id, applicationId, memberId: approverId, approve: true, at: SIGNED_AT })) === 'string') throw new Error(`mark of ${i}`)
}

/** The follow-up routes behind a stand-in for the session middleware (the admin, active). */
function portfolioApp(store: ApplicationStore, admin: Member) {
  const stores = openWorkspaceStores(store)
  const api = new Hono<WorkspaceEnv>()
  api.use('*', async (c, next) => {
    c.set('member', admin)
    await next()
  })
  api.route('/', mediaPlanRoutes({ mediaPlan: stores.mediaPlan, conflicts: stores.conflicts, reviews: stores.review, team: stores.team, now: () => NOW }))
  api.route(
    '/',
    portfolioRoutes({
      portfolioService: portfolioService({ holdings: stores.holdings, deals: stores.deals, mediaPlan: stores.mediaPlan, followUp: stores.followUp, reviews: stores.review, sources: stores.sources, agreements: stores.agreements, conflicts: stores.conflicts, now: () => NOW }),
      holdings: stores.holdings,
      reviews: stores.review,
      now: () => NOW,
    }),
  )
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

/** 20 warm-up calls, then RUNS timed ones: the last answer (`size`), p50 and p95. */
async function timedSize(call: () => Promise<string>) {
  const { last: size, p50, p95 } = await timed(RUNS, call)
  return { size, p50, p95 }
}

async function measure(target: string, store: ApplicationStore): Promise<Row[]> {
  const seeded = await seed(store)
  console.error(`${target}: seeded ${DEALS} signed startups with 12 check-ins and ${LINES} plan lines each in ${seeded.seconds.toFixed(1)} s`)
  const app = portfolioApp(store, seeded.admin)
  const get = async (path: string) => {
    const res = await app.request(`${WORKSPACE_API_PATH}${path}`)
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
    return res.json()
  }
  const rows: Row[] = []
  const portfolio = await timedSize(async () => {
    const answer = (await get('/follow-up')) as { items: unknown[] }
    if (answer.items.length !== DEALS) throw new Error(`«Seguimiento» listed ${answer.items.length} of ${DEALS}`)
    return `${answer.items.length} startups`
  })
  rows.push({ target, query: 'GET /follow-up («Seguimiento»)', ...portfolio })
  const behind = await timedSize(async () => {
    const answer = (await get('/media-plans/behind')) as { deals: number; items: unknown[] }
    if (answer.deals !== DEALS) throw new Error(`«Acuerdos atrasados» counted ${answer.deals} of ${DEALS}`)
    return `${answer.items.length} of ${answer.deals} behind`
  })
  rows.push({ target, query: 'GET /media-plans/behind', ...behind })
  const one = seeded.ids[DEALS >> 1]!
  const ledger = await timedSize(async () => {
    const answer = (await get(`/applications/${one}/media-plan`)) as { plan: { lines: unknown[]; entries: unknown[] } | null }
    if (answer.plan?.lines.length !== LINES) throw new Error(`one deal's ledger: ${answer.plan?.lines.length} lines of ${LINES}`)
    return `${answer.plan.lines.length} lines, ${answer.plan.entries.length} entries`
  })
  rows.push({ target, query: "GET /applications/:id/media-plan (ledger)", ...ledger })
  // The flowchart the workspace draws of that plan (ADR 0193): its geometry, computed once per render.
  const { plan } = (await get(`/applications/${one}/media-plan`)) as { plan: MediaPlanView }
  const flowchart = await timedSize(async () => {
    const chart = mediaPlanFlowchart({ window: { start: plan.windowStart, end: plan.windowEnd }, lines: plan.lines as unknown as PlanLine[], entries: plan.entries as unknown as PlanEntry[], today: plan.today, width: 900 })
    const marks = chart.rows.reduce((sum, r) => sum + r.cells.reduce((n, c) => n + c.marks.length, 0), 0)
    return `${chart.rows.length} lines × ${chart.weeks.length} weeks, ${marks} marks`
  })
  rows.push({ target, query: 'its flowchart (domain geometry, in process)', ...flowchart })
  const startup = await timedSize(async () => {
    const answer = (await get(`/applications/${one}/follow-up`)) as { followUp: { months: { state: string }[] } | null }
    const answered = answer.followUp?.months.filter((m) => m.state === 'answered').length ?? 0
    if (answered !== 12) throw new Error(`one startup: ${answered} answered months of 12`)
    return `${answered} months answered`
  })
  rows.push({ target, query: 'GET /applications/:id/follow-up', ...startup })
  const register = await timedSize(async () => {
    const answer = (await get(`/applications/${one}/holding`)) as { holding: { events: unknown[]; figures: { shares: number } | null } | null }
    if (answer.holding?.events.length !== 10 || !answer.holding.figures) throw new Error(`one register: ${answer.holding?.events.length} events`)
    return `${answer.holding.events.length} events, ${answer.holding.figures.shares} shares`
  })
  rows.push({ target, query: 'GET /applications/:id/holding (register)', ...register })
  const holdingsList = await timedSize(async () => {
    const answer = (await get('/portfolio')) as { rows: unknown[]; totals: { holdings: number } }
    if (answer.totals.holdings !== DEALS) throw new Error(`«Portafolio» totalled ${answer.totals.holdings} of ${DEALS}`)
    return `${answer.rows.length} holdings`
  })
  rows.push({ target, query: 'GET /portfolio («Portafolio», the report)', ...holdingsList })
  const report = await timed(Math.min(RUNS, 20), async () => {
    const res = await app.request(`${WORKSPACE_API_PATH}/portfolio/report.xlsx`)
    if (res.status !== 200) throw new Error(`report: HTTP ${res.status}`)
    return `${((await res.arrayBuffer()).byteLength / 1024).toFixed(0)} kB`
  })
  xlsxRows.push({ target, p50: report.p50, p95: report.p95, size: report.last })
  return rows
}


const xlsxRows: { target: string; p50: number; p95: number; size: string }[] = []
const XLSX_GOAL_MS = 2000
const rows = (await onEachStore(args.only, measure)).flat()
console.log(`\nThe portfolio after the signature, in-process as an admin: ${DEALS} signed startups, ${RUNS} timed calls each`)
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine's cores`)
for (const r of rows) {
  const ok = r.p95 <= GOAL_P95_MS
  console.log(`${r.target.padEnd(9)} ${r.query.padEnd(48)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${r.size}; p95 <= ${GOAL_P95_MS} ms: ${ok ? 'yes' : 'NO'})`)
  if (!ok) process.exitCode = 1
}
for (const r of xlsxRows) {
  const ok = r.p95 < XLSX_GOAL_MS
  console.log(`${r.target.padEnd(9)} ${'GET /portfolio/report.xlsx (quarterly workbook)'.padEnd(48)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${r.size}; p95 < ${XLSX_GOAL_MS} ms: ${ok ? 'yes' : 'NO'})`)
  if (!ok) process.exitCode = 1
}

