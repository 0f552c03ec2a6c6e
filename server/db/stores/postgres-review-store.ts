/**
 * The ReviewStore on PostgreSQL, on the ApplicationStore's pool: the one
 * implementation over both engines (server/db/stores/review-store.ts).
 */
import { postgresEngine } from '../postgres.ts'
import { openReviewStore } from './review-store.ts'
import type { PostgresStore } from '../postgres-store.ts'
import type { ReviewStore } from './review-store-types.ts'

export const openPostgresReviewStore = (store: PostgresStore): ReviewStore => openReviewStore(postgresEngine(store))
