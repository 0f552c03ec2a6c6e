/**
 * The workspace's stores on the same database as the ApplicationStore: the
 * SQLite ones share its connection and group commit, the PostgreSQL ones its
 * pool. Other back ends (the edge function's) have no workspace.
 */
import { openPostgresFounderStore } from './postgres-founder-store.ts'
import { openSqliteFounderStore } from './sqlite-founder-store.ts'
import type { PostgresStore } from '../postgres-store.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import type { ApplicationStore } from './application-store.ts'
import { openPostgresClockStore } from './postgres-clock-store.ts'
import { openPostgresReviewStore } from './postgres-review-store.ts'
import { openPostgresScoringStore } from './postgres-scoring-store.ts'
import { openSqliteClockStore } from './sqlite-clock-store.ts'
import { openConflictStore } from './conflict-store.ts'
import { openMachineryStore } from './machinery-store.ts'
import { engineOf } from '../engine-of.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'
import { openSqliteScoringStore } from './sqlite-scoring-store.ts'
import { openTeamStore } from './team-store.ts'

export function openWorkspaceStores(store: ApplicationStore) {
  if (store.kind === 'sqlite') {
    const sqlite = store as SqliteStore
    return {
      team: openTeamStore(engineOf(store)),
      review: openSqliteReviewStore(sqlite),
      scoring: openSqliteScoringStore(sqlite),
      conflicts: openConflictStore(engineOf(store)),
      clock: openSqliteClockStore(sqlite),
      founder: openSqliteFounderStore(sqlite),
      machinery: openMachineryStore(engineOf(store)),
    }
  }
  if (store.kind === 'postgres') {
    const postgres = store as PostgresStore
    return {
      team: openTeamStore(engineOf(store)),
      review: openPostgresReviewStore(postgres),
      scoring: openPostgresScoringStore(postgres),
      conflicts: openConflictStore(engineOf(store)),
      clock: openPostgresClockStore(postgres),
      founder: openPostgresFounderStore(postgres),
      machinery: openMachineryStore(engineOf(store)),
    }
  }
  throw new Error(`The team workspace needs the SQLite or PostgreSQL store, not ${store.kind}`)
}

export type WorkspaceStores = ReturnType<typeof openWorkspaceStores>
