/**
 * The workspace's stores on the same database as the ApplicationStore: the
 * SQLite ones share its connection and group commit, the PostgreSQL ones its
 * pool. Other back ends (the edge function's) have no workspace.
 */
import { openPostgresFounderStore } from '../../founder/postgres-founder-store.ts'
import { openSqliteFounderStore } from '../../founder/sqlite-founder-store.ts'
import type { PostgresStore } from '../../storage/postgres-store.ts'
import type { SqliteStore } from '../../storage/sqlite-store.ts'
import type { ApplicationStore } from '../../storage/store.ts'
import { openPostgresReviewStore } from './postgres-review-store.ts'
import { createPostgresTeamStore } from './postgres-team-store.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'
import { createSqliteTeamStore } from './sqlite-team-store.ts'

export function openWorkspaceStores(store: ApplicationStore) {
  if (store.kind === 'sqlite') {
    const sqlite = store as SqliteStore
    return {
      team: createSqliteTeamStore(sqlite),
      review: openSqliteReviewStore(sqlite),
      founder: openSqliteFounderStore(sqlite),
    }
  }
  if (store.kind === 'postgres') {
    const postgres = store as PostgresStore
    return {
      team: createPostgresTeamStore(postgres),
      review: openPostgresReviewStore(postgres),
      founder: openPostgresFounderStore(postgres),
    }
  }
  throw new Error(`The team workspace needs the SQLite or PostgreSQL store, not ${store.kind}`)
}

export type WorkspaceStores = ReturnType<typeof openWorkspaceStores>
