import { describe } from 'vitest'
import { readMigrations } from '../../storage/postgres-migration-files.ts'
import { openPostgresStore, type PostgresStore } from '../../storage/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../storage/postgres-test-database.ts'
import { createPostgresTeamStore } from './postgres-team-store.ts'
import { describeTeamStoreContract } from './team-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeTeamStoreContract('postgres', async () => {
    const db = await createTestDatabase()
    const migrations = readMigrations()
    const opened: PostgresStore[] = []
    const openOne = async () => {
      const store = openPostgresStore(db.url, { migrations, max: 4 })
      opened.push(store)
      return { store, team: createPostgresTeamStore(store) }
    }
    const first = await openOne()
    return {
      ...first,
      openSecond: openOne,
      dispose: async () => {
        for (const s of opened) await s.close()
        await db.drop()
      },
    }
  })
})
