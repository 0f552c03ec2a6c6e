/**
 * The contract suites' databases: a fresh, migrated SQLite file or
 * PostgreSQL database per test, with what the harnesses of both need (more
 * instances on it, raw set-up SQL, row counts, removal), so each
 * `*.sqlite.test.ts` / `*.postgres.test.ts` only says which stores to open.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { readMigrations } from '../migrations/postgres-files.ts'
import { openPostgresStore, type PostgresStore } from '../postgres-store.ts'
import { createTestDatabase } from './postgres-test-database.ts'
import { openSqliteStore, type SqliteStore } from '../sqlite-store.ts'

export interface TestDatabase<S> {
  store: S
  /** Another store (connection, pool) on the same database: a second instance; closed by dispose. */
  openAnother(): Promise<S>
  /** One statement with ? placeholders (test set-up). */
  exec(sql: string, params?: readonly unknown[]): Promise<void>
  count(table: string): Promise<number>
  /** The rows of one query without parameters (test checks). */
  all(sql: string): Promise<Record<string, unknown>[]>
  dispose(): Promise<void>
}

/** `dir` holds the file as DATA_DIR would (catalitico.sqlite): a command line run on it finds it. */
export async function freshSqliteDatabase(): Promise<TestDatabase<SqliteStore> & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-contract-'))
  const path = join(dir, 'catalitico.sqlite')
  const opened: SqliteStore[] = []
  const openAnother = async () => {
    const store = openSqliteStore(path)
    opened.push(store)
    await store.migrate()
    return store
  }
  const store = await openAnother()
  return {
    dir,
    store,
    openAnother,
    exec: async (sql, params = []) => void store.db.prepare(sql).run(...params),
    count: async (table) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    all: async (sql) => store.db.prepare(sql).all() as Record<string, unknown>[],
    dispose: async () => {
      for (const s of opened) await s.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function freshPostgresDatabase(options: { max?: number } = {}): Promise<TestDatabase<PostgresStore>> {
  const db = await createTestDatabase()
  const migrations = readMigrations()
  const opened: PostgresStore[] = []
  const openAnother = async () => {
    const store = openPostgresStore(db.url, { migrations, ...options })
    opened.push(store)
    return store
  }
  const store = await openAnother()
  return {
    store,
    openAnother,
    // postgres.js numbers its placeholders: ? becomes $1, $2…
    exec: async (sql, params = []) => {
      let n = 0
      await store.sql.unsafe(sql.replace(/\?/g, () => `$${++n}`), params as never[])
    },
    count: async (table) => Number((await store.sql.unsafe<{ n: string }[]>(`select count(*) as n from ${table}`))[0]!.n),
    all: async (sql) => [...(await store.sql.unsafe<Record<string, unknown>[]>(sql))],
    dispose: async () => {
      for (const s of opened) await s.close()
      // Emptied and reused by the file's next test (ADR 0173).
      await db.release()
    },
  }
}

/** A contract suite's `harness()`: opens one per call and disposes of every one after each test, last first. */
export function harnessPerTest<H extends { dispose: () => Promise<void> }, A extends unknown[] = []>(open: (...args: A) => Promise<H>): (...args: A) => Promise<H> {
  let opened: H[] = []
  afterEach(async () => {
    for (const h of opened.reverse()) await h.dispose()
    opened = []
  })
  return async (...args) => {
    const h = await open(...args)
    opened.push(h)
    return h
  }
}
