import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeRequestKeyStoreContract } from './request-key-store-contract.ts'

describeRequestKeyStoreContract('sqlite', freshSqliteDatabase)
