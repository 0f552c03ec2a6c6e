import { describe } from 'vitest'
import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { founderStoreContract, founderStoreFixture } from './founder-store-contract.ts'

describe('SQLite founder store', () => {
  founderStoreContract(async () => founderStoreFixture(await freshSqliteDatabase()))
})
