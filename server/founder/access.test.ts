/** The founder-link resolver on both stores: only a live link's exact token opens its application. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPostgresStore } from '../storage/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../storage/postgres-test-database.ts'
import { openSqliteStore } from '../storage/sqlite-store.ts'
import type { ApplicationStore } from '../storage/store.ts'
import { founderResolver, hashFounderToken } from './access.ts'
import { seedFounder } from './testing.ts'

async function contract(store: ApplicationStore) {
  const resolve = founderResolver(store)
  const live = await seedFounder(store, { stage: 'due_diligence' })
  const revoked = await seedFounder(store, { revoked: true })
  expect(await resolve(live.token)).toEqual({ applicationId: live.applicationId, reference: live.reference, stage: 'due_diligence' })
  expect(await resolve(revoked.token)).toBeNull()
  // The hash itself, a near miss, and junk are not tokens.
  expect(await resolve(hashFounderToken(live.token))).toBeNull()
  expect(await resolve(live.token.slice(0, -1) + (live.token.endsWith('A') ? 'B' : 'A'))).toBeNull()
  expect(await resolve("' OR 1=1 --")).toBeNull()
  expect(await resolve('')).toBeNull()
}

const available = await requirePostgres()

describe('founderResolver', () => {
  it('SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-access-'))
    const store = openSqliteStore(join(dir, 'db.sqlite'))
    try {
      await store.migrate()
      await contract(store)
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.skipIf(!available)('PostgreSQL', async () => {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url)
    try {
      await contract(store)
    } finally {
      await store.close()
      await db.drop()
    }
  })
})
