import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { clockStoreHarness, describeClockStoreContract, describeConflictStoreContract } from './clock-store-contract.ts'
import { describeMachineryStoreContract } from './machinery-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  const open = async () => clockStoreHarness(await freshPostgresDatabase())
  describeConflictStoreContract('postgres', open)
  describeClockStoreContract('postgres', open)
  describeMachineryStoreContract('postgres', open)
})
