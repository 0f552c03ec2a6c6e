import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeFounderActivityContract } from './founder-activity-store-contract.ts'

describeFounderActivityContract('sqlite', freshSqliteDatabase)
