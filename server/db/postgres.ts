/**
 * The Engine on PostgreSQL (postgres.js), on the ApplicationStore's pool.
 * Queries compile with Kysely's PostgreSQL compiler and run as postgres.js
 * prepared statements (unless the pool has them off, behind a transaction
 * pooler); a transaction's body runs inside sql.begin, so its row locks
 * (forUpdate, forShare, forUpdateSkipLocked) hold until it commits.
 *
 * Not kysely-postgres-js: it reserves a connection for every query and runs
 * them unprepared, and its transactions are Kysely's, not sql.begin
 * (ADR 0124).
 *
 * Runtime-agnostic: no node: imports (the edge function on Deno loads it).
 */
import { PostgresQueryCompiler, createQueryId, sql, type RootOperationNode, type SqlBool } from 'kysely'
import type { Sql, TransactionSql } from 'postgres'
import { driveAsync, encodeLater, enginePerConnection, isPlainInsert, preparer, toRun, type Body, type ColumnType, type Compiled, type Dialect, type Engine, type Query, type Runnable, type Step } from './engine.ts'

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
    forNoKeyUpdate: (query) => query.forNoKeyUpdate() as typeof query,
    // xmax is 0 on a row version no transaction has replaced: this statement inserted it.
    reportInserted: (insert) => insert.returning(sql<boolean>`(xmax = 0)`.as('inserted')) as typeof insert,
    // "C" so both engines order alike, and the collation of the applications_search_order index.
    textOrder: (ref) => sql<string>`${sql.ref(ref)} collate "C"`,
    orderNullsLast: (ref) => (query) => query.orderBy(ref, (o) => o.asc().nullsLast()) as typeof query,
    isUniqueViolation: (error) => error instanceof Error && error.name === 'PostgresError' && (error as { code?: unknown }).code === UNIQUE_VIOLATION,
    now: () => sql<Date>`now()`,
    bogotaDay: (ref) => sql<string>`to_char(${sql.ref(ref)} at time zone 'America/Bogota', 'YYYY-MM-DD')`,
  }
}

const UNIQUE_VIOLATION = '23505'

// Each compiled query's tree, for insertAll, which compiles a prepared query again inside its statement.
const trees = new WeakMap<Compiled, RootOperationNode>()

function compileQuery(query: Query<unknown>): Compiled {
  const node = query.toOperationNode() as RootOperationNode
  const compiled = compiler.compileQuery(node, QUERY_ID)
  trees.set(compiled, node)
  return compiled
}

const compile = (query: Runnable<unknown>): Compiled => toRun(query, compileQuery)

/** Numbers its parameters after `offset` others: a query compiled to sit inside a larger statement. */
class OffsetCompiler extends PostgresQueryCompiler {
  constructor(private readonly offset: number) {
    super()
  }
  protected override getCurrentParameterPlaceholder(): string {
    return `$${this.offset + this.numParameters}`
  }
}

/** The text of inserts as one statement: `with w0 as (insert … returning 1), … select (select count(*) from w0) as n0, …`. */
function together(inserts: readonly Compiled[]): string {
  let offset = 0
  const parts = inserts.map((compiled, i) => {
    const inner = new OffsetCompiler(offset).compileQuery(trees.get(compiled)!, QUERY_ID)
    offset += inner.parameters.length
    return `w${i} as (${inner.sql} returning 1)`
  })
  return `with ${parts.join(', ')} select ${inserts.map((_, i) => `(select count(*) from w${i}) as n${i}`).join(', ')}`
}

interface Together {
  text?: string
  next: WeakMap<Compiled, Together>
}
// The statement of each sequence of prepared inserts, built once: a trie on their compiled queries.
const togetherCache: Together = { next: new WeakMap() }

function togetherText(inserts: readonly Compiled[]): string {
  let node = togetherCache
  for (const compiled of inserts) {
    let next = node.next.get(compiled)
    if (!next) node.next.set(compiled, (next = { next: new WeakMap() }))
    node = next
  }
  return (node.text ??= together(inserts))
}

/** What the engine runs on: a pool (postgres-store.ts). */
export interface PostgresConnection {
  readonly sql: Sql
}

/** The engine of `store`'s pool; every store on it shares one. */
export const postgresEngine = enginePerConnection((store: PostgresConnection) => store.sql, (store) => openPostgresEngine(store.sql))

function openPostgresEngine(pool: Sql): Engine {

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
    }
  }

  return {
    kind: 'postgres',
    ...dialectOf(pool),
    all: async <R>(built: Runnable<R>) => (await query(pool, built)) as unknown as R[],
    first: async <R>(built: Runnable<R>) => (await query(pool, built))[0] as R | undefined,
    run: async (built) => (await query(pool, built)).count,
    runReturning: async <R>(built: Runnable<R>) => (await query(pool, built)) as unknown as R[],
    transaction: <T>(body: Body<T>) =>
      pool.begin((on) => driveAsync(body, (step) => execute(on, step))) as Promise<T>,
    async insertAll(inserts) {
      if (inserts.length === 0) return []
      // One statement, one implicit transaction, one round trip (and one write to the socket:
      // postgres.js writes each query of 1 kB or more at once, a system call each).
      const runs = inserts.map((q) => {
        if ('compiled' in q) return { compiled: q.compiled, parameters: compile(q).parameters }
        const compiled = compileQuery(q)
        return { compiled, parameters: compiled.parameters }
      })
      if (!runs.every((r) => isPlainInsert(r.compiled))) throw new TypeError('insertAll takes inserts without returning')
      const text = togetherText(runs.map((r) => r.compiled))
      const [counts] = await pool.unsafe(text, runs.flatMap((r) => r.parameters) as never[], { prepare: true })
      return runs.map((_, i) => Number((counts as Record<string, string>)[`n${i}`]))
    },
    prepare: preparer(compileQuery),
    compile,
  }
}
