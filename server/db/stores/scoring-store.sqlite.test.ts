import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeScoringStoreContract, scoringStoreHarness } from './scoring-store-contract.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'
import { openSqliteScoringStore } from './sqlite-scoring-store.ts'

describeScoringStoreContract('sqlite', async () =>
  scoringStoreHarness(await freshSqliteDatabase(), { reviews: openSqliteReviewStore, scoring: openSqliteScoringStore }),
)
