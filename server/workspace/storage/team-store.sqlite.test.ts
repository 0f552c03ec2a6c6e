import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore, type SqliteStore } from '../../storage/sqlite-store.ts'
import { createSqliteTeamStore } from './sqlite-team-store.ts'
import { describeTeamStoreContract } from './team-store-contract.ts'

describeTeamStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-team-'))
  const path = join(dir, 'catalitico.db')
  const opened: SqliteStore[] = []
  const openOne = async () => {
    const store = openSqliteStore(path)
    opened.push(store)
    await store.migrate()
    return { store, team: createSqliteTeamStore(store) }
  }
  const first = await openOne()
  return {
    ...first,
    openSecond: openOne,
    dispose: async () => {
      for (const s of opened) await s.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})
