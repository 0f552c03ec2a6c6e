import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore } from '../../storage/sqlite-store.ts'
import { insertMember } from '../testing/members.ts'
import { describeScoringStoreContract } from './scoring-store-contract.ts'
import { openSqliteReviewStore } from './sqlite-review-store.ts'
import { openSqliteScoringStore } from './sqlite-scoring-store.ts'

describeScoringStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-scoring-'))
  const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
  await store.migrate()
  return {
    store,
    reviews: openSqliteReviewStore(store),
    scoring: openSqliteScoringStore(store),
    addMember: (role, name) => insertMember(store, role, name),
    exec: async (sql, ...params) => void store.db.prepare(sql).run(...params),
    auditActions: async () => (store.db.prepare('SELECT action FROM audit_log ORDER BY id').all() as { action: string }[]).map((r) => r.action),
    dispose: async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})
