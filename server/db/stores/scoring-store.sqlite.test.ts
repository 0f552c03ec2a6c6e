import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeScoringStoreContract, scoringStoreHarness } from './scoring-store-contract.ts'
import { engineOf } from '../engine-of.ts'
import { openReviewStore } from './review-store.ts'
import { openScoringStore } from './scoring-store.ts'

describeScoringStoreContract('sqlite', async () =>
  scoringStoreHarness(await freshSqliteDatabase(), { reviews: (s) => openReviewStore(engineOf(s)), scoring: (s) => openScoringStore(engineOf(s)) }),
)
