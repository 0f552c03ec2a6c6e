import { describe } from 'vitest'
import { readMigrations } from '../../storage/postgres-migration-files.ts'
import { openPostgresStore, type PostgresStore } from '../../storage/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../storage/postgres-test-database.ts'
import { insertMember } from '../testing/members.ts'
import { describeClockStoreContract, describeConflictStoreContract, type ClockStoreHarness } from './clock-store-contract.ts'
import { openWorkspaceStores } from './open-workspace-stores.ts'

const available = await requirePostgres()

async function open(): Promise<ClockStoreHarness> {
  const db = await createTestDatabase()
  const migrations = readMigrations()
  const store = openPostgresStore(db.url, { migrations })
  const opened: PostgresStore[] = [store]
  return {
    store,
    stores: openWorkspaceStores(store),
    addMember: (role, name, email) => insertMember(store, role, name, email),
    openSecond: async () => {
      const second = openPostgresStore(db.url, { migrations })
      opened.push(second)
      return { store: second, stores: openWorkspaceStores(second) }
    },
    // postgres.js numbers its placeholders: ? becomes $1, $2…
    exec: async (sql, params) => {
      let n = 0
      await store.sql.unsafe(sql.replace(/\?/g, () => `$${++n}`), params as never[])
    },
    count: async (table) => Number((await store.sql.unsafe<{ n: string }[]>(`select count(*) as n from ${table}`))[0]!.n),
    dispose: async () => {
      for (const s of opened) await s.close()
      await db.drop()
    },
  }
}

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeConflictStoreContract('postgres', open)
  describeClockStoreContract('postgres', open)
})
