import { engineOf } from '../engine-of.ts'
import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { openTeamStore } from './team-store.ts'
import { describeTeamStoreContract, teamStoreHarness } from './team-store-contract.ts'

describeTeamStoreContract('sqlite', async () => teamStoreHarness(await freshSqliteDatabase(), (store) => openTeamStore(engineOf(store))))
