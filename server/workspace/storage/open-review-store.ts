/**
 * The ReviewStore on the same database as the ApplicationStore: the SQLite
 * store's connection and group commit, or the PostgreSQL store's pool.
 */
import type { PostgresStore } from '../../storage/postgres-store.ts'
import type { SqliteStore } from '../../storage/sqlite-store.ts'
import type { ApplicationStore } from '../../storage/store.ts'
import { openPostgresReviewStore } from './postgres-review-store.ts'
import type { ReviewStore } from './review-store.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'

export function openReviewStore(store: ApplicationStore): ReviewStore {
  if (store.kind === 'sqlite' && 'db' in store) return openSqliteReviewStore(store as SqliteStore)
  if (store.kind === 'postgres' && 'sql' in store) return openPostgresReviewStore(store as PostgresStore)
  throw new Error(`The team workspace has no review store for a ${store.kind} database`)
}
