import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore } from '../../storage/sqlite-store.ts'
import { insertMember } from '../testing/members.ts'
import { describeReviewStoreContract } from './review-store-contract.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'

describeReviewStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-review-'))
  const path = join(dir, 'catalitico.sqlite')
  const store = openSqliteStore(path)
  await store.migrate()
  const opened = [store]
  return {
    store,
    reviews: openSqliteReviewStore(store),
    addMember: (role, name) => insertMember(store, role, name),
    openSecond: async () => {
      const second = openSqliteStore(path)
      opened.push(second)
      await second.migrate()
      return { store: second, reviews: openSqliteReviewStore(second) }
    },
    count: async (table) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    dispose: async () => {
      for (const s of opened) await s.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})
