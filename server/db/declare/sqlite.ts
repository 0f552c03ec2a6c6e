/**
 * SQLite's DDL hooks for declared migrations (render.ts): everything in a
 * declared migration that only SQLite writes, in one place
 * (docs/decisions/0207-each-table-declared-once.md).
 */
import type { ColumnKind } from '../columns.ts'
import type { DdlAdapter } from './render.ts'
import { inList, quote } from './render.ts'

/** In capitals, as the published tables write them: pragma table_info reports a type as written (schema.test.ts). */
const TYPES: Record<ColumnKind, string> = {
  uuid: 'TEXT',
  text: 'TEXT',
  time: 'TEXT',
  json: 'TEXT',
  bool: 'INTEGER',
  int: 'INTEGER',
  int64: 'INTEGER',
  real: 'REAL',
  bytes: 'BLOB',
}

/** The SQL function a widening calls (SQLITE_DDL.widenCheck): its name, as the store registers it. */
export const WIDENED_CHECK_FUNCTION = 'widened_check'

export const SQLITE_DDL: DdlAdapter = {
  engine: 'sqlite',
  columnType: (kind) => TYPES[kind],
  // STRICT checks the type, not these: JSON is text that parses, a boolean is 0 or 1.
  kindChecks: (column, kind) => (kind === 'json' ? [`json_valid(${column})`] : kind === 'bool' ? [`${column} in (0, 1)`] : []),
  defaultLiteral: (value, kind) => {
    if (kind === 'bool') return value ? '1' : '0'
    if (kind === 'json') return quote(JSON.stringify(value))
    return typeof value === 'number' ? String(value) : quote(String(value))
  },
  // Every table STRICT (docs/decisions/0020): a value of the wrong type is refused, never converted.
  tableOptions: ' STRICT',
  // No roles to lock out: the file is the server's alone.
  afterCreateTable: () => [],
  // BINARY, SQLite's default collation, already orders byte by byte.
  bytewise: (column) => column,
  // No trigram index: LIKE '%…%' scans (docs/decisions/0061).
  containsIndex: () => [],
  // SQLite cannot ALTER a CHECK. A CHECK that only widens changes no stored byte, so the table's text
  // in sqlite_schema is edited in place (SQLite's "ALTER TABLE", "Making Other Kinds Of Table Schema
  // Changes"): widened_check (WIDENED_CHECK_FUNCTION, registered on the store's connection) refuses
  // unless the old CHECK is written there exactly once; the runner lifts the defensive mode for this
  // migration alone, then bumps schema_version and runs integrity_check (SqliteMigration.editsSchemaOf).
  widenCheck: (table, column, from, to) => {
    const call = (sql: string) => `${WIDENED_CHECK_FUNCTION}(${sql}, ${quote(table)}, ${quote(column)}, ${quote(JSON.stringify(from))}, ${quote(JSON.stringify(to))})`
    const current = `(select sql from sqlite_schema where type = 'table' and name = ${quote(table)})`
    return [
      `select ${call(current)};`,
      'pragma writable_schema = on;',
      `update sqlite_schema set sql = ${call('sql')} where type = 'table' and name = ${quote(table)};`,
      'pragma writable_schema = reset;',
    ]
  },
}

/**
 * A table's CREATE TABLE text with its column's `check (<from>)` replaced by `check (<to>)`, both lists
 * given as JSON: the CHECK as `oneOf` renders it (`check (kind in ('a', 'b'))`) or as the hand-written
 * migrations wrote it (`CHECK (kind IN ('a', 'b'))`), found exactly once, else an error for the operator.
 */
export function widenedCheck(sql: unknown, table: unknown, column: unknown, from: unknown, to: unknown): string {
  const name = `${String(table)}.${String(column)}`
  if (typeof sql !== 'string') throw new Error(`Cannot widen the CHECK of ${name}: there is no table ${String(table)} in sqlite_schema.`)
  const listOf = (json: unknown): string => inList(String(column), JSON.parse(String(json)) as (string | number)[])
  const before = listOf(from)
  const after = listOf(to)
  const spellings = [
    { old: `check (${before})`, new: `check (${after})` },
    { old: `CHECK (${before.replace(' in (', ' IN (')})`, new: `CHECK (${after.replace(' in (', ' IN (')})` },
  ]
  const times = spellings.reduce((n, s) => n + sql.split(s.old).length - 1, 0)
  const spelling = spellings.find((s) => sql.includes(s.old))
  if (times !== 1 || !spelling) {
    throw new Error(
      `Cannot widen the CHECK of ${name}: \`check (${before})\` must appear exactly once in the table's definition in sqlite_schema, ` +
        `found ${times} times. The migration stops and nothing is changed; the definition is:\n${sql}`,
    )
  }
  return sql.replace(spelling.old, () => spelling.new)
}
