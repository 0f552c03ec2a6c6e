/**
 * SQLite's DDL hooks for declared migrations (render.ts): everything in a
 * declared migration that only SQLite writes, in one place
 * (docs/decisions/0207-each-table-declared-once.md).
 */
import type { ColumnKind } from '../columns.ts'
import type { DdlAdapter } from './render.ts'
import { quote } from './render.ts'

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
}
