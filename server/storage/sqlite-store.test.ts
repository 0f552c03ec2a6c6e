import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from './sqlite-store.ts'
import { describeStoreContract } from './store-contract.ts'

describeStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-store-'))
  const path = join(dir, 'catalitico.db')
  const opened = [openSqliteStore(path)]
  await opened[0]!.migrate()
  return {
    store: opened[0]!,
    openSecond: async () => {
      const s = openSqliteStore(path)
      opened.push(s)
      await s.migrate()
      return s
    },
    dispose: async () => {
      for (const s of opened) await s.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})

describe('sqlite store durability settings', () => {
  it('runs in WAL mode with synchronous=FULL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-store-'))
    const store = openSqliteStore(join(dir, 'x.db'))
    try {
      await store.migrate()
      expect(store.durability()).toEqual({ journalMode: 'wal', synchronous: 'FULL' })
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
