/**
 * One store, two engines. A store is written once, against `Engine`; the two
 * adapters (sqlite.ts, postgres.ts) are the only code that knows there are
 * two, and `Dialect` names everything whose SQL text differs between them.
 * docs/decisions/0124-one-store-over-both-engines.md.
 *
 * - Queries are built with `db` (Kysely): it only builds. The engine compiles
 *   a query with its own compiler and runs the text through its own driver:
 *   SQLite through the connection's prepared-statement cache, PostgreSQL
 *   through postgres.js as a prepared statement.
 * - A query whose shape is fixed is prepared once: `e.prepare((p: { id:
 *   string }) => db.selectFrom(…).where('id', '=', p.id))` builds and
 *   compiles it on first use and binds `p`'s values at each call, so a hot
 *   path pays neither Kysely's building nor its compiling again (about 20 µs
 *   a query on this machine). A query whose shape depends on some values (the
 *   list's filters) is prepared once per shape: `prepareByShape`.
 * - Reads outside a transaction: `await e.all(query)`, `await e.first(query)`;
 *   a write of one statement: `await e.run(query)` (on SQLite it joins the
 *   group commit like every other write).
 * - A transaction is a generator, written once:
 *
 *       return e.transaction(function* (tx) {
 *         const rows = yield* tx.all(lockRows({ ids }))
 *         …decide in plain code…
 *         yield* tx.run(updateRows({ rows: plan.updates }))
 *         return outcome
 *       })
 *
 *   Each `yield*` hands one query to the engine and resumes with its result.
 *   SQLite drives the generator synchronously inside SqliteStore.write(), so
 *   the whole transaction is one savepoint of the next group commit (ADR
 *   0022); PostgreSQL drives it inside sql.begin, awaiting each query. The
 *   body cannot `await` anything else, which is the point: no I/O but the
 *   database's inside a transaction.
 *
 * Runtime-agnostic: no node: imports, and neither driver is loaded here (the
 * edge function on Deno loads this file with postgres.ts, never sqlite.ts).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type Expression,
  type InsertQueryBuilder,
  type InsertType,
  type OnConflictBuilder,
  type OperationNodeSource,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely'
// Type-only: erased at run time, so Deno never loads better-sqlite3.
import type { Database } from './schema.ts'

/** Kysely's own execution path is closed: a query run with .execute() would silently return nothing. */
class NoDriver extends DummyDriver {
  override async acquireConnection(): Promise<never> {
    throw new Error('Queries run through an Engine (e.all, tx.all…), never .execute(): see server/db/engine.ts')
  }
}

/** The query builder of every store. It only builds: an Engine compiles and runs what it builds. */
export const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new NoDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

/** A built query (select, insert, update, delete, or sql``) whose rows are `R`. */
export type Query<R> = OperationNodeSource & Compilable<R>

/** SQL text and its parameters, some of them a prepared query's Params until it is bound. */
export interface Compiled {
  sql: string
  parameters: readonly unknown[]
}

/** A prepared query with its values: run it like any query. */
export interface Bound<R> {
  readonly compiled: Compiled
  readonly args: object
  /** Never set: carries the row type. */
  readonly rows?: R
}

/** What the engine runs: a query built now, or a prepared one bound to its values. */
export type Runnable<R> = Query<R> | Bound<R>

/**
 * A value a prepared query takes when it runs. While the query is built its
 * parameters are Params; a fragment that encodes a value (JSON for json_each,
 * an array for unnest) encodes it when the query is bound: `encodeLater`.
 */
export class Param {
  constructor(readonly bind: (args: object) => unknown) {}
}

/** `encode(value)` now, or at each binding when `value` is a prepared query's parameter. */
export function encodeLater<T>(value: T, encode: (value: T) => unknown): unknown {
  return value instanceof Param ? new Param((args) => encode(value.bind(args) as T)) : encode(value)
}

/** A prepared query's parameters while it is built: each property is a Param. */
function parameters<A extends object>(): A {
  return new Proxy({}, { get: (_, key) => new Param((args) => (args as Record<PropertyKey, unknown>)[key]) }) as A
}

/** `prepare` for an engine that compiles with `compile`. */
export function preparer(compile: (query: Query<unknown>) => Compiled) {
  return <A extends object, R>(build: (p: A) => Query<R>): ((args: A) => Bound<R>) => {
    let compiled: Compiled | undefined
    return (args) => ({ compiled: (compiled ??= compile(build(parameters<A>()))), args })
  }
}

/**
 * For queries whose SQL depends on some of the values (which of a list's
 * filters are set): one prepared query per `shape`, the rest of the values
 * bound. The shapes are few and each is compiled once.
 */
export function prepareByShape<S, A extends object, R>(e: Pick<Engine, 'prepare'>, build: (shape: S, p: A) => Query<R>): (shape: S, args: A) => Bound<R> {
  const byShape = new Map<string, (args: A) => Bound<R>>()
  return (shape, args) => {
    const key = JSON.stringify(shape)
    let prepared = byShape.get(key)
    if (!prepared) {
      prepared = e.prepare((p: A) => build(shape, p))
      byShape.set(key, prepared)
    }
    return prepared(args)
  }
}

/** The text and values to run: a built query compiled now, a bound one with its Params replaced by its values. */
export function toRun(query: Runnable<unknown>, compile: (query: Query<unknown>) => Compiled): Compiled {
  if (!('compiled' in query)) return compile(query)
  const { compiled, args } = query
  return { sql: compiled.sql, parameters: compiled.parameters.map((p) => (p instanceof Param ? p.bind(args) : p)) }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, any selection: the adapters only add a clause
type AnySelect = SelectQueryBuilder<any, any, any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyInsert = InsertQueryBuilder<any, any, any>

/** What a transaction's body yields to its engine: one query at a time. */
export type Step =
  | { kind: 'all'; query: Runnable<unknown> }
  | { kind: 'run'; query: Runnable<unknown> }
  | { kind: 'upsert'; insert: Runnable<unknown>; existing: Runnable<unknown> }

export type Body<T> = (tx: Tx) => Generator<Step, T, unknown>

/** Inside a transaction: each method is used with `yield*`, which returns its typed result. */
export const tx = {
  /** The rows of a select (or of a write with `returning`). */
  *all<R>(query: Runnable<R>): Generator<Step, R[], unknown> {
    return (yield { kind: 'all', query }) as R[]
  },
  /** The first row, or undefined. */
  *first<R>(query: Runnable<R>): Generator<Step, R | undefined, unknown> {
    return ((yield { kind: 'all', query }) as R[])[0]
  },
  /** A write; how many rows it changed (a compare-and-set reads this). */
  *run(query: Runnable<unknown>): Generator<Step, number, unknown> {
    return (yield { kind: 'run', query }) as number
  },
  /**
   * An insert … on conflict do update, built with `.$call(e.reportInserted)`;
   * whether it inserted (true) or updated (false). PostgreSQL reads it off the
   * upsert itself (`xmax = 0`); SQLite runs `existing` first, which is
   * race-free inside its write lock.
   */
  *upsert(insert: Runnable<unknown>, existing: Runnable<unknown>): Generator<Step, boolean, unknown> {
    return (yield { kind: 'upsert', insert, existing }) as boolean
  },
}
export type Tx = typeof tx

/** PostgreSQL's name for each column type a `rows` list may carry (SQLite reads them off the JSON). */
export type ColumnType = 'uuid' | 'text' | 'timestamptz' | 'integer' | 'boolean' | 'jsonb' | 'bigint' | 'double precision'

/** The columns an insertRows writes, each with its PostgreSQL type. */
export type RowColumns<T extends keyof Database> = { readonly [C in keyof Database[T]]?: ColumnType }
/** A row an insertRows writes: a value for each of its columns, as the app holds it. */
export type RowOf<T extends keyof Database, C> = { [K in keyof C & keyof Database[T]]: InsertType<Database[T][K]> }

/**
 * Any number of rows into `table` in one statement whose text does not depend
 * on their number (insert … select from e.rows): `yield* tx.run(insert({ rows }))`.
 */
export function insertRows<T extends keyof Database, C extends RowColumns<T>>(e: Engine, table: T, columns: C): (args: { rows: readonly RowOf<T, C>[] }) => Bound<unknown> {
  const names = Object.keys(columns)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the columns of any table: `columns` is checked against it above
  const into = db.insertInto(table) as InsertQueryBuilder<any, any, any>
  return e.prepare((p: { rows: readonly RowOf<T, C>[] }) =>
    into.columns(names).expression(db.selectFrom(e.rows(columns as Record<string, ColumnType>, p.rows as readonly Record<string, unknown>[]).as('r')).selectAll()),
  )
}

/**
 * For `.onConflict(…)`, an upsert: when the row of `keys` exists, each of
 * `columns` takes the value this insert brought (`excluded.column`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: the insert's own builder checks its columns
export const updateFromExcluded = (keys: readonly string[], columns: readonly string[]) => (oc: OnConflictBuilder<any, any>) =>
  oc.columns(keys).doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])))

/** What differs in SQL text between the engines, one fragment each. */
export interface Dialect {
  /**
   * `ref` is one of `values`. The text does not depend on how many there are,
   * so one prepared statement serves every list: json_each(?) on SQLite,
   * = any($1) on PostgreSQL. (Kysely's `in` writes one placeholder per value.)
   */
  inList(ref: string, values: readonly string[], type?: 'uuid' | 'text'): Expression<SqlBool>
  notInList(ref: string, values: readonly string[], type?: 'uuid' | 'text'): Expression<SqlBool>
  /**
   * Many rows as a table, for one insert … select or update … from of a
   * whole batch, its text independent of the batch's size: unnest($1::uuid[],
   * $2::text[], …) on PostgreSQL, json_each(?) on SQLite. Alias it: `.as('u')`.
   */
  rows<R extends object>(columns: { [K in keyof R]: ColumnType }, values: readonly R[]): RawBuilder<R>
  /**
   * applications.search_text (aliased `alias`) contains `key`: LIKE on
   * PostgreSQL, which its trigram index serves; instr() on SQLite, over the
   * narrow applications_search_order index rather than the wide rows.
   */
  searchTextContains(alias: string, key: string): Expression<SqlBool>
  /** Locks, for `.$call(e.forUpdate)`: PostgreSQL's row locks; nothing on SQLite, whose write holds the database's lock. */
  forUpdate<Q extends AnySelect>(query: Q): Q
  forShare<Q extends AnySelect>(query: Q): Q
  forUpdateSkipLocked<Q extends AnySelect>(query: Q): Q
  /** A row lock that the foreign-key checks of other writers (KEY SHARE) do not wait for. */
  forNoKeyUpdate<Q extends AnySelect>(query: Q): Q
  /** For tx.upsert: `returning (xmax = 0) as inserted` on PostgreSQL; nothing on SQLite. */
  reportInserted<Q extends AnyInsert>(insert: Q): Q
  /** Byte order of a text column, as SQLite's BINARY: collate "C" on PostgreSQL, whatever the database's collation. */
  textOrder(ref: string): Expression<string>
  /** Order by `ref` ascending, nulls last, as the engine's index on it has it: `.$call(e.orderNullsLast(ref))`. */
  orderNullsLast(ref: string): <Q extends AnySelect>(query: Q) => Q
  /** Whether a query failed on a unique key or primary key: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, SQLSTATE 23505. */
  isUniqueViolation(error: unknown): boolean
  /**
   * The database's own clock, to write a time no app clock decides (a reminder's e-mail is due now,
   * whatever the worker's clock says): now() on PostgreSQL; on SQLite the same ISO text toISOString writes.
   */
  now(): RawBuilder<Date>
  /**
   * The Bogotá calendar day (AAAA-MM-DD text) of a time column: `date(at, '-5 hours')` on SQLite (its ISO
   * text), `to_char(at at time zone 'America/Bogota', …)` on PostgreSQL. Bogotá keeps UTC−5 all year.
   */
  bogotaDay(ref: string): RawBuilder<string>
}

export interface Engine extends Dialect {
  readonly kind: 'sqlite' | 'postgres'
  all<R>(query: Runnable<R>): Promise<R[]>
  first<R>(query: Runnable<R>): Promise<R | undefined>
  /** One write as its own transaction; how many rows it changed. */
  run(query: Runnable<unknown>): Promise<number>
  /** One write as its own transaction, with the rows of its `returning` (PostgreSQL: one statement, no begin and commit). */
  runReturning<R>(query: Runnable<R>): Promise<R[]>
  transaction<T>(body: Body<T>): Promise<T>
  /**
   * Inserts, into one table or several, as ONE write: all of them or none;
   * how many rows each inserted. SQLite: one savepoint of the group commit.
   * PostgreSQL: one statement, each insert a data-modifying `with`, so one
   * round trip where a transaction waits for each statement (a submission's
   * application, e-mails and idempotency key); its foreign keys are checked
   * at the statement's end, and no insert sees another's rows. Only inserts,
   * without `returning`.
   */
  insertAll(inserts: readonly Runnable<unknown>[]): Promise<number[]>
  /** A query of fixed shape, built and compiled once; each call binds `p`'s values. */
  prepare<A extends object, R>(build: (p: A) => Query<R>): (args: A) => Bound<R>
  /** The text and parameters the engine would run (tests, and EXPLAIN by hand). */
  compile(query: Runnable<unknown>): Compiled
}

/** What insertAll takes, as compiled: an insert without `returning` (both compilers write their keywords in lower case). */
export const isPlainInsert = (compiled: Compiled): boolean => compiled.sql.startsWith('insert into ') && !compiled.sql.includes(' returning ')

/** Drive a transaction's body synchronously: SQLite, inside write(). A failing query is thrown into the body, so its `finally` runs. */
export function driveSync<T>(body: Body<T>, execute: (step: Step) => unknown): T {
  const steps = body(tx)
  let next = steps.next()
  while (!next.done) {
    let result: unknown
    try {
      result = execute(next.value)
    } catch (error) {
      next = steps.throw(error)
      continue
    }
    next = steps.next(result)
  }
  return next.value
}

/** Drive a transaction's body asynchronously: PostgreSQL, inside sql.begin. */
export async function driveAsync<T>(body: Body<T>, execute: (step: Step) => Promise<unknown>): Promise<T> {
  const steps = body(tx)
  let next = steps.next()
  while (!next.done) {
    let result: unknown
    try {
      result = await execute(next.value)
    } catch (error) {
      next = steps.throw(error)
      continue
    }
    next = steps.next(result)
  }
  return next.value
}

/** One engine per connection (`keyOf` of a store names it), opened on its first use: every store on it shares it. */
export function enginePerConnection<S, K extends object>(keyOf: (store: S) => K, open: (store: S) => Engine): (store: S) => Engine {
  const engines = new WeakMap<K, Engine>()
  return (store) => {
    let engine = engines.get(keyOf(store))
    if (!engine) engines.set(keyOf(store), (engine = open(store)))
    return engine
  }
}

/** The first row of `query` mapped by `to`, or null when there is none: a store's read of one thing by its key. */
export async function firstOrNull<R, T>(e: Pick<Engine, 'first'>, query: Runnable<R>, to: (row: R) => T): Promise<T | null> {
  const row = await e.first(query)
  return row ? to(row) : null
}
