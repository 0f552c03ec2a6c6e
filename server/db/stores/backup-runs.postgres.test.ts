import { describe } from 'vitest'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import { freshPostgresDatabase } from '../testing/store-databases.ts'
import { backupRunsHarness, describeBackupRunsContract } from './backup-runs-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeBackupRunsContract('postgres', async () => backupRunsHarness(await freshPostgresDatabase()))
})
