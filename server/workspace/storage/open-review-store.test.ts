import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../storage/sqlite-store.ts'
import type { ApplicationStore } from '../../storage/store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { openReviewStore } from './open-review-store.ts'

describe('openReviewStore', () => {
  it('opens the review store on the same SQLite database as the application store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-open-review-'))
    const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
    try {
      await store.migrate()
      const sub = newSubmission()
      await store.saveSubmission(sub)
      expect((await openReviewStore(store).getApplication(sub.application.id))?.application).toEqual(sub.application)
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a store it has no review store for', () => {
    expect(() => openReviewStore({ kind: 'memory' } as ApplicationStore)).toThrow(/no review store for a memory database/)
  })
})
