/**
 * Writes a declared migration (declare.ts) as one engine's SQL. Everything
 * the two engines write alike is here, once; what only one engine has is a
 * named hook of its adapter (sqlite.ts, postgres.ts), the one place per
 * engine (docs/decisions/0207-each-table-declared-once.md).
 *
 * Runtime-agnostic: plain functions only.
 */
import type { ColumnKind } from '../columns.ts'
import { kindOf, type AnyColumn, type Check, type DeclaredMigration, type DefaultValue, type ForeignKey, type Index, type IndexColumn, type Step, type AnyTableDeclaration } from './declare.ts'

/** One engine's DDL: the hooks where it differs from the other. */
export interface DdlAdapter {
  readonly engine: 'sqlite' | 'postgres'
  /** The declared type of a column of `kind`. */
  columnType(kind: ColumnKind): string
  /** The checks the engine needs to hold a kind's values (SQLite: JSON text is valid, a boolean is 0 or 1). */
  kindChecks(column: string, kind: ColumnKind): readonly string[]
  /** A default value as a literal of the column's kind. */
  defaultLiteral(value: DefaultValue, kind: ColumnKind): string
  /** Written after a table's closing parenthesis (SQLite: STRICT). */
  tableOptions: string
  /** Statements after a table is created (PostgreSQL: the lock-down, ADR 0177). */
  afterCreateTable(table: string): readonly string[]
  /** An index column ordered byte by byte whatever the database's collation. */
  bytewise(column: string): string
  /** The statements of an index for `LIKE '%…%'` (none where the engine has no such index). */
  containsIndex(table: string, index: Index): readonly string[]
  /**
   * The statements that replace a column's enumeration CHECK, `check (<from>)`, by `check (<to>)`,
   * where `to` lists every value of `from` and more (`widenCheck`): no row is rewritten.
   */
  widenCheck(table: string, column: string, from: readonly (string | number)[], to: readonly (string | number)[]): readonly string[]
}

/** A text literal: single quotes doubled. */
export const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`

const literalOf = (value: string | number): string => (typeof value === 'number' ? String(value) : quote(value))

/** `column in ('a', 'b')`: an enumeration CHECK's expression, as `oneOf` renders it. */
export const inList = (column: string, values: readonly (string | number)[]): string => `${column} in (${values.map(literalOf).join(', ')})`

function checkSql(c: Check): string {
  return c.check === 'one-of' ? inList(c.column, c.values) : c.sql
}

function referencesSql(fk: ForeignKey): string {
  return `references ${fk.table} (${fk.column ?? 'id'})${fk.onDelete ? ` on delete ${fk.onDelete}` : ''}`
}

const comments = (text: string | undefined): string[] => (text ? text.split('\n').map((line) => (line ? `-- ${line}` : '--')) : [])

function columnSql(
  adapter: DdlAdapter,
  name: string,
  column: AnyColumn,
  options: { primaryKey?: boolean; unique?: boolean; references?: ForeignKey; default?: DefaultValue; checks?: readonly string[] },
): string {
  const { kind, nullable } = kindOf(column)
  const parts = [name, adapter.columnType(kind)]
  if (options.primaryKey) parts.push('primary key')
  else if (!nullable) parts.push('not null')
  if (options.unique) parts.push('unique')
  if (options.default !== undefined) parts.push(`default ${adapter.defaultLiteral(options.default, kind)}`)
  if (options.references) parts.push(referencesSql(options.references))
  for (const c of [...adapter.kindChecks(name, kind), ...(options.checks ?? [])]) parts.push(`check (${c})`)
  return parts.join(' ')
}

function indexColumnSql(adapter: DdlAdapter, column: IndexColumn): string {
  return typeof column === 'string' ? column : adapter.bytewise(column.column)
}

function indexSql(adapter: DdlAdapter, table: string, index: Index): string[] {
  if (index.contains) return [...adapter.containsIndex(table, index)]
  const where = index.where ? ` where ${index.where}` : ''
  return [`create ${index.unique ? 'unique ' : ''}index ${index.name} on ${table} (${index.columns.map((c) => indexColumnSql(adapter, c)).join(', ')})${where};`]
}

function createTableSql(adapter: DdlAdapter, t: AnyTableDeclaration): string[] {
  const single = t.primaryKey.length === 1 ? t.primaryKey[0] : undefined
  const singleUniques = new Set((t.unique ?? []).filter((u) => u.length === 1).map((u) => u[0]!))
  const lines = Object.entries(t.columns).map(([name, column]) =>
    columnSql(adapter, name, column, {
      primaryKey: name === single,
      unique: singleUniques.has(name),
      references: t.references?.[name],
      default: t.defaults?.[name],
      checks: (t.checks ?? []).filter((c) => c.check === 'one-of' && c.column === name).map(checkSql),
    }),
  )
  if (!single) lines.push(`primary key (${t.primaryKey.join(', ')})`)
  for (const u of t.unique ?? []) if (u.length > 1) lines.push(`unique (${u.join(', ')})`)
  for (const c of t.checks ?? []) if (c.check === 'expression') lines.push(`check (${checkSql(c)})`)
  return [
    ...comments(t.comment),
    `create table ${t.name} (\n${lines.map((l) => `  ${l}`).join(',\n')}\n)${adapter.tableOptions};`,
    ...(t.indexes ?? []).flatMap((i) => indexSql(adapter, t.name, i)),
    ...adapter.afterCreateTable(t.name),
  ]
}

function stepSql(adapter: DdlAdapter, step: Step): string[] {
  switch (step.step) {
    case 'create-table':
      return createTableSql(adapter, step.table)
    case 'add-column':
      // Both engines refuse a NOT NULL column without a default on a table that may hold rows.
      if (!kindOf(step.column).nullable && step.default === undefined) throw new Error(`${step.table}.${step.name}: a NOT NULL column added needs a default`)
      return [
        ...comments(step.comment),
        `alter table ${step.table} add column ${columnSql(adapter, step.name, step.column, {
          references: step.references,
          default: step.default,
          checks: step.check ? [checkSql(step.check)] : [],
        })};`,
      ]
    case 'create-index':
      return indexSql(adapter, step.table, step.index)
    case 'statement':
      return [...comments(step.comment), step.sql.trim().replace(/;?$/, ';')]
    case 'widen-check':
      return [
        ...comments(`${step.table}.${step.column}: its CHECK widened to ${step.to.map(literalOf).join(', ')}.`),
        ...adapter.widenCheck(step.table, step.column, step.from, step.to),
      ]
  }
}

/** The migration as `adapter`'s engine runs it: a header naming where it was declared, then each step, a blank line apart. */
export function renderMigration(adapter: DdlAdapter, migration: DeclaredMigration, declaredIn: string): string {
  const header = [
    `-- ${migration.title}${migration.decisions?.length ? ` (${migration.decisions.join(', ')})` : ''}.`,
    `-- Generated from ${declaredIn} by \`npm run migrations:generate\`:`,
    '-- edit the declaration, never this file. Never edit a published migration: declare a new one.',
  ]
  return `${[header.join('\n'), ...migration.steps.map((s) => stepSql(adapter, s).join('\n'))].join('\n\n')}\n`
}
