/**
 * The founder-link resolution on both stores: only a live link's exact token
 * opens its application; a revoked link, a near miss, the hash itself, junk,
 * and an application reduced by retention open nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPostgresStore, type PostgresStore } from '../../db/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { openSqliteStore, type SqliteStore } from '../../db/sqlite-store.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { hashFounderToken, resolveFounderToken } from './founder-link.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import { engineOf } from '../../db/engine-of.ts'
import { openFounderStore, type FounderStore } from '../../db/stores/founder-store.ts'

async function contract(store: ApplicationStore, founders: FounderStore, markReduced: (id: string) => Promise<void>) {
  const resolve = (token: string) => resolveFounderToken(founders, token)
  const live = await seedFounder(store, { stage: 'due_diligence' })
  const revoked = await seedFounder(store, { revoked: true })
  const reduced = await seedFounder(store, { stage: 'retirada' })
  expect(await resolve(live.token)).toMatchObject({ applicationId: live.applicationId, reference: live.reference, stage: 'due_diligence' })
  expect(await resolve(reduced.token)).toMatchObject({ applicationId: reduced.applicationId, stage: 'retirada' })
  await markReduced(reduced.applicationId)
  expect(await resolve(reduced.token)).toBeNull()
  expect(await resolve(revoked.token)).toBeNull()
  // The hash itself, a near miss, and junk are not tokens.
  expect(await resolve(hashFounderToken(live.token))).toBeNull()
  expect(await resolve(live.token.slice(0, -1) + (live.token.endsWith('A') ? 'B' : 'A'))).toBeNull()
  expect(await resolve("' OR 1=1 --")).toBeNull()
  expect(await resolve('')).toBeNull()
}

const available = await requirePostgres()

describe('resolveFounderToken', () => {
  it('SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-access-'))
    const store = openSqliteStore(join(dir, 'db.sqlite'))
    try {
      await store.migrate()
      await contract(store, openFounderStore(engineOf(store)), async (id) => {
        await (store as SqliteStore).write(() => store.db.prepare('UPDATE applications SET anonymized_at = ? WHERE id = ?').run(new Date().toISOString(), id))
      })
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.skipIf(!available)('PostgreSQL', async () => {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url)
    try {
      await contract(store, openFounderStore(engineOf(store)), async (id) => {
        await (store as PostgresStore).sql`UPDATE applications SET anonymized_at = now() WHERE id = ${id}`
      })
    } finally {
      await store.close()
      await db.drop()
    }
  })
})
