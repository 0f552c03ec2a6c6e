/**
 * The Kysely table types (schema.ts) follow both migration sets: every table
 * and column of each freshly migrated database, nothing more, each with its
 * kind (how each engine stores it) and nullability. COLUMN_KINDS and
 * `Database` are read off the same column list (schema.ts TABLES); this checks
 * it against the databases.
 */
import { describe, expect, it } from 'vitest'
import { requirePostgres } from './testing/postgres-test-database.ts'
import { freshPostgresDatabase, freshSqliteDatabase } from './testing/store-databases.ts'
import { COLUMN_KINDS, type ColumnKind } from './schema.ts'
import { SQLITE_DDL } from './declare/sqlite.ts'

const available = await requirePostgres()

/**
 * The declared type each engine gives a column of each kind: SQLite's as the declared migrations
 * write it (server/db/declare/sqlite.ts), which the hand-written ones wrote alike.
 */
const POSTGRES_TYPE: Record<ColumnKind, string[]> = {
  uuid: ['uuid'],
  text: ['text'],
  time: ['timestamp with time zone'],
  json: ['jsonb'],
  bool: ['boolean'],
  int: ['integer', 'smallint'],
  int64: ['bigint'],
  real: ['double precision'],
  bytes: ['bytea'],
}

type Found = Record<string, Record<string, { type: string; nullable: boolean }>>

/** Each column as `kind` or `kind?`, for a column whose type is one of that kind's. */
function asKinds(found: Found, typesOf: (kind: ColumnKind) => string[]): Record<string, Record<string, string>> {
  const kinds = Object.keys(POSTGRES_TYPE) as ColumnKind[]
  return Object.fromEntries(
    Object.entries(found).map(([table, columns]) => [
      table,
      Object.fromEntries(
        Object.entries(columns).map(([column, { type, nullable }]) => {
          // The declared kind when the type fits it; otherwise the type itself, so the diff shows it.
          const declared = (COLUMN_KINDS as Record<string, Record<string, string>>)[table]?.[column]?.replace('?', '') as ColumnKind | undefined
          const kind = declared && typesOf(declared).includes(type) ? declared : (kinds.find((k) => typesOf(k).includes(type)) ?? type)
          return [column, `${kind}${nullable ? '?' : ''}`]
        }),
      ),
    ]),
  )
}

const sorted = (tables: Record<string, Record<string, string>>) =>
  Object.fromEntries(Object.entries(tables).sort(([a], [b]) => a.localeCompare(b)).map(([t, c]) => [t, Object.fromEntries(Object.entries(c).sort())]))

describe('the table types (server/db/schema.ts)', () => {
  it('match the SQLite migrations: tables, columns, kinds and nullability', async () => {
    const db = await freshSqliteDatabase()
    try {
      const tables = (await db.all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'`)).map(
        (r) => String(r.name),
      )
      const found: Found = {}
      for (const table of tables) {
        const columns = (await db.all(`SELECT name, type, "notnull", pk FROM pragma_table_info('${table}')`)) as { name: string; type: string; notnull: number; pk: number }[]
        // A TEXT PRIMARY KEY may hold NULL in SQLite, but no store ever writes one.
        found[table] = Object.fromEntries(columns.map((c) => [c.name, { type: c.type, nullable: c.notnull === 0 && c.pk === 0 }]))
      }
      expect(sorted(asKinds(found, (kind) => [SQLITE_DDL.columnType(kind)]))).toEqual(sorted(COLUMN_KINDS))
    } finally {
      await db.dispose()
    }
  })

  it.skipIf(!available)('match the PostgreSQL migrations: tables, columns, kinds and nullability', async () => {
    const db = await freshPostgresDatabase()
    try {
      const rows = (await db.all(
        `select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'`,
      )) as { table_name: string; column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }[]
      const found: Found = {}
      for (const r of rows) (found[r.table_name] ??= {})[r.column_name] = { type: r.data_type, nullable: r.is_nullable === 'YES' }
      expect(sorted(asKinds(found, (kind) => POSTGRES_TYPE[kind]))).toEqual(sorted(COLUMN_KINDS))
    } finally {
      await db.dispose()
    }
  })
})
