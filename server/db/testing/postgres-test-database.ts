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
  /** Drops it: afterwards it is gone (a test of what happens then relies on it). */
  drop: () => Promise<void>
  /**
   * Gives it back when the test is done with it: under Vitest a migrated copy is emptied and handed
   * to the next test of the same file (ADR 0173); otherwise, or if a test changed its schema, dropped.
   */
  release: () => Promise<void>
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

/**
 * Copies given back by `release()`, emptied, for the next `createTestDatabase()` of this process, and
 * dropped at the end of the test file: a DROP DATABASE forces a checkpoint of the whole server (3 to
 * 5 s each on a loaded machine), emptying 40 tables does not (ADR 0173). Only while a Vitest setup
 * file keeps the registry (`spare-databases.setup.ts`, which drops them after each file); a script
 * without it drops each copy as before.
 */
const SPARES = Symbol.for('catalitico.spareTestDatabases')
export interface SpareRegistry {
  names: string[]
}
function spareRegistry(): SpareRegistry | undefined {
  return (globalThis as { [SPARES]?: SpareRegistry })[SPARES]
}
/** Every table but the migrations' ledger, quoted. */
const TABLES_SQL = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema')
    and (schemaname, tablename) <> ('supabase_migrations', 'schema_migrations')
  order by 1`

/**
 * What a test could change in a database besides its rows: relations, columns and their defaults,
 * indexes, constraints, functions, triggers, extensions, the migrations' ledger, the database's
 * settings. A copy given back with another fingerprint than a fresh copy's is dropped, not reused.
 */
const FINGERPRINT_SQL = `select md5(string_agg(line, E'\n' order by line)) as fingerprint from (
  select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all
  select 'col ' || c.oid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and a.attnum > 0 and not a.attisdropped
  union all
  select 'idx ' || indexdef from pg_indexes where schemaname not in ('pg_catalog', 'information_schema')
  union all
  select 'con ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all
  select 'fn ' || p.oid::regprocedure::text || ' ' || md5(pg_get_functiondef(p.oid))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind in ('f', 'p')
  union all
  select 'trg ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
  union all
  select 'ext ' || extname || ' ' || extversion from pg_extension
  union all
  select 'seq ' || schemaname || '.' || sequencename from pg_sequences
  union all
  select 'mig ' || version || ' ' || coalesce(name, '') || ' ' || md5(coalesce(array_to_string(statements, E'\n'), ''))
    from supabase_migrations.schema_migrations
  union all
  select 'set ' || array_to_string(setconfig, ',') from pg_db_role_setting
    where setdatabase = (select oid from pg_database where datname = current_database())
) lines`

async function fingerprint(sql: postgres.Sql): Promise<string> {
  return (await sql.unsafe<{ fingerprint: string }[]>(FINGERPRINT_SQL))[0]!.fingerprint
}

/** Foreign keys between two different tables: `child` refers to `parent`. */
const REFERENCES_SQL = `select format('%I.%I', cn.nspname, c.relname) as child, format('%I.%I', pn.nspname, p.relname) as parent
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
  join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
  where k.contype = 'f' and k.conrelid <> k.confrelid`

/**
 * One statement that empties every table, children before the tables they refer to, and restarts
 * every sequence. DELETE, not TRUNCATE: a test leaves a few rows, and a TRUNCATE of 40 tables makes
 * new files for each and their indexes (0.4 to 1.9 s here, more than the copy it replaces).
 */
async function emptyingStatement(sql: postgres.Sql, tables: string[]): Promise<string> {
  const references = await sql.unsafe<{ child: string; parent: string }[]>(REFERENCES_SQL)
  const order: string[] = []
  let left = [...tables]
  while (left.length > 0) {
    // A table whose rows nothing left refers to can go now.
    const free = left.filter((t) => !references.some((r) => r.parent === t && r.child !== t && left.includes(r.child)))
    if (free.length === 0) throw new Error(`foreign keys in a circle among ${left.join(', ')}`)
    order.push(...free)
    left = left.filter((t) => !free.includes(t))
  }
  const sequences = await sql.unsafe<{ name: string }[]>(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences`)
  const statements = [...order.map((t) => `delete from ${t};`), ...sequences.map((q) => `alter sequence ${q.name} restart;`)]
  return `do $empty$ begin ${statements.join(' ')} end $empty$`
}

/**
 * A fresh copy's fingerprint and how to empty a copy, taken on the first copy this process makes
 * (never on the template itself: a connection to it would stop other processes copying it), or
 * null when the migrations leave rows outside their ledger: emptying would then remove them, so
 * copies are not reused.
 */
let freshState: Promise<{ fingerprint: string; emptying: string } | null> | undefined

async function stateOfFreshCopy(name: string): Promise<{ fingerprint: string; emptying: string } | null> {
  const sql = postgres(urlOf(name), { max: 1, onnotice: () => {} })
  try {
    const tables = (await sql.unsafe<{ name: string }[]>(TABLES_SQL)).map((t) => t.name)
    if (tables.length > 0) {
      const [{ seeded }] = await sql.unsafe<[{ seeded: boolean }]>(`select ${tables.map((t) => `exists (select 1 from ${t})`).join(' or ')} as seeded`)
      if (seeded) return null
    }
    return { fingerprint: await fingerprint(sql), emptying: await emptyingStatement(sql, tables) }
  } finally {
    await sql.end({ timeout: 1 })
  }
}

/**
 * Empties a copy given back and keeps it, if it is still what a fresh copy is; false when it is
 * not (or emptying failed): the caller drops it.
 */
async function keepEmptied(name: string, registry: SpareRegistry): Promise<boolean> {
  const fresh = await freshState?.catch(() => null)
  if (!fresh) return false
  const admin_ = admin()
  try {
    // What DROP … WITH (FORCE) did: end the connections a test left behind (a killed server's pool).
    await admin_`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`
  } finally {
    await admin_.end({ timeout: 1 })
  }
  const sql = postgres(urlOf(name), { max: 1, onnotice: () => {} })
  try {
    if ((await fingerprint(sql)) !== fresh.fingerprint) return false
    await sql.unsafe(fresh.emptying)
    registry.names.push(name)
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 })
  }
}

async function dropDatabase(name: string): Promise<void> {
  const sql = admin()
  try {
    // FORCE ends connections a crashed test left behind.
    await sql.unsafe(`drop database if exists ${name} with (force)`)
  } finally {
    await sql.end({ timeout: 1 })
  }
}

/** Drops the spare copies (the setup file, after each test file). */
export async function dropSpareDatabases(registry: SpareRegistry): Promise<void> {
  for (const name of registry.names.splice(0)) await dropDatabase(name)
}

/**
 * A fresh database (migrated unless `migrated: false`) and how to reach, release and drop it. A
 * migrated one is a copy of the template, or, under Vitest, a copy an earlier test of the file
 * released, emptied: the same schema, no rows, no connections (ADR 0173).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true
  const registry = migrated ? spareRegistry() : undefined
  const spare = registry?.names.pop()
  const name = spare ?? `catalitico_test_${randomBytes(6).toString('hex')}`
  if (!spare) {
    const template = migrated ? await migratedTemplate() : undefined
    const sql = admin()
    try {
      await sql.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`)
    } finally {
      await sql.end({ timeout: 1 })
    }
    if (registry && !freshState) {
      freshState = stateOfFreshCopy(name)
      await freshState.catch(() => {})
    }
  }
  let done = false
  return {
    name,
    url: urlOf(name),
    drop: async () => {
      done = true
      await dropDatabase(name)
    },
    release: async () => {
      if (done) return
      done = true
      if (registry && (await keepEmptied(name, registry))) return
      await dropDatabase(name)
    },
  }
}
