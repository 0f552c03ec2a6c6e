/**
 * The ReviewStore on PostgreSQL, on the ApplicationStore's pool: the one
 * implementation over both engines (server/db/stores/review-store.ts).
 */
import { postgresEngine } from '../../db/postgres.ts'
import { openReviewStore } from '../../db/stores/review-store.ts'
import type { PostgresStore } from '../../storage/postgres-store.ts'
import type { ReviewStore } from './review-store.ts'

export const openPostgresReviewStore = (store: PostgresStore): ReviewStore => openReviewStore(postgresEngine(store))
