/**
 * The Engine on PostgreSQL (postgres.js), on the ApplicationStore's pool.
 * Queries compile with Kysely's PostgreSQL compiler and run as postgres.js
 * prepared statements (unless the pool has them off, behind a transaction
 * pooler); a transaction's body runs inside sql.begin, so its row locks
 * (forUpdate, forShare, forUpdateSkipLocked) hold until it commits.
 *
 * Not kysely-postgres-js: it reserves a connection for every query and runs
 * them unprepared, and its transactions are Kysely's, not sql.begin, so code
 * still written against postgres.js (a Native step) could not join them
 * (ADR 0124).
 *
 * Runtime-agnostic: no node: imports (the edge function on Deno loads it).
 */
import { PostgresQueryCompiler, createQueryId, sql, type RootOperationNode, type SqlBool } from 'kysely'
import type { Sql, TransactionSql } from 'postgres'
import type { PostgresStore } from './postgres-store.ts'
import { driveAsync, encodeLater, preparer, toRun, type Body, type ColumnType, type Compiled, type Dialect, type Engine, type Query, type Runnable, type Step } from './engine.ts'

const compiler = new PostgresQueryCompiler()
// Kysely tags each compiled query with an id for its plugins; there are none here.
const QUERY_ID = createQueryId()

/** text[]: every array parameter is sent as text and cast in SQL (`$1::uuid[]`). */
const TEXT_ARRAY = 1009

/**
 * An array element as text, for a text[] parameter cast to its column type in SQL. Sent typed
 * instead (timestamptz[], uuid[]), the same update took about 50 µs longer; left to postgres.js to
 * guess, a Date[] is declared a single timestamptz, and on a new connection's first query it cannot
 * yet map a type to its array type.
 */
const asText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function dialectOf(pool: Sql): Dialect {
  const array = (values: readonly unknown[], type: ColumnType) =>
    sql`${encodeLater(values, (list) => pool.array(list.map(asText) as never[], TEXT_ARRAY))}::${sql.raw(type)}[]`
  return {
    inList: (ref, values, type = 'uuid') => sql<SqlBool>`${sql.ref(ref)} = any(${array(values, type)})`,
    notInList: (ref, values, type = 'uuid') => sql<SqlBool>`${sql.ref(ref)} <> all(${array(values, type)})`,
    rows(columns, values) {
      const types = Object.entries(columns) as [string, ColumnType][]
      const names = types.map(([name]) => name)
      const arrays = types.map(([name, type]) =>
        sql`${encodeLater(values, (list) => pool.array(list.map((row) => asText((row as Record<string, unknown>)[name])) as never[], TEXT_ARRAY))}::${sql.raw(type)}[]`,
      )
      return sql`(select * from unnest(${sql.join(arrays)}) as t(${sql.join(names.map((name) => sql.id(name)))}))`
    },
    // LIKE rather than strpos: the trigram index (applications_search_trgm) serves it.
    searchTextContains: (alias, key) => sql<SqlBool>`${sql.ref(`${alias}.search_text`)} like ${encodeLater(key, containing)}`,
    forUpdate: (query) => query.forUpdate() as typeof query,
    forShare: (query) => query.forShare() as typeof query,
    forUpdateSkipLocked: (query) => query.forUpdate().skipLocked() as typeof query,
    // xmax is 0 on a row version no transaction has replaced: this statement inserted it.
    reportInserted: (insert) => insert.returning(sql<boolean>`(xmax = 0)`.as('inserted')) as typeof insert,
    // "C" so both engines order alike, and the collation of the applications_search_order index.
    textOrder: (ref) => sql<string>`${sql.ref(ref)} collate "C"`,
    orderNullsLast: (ref) => (query) => query.orderBy(ref, (o) => o.asc().nullsLast()) as typeof query,
    now: () => sql<Date>`now()`,
  }
}

function compileQuery(query: Query<unknown>): Compiled {
  return compiler.compileQuery(query.toOperationNode() as RootOperationNode, QUERY_ID)
}

const compile = (query: Runnable<unknown>): Compiled => toRun(query, compileQuery)

const engines = new WeakMap<PostgresStore, Engine>()

/** The engine of `store`'s pool; every store on it shares one. */
export function postgresEngine(store: PostgresStore): Engine {
  let engine = engines.get(store)
  if (!engine) {
    engine = openPostgresEngine(store)
    engines.set(store, engine)
  }
  return engine
}

function openPostgresEngine(store: PostgresStore): Engine {
  const pool = store.sql

  const query = (on: Sql | TransactionSql, built: Runnable<unknown>) => {
    const compiled = compile(built)
    return on.unsafe(compiled.sql, compiled.parameters as never[], { prepare: true })
  }

  async function execute(on: TransactionSql, step: Step): Promise<unknown> {
    switch (step.kind) {
      case 'all':
        return query(on, step.query)
      case 'run':
        return (await query(on, step.query)).count
      case 'upsert': {
        const [row] = (await query(on, step.insert)) as unknown as { inserted?: boolean }[]
        if (typeof row?.inserted !== 'boolean') throw new Error('tx.upsert: build the insert with .$call(e.reportInserted)')
        return row.inserted
      }
      case 'native':
        return step.native.postgres(on)
    }
  }

  return {
    kind: 'postgres',
    ...dialectOf(pool),
    all: async <R>(built: Runnable<R>) => (await query(pool, built)) as unknown as R[],
    first: async <R>(built: Runnable<R>) => (await query(pool, built))[0] as R | undefined,
    run: async (built) => (await query(pool, built)).count,
    transaction: <T>(body: Body<T>) =>
      pool.begin((on) => driveAsync(body, (step) => execute(on, step))) as Promise<T>,
    prepare: preparer(compileQuery),
    compile,
  }
}
