import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeHoldingStoreContract } from './holding-store-contract.ts'

describeHoldingStoreContract('sqlite', freshSqliteDatabase)
