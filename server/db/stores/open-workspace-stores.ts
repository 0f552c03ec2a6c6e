/**
 * The workspace's stores on the same database as the ApplicationStore: the
 * SQLite ones share its connection and group commit, the PostgreSQL ones its
 * pool. Other back ends (the edge function's) have no workspace.
 */
import type { PostgresStore } from '../postgres-store.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import type { ApplicationStore } from './application-store.ts'
import { engineOf } from '../engine-of.ts'
import { openClockStore } from './clock-store.ts'
import { openFounderStore } from './founder-store.ts'
import { openReviewStore } from './review-store.ts'
import { openScoringStore } from './scoring-store.ts'
import { openPostgresConflictStore } from './postgres-conflict-store.ts'
import { openPostgresMachineryStore } from './postgres-machinery-store.ts'
import { createPostgresTeamStore } from './postgres-team-store.ts'
import { openSqliteConflictStore } from './sqlite-conflict-store.ts'
import { openSqliteMachineryStore } from './sqlite-machinery-store.ts'
import { createSqliteTeamStore } from './sqlite-team-store.ts'

export function openWorkspaceStores(store: ApplicationStore) {
  if (store.kind === 'sqlite') {
    const sqlite = store as SqliteStore
    return {
      team: createSqliteTeamStore(sqlite),
      review: openReviewStore(engineOf(store)),
      scoring: openScoringStore(engineOf(store)),
      conflicts: openSqliteConflictStore(sqlite),
      clock: openClockStore(engineOf(store)),
      founder: openFounderStore(engineOf(store)),
      machinery: openSqliteMachineryStore(sqlite),
    }
  }
  if (store.kind === 'postgres') {
    const postgres = store as PostgresStore
    return {
      team: createPostgresTeamStore(postgres),
      review: openReviewStore(engineOf(store)),
      scoring: openScoringStore(engineOf(store)),
      conflicts: openPostgresConflictStore(postgres),
      clock: openClockStore(engineOf(store)),
      founder: openFounderStore(engineOf(store)),
      machinery: openPostgresMachineryStore(postgres),
    }
  }
  throw new Error(`The team workspace needs the SQLite or PostgreSQL store, not ${store.kind}`)
}

export type WorkspaceStores = ReturnType<typeof openWorkspaceStores>
