import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { createPostgresTeamStore } from './postgres-team-store.ts'
import { describeTeamStoreContract, teamStoreHarness } from './team-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeTeamStoreContract('postgres', async () => teamStoreHarness(await freshPostgresDatabase({ max: 4 }), createPostgresTeamStore))
})
