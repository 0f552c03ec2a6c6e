/**
 * The Engine of an ApplicationStore's database: its SQLite connection or its
 * PostgreSQL pool. Stores written once (ADR 0124) are opened on it.
 */
import type { Engine } from './engine.ts'
import { postgresEngine } from './postgres.ts'
import type { PostgresStore } from './postgres-store.ts'
import { sqliteEngine } from './sqlite.ts'
import type { SqliteStore } from './sqlite-store.ts'
import type { ApplicationStore } from './stores/application-store.ts'

const engines = new WeakMap<ApplicationStore, Engine>()

/** One Engine per database handle: its Kysely instance (and so its compiled queries) is made once. */
export function engineOf(store: ApplicationStore): Engine {
  let engine = engines.get(store)
  if (!engine) {
    if (store.kind === 'sqlite') engine = sqliteEngine(store as SqliteStore)
    else if (store.kind === 'postgres') engine = postgresEngine(store as PostgresStore)
    else throw new Error(`The stores need the SQLite or PostgreSQL store, not ${store.kind}`)
    engines.set(store, engine)
  }
  return engine
}
