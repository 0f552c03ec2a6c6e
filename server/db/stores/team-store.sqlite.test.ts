import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { createSqliteTeamStore } from './sqlite-team-store.ts'
import { describeTeamStoreContract, teamStoreHarness } from './team-store-contract.ts'

describeTeamStoreContract('sqlite', async () => teamStoreHarness(await freshSqliteDatabase(), createSqliteTeamStore))
