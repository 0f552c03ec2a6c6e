/**
 * For the tests of one migration on both engines (tests, not migrations): the two engines, each with the
 * statements that make its database forget the migration ran (its row in the engine's migrations table, and
 * what else it must add again), and a database per test migrated to the end, disposed of after the test.
 */
import type { ApplicationStore } from '../stores/application-store.ts'
import { requirePostgres } from './postgres-test-database.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest, type TestDatabase } from './store-databases.ts'

type Open = () => Promise<TestDatabase<ApplicationStore>>

/**
 * SQLite always; PostgreSQL when it is reachable (requirePostgres: required in CI). `forget`: the migration's
 * version in each engine's migrations table (SQLite's number, the Supabase file's timestamp), after `undo`'s
 * statements when the migration added more than rows (a column, say).
 */
export async function migrationEngines(version: { sqlite: number; postgres: string }, undo: { sqlite: readonly string[]; postgres: readonly string[] } = { sqlite: [], postgres: [] }) {
  const available = await requirePostgres()
  return [
    { name: 'SQLite', open: freshSqliteDatabase as Open, forget: [...undo.sqlite, `DELETE FROM schema_migrations WHERE version = ${version.sqlite}`], run: true },
    {
      name: 'PostgreSQL',
      open: freshPostgresDatabase as Open,
      forget: [...undo.postgres, `delete from supabase_migrations.schema_migrations where version = '${version.postgres}'`],
      run: available,
    },
  ]
}

/** `migrated(open)`: a fresh database on that engine, every migration applied; each one disposed of after its test. */
export function migratedPerTest(): (open: Open) => Promise<TestDatabase<ApplicationStore>> {
  return harnessPerTest(async (open: Open) => {
    const db = await open()
    try {
      await db.store.migrate()
    } catch (error) {
      await db.dispose()
      throw error
    }
    return db
  })
}

/** The migration forgotten, then the migrations run again: it runs once more, on the rows written since. */
export async function rerunForgotten(db: TestDatabase<ApplicationStore>, forget: readonly string[]): Promise<void> {
  for (const statement of forget) await db.exec(statement)
  await db.store.migrate()
}
