import { describe } from 'vitest'
import { readMigrations } from '../../storage/postgres-migration-files.ts'
import { openPostgresStore, type PostgresStore } from '../../storage/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../storage/postgres-test-database.ts'
import { insertMember } from '../testing/members.ts'
import { openPostgresReviewStore } from './postgres-review-store.ts'
import { describeReviewStoreContract } from './review-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeReviewStoreContract('postgres', async () => {
    const db = await createTestDatabase()
    const migrations = readMigrations()
    const store = openPostgresStore(db.url, { migrations })
    const opened: PostgresStore[] = [store]
    return {
      store,
      reviews: openPostgresReviewStore(store),
      addMember: (role, name) => insertMember(store, role, name),
      openSecond: async () => {
        const second = openPostgresStore(db.url, { migrations })
        opened.push(second)
        return { store: second, reviews: openPostgresReviewStore(second) }
      },
      count: async (table) => Number((await store.sql.unsafe<{ n: string }[]>(`select count(*) as n from ${table}`))[0]!.n),
      dispose: async () => {
        for (const s of opened) await s.close()
        await db.drop()
      },
    }
  })
})
