/**
 * The send-application-email function as Supabase runs it: the very same
 * Hono handler and HTTP app as the Node server (server/features/submission/,
 * server/app.ts), on the Supabase Postgres (SUPABASE_DB_URL) through the
 * PostgreSQL store. Only the wiring differs from server/index.ts:
 *
 * - no outbox worker: Supabase blocks outbound SMTP on ports 25 and 587, so the
 *   function only stores the application and its pending e-mails, in one
 *   transaction; the Node outbox worker, running anywhere with DATABASE_URL
 *   set to the same database, sends them. See
 *   docs/decisions/0033-supabase-mail-leaves-through-the-node-worker.md.
 * - Supabase routes a call of /functions/v1/send-application-email to the
 *   function with the path /send-application-email; both are served.
 * - the client IP for the rate limit comes from the headers Supabase's edge sets.
 *
 * Configuration: the same variables as the Node server (server/shared/env.ts), read
 * from the function's secrets; SUPABASE_DB_URL is set by Supabase itself.
 */
import type { Context } from 'hono'
import { createApp } from '../app.ts'
import { ConfigError, readConfig, servedOverHttps } from '../shared/env.ts'
import { functionDepsFromConfig } from '../features/submission/deps-from-config.ts'
import { createSendApplicationEmail } from '../features/submission/send-application-email.ts'
import { jsonLog, type Log } from '../shared/log.ts'
import { openPostgresStore } from '../db/postgres-store.ts'
import type { ApplicationStore } from '../db/stores/application-store.ts'

/** The path Supabase gives the function's requests. */
export const EDGE_FUNCTION_PATH = '/send-application-email'

/**
 * The client IP as Supabase's edge reports it. Best effort: Supabase
 * documents no contract for these headers, and each isolate counts on its own
 * (see docs/deployment.md).
 *
 * - `cf-connecting-ip`: Cloudflare, in front of every hosted project, sets it
 *   to the address it was reached from, replacing any the client sent.
 * - otherwise the last `x-forwarded-for` entry, the one the gateway in front
 *   of the runtime appended (Kong, in `supabase start` and self-hosting): the
 *   entries before it are whatever the client wrote, and rotating them must
 *   not buy a fresh allowance.
 */
export function edgeClientKey(c: Context): string {
  const cloudflare = c.req.header('cf-connecting-ip')?.trim()
  if (cloudflare) return cloudflare
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return forwarded.at(-1) ?? c.req.header('x-real-ip')?.trim() ?? 'unknown'
}

export interface SupabaseFunction {
  fetch: (request: Request) => Response | Promise<Response>
  store: ApplicationStore
}

export function createSupabaseFunction(env: Record<string, string | undefined>, log: Log = jsonLog): SupabaseFunction {
  const config = readConfig({
    ...env,
    DATABASE_URL: env.SUPABASE_DB_URL || env.DATABASE_URL,
    PUBLIC_ANON_KEY: env.PUBLIC_ANON_KEY || env.SUPABASE_ANON_KEY,
  })
  if (config.database.kind !== 'postgres') {
    throw new ConfigError('Invalid configuration: SUPABASE_DB_URL must be a postgres:// URL (Supabase sets it)')
  }
  // Transaction-mode poolers (Supavisor) cannot keep named prepared statements;
  // an isolate serves few requests at once, and idle connections go early.
  const store = openPostgresStore(config.database.url, { prepare: false, max: 3, idleTimeoutSeconds: 10 })
  const fn = createSendApplicationEmail(functionDepsFromConfig(config, store, { clientKey: edgeClientKey, log }))
  const app = createApp({ store, sendApplicationEmail: fn, log, hsts: servedOverHttps(config) })
  app.route(EDGE_FUNCTION_PATH, fn)
  return { fetch: app.fetch, store }
}
