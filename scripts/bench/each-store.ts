/**
 * The benches' two engines: `run` on a fresh SQLite file in a temporary directory, then on a fresh
 * PostgreSQL database on the local server (or TEST_DATABASE_URL's), each closed and removed after.
 * `only`: one engine. PostgreSQL unreachable is said and fails the bench (exit code 1): a figure for
 * one engine is not a figure for both.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readMigrations } from '../../server/db/migrations/postgres-files.ts'
import { openPostgresStore } from '../../server/db/postgres-store.ts'
import { openSqliteStore } from '../../server/db/sqlite-store.ts'
import type { ApplicationStore } from '../../server/db/stores/application-store.ts'
import { createTestDatabase, postgresAvailable } from '../../server/db/testing/postgres-test-database.ts'

export async function onEachStore<T>(only: string | undefined, run: (target: string, store: ApplicationStore) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  if (!only || only === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'catalitico-bench-'))
    const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
    try {
      await store.migrate()
      results.push(await run('sqlite', store))
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  if (!only || only === 'postgres') {
    if (!(await postgresAvailable())) {
      console.error('PostgreSQL is not reachable (set TEST_DATABASE_URL): cannot measure it')
      process.exitCode = 1
    } else {
      const db = await createTestDatabase()
      const store = openPostgresStore(db.url, { migrations: readMigrations() })
      try {
        results.push(await run('postgres', store))
      } finally {
        await store.close()
        await db.drop()
      }
    }
  }
  return results
}
