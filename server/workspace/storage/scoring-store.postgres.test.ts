import { describe } from 'vitest'
import { readMigrations } from '../../storage/postgres-migration-files.ts'
import { openPostgresStore } from '../../storage/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../storage/postgres-test-database.ts'
import { insertMember } from '../testing/members.ts'
import { openPostgresReviewStore } from './postgres-review-store.ts'
import { openPostgresScoringStore } from './postgres-scoring-store.ts'
import { describeScoringStoreContract } from './scoring-store-contract.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeScoringStoreContract('postgres', async () => {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url, { migrations: readMigrations() })
    return {
      store,
      reviews: openPostgresReviewStore(store),
      scoring: openPostgresScoringStore(store),
      addMember: (role, name) => insertMember(store, role, name),
      exec: async (sql, ...params) => {
        let n = 0
        await store.sql.unsafe(sql.replace(/\?/g, () => `$${++n}`), params as never[])
      },
      auditActions: async () => (await store.sql<{ action: string }[]>`select action from audit_log order by id`).map((r) => r.action),
      dispose: async () => {
        await store.close()
        await db.drop()
      },
    }
  })
})
