/**
 * Throwaway databases on the real PostgreSQL for tests and benchmarks: each
 * caller gets a fresh database, migrated with supabase/migrations/, and drops
 * it afterwards. The server defaults to the local one (127.0.0.1:5432, user
 * postgres); TEST_DATABASE_URL points elsewhere (any database on the server
 * the role may CREATE DATABASE from).
 *
 * A migrated database is a copy (CREATE DATABASE … TEMPLATE) of a template
 * migrated once: its name carries a hash of supabase/migrations/, so a
 * changed migration gets a template of its own, and runs on other branches
 * sharing the server keep theirs. The first process to need it builds it
 * under an advisory lock, under a temporary name renamed when complete, so
 * concurrent workers and runs wait for one build and never copy half of one
 * (ADR 0132). `migrated: false` still gives an empty database, for the tests
 * of the migrations themselves.
 *
 * Test-only, hence the direct process.env read.
 */
import { createHash, randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { readMigrations } from '../migrations/postgres-files.ts'
import { applyMigrations, type Migration } from '../migrations/postgres.ts'

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

const TEMPLATE_PREFIX = 'catalitico_template_'
/** Any 64-bit constant; the same in every process that builds templates. */
const TEMPLATE_LOCK = 5133029187461820117n
/** Templates of other migration sets older than this are dropped when a new one is built. */
const STALE_TEMPLATE_MS = 7 * 24 * 3600_000

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.href
}

/** The template's name for a set of migrations: it changes with any file's name or text. */
export function templateName(migrations: readonly Migration[]): string {
  const hash = createHash('sha256')
  for (const m of migrations) hash.update(`${m.version}\0${m.name}\0${m.sql}\0`)
  return TEMPLATE_PREFIX + hash.digest('hex').slice(0, 16)
}

async function migrate(name: string, migrations: readonly Migration[]): Promise<void> {
  const db = postgres(urlOf(name), { max: 1, onnotice: () => {} })
  try {
    await applyMigrations(db, migrations)
  } finally {
    await db.end({ timeout: 1 })
  }
}

async function exists(sql: postgres.Sql, name: string): Promise<boolean> {
  return (await sql`select 1 from pg_database where datname = ${name}`).length > 0
}

/**
 * Builds the template of `migrations` unless it exists: one process at a time (a session
 * advisory lock, released by PostgreSQL if the process dies), migrated under a temporary name
 * and renamed when complete, so its name only ever means a whole template.
 */
export async function buildTemplate(name: string, migrations: readonly Migration[]): Promise<void> {
  const sql = admin()
  try {
    if (await exists(sql, name)) return
    await sql`select pg_advisory_lock(${TEMPLATE_LOCK.toString()}::bigint)`
    try {
      if (await exists(sql, name)) return
      const building = `catalitico_building_${randomBytes(6).toString('hex')}`
      await sql.unsafe(`create database ${building}`)
      try {
        await migrate(building, migrations)
        await sql.unsafe(`alter database ${building} rename to ${name}`)
      } catch (error) {
        await sql.unsafe(`drop database if exists ${building} with (force)`)
        throw error
      }
      await sql.unsafe(`comment on database ${name} is ${literal(`built ${new Date().toISOString()}`)}`)
      await dropStaleTemplates(sql, name)
    } finally {
      await sql`select pg_advisory_unlock(${TEMPLATE_LOCK.toString()}::bigint)`
    }
  } finally {
    await sql.end({ timeout: 1 })
  }
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** Other migration sets' templates built more than a week ago (a branch long merged or gone). */
async function dropStaleTemplates(sql: postgres.Sql, current: string): Promise<void> {
  const rows = await sql<{ datname: string; comment: string | null }[]>`
    select datname, shobj_description(oid, 'pg_database') as comment from pg_database
    where datname like ${`${TEMPLATE_PREFIX}%`} and datname <> ${current}`
  for (const { datname, comment } of rows) {
    const built = Date.parse(/^built (.+)$/.exec(comment ?? '')?.[1] ?? '')
    if (!(Date.now() - built > STALE_TEMPLATE_MS)) continue
    // A run still copying it holds it; it goes another time.
    await sql.unsafe(`drop database if exists ${datname}`).catch(() => {})
  }
}

// One build per process and template.
const templates = new Map<string, Promise<void>>()

/** The name of the template migrated with today's supabase/migrations/, built if missing. */
export async function migratedTemplate(): Promise<string> {
  const migrations = readMigrations()
  const name = templateName(migrations)
  let built = templates.get(name)
  if (!built) {
    built = buildTemplate(name, migrations)
    templates.set(name, built)
    built.catch(() => templates.delete(name))
  }
  await built
  return name
}

/** Create a fresh database (migrated unless `migrated: false`) and say how to reach and drop it. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `catalitico_test_${randomBytes(6).toString('hex')}`
  const template = (options.migrated ?? true) ? await migratedTemplate() : undefined
  const sql = admin()
  try {
    await sql.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`)
  } finally {
    await sql.end({ timeout: 1 })
  }
  return {
    name,
    url: urlOf(name),
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
