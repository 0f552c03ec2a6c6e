import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeReviewStoreContract, reviewStoreHarness } from './review-store-contract.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'

describeReviewStoreContract('sqlite', async () => reviewStoreHarness(await freshSqliteDatabase(), openSqliteReviewStore))
