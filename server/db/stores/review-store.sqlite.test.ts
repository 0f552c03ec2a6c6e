import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeReviewStoreContract, reviewStoreHarness } from './review-store-contract.ts'
import { engineOf } from '../engine-of.ts'
import { openReviewStore } from './review-store.ts'

describeReviewStoreContract('sqlite', async () => reviewStoreHarness(await freshSqliteDatabase(), (s) => openReviewStore(engineOf(s))))
