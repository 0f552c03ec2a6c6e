import { describe, expect, it } from 'vitest'
import { freshSqliteDatabase, harnessPerTest } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { openWorkspaceStores } from './open-workspace-stores.ts'

describe('openWorkspaceStores', () => {
  const database = harnessPerTest(freshSqliteDatabase)

  it('opens the team and review stores on the same SQLite database as the application store', async () => {
    const { store } = await database()
    const sub = newSubmission()
    await store.saveSubmission(sub)
    const { team, review } = openWorkspaceStores(store)
    expect((await review.getApplication(sub.application.id))?.application).toEqual(sub.application)
    expect(await team.listMembers()).toEqual([])
  })

  it('refuses a store it has no workspace for', () => {
    expect(() => openWorkspaceStores({ kind: 'memory' } as ApplicationStore)).toThrow(/needs the SQLite or PostgreSQL store, not memory/)
  })
})
