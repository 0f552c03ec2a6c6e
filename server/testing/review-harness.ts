/**
 * The review and data-request routes in-process (app.request()) on a real
 * SQLite file, behind a stand-in for the session middleware: it reads the
 * member named by the X-Test-Member header from team_members (a real row
 * inserted by insertMember) and sets c.get('member') as the real middleware
 * does. Until the routes are mounted behind auth/'s middleware in api.ts,
 * this is how their tests sign in.
 */
import { Hono } from 'hono'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WORKSPACE_API_PATH, type WorkspaceEnv } from '../shared/auth/context.ts'
import type { Role } from '../../domain/team.ts'
import type { Member } from '../db/stores/team-store.ts'
import { dataRequestRoutes } from '../features/data-requests/routes.ts'
import { bulkRoutes } from '../features/review/bulk-routes.ts'
import type { ChangeStageDeps } from '../features/review/pipeline.ts'
import { reviewRoutes } from '../features/review/routes.ts'
import { scoringRoutes } from '../features/review/scoring-routes.ts'
import { openConflictStore, type ConflictStore } from '../db/stores/conflict-store.ts'
import type { PostgresStore } from '../db/postgres-store.ts'
import { openSqliteStore, type SqliteStore } from '../db/sqlite-store.ts'
import type { ApplicationStore } from '../db/stores/application-store.ts'
import { insertMember } from '../db/testing/members.ts'
import { engineOf } from '../db/engine-of.ts'
import { openReviewStore, type ReviewStore } from '../db/stores/review-store.ts'
import { openStageSteps, type StageSteps } from '../db/stores/stage-steps.ts'
import { withStageMoves, type StageMoves } from '../db/testing/stage-moves.ts'
import { openScoringStore, type ScoringStore } from '../db/stores/scoring-store.ts'
import { openFounderStore } from '../db/stores/founder-store.ts'
import type { FounderMailConfig } from '../shared/mail/founder-mail.ts'

const MEMBER_HEADER = 'X-Test-Member'

/** The founders' e-mail settings the harness's data-request routes write with. */
export const TEST_FOUNDER_MAIL: FounderMailConfig = {
  from: 'Catalítico <postulaciones@catalitico.example>',
  replyTo: 'postulaciones@catalitico.example',
  company: { legalName: 'Catalítico Ventures S.A.S.', website: 'https://catalitico.example', contactEmail: 'postulaciones@catalitico.example' },
  siteOrigin: 'https://catalitico.example',
}

/** Mount the workspace's review routes, signing requests in by the test header. */
export function reviewApp(deps: {
  store: ApplicationStore
  reviews: ReviewStore
  /** What a stage change writes; default: opened on the store's engine. */
  steps?: StageSteps
  scoring: ScoringStore
  conflicts: ConflictStore
  now: () => Date
  /** The founders' e-mails of stage changes; without it none is written. */
  founders?: ChangeStageDeps['founders']
}): Hono {
  const api = new Hono<WorkspaceEnv>()
  api.use('*', async (c, next) => {
    const member = await readMember(deps.store, c.req.header(MEMBER_HEADER) ?? '')
    if (!member || !member.active) return c.json({ error: 'unauthenticated' }, 401)
    c.set('member', member)
    await next()
  })
  const routeDeps = { ...deps, steps: deps.steps ?? openStageSteps(engineOf(deps.store)) }
  api.route('/', reviewRoutes(routeDeps))
  api.route('/', scoringRoutes(routeDeps))
  api.route('/', bulkRoutes(routeDeps))
  api.route('/', dataRequestRoutes({ ...deps, founders: deps.founders ?? { store: openFounderStore(engineOf(deps.store)), mail: TEST_FOUNDER_MAIL } }))
  return new Hono().route(WORKSPACE_API_PATH, api)
}

async function readMember(store: ApplicationStore, id: string): Promise<Member | null> {
  const row =
    store.kind === 'sqlite'
      ? ((store as SqliteStore).db.prepare('SELECT * FROM team_members WHERE id = ?').get(id) as MemberRow | undefined)
      : (await (store as PostgresStore).sql<MemberRow[]>`select * from team_members where id::text = ${id}`)[0]
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active === true || row.active === 1,
    createdAt: new Date(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at),
  }
}

interface MemberRow {
  id: string
  email: string
  name: string
  role: Role
  active: number | boolean
  created_at: string | Date
  last_sign_in_at: string | Date | null
}

export interface ReviewHarness {
  app: Hono
  store: SqliteStore
  reviews: ReviewStore & StageMoves
  /** The clock the routes read; tests move it. */
  clock: { now: Date }
  addMember(role: Role, name?: string): Promise<Member>
  /** A request to `/equipo/api${path}` as `member`; a body is sent as JSON. */
  call(member: Member | null, method: string, path: string, body?: unknown): Promise<Response>
  /** Rows in a table, to prove that a refused request changed nothing. */
  count(table: string): number
  dispose(): Promise<void>
}

export async function reviewHarness(start = new Date('2026-03-18T20:00:00.000Z')): Promise<ReviewHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-workspace-'))
  const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
  await store.migrate()
  const reviews = withStageMoves(openReviewStore(engineOf(store)), engineOf(store))
  const clock = { now: start }
  const app = reviewApp({ store, reviews, scoring: openScoringStore(engineOf(store)), conflicts: openConflictStore(engineOf(store)), now: () => clock.now })
  return {
    app,
    store,
    reviews,
    clock,
    addMember: (role, name) => insertMember(store, role, name),
    call: async (member, method, path, body) =>
      app.request(`${WORKSPACE_API_PATH}${path}`, {
        method,
        headers: {
          ...(member ? { [MEMBER_HEADER]: member.id } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    count: (table) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    dispose: async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
