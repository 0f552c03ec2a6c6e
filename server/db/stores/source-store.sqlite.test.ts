import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeSourceStoreContract } from './source-store-contract.ts'

describeSourceStoreContract('sqlite', freshSqliteDatabase)
