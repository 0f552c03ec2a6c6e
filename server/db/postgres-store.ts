/**
 * The PostgreSQL store (postgres.js), for several stateless server instances
 * on one database and for the Supabase Edge Function. Selected by
 * DATABASE_URL on Node, by SUPABASE_DB_URL on Supabase. See
 * docs/decisions/0030-postgres-store-postgres-js.md. This file is the
 * connection (the pool, migrations); the store's queries are written once for
 * both engines in server/db/stores/application-store.ts.
 *
 * Runs on Node and on Deno: no node: imports here (the migration files are
 * read elsewhere and passed in), and never sqlite.ts.
 *
 * Concurrency, with any number of instances:
 * - saveSubmission's inserts are one transaction sent in one round trip; the
 *   unique keys of the database (reference, Message-ID, idempotency key)
 *   decide races. A loser of an idempotency-key race waits for the winner's
 *   commit, fails on the key, and answers the winner's outcome.
 * - claimDueMessages locks due rows with FOR UPDATE SKIP LOCKED and leases them
 *   in the same statement: concurrent workers never wait for each other and
 *   never get the same message; a lease whose holder died expires and the
 *   message becomes claimable again.
 */
import postgres, { type Sql } from 'postgres'
import { applyMigrations, type Migration } from './migrations/postgres.ts'
import { openApplicationStore, type ApplicationStore } from './stores/application-store.ts'
import { postgresEngine, type PostgresConnection } from './postgres.ts'

export interface PostgresStoreOptions {
  /** Versioned migrations that migrate() applies (the Node entry points pass readMigrations()). */
  migrations?: readonly Migration[]
  /** Connections in the pool. */
  max?: number
  /**
   * Named prepared statements. Must be off behind a transaction-mode pooler
   * (Supabase's Supavisor on port 6543, PgBouncer); by default they are off
   * only when the URL points at port 6543.
   */
  prepare?: boolean
  /** Seconds an idle connection is kept; the edge function closes them early. */
  idleTimeoutSeconds?: number
}

export interface PostgresStore extends ApplicationStore, PostgresConnection {
  readonly kind: 'postgres'
  /** The pool, for the other stores that share this database (server/db/stores/, through postgresEngine). */
  readonly sql: Sql
}

/** Open a pool to the database at `url` (postgres:// or postgresql://). Nothing connects until the first query. */
export function openPostgresStore(url: string, options: PostgresStoreOptions = {}): PostgresStore {
  const sql: Sql = postgres(url, {
    max: options.max ?? 10,
    prepare: options.prepare ?? new URL(url).port !== '6543',
    idle_timeout: options.idleTimeoutSeconds ?? 60,
    connect_timeout: 10,
    // "schema already exists, skipping" and the like are not worth a log line.
    onnotice: () => {},
    connection: { application_name: 'catalitico' },
  })

  const connection = {
    kind: 'postgres' as const,
    sql,

    async migrate() {
      if (!options.migrations) throw new Error('No migrations given to openPostgresStore; on Supabase run `supabase db push`.')
      await applyMigrations(sql, options.migrations)
    },

    async ping() {
      await sql`select 1`
    },

    async close() {
      await sql.end({ timeout: 5 })
    },
  }
  return openApplicationStore(postgresEngine(connection), connection)
}
