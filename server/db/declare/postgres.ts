/**
 * PostgreSQL's DDL hooks for declared migrations (render.ts): everything in a
 * declared migration that only PostgreSQL writes, in one place
 * (docs/decisions/0207-each-table-declared-once.md).
 */
import type { ColumnKind } from '../columns.ts'
import type { DdlAdapter } from './render.ts'
import { inList, quote } from './render.ts'

const TYPES: Record<ColumnKind, string> = {
  uuid: 'uuid',
  text: 'text',
  time: 'timestamptz',
  json: 'jsonb',
  bool: 'boolean',
  int: 'integer',
  int64: 'bigint',
  real: 'double precision',
  bytes: 'bytea',
}

export const POSTGRES_DDL: DdlAdapter = {
  engine: 'postgres',
  columnType: (kind) => TYPES[kind],
  kindChecks: () => [],
  defaultLiteral: (value, kind) => {
    if (kind === 'json') return `${quote(JSON.stringify(value))}::jsonb`
    return typeof value === 'number' || typeof value === 'boolean' ? String(value) : quote(String(value))
  },
  tableOptions: '',
  // The lock-down, once per table: row level security on, nothing for the Data API's roles
  // (catalitico_private.server_only, created by 20261130090000_server_only_tables.sql; ADR 0177).
  afterCreateTable: (table) => [`select catalitico_private.server_only(${quote(table)});`],
  // The same order as SQLite's BINARY whatever the database's collation (docs/decisions/0061).
  bytewise: (column) => `${column} collate "C"`,
  // pg_trgm lives in Supabase's extensions schema (20261123120000_workspace_search_index.sql).
  containsIndex: (table, index) => {
    const [column, ...rest] = index.columns
    if (typeof column !== 'string' || rest.length > 0) throw new Error(`${index.name}: a contains index has one column, by name`)
    return [`create index ${index.name} on ${table} using gin (${column} extensions.gin_trgm_ops);`]
  },
  // A column's CHECK, written without a name (`oneOf`, and the published files), is named
  // <table>_<column>_check by PostgreSQL: dropped by that name (an error if there is none), added
  // again under it, so that the next widening finds it. Adding it reads every row once to validate it.
  widenCheck: (table, column, _from, to) => {
    const name = `${table}_${column}_check`
    // Past 63 bytes PostgreSQL shortens the name it chooses: not the name written here.
    if (name.length > 63) throw new Error(`${table}.${column}: the CHECK's name ${name} is longer than PostgreSQL's 63 bytes`)
    return [`alter table ${table} drop constraint ${name};`, `alter table ${table} add constraint ${name} check (${inList(column, to)});`]
  },
}
