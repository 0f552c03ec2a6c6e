/**
 * The ReviewStore on the SQLite file of the ApplicationStore: the one
 * implementation over both engines (server/db/stores/review-store.ts), its
 * changes through the file's group commit.
 */
import { sqliteEngine } from '../../db/sqlite.ts'
import { openReviewStore } from '../../db/stores/review-store.ts'
import type { SqliteStore } from '../../storage/sqlite-store.ts'
import type { ReviewStore } from './review-store.ts'

export const openSqliteReviewStore = (store: SqliteStore): ReviewStore => openReviewStore(sqliteEngine(store))
