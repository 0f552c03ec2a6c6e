import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeMediaPlanStoreContract } from './media-plan-store-contract.ts'

describeMediaPlanStoreContract('sqlite', freshSqliteDatabase)
