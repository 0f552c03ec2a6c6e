/**
 * Throwaway databases on the real PostgreSQL for tests and benchmarks: each
 * caller gets a fresh database, migrated with supabase/migrations/, and drops
 * it afterwards. The server defaults to the local one (127.0.0.1:5432, user
 * postgres); TEST_DATABASE_URL points elsewhere (any database on the server
 * the role may CREATE DATABASE from).
 *
 * Test-only, hence the direct process.env read.
 */
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { readMigrations } from '../migrations/postgres-files.ts'
import { applyMigrations } from '../migrations/postgres.ts'

export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

export interface TestDatabase {
  name: string
  url: string
  drop: () => Promise<void>
}

function admin() {
  return postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
}

/** Whether the PostgreSQL server answers. */
export async function postgresAvailable(): Promise<boolean> {
  const sql = admin()
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 })
  }
}

/**
 * Whether the PostgreSQL tests run. In CI (CI=true) a missing server is a
 * failure, never a silent skip; on a laptop without PostgreSQL they are
 * skipped with a warning.
 */
export async function requirePostgres(): Promise<boolean> {
  if (await postgresAvailable()) return true
  const message = `PostgreSQL is not reachable at ${new URL(ADMIN_URL).host} (set TEST_DATABASE_URL)`
  if (process.env.CI && process.env.CI !== 'false') throw new Error(`${message}: the PostgreSQL tests cannot run in CI without it`)
  console.warn(`${message}: skipping the PostgreSQL tests`)
  return false
}

/** Create a fresh database (migrated unless `migrated: false`) and say how to reach and drop it. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `catalitico_test_${randomBytes(6).toString('hex')}`
  const sql = admin()
  try {
    await sql.unsafe(`create database ${name}`)
  } finally {
    await sql.end({ timeout: 1 })
  }
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  if (options.migrated ?? true) {
    const db = postgres(url.href, { max: 1, onnotice: () => {} })
    try {
      await applyMigrations(db, readMigrations())
    } finally {
      await db.end({ timeout: 1 })
    }
  }
  return {
    name,
    url: url.href,
    drop: async () => {
      const sql = admin()
      try {
        // FORCE ends connections a crashed test left behind.
        await sql.unsafe(`drop database if exists ${name} with (force)`)
      } finally {
        await sql.end({ timeout: 1 })
      }
    },
  }
}
