import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { founderStoreContract, founderStoreFixture } from './founder-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL founder store (the real server; one database per test)', () => {
  founderStoreContract(async () => founderStoreFixture(await freshPostgresDatabase()))
})
