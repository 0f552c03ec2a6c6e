/**
 * The kinds of column both engines store, and the typed column objects a
 * table is declared with (`uuid`, `text`, `column<Json<T>>('json')`): the
 * kind says how each engine stores the value (schema.ts's table), the type
 * parameter what Kysely reads and writes. schema.ts lists the tables built
 * from them; a declared migration (server/db/declare/) writes its DDL from
 * the same objects, so a new table's columns are written once
 * (docs/decisions/0207-each-table-declared-once.md).
 *
 * Runtime-agnostic: type imports and plain values only.
 */
import type { ColumnType } from 'kysely'

declare const timeText: unique symbol
declare const jsonText: unique symbol
declare const int64Text: unique symbol
/** A timestamp as SQLite holds it: ISO-8601 UTC with milliseconds (fixed width, so text order is time order). */
export type TimeText = string & { readonly [timeText]: true }
/** A JSON value as SQLite holds it, as text. */
export type JsonText<T> = string & { readonly [jsonText]: T }
/** A bigint as postgres.js returns it, as decimal text. */
export type Int64Text = string & { readonly [int64Text]: true }

/** A timestamp (TEXT / timestamptz). `Time<null>` when the column is nullable. */
export type Time<Null extends null = never> = ColumnType<Date | TimeText | Null, Date | Null, Date | Null>
/** A boolean (INTEGER 0/1 / boolean). */
export type Bool = ColumnType<boolean | 0 | 1, boolean, boolean>
/** A JSON object or array (TEXT / jsonb); never a bare string, so fromJson can tell text from value. */
export type Json<T extends object> = ColumnType<T | JsonText<T>, T, T>
/** A nullable JSON object (TEXT / jsonb). */
export type NullableJson<T extends object> = ColumnType<T | JsonText<T> | null, T | null, T | null>

/** A 64-bit count (INTEGER / bigint). */
export type Int64<Null extends null = never> = ColumnType<number | Int64Text | Null, number | Null, number | Null>
/** A column with a default: optional on insert. */
export type Default<C> = C extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<C, C | undefined, C>

/** Ids: uuid on PostgreSQL, TEXT on SQLite; both read and written as strings. */
export type Uuid = string

/** How a column is stored, as schema.test.ts compares it with both databases (`time?`: nullable). */
export type ColumnKind = 'uuid' | 'text' | 'time' | 'bool' | 'json' | 'int' | 'int64' | 'real' | 'bytes'

type Select<C> = C extends ColumnType<infer S, unknown, unknown> ? S : C
type KindOfValue<S> = [S] extends [Date | TimeText]
  ? 'time'
  : [S] extends [boolean | 0 | 1]
    ? 'bool'
    : [S] extends [number | Int64Text]
      ? [Int64Text] extends [S]
        ? 'int64'
        : 'int' | 'real'
      : [S] extends [Uint8Array]
        ? 'bytes'
        : [S] extends [string]
          ? 'uuid' | 'text'
          : 'json'
/** `time?` for a nullable timestamp, `time` for a NOT NULL one. */
export type KindOf<C> = null extends Select<C> ? `${KindOfValue<Exclude<Select<C>, null>>}?` : KindOfValue<Select<C>>

/** A column: how it is stored (schema.test.ts compares it with both databases) and, as a type only, its Kysely type. */
export interface Column<C> {
  readonly kind: KindOf<C>
  /** Never set: carries the type. */
  readonly type?: C
}
/** A column of Kysely type `C` stored as `kind`: a kind that does not fit the type does not compile. */
export const column = <C>(kind: KindOf<C>): Column<C> => ({ kind })
export const uuid = column<Uuid>('uuid')
export const uuidOrNull = column<Uuid | null>('uuid?')
export const text = column<string>('text')
export const textOrNull = column<string | null>('text?')
export const time = column<Time>('time')
export const timeOrNull = column<Time<null>>('time?')
export const bool = column<Bool>('bool')
export const int = column<number>('int')
