import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freshSqliteDatabase, harnessPerTest } from './testing/store-databases.ts'
import { newSubmission } from '../testing/fixtures.ts'
import { openSqliteStore } from './sqlite-store.ts'
import { DuplicateReferenceError } from './stores/application-store.ts'
import { describeStoreContract } from './stores/application-store-contract.ts'

describeStoreContract('sqlite', async () => {
  const d = await freshSqliteDatabase()
  return { store: d.store, openSecond: d.openAnother, dispose: d.dispose }
})

const database = harnessPerTest(freshSqliteDatabase)

describe('sqlite store durability settings', () => {
  it('runs in WAL mode with synchronous=FULL', async () => {
    const { store } = await database()
    expect(store.durability()).toEqual({ journalMode: 'wal', synchronous: 'FULL' })
  })
})

describe('sqlite store group commit', () => {
  it('commits concurrent writes together, and a failing write rolls back alone', async () => {
    const { store } = await database()
    const before = store.commits()
    const subs = Array.from({ length: 40 }, (_, i) => newSubmission({ reference: i === 7 ? 'CAT-2026-SAME00' : undefined }))
    const clash = newSubmission({ reference: 'CAT-2026-SAME00' })
    const outcomes = await Promise.allSettled([...subs, clash].map((s) => store.saveSubmission(s)))

    expect(store.commits() - before).toBe(1)
    expect(outcomes.slice(0, 40).every((o) => o.status === 'fulfilled')).toBe(true)
    expect(outcomes[40]).toMatchObject({ status: 'rejected', reason: expect.any(DuplicateReferenceError) })
    expect(await store.listApplications()).toHaveLength(40)
    expect(await store.listMessages({ applicationId: clash.application.id })).toEqual([])
  })

  it('commits writes still queued when it is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-store-'))
    try {
      const store = openSqliteStore(join(dir, 'x.db'))
      await store.migrate()
      const saved = store.saveSubmission(newSubmission())
      await store.close()
      await expect(saved).resolves.toMatchObject({ status: 'created' })
      const reopened = openSqliteStore(join(dir, 'x.db'))
      expect(await reopened.listApplications()).toHaveLength(1)
      await reopened.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
