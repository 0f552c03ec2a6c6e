/**
 * The PostgreSQL test databases (ADR 0132): copies of one template per set
 * of migrations, built once even when several processes ask at once.
 */
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { readMigrations } from '../migrations/postgres-files.ts'
import { ADMIN_URL, buildTemplate, createTestDatabase, dropSpareDatabases, requirePostgres, templateName, type SpareRegistry } from './postgres-test-database.ts'

const available = await requirePostgres()

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return [...(await sql.unsafe<T[]>(text))]
  } finally {
    await sql.end({ timeout: 1 })
  }
}

describe('the template of the migrations', () => {
  it('is named after every migration file: a changed text or a new file gives another template', () => {
    const migrations = readMigrations()
    const name = templateName(migrations)
    expect(name).toMatch(/^catalitico_template_[0-9a-f]{16}$/)
    expect(templateName(readMigrations())).toBe(name)
    const last = migrations.at(-1)!
    expect(templateName([...migrations.slice(0, -1), { ...last, sql: `${last.sql}\n-- changed` }])).not.toBe(name)
    expect(templateName([...migrations, { version: '99991231235959', name: 'next', sql: 'select 1' }])).not.toBe(name)
  })
})

describe.skipIf(!available)('test databases on PostgreSQL', () => {
  it('a migrated one holds every migration and pg_trgm; an unmigrated one is empty', async () => {
    const [migrated, empty] = [await createTestDatabase(), await createTestDatabase({ migrated: false })]
    try {
      const versions = await query<{ version: string }>(migrated.url, 'select version from supabase_migrations.schema_migrations order by version')
      expect(versions.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version))
      expect(await query(migrated.url, "select 1 from pg_extension where extname = 'pg_trgm'")).toHaveLength(1)
      expect(await query(empty.url, "select 1 from pg_namespace where nspname = 'supabase_migrations'")).toHaveLength(0)
      expect(await query(empty.url, "select 1 from pg_extension where extname = 'pg_trgm'")).toHaveLength(0)
    } finally {
      await migrated.drop()
      await empty.drop()
    }
  })

  it('a migrated copy released is emptied and handed out again within the file; one whose schema a test changed, or one dropped, is gone', async () => {
    const exists = async (name: string) => (await query(ADMIN_URL, `select 1 from pg_database where datname = '${name}'`)).length === 1
    const first = await createTestDatabase()
    await query(first.url, "insert into rate_limit_counters (bucket, window_start, hits) values ('probe', now(), 3)")
    // A connection the test left open (a killed server's pool) does not stop it.
    const left = postgres(first.url, { max: 1, onnotice: () => {} })
    await left`select 1`
    await first.release()
    await left.end({ timeout: 1 }).catch(() => {})

    const second = await createTestDatabase()
    expect(second.name).toBe(first.name)
    expect(await query(second.url, 'select * from rate_limit_counters')).toEqual([])
    const versions = await query<{ version: string }>(second.url, 'select version from supabase_migrations.schema_migrations order by version')
    expect(versions.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version))
    await query(second.url, 'create table left_behind (n int)')
    await second.release()
    // Another schema than a fresh copy's: dropped, and the next one is a new copy.
    expect(await exists(second.name)).toBe(false)
    const third = await createTestDatabase()
    expect(third.name).not.toBe(second.name)
    expect(await query(third.url, "select 1 from pg_tables where tablename = 'left_behind'")).toEqual([])
    await third.release()
    // What the setup file does after each file: the spare copies are dropped.
    const registry = (globalThis as { [key: symbol]: SpareRegistry })[Symbol.for('catalitico.spareTestDatabases')]!
    expect(registry.names).toEqual([third.name])
    await dropSpareDatabases(registry)
    expect(await exists(third.name)).toBe(false)
    // An unmigrated one is never kept; drop() drops, whatever the copy.
    const empty = await createTestDatabase({ migrated: false })
    await empty.release()
    expect(await exists(empty.name)).toBe(false)
    const dropped = await createTestDatabase()
    await dropped.drop()
    expect(await exists(dropped.name)).toBe(false)
    expect(registry.names).toEqual([])
  })

  it('builds a template once when several builders ask at once', async () => {
    // A migration set of its own (a unique comment), so the template is new to this test.
    const migrations = [...readMigrations(), { version: '99991231235959', name: 'probe', sql: `create table probe (n int); insert into probe values (1); -- ${crypto.randomUUID()}` }]
    const name = templateName(migrations)
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} })
    try {
      await Promise.all([buildTemplate(name, migrations), buildTemplate(name, migrations), buildTemplate(name, migrations)])
      // Built once: a second build would have failed to rename onto the name, or applied the probe twice.
      expect(await query(urlOf(name), 'select n from probe')).toEqual([{ n: 1 }])
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 1 })
    }
  })
})

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.href
}
