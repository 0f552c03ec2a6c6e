/**
 * A migration written once for both engines: its tables declared with the
 * typed column objects of columns.ts (the same objects schema.ts lists, so
 * the declaration is also the Kysely type), their keys, foreign keys, checks
 * and indexes. render.ts writes each engine's SQL from it through that
 * engine's adapter (sqlite.ts, postgres.ts), where everything only one
 * engine has lives. See docs/decisions/0207-each-table-declared-once.md.
 *
 * A declaration holds no DDL: no CREATE, no types, no lock-down. Its only SQL
 * is an expression both engines read alike (`check('units > 0')`, an index's
 * `where`) or a `statement` both run as written, each written once.
 *
 * Runtime-agnostic: plain values only.
 */
import type { ColumnKind } from '../columns.ts'

/** Any column object of columns.ts (`uuid`, `column<Json<T>>('json')`). */
export interface AnyColumn {
  readonly kind: string
  readonly type?: unknown
}
export type Columns = Readonly<Record<string, AnyColumn>>

/** A value written as a column's default: rendered per engine for the column's kind (a boolean is 0/1 on SQLite). */
export type DefaultValue = string | number | boolean | readonly unknown[] | Readonly<Record<string, unknown>>

export interface ForeignKey {
  readonly table: string
  /** The referenced column: `id` unless said. */
  readonly column?: string
  readonly onDelete?: 'cascade' | 'set null'
}

/** A CHECK: a column's value among a domain constant's, or an expression both engines read alike. */
export type Check =
  | { readonly check: 'one-of'; readonly column: string; readonly values: readonly (string | number)[] }
  | { readonly check: 'expression'; readonly sql: string }

/** `check (column in (…))` from a domain constant (STAGES, ENTRY_KINDS): never a list typed by hand. */
export const oneOf = (column: string, values: readonly (string | number)[]): Check => {
  if (values.length === 0) throw new Error(`oneOf(${column}): an empty list refuses every row`)
  return { check: 'one-of', column, values }
}
/** `check (sql)`: an expression both engines read alike (`units > 0`, `flight_to >= flight_from`). */
export const check = (sql: string): Check => ({ check: 'expression', sql })

/** An index's column: by name, or ordered byte by byte whatever the database's collation (PostgreSQL's `collate "C"`). */
export type IndexColumn = string | { readonly column: string; readonly bytewise: true }

export interface Index {
  readonly name: string
  readonly columns: readonly IndexColumn[]
  readonly unique?: boolean
  /** A partial index's predicate, read alike by both engines (`status = 'pending'`). */
  readonly where?: string
  /**
   * An index for `LIKE '%…%'` on its one column: PostgreSQL's trigram index; SQLite has none and
   * scans (docs/decisions/0061). The schema drift test lists such indexes as PostgreSQL's only.
   */
  readonly contains?: true
}

export interface TableOptions<C extends Columns> {
  /** Comment lines written above the table in both engines' SQL. */
  readonly comment?: string
  readonly primaryKey: readonly (keyof C & string)[]
  readonly unique?: readonly (readonly (keyof C & string)[])[]
  readonly references?: { readonly [K in keyof C]?: ForeignKey }
  readonly defaults?: { readonly [K in keyof C]?: DefaultValue }
  readonly checks?: readonly Check[]
  readonly indexes?: readonly Index[]
}

export interface TableDeclaration<N extends string = string, C extends Columns = Columns> extends TableOptions<C> {
  readonly name: N
  /** The columns, in order: schema.ts lists them as the table (`agreement_templates: AGREEMENT_TEMPLATES.columns`). */
  readonly columns: C
}

/** A table declared once: both engines' CREATE TABLE, its indexes, and (PostgreSQL) its lock-down come from it. */
export function table<const N extends string, const C extends Columns>(name: N, columns: C, options: TableOptions<C>): TableDeclaration<N, C> {
  for (const key of options.primaryKey) if (!(key in columns)) throw new Error(`${name}: primary key column ${key} is not declared`)
  return { name, columns, ...options }
}

/** Any table's declaration, its column names as plain strings: what the renderer reads. */
export interface AnyTableDeclaration {
  readonly name: string
  readonly columns: Columns
  readonly comment?: string
  readonly primaryKey: readonly string[]
  readonly unique?: readonly (readonly string[])[]
  readonly references?: Readonly<Record<string, ForeignKey | undefined>>
  readonly defaults?: Readonly<Record<string, DefaultValue | undefined>>
  readonly checks?: readonly Check[]
  readonly indexes?: readonly Index[]
}

export type Step =
  | { readonly step: 'create-table'; readonly table: AnyTableDeclaration }
  | {
      readonly step: 'add-column'
      readonly table: string
      readonly name: string
      readonly column: AnyColumn
      readonly references?: ForeignKey
      readonly default?: DefaultValue
      readonly check?: Check
      readonly comment?: string
    }
  | { readonly step: 'create-index'; readonly table: string; readonly index: Index }
  | { readonly step: 'statement'; readonly sql: string; readonly comment?: string }
  | {
      readonly step: 'widen-check'
      readonly table: string
      readonly column: string
      /** The values the column's CHECK lists today, in its order: the text each engine holds is found by them. */
      readonly from: readonly (string | number)[]
      /** The values it lists after: every one of `from`, and more. */
      readonly to: readonly (string | number)[]
    }

export const createTable = (declaration: AnyTableDeclaration): Step => ({ step: 'create-table', table: declaration })
/** A column added to an existing table (schema.ts adds it to that table's list: `...ADDED.columns`). */
export const addColumn = (
  tableName: string,
  name: string,
  column: AnyColumn,
  options: { references?: ForeignKey; default?: DefaultValue; check?: Check; comment?: string } = {},
): Step => ({ step: 'add-column', table: tableName, name, column, ...options })
export const createIndex = (tableName: string, index: Index): Step => ({ step: 'create-index', table: tableName, index })
/** SQL both engines run as written (a backfill, say): written once. */
export const statement = (sql: string, comment?: string): Step => ({ step: 'statement', sql, ...(comment ? { comment } : {}) })

/**
 * A column's enumeration CHECK (`oneOf`, or the same `column in (…)` written by hand) widened to a
 * domain constant's current values: `widenCheck('media_plan_entries', 'kind', { from: ENTRY_KINDS.filter((k) => k !== 'new_kind'), to: ENTRY_KINDS })`.
 * Only widens: every row the old CHECK held, the new one holds, so no row is read or rewritten.
 * A list that drops a value is refused here, when the migration is declared.
 */
export function widenCheck(tableName: string, column: string, lists: { from: readonly (string | number)[]; to: readonly (string | number)[] }): Step {
  const { from, to } = lists
  if (from.length === 0) throw new Error(`widenCheck(${tableName}.${column}): the CHECK to widen lists no value`)
  const dropped = from.filter((v) => !to.includes(v))
  if (dropped.length > 0) {
    throw new Error(`widenCheck(${tableName}.${column}): a CHECK is only widened, never narrowed; the new list drops ${dropped.map((v) => JSON.stringify(v)).join(', ')}`)
  }
  if (new Set(to).size === new Set(from).size) throw new Error(`widenCheck(${tableName}.${column}): the new list adds no value`)
  return { step: 'widen-check', table: tableName, column, from, to }
}

export interface DeclaredMigration {
  /** SQLite's schema_migrations version: the next after the last one. */
  readonly sqlite: number
  /** PostgreSQL's: the 14-digit UTC timestamp the file name starts with, as the Supabase CLI writes it. */
  readonly postgres: string
  /** snake_case: the generated file is `<postgres>_<name>.sql`. */
  readonly name: string
  /** What it does, in a line: SQLite's schema_migrations.name and the first comment of the file. */
  readonly title: string
  /** The decisions it carries out (`docs/decisions/0207-…`), written in the generated file's header. */
  readonly decisions?: readonly string[]
  readonly steps: readonly Step[]
}

const POSTGRES_VERSION_RE = /^\d{14}$/
const NAME_RE = /^[a-z0-9_]+$/

export function declareMigration(migration: DeclaredMigration): DeclaredMigration {
  if (!POSTGRES_VERSION_RE.test(migration.postgres)) throw new Error(`${migration.name}: the PostgreSQL version is a 14-digit UTC timestamp, not ${migration.postgres}`)
  if (!NAME_RE.test(migration.name)) throw new Error(`${migration.name}: a migration's name is snake_case`)
  if (!Number.isInteger(migration.sqlite) || migration.sqlite < 1) throw new Error(`${migration.name}: the SQLite version is a positive integer`)
  return migration
}

/** A column's kind without its `?`, and whether it is nullable. */
export function kindOf(column: AnyColumn): { kind: ColumnKind; nullable: boolean } {
  const nullable = column.kind.endsWith('?')
  return { kind: column.kind.replace('?', '') as ColumnKind, nullable }
}
