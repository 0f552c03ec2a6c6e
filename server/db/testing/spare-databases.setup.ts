/**
 * Vitest setup (every test file): PostgreSQL test databases given back by a
 * test are emptied and reused by the file's next test instead of dropped,
 * and dropped once after the file (server/db/testing/postgres-test-database.ts,
 * ADR 0173). The registry is a global, so files that never touch PostgreSQL
 * do not load its client.
 */
import { afterAll } from 'vitest'

const SPARES = Symbol.for('catalitico.spareTestDatabases')
;(globalThis as { [SPARES]?: { names: string[] } })[SPARES] = { names: [] }

afterAll(async () => {
  const registry = (globalThis as { [SPARES]?: { names: string[] } })[SPARES]
  if (!registry || registry.names.length === 0) return
  const { dropSpareDatabases } = await import('./postgres-test-database.ts')
  await dropSpareDatabases(registry)
})
