import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describePanelStoreContract } from './panel-store-contract.ts'

describePanelStoreContract('sqlite', freshSqliteDatabase)
