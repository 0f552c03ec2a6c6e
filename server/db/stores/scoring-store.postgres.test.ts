import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { describeScoringStoreContract, scoringStoreHarness } from './scoring-store-contract.ts'
import { engineOf } from '../engine-of.ts'
import { openReviewStore } from './review-store.ts'
import { openScoringStore } from './scoring-store.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeScoringStoreContract('postgres', async () =>
    scoringStoreHarness(await freshPostgresDatabase(), { reviews: (s) => openReviewStore(engineOf(s)), scoring: (s) => openScoringStore(engineOf(s)) }),
  )
})
