/**
 * The SQLite schema (server/db/migrations/sqlite.ts) and the PostgreSQL
 * one (supabase/migrations/) were written twice up to the last hand-written
 * migration (later ones are declared once: declared.ts); these tests compare the two,
 * freshly migrated, so that they cannot drift apart: the same tables, the
 * same columns, and the same indexes (names, columns in order, uniqueness,
 * partial WHERE), since both stores' queries count on them.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, type TestDatabase } from '../testing/postgres-test-database.ts'
import { openSqliteStore } from '../sqlite-store.ts'
import { DECLARED_MIGRATIONS } from './declared.ts'

const available = await requirePostgres()

interface IndexShape {
  table: string
  /** The index's name; constraint indexes (primary keys, UNIQUE columns) are named by each engine its own way. */
  name: string
  columns: string[]
  unique: boolean
  where: string | null
}

/** `(status = 'pending'::text)` and `status = 'pending'` are the same predicate. */
function normalisePredicate(sql: string | null): string | null {
  if (sql === null) return null
  return sql.replace(/::[a-z ]+/gi, '').replace(/[()]/g, '').replace(/\s+/g, ' ').trim().toLowerCase()
}

function constraintName(table: string, columns: string[], primary: boolean): string {
  return `${primary ? 'primary key' : 'unique'} ${table} (${columns.join(', ')})`
}

function sqliteSchema(path: string): { columns: Record<string, string[]>; indexes: IndexShape[] } {
  const db = new Database(path, { readonly: true })
  try {
    const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'`).all() as { name: string }[]).map(
      (t) => t.name,
    )
    const columns = Object.fromEntries(tables.map((t) => [t, (db.pragma(`table_info(${t})`) as { name: string }[]).map((c) => c.name).sort()]))
    const indexes: IndexShape[] = []
    for (const table of tables) {
      const list = db.pragma(`index_list(${table})`) as { name: string; unique: number; origin: 'c' | 'u' | 'pk'; partial: number }[]
      for (const index of list) {
        const keyColumns = (db.pragma(`index_xinfo(${index.name})`) as { seqno: number; name: string | null; key: number }[])
          .filter((c) => c.key === 1)
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name ?? '<expression>')
        const definition = (db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).get(index.name) as { sql: string | null } | undefined)?.sql
        const where = index.partial && definition ? /\bwhere\b([\s\S]*)$/i.exec(definition)![1]! : null
        indexes.push({
          table,
          name: index.origin === 'c' ? index.name : constraintName(table, keyColumns, index.origin === 'pk'),
          columns: keyColumns,
          unique: index.unique === 1,
          where: normalisePredicate(where),
        })
      }
      // A rowid table's INTEGER PRIMARY KEY is the rowid itself, with no index to list.
      const pk = (db.pragma(`table_info(${table})`) as { name: string; pk: number }[]).filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
      if (pk.length > 0 && !list.some((i) => i.origin === 'pk')) {
        const cols = pk.map((c) => c.name)
        indexes.push({ table, name: constraintName(table, cols, true), columns: cols, unique: true, where: null })
      }
    }
    return { columns, indexes: sortIndexes(indexes) }
  } finally {
    db.close()
  }
}

async function postgresSchema(sql: postgres.Sql): Promise<{ columns: Record<string, string[]>; indexes: IndexShape[] }> {
  const rows = await sql<{ table_name: string; column_name: string }[]>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' order by table_name, column_name
  `
  const columns: Record<string, string[]> = {}
  for (const r of rows) (columns[r.table_name] ??= []).push(r.column_name)
  const found = await sql<{ table: string; name: string; columns: string[]; unique: boolean; primary: boolean; constraint: boolean; where: string | null }[]>`
    select t.relname as table, i.relname as name, ix.indisunique as unique, ix.indisprimary as primary,
      exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid) as constraint,
      array(
        select coalesce(a.attname, '<expression>')
        from unnest(ix.indkey::int2[]) with ordinality as k(attnum, ord)
        left join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.attnum
        order by k.ord
      ) as columns,
      pg_get_expr(ix.indpred, ix.indrelid) as where
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    where t.relnamespace = 'public'::regnamespace and t.relkind = 'r'
  `
  const indexes = found.map((i) => ({
    table: i.table,
    name: i.constraint ? constraintName(i.table, i.columns, i.primary) : i.name,
    columns: i.columns,
    unique: i.unique,
    where: normalisePredicate(i.where),
  }))
  return { columns, indexes: sortIndexes(indexes) }
}

function sortIndexes(indexes: IndexShape[]): IndexShape[] {
  return indexes.sort((a, b) => `${a.table} ${a.name}`.localeCompare(`${b.table} ${b.name}`))
}

/** The `contains` indexes of the declared migrations: PostgreSQL's trigram index, none on SQLite. */
function declaredContainsIndexes(): string[] {
  return DECLARED_MIGRATIONS.flatMap((m) =>
    m.steps.flatMap((step) => {
      const indexes = step.step === 'create-table' ? (step.table.indexes ?? []) : step.step === 'create-index' ? [step.index] : []
      return indexes.filter((i) => i.contains).map((i) => i.name)
    }),
  )
}

/**
 * The few indexes that differ by design, each engine using its own means for
 * the same query (docs/decisions/0061). Anything else that differs is drift.
 */
const BY_DESIGN = {
  // A trigram index serves LIKE '%…%' on PostgreSQL; SQLite has none and scans the narrow search index.
  // A declared migration's `contains` indexes are the same (server/db/declare/postgres.ts).
  postgresOnly: ['applications_search_trgm', ...declaredContainsIndexes()],
  // The due order with closed ones last: SQLite indexes the expression `stage_due_at IS NULL`
  // first, PostgreSQL says NULLS LAST on the column itself.
  sqliteExpressionFirst: ['applications_due_order'],
}

function withoutDesignedDifferences(indexes: IndexShape[], engine: 'sqlite' | 'postgres'): IndexShape[] {
  return indexes
    .filter((i) => engine === 'sqlite' || !BY_DESIGN.postgresOnly.includes(i.name))
    .map((i) =>
      engine === 'sqlite' && BY_DESIGN.sqliteExpressionFirst.includes(i.name) && i.columns[0] === '<expression>'
        ? { ...i, columns: i.columns.slice(1) }
        : i,
    )
}

describe.skipIf(!available)('the SQLite and PostgreSQL schemas, freshly migrated', () => {
  let db: TestDatabase
  let dir = ''
  let lite: ReturnType<typeof sqliteSchema>
  let pg: Awaited<ReturnType<typeof postgresSchema>>

  beforeAll(async () => {
    db = await createTestDatabase()
    dir = mkdtempSync(join(tmpdir(), 'catalitico-schema-'))
    const path = join(dir, 'schema.sqlite')
    const store = openSqliteStore(path)
    await store.migrate()
    await store.close()
    lite = sqliteSchema(path)
    const sql = postgres(db.url, { max: 1, onnotice: () => {} })
    try {
      pg = await postgresSchema(sql)
    } finally {
      await sql.end({ timeout: 1 })
    }
  })
  afterAll(async () => {
    await db?.drop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('have the same tables with the same columns', () => {
    expect(Object.keys(lite.columns).length).toBeGreaterThanOrEqual(3)
    expect(Object.fromEntries(Object.entries(pg.columns).sort())).toEqual(Object.fromEntries(Object.entries(lite.columns).sort()))
  })

  it('have the same indexes: names, columns in order, uniqueness and partial WHERE', () => {
    expect(lite.indexes.find((i) => i.name === 'outbox_due')).toEqual({
      table: 'outbox',
      name: 'outbox_due',
      columns: ['next_attempt_at', 'created_at', 'id'],
      unique: false,
      where: "status = 'pending'",
    })
    // The designed differences are really there (so the allowance cannot hide a missing index).
    expect(pg.indexes.map((i) => i.name)).toEqual(expect.arrayContaining(BY_DESIGN.postgresOnly))
    expect(lite.indexes.find((i) => i.name === 'applications_due_order')?.columns[0]).toBe('<expression>')
    expect(withoutDesignedDifferences(pg.indexes, 'postgres')).toEqual(withoutDesignedDifferences(lite.indexes, 'sqlite'))
  })
})
