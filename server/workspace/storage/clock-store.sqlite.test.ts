import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore } from '../../storage/sqlite-store.ts'
import { insertMember } from '../testing/members.ts'
import { describeClockStoreContract, describeConflictStoreContract, type ClockStoreHarness } from './clock-store-contract.ts'
import { openWorkspaceStores } from './open-workspace-stores.ts'

async function open(): Promise<ClockStoreHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-clock-'))
  const path = join(dir, 'catalitico.sqlite')
  const store = openSqliteStore(path)
  await store.migrate()
  const opened = [store]
  return {
    store,
    stores: openWorkspaceStores(store),
    addMember: (role, name, email) => insertMember(store, role, name, email),
    openSecond: async () => {
      const second = openSqliteStore(path)
      opened.push(second)
      await second.migrate()
      return { store: second, stores: openWorkspaceStores(second) }
    },
    exec: async (sql, params) => void store.db.prepare(sql).run(...params),
    count: async (table) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    dispose: async () => {
      for (const s of opened) await s.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

describeConflictStoreContract('sqlite', open)
describeClockStoreContract('sqlite', open)
