import { describe } from 'vitest'
import { engineOf } from '../engine-of.ts'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { openTeamStore } from './team-store.ts'
import { describeTeamStoreContract, teamStoreHarness } from './team-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeTeamStoreContract('postgres', async () => teamStoreHarness(await freshPostgresDatabase({ max: 4 }), (store) => openTeamStore(engineOf(store))))
})
