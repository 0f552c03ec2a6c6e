/**
 * The ReviewStore on the SQLite file of the ApplicationStore: the one
 * implementation over both engines (server/db/stores/review-store.ts), its
 * changes through the file's group commit.
 */
import { sqliteEngine } from '../sqlite.ts'
import { openReviewStore } from './review-store.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import type { ReviewStore } from './review-store-types.ts'

export const openSqliteReviewStore = (store: SqliteStore): ReviewStore => openReviewStore(sqliteEngine(store))
