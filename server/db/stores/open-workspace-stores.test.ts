import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqliteStore } from '../sqlite-store.ts'
import type { ApplicationStore } from './application-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { openWorkspaceStores } from './open-workspace-stores.ts'

describe('openWorkspaceStores', () => {
  it('opens the team and review stores on the same SQLite database as the application store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-open-review-'))
    const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
    try {
      await store.migrate()
      const sub = newSubmission()
      await store.saveSubmission(sub)
      const { team, review } = openWorkspaceStores(store)
      expect((await review.getApplication(sub.application.id))?.application).toEqual(sub.application)
      expect(await team.listMembers()).toEqual([])
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a store it has no workspace for', () => {
    expect(() => openWorkspaceStores({ kind: 'memory' } as ApplicationStore)).toThrow(/needs the SQLite or PostgreSQL store, not memory/)
  })
})
