import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeFollowUpStoreContract } from './follow-up-store-contract.ts'

describeFollowUpStoreContract('sqlite', freshSqliteDatabase)
