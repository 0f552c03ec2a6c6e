/**
 * The founder-link resolution on both stores: only a live link's exact token
 * opens its application; a revoked link, a near miss, the hash itself, junk,
 * and an application reduced by retention open nothing.
 */
import { describe, expect, it } from 'vitest'
import { requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest } from '../../db/testing/store-databases.ts'
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
  const sqliteDatabase = harnessPerTest(freshSqliteDatabase)
  const postgresDatabase = harnessPerTest(() => freshPostgresDatabase())

  it('SQLite', async () => {
    const { store } = await sqliteDatabase()
    await contract(store, openFounderStore(engineOf(store)), async (id) => {
      await store.write(() => store.db.prepare('UPDATE applications SET anonymized_at = ? WHERE id = ?').run(new Date().toISOString(), id))
    })
  })

  it.skipIf(!available)('PostgreSQL', async () => {
    const { store } = await postgresDatabase()
    await contract(store, openFounderStore(engineOf(store)), async (id) => {
      await store.sql`UPDATE applications SET anonymized_at = now() WHERE id = ${id}`
    })
  })
})
