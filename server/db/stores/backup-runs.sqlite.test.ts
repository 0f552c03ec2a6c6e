import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { backupRunsHarness, describeBackupRunsContract } from './backup-runs-contract.ts'

describeBackupRunsContract('sqlite', async () => backupRunsHarness(await freshSqliteDatabase()))
