import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeDealStoreContract } from './deal-store-contract.ts'

describeDealStoreContract('sqlite', freshSqliteDatabase)
