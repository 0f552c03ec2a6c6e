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

export function engineOf(store: ApplicationStore): Engine {
  if (store.kind === 'sqlite') return sqliteEngine(store as SqliteStore)
  if (store.kind === 'postgres') return postgresEngine(store as PostgresStore)
  throw new Error(`The stores need the SQLite or PostgreSQL store, not ${store.kind}`)
}
