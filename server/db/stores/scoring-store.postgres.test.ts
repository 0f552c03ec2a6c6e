import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { openPostgresReviewStore } from './postgres-review-store.ts'
import { openPostgresScoringStore } from './postgres-scoring-store.ts'
import { describeScoringStoreContract, scoringStoreHarness } from './scoring-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeScoringStoreContract('postgres', async () =>
    scoringStoreHarness(await freshPostgresDatabase(), { reviews: openPostgresReviewStore, scoring: openPostgresScoringStore }),
  )
})
