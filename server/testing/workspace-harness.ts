/**
 * The whole server app in-process (app.request(), no port) with the
 * workspace API on a real SQLite file, a clock the test moves, and helpers
 * to sign members in and call the API as a browser would (cookie, Origin,
 * X-CSRF-Token). Shared by the workspace's route tests.
 */
import { verifyRoutes } from '../features/agreements/verify-page.ts'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import PostalMime from 'postal-mime'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../app.ts'
import { founderDocumentsFrom, functionDepsFrom, originReader, workspaceApiFrom, type Services } from '../compose.ts'
import type { MediaDaysSource } from '../features/media-plan/media-days.ts'
import type { Documents } from '../features/documents/service.ts'
import { readConfig, type Config } from '../shared/env.ts'
import { founderApp } from '../features/founder-page/founder-app.ts'
import { createSendApplicationEmail, type FunctionEnv } from '../features/submission/send-application-email.ts'
import { openSqliteStore, type SqliteStore } from '../db/sqlite-store.ts'
import { newSession, sessionCookieName } from '../features/team/sessions.ts'
import type { Role } from '../../domain/team.ts'
import type { Member } from '../db/stores/team-store.ts'
import type { WorkspaceDeps } from '../features/team/deps.ts'
import { openWorkspaceStores } from '../db/stores/open-workspace-stores.ts'
import type { TeamStore } from '../db/stores/team-store.ts'
import type { FounderStore } from '../db/stores/founder-store.ts'
import type { ReviewStore } from '../db/stores/review-store.ts'
import type { BackupStatusReader } from '../db/stores/backup-runs.ts'
import { createFileSender } from '../shared/mail/file-sender.ts'
import { createOutboxWorker } from '../features/outbox/worker.ts'
import { shortPaths } from '../features/sources/short-paths.ts'
import { stageMoves } from '../features/review/pipeline.ts'
import type { StageMoves } from '../db/testing/stage-moves.ts'

export const SITE = 'https://equipo.catalitico.example'
export const API = `${SITE}/equipo/api`
/** The harness serves no build: the documents page names this script path instead of the built one. */
export const HARNESS_UPLOAD_SCRIPT = '/assets/documentos-harness.js'

export interface SignedIn {
  member: Member
  cookie: string
  csrfToken: string
  sessionId: string
}

export interface DeliveredMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface CallOptions {
  body?: unknown
  as?: SignedIn | null
  /** Origin header; defaults to the site's. null: none. */
  origin?: string | null
  /** X-CSRF-Token; defaults to the signed-in session's. null: none. */
  csrf?: string | null
  headers?: Record<string, string>
}

export interface WorkspaceHarness {
  app: Hono<FunctionEnv>
  store: SqliteStore
  team: TeamStore
  /** The founder's store (server/db/stores/founder-store.ts): drafts, links, retention. */
  founders: FounderStore
  reviews: ReviewStore & StageMoves
  config: Config
  deps: WorkspaceDeps
  /** The one services object the routes and jobs take (server/compose.ts servicesFrom): for a test to run a job's pass. */
  services: Services
  /** The due-diligence documents (server/features/documents/), whose founder routes are mounted at /postulacion. */
  documents: Documents
  /** Move the clock. */
  advance(ms: number): void
  /**
   * Set the clock to the wall clock. The clock starts at a fixed moment, but
   * tus judges an upload's expiry and the disk stamps files on the wall
   * clock: tests that compare those with the harness's clock sync it first,
   * or they would pass or fail by the day they run.
   */
  syncToWallClock(): void
  now(): Date
  mailsQueued: number
  /** Every line the server logged, as the log received it. */
  logs: Record<string, unknown>[]
  addMember(input?: { role?: Role; name?: string; email?: string }): Promise<Member>
  /** A session opened straight in the store, as a completed sign-in would. */
  signIn(member: Member): Promise<SignedIn>
  call(method: string, path: string, options?: CallOptions): Promise<Response>
  /** Every table's rows, to show a refused request changed nothing. */
  snapshot(): Record<string, unknown[]>
  /**
   * Send what the outbox holds as the server's worker does, through the real
   * .eml sender into DATA_DIR/outbox, and read back, parsed, every e-mail
   * that left since the last call: the only place a founder's link exists.
   */
  deliverMail(): Promise<DeliveredMail[]>
  dispose(): Promise<void>
}

let counter = 0

export async function workspaceHarness(
  env: Record<string, string> = {},
  extra: Partial<WorkspaceDeps> & { backups?: BackupStatusReader; mediaDays?: MediaDaysSource } = {},
): Promise<WorkspaceHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-workspace-'))
  const config = readConfig({ DATA_DIR: dataDir, VITE_SITE_URL: SITE, ...env })
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  await store.migrate()
  const { team } = openWorkspaceStores(store)
  let clock = new Date('2026-11-23T15:00:00.000Z')
  const logs: Record<string, unknown>[] = []
  const log = (entry: Record<string, unknown>) => void logs.push(entry)
  const delivered = new Set<string>()
  const h: WorkspaceHarness = {
    app: undefined as unknown as Hono<FunctionEnv>,
    store,
    team,
    founders: undefined as unknown as FounderStore,
    reviews: undefined as unknown as ReviewStore & StageMoves,
    config,
    deps: undefined as unknown as WorkspaceDeps,
    services: undefined as unknown as Services,
    documents: undefined as unknown as Documents,
    mailsQueued: 0,
    logs,
    advance: (ms) => void (clock = new Date(clock.getTime() + ms)),
    syncToWallClock: () => void (clock = new Date()),
    now: () => clock,

    async addMember(input = {}) {
      counter++
      const member = {
        id: crypto.randomUUID(),
        email: input.email ?? `persona${counter}@catalitico.example`,
        name: input.name ?? `Persona ${counter}`,
        role: input.role ?? 'reviewer',
        invitedBy: null,
        createdAt: clock,
      }
      await team.createMember(member)
      return (await team.getMember(member.id))!
    },

    async signIn(member) {
      const { token, session } = newSession('link', clock, h.deps.session)
      await team.createSession({ ...session, memberId: member.id })
      return { member, cookie: `${sessionCookieName(h.deps.session)}=${token}`, csrfToken: session.csrfToken, sessionId: session.id }
    },

    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers }
      const origin = options.origin === undefined ? SITE : options.origin
      if (origin !== null) headers.origin = origin
      if (options.as) headers.cookie = options.as.cookie
      const csrf = options.csrf === undefined ? options.as?.csrfToken : options.csrf
      if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf
      // A FormData body (a file) sets its own multipart content type.
      if (options.body !== undefined && !(options.body instanceof FormData)) headers['content-type'] = 'application/json'
      return h.app.request(path.startsWith('http') ? path : `${API}${path}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: typeof options.body === 'string' || options.body instanceof FormData ? options.body : JSON.stringify(options.body) } : {}),
      })
    },

    snapshot() {
      const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
      return Object.fromEntries(tables.map(({ name }) => [name, store.db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]))
    },

    async deliverMail() {
      const dir = join(dataDir, 'outbox')
      const worker = createOutboxWorker({ store, sender: createFileSender(dir), siteOrigin: SITE, maxAttempts: 3, clock: () => clock, originOf: originReader(store) })
      await worker.runUntilIdle()
      const mails: DeliveredMail[] = []
      for (const file of (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []).filter((f) => f.name.endsWith('.eml')).map((f) => f.name).sort()) {
        if (delivered.has(file)) continue
        delivered.add(file)
        const mail = await PostalMime.parse(readFileSync(join(dir, file), 'utf8'))
        mails.push({ to: mail.to?.[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html ?? '' })
      }
      return mails
    },

    async dispose() {
      await store.close()
      // Nothing writes here any more: the upload store makes its directory synchronously (IncomingUploads;
      // tus's un-awaited mkdir had re-created it during this removal, ENOTEMPTY, on a loaded machine).
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  // The same composition as the server: auth and members, then the review and data-request routes.
  const workspace = workspaceApiFrom(config, store, { log, clock: () => clock, onMailQueued: () => void h.mailsQueued++, ...extra })
  h.deps = workspace.deps
  h.services = workspace.services
  h.documents = workspace.documents
  const founder = founderApp({
    statusPages: workspace.founderPages,
    documents: founderDocumentsFrom(config, workspace.stores.founder, workspace.documents, HARNESS_UPLOAD_SCRIPT),
  })
  const fn = createSendApplicationEmail(functionDepsFrom(config, store, { log }))
  h.founders = workspace.stores.founder
  h.reviews = { ...workspace.stores.review, ...stageMoves(workspace.stores.stageSteps) }
  h.app = createApp({ store, sendApplicationEmail: fn, log, workspace: workspace.api, founder, verify: verifyRoutes({ agreements: workspace.stores.agreements, team: workspace.stores.team, clientIp: h.deps.clientIp, contactEmail: workspace.services.founders.mail.company.contactEmail, now: () => clock }), shortPaths: shortPaths({ sources: workspace.stores.sources, now: () => clock, clientIp: h.deps.clientIp }) })
  return h
}

/** The token of the founder's personal link in a delivered e-mail's text. */
export function founderTokenFrom(text: string): string {
  const match = /\/postulacion\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(text)
  if (!match) throw new Error('no founder link in the e-mail')
  return match[1]!
}

/** The token in a sign-in e-mail's text body. */
export function tokenFromMail(text: string): string {
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(text)
  if (!match) throw new Error('no sign-in link in the e-mail')
  return match[1]!
}

/** The session cookie a response sets, as a Cookie header value. */
export function sessionCookieFrom(res: Response): string | null {
  const set = res.headers.get('set-cookie')
  const match = set ? /^((?:__Host-)?catalitico_equipo=[A-Za-z0-9_-]{43});/.exec(set) : null
  return match?.[1] ?? null
}
