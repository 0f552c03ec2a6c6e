import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { describeReviewStoreContract, reviewStoreHarness } from './review-store-contract.ts'
import { engineOf } from '../engine-of.ts'
import { openReviewStore } from './review-store.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeReviewStoreContract('postgres', async () => reviewStoreHarness(await freshPostgresDatabase(), (s) => openReviewStore(engineOf(s))))
})
