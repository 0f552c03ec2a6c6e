import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { clockStoreHarness, describeClockStoreContract, describeConflictStoreContract } from './clock-store-contract.ts'
import { describeMachineryStoreContract } from './machinery-store-contract.ts'

const open = async () => clockStoreHarness(await freshSqliteDatabase())
describeConflictStoreContract('sqlite', open)
describeClockStoreContract('sqlite', open)
describeMachineryStoreContract('sqlite', open)
