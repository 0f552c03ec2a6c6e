/**
 * The Engine on SQLite (better-sqlite3), on the ApplicationStore's
 * connection. Queries compile with Kysely's SQLite compiler and run through
 * the connection's prepared-statement cache, so the fragments below keep
 * their text independent of the values (a list's length, a batch's size):
 * one text, one statement prepared once.
 *
 * Every write, a transaction or a single statement, runs inside
 * SqliteStore.write(): one savepoint of the next group commit, durable when
 * its promise resolves (ADR 0022). A transaction's body runs synchronously in
 * it; reads outside a transaction run straight on the connection.
 */
import { SqliteQueryCompiler, createQueryId, sql, type RootOperationNode, type SqlBool } from 'kysely'
import type SqliteDatabase from 'better-sqlite3'
import { statementCache } from './sqlite-statements.ts'
import { driveSync, encodeLater, enginePerConnection, isPlainInsert, preparer, toRun, type Compiled, type Dialect, type Engine, type Query, type Runnable, type Step } from './engine.ts'

const compiler = new SqliteQueryCompiler()
// Kysely tags each compiled query with an id for its plugins; there are none here.
const QUERY_ID = createQueryId()

/**
 * A parameter as a SQLite column holds it (schema.ts): a Date as ISO-8601
 * text, a boolean as 0/1, an object or array (a JSON column, a json_each
 * list) as JSON text.
 */
export function encodeParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value
  return JSON.stringify(value)
}

const dialect: Dialect = {
  inList: (ref, values) => sql<SqlBool>`${sql.ref(ref)} in (select value from json_each(${encodeLater(values, JSON.stringify)}))`,
  notInList: (ref, values) => sql<SqlBool>`${sql.ref(ref)} not in (select value from json_each(${encodeLater(values, JSON.stringify)}))`,
  rows(columns, values) {
    const names = Object.keys(columns)
    // `value ->> i` reads the i-th field back as SQLite's own type: text, integer (JSON true is 1), real or null,
    // and an object's JSON text; a Date was written as its ISO text by JSON.stringify.
    const fields = names.map((name, i) => sql`value ->> ${sql.lit(i)} as ${sql.id(name)}`)
    const rows = encodeLater(values, (list) => JSON.stringify(list.map((row) => names.map((name) => (row as Record<string, unknown>)[name] ?? null))))
    return sql`(select ${sql.join(fields)} from json_each(${rows}))`
  },
  searchTextContains: (alias, key) =>
    sql<SqlBool>`${sql.ref(`${alias}.rowid`)} in (select rowid from applications where instr(search_text, ${key}) > 0)`,
  forUpdate: (query) => query,
  forShare: (query) => query,
  forUpdateSkipLocked: (query) => query,
  forNoKeyUpdate: (query) => query,
  reportInserted: (insert) => insert,
  textOrder: (ref) => sql.ref(ref),
  // The expression of the applications_due_order index, so the order needs no sort.
  orderNullsLast: (ref) => (query) => query.orderBy(sql`${sql.ref(ref)} is null`).orderBy(ref) as typeof query,
  isUniqueViolation: (error) =>
    error instanceof Error && ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes((error as { code?: unknown }).code as string),
  now: () => sql<Date>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  bogotaDay: (ref) => sql<string>`date(${sql.ref(ref)}, '-5 hours')`,
}

function compileQuery(query: Query<unknown>): Compiled {
  return compiler.compileQuery(query.toOperationNode() as RootOperationNode, QUERY_ID)
}

/** The text to run and its parameters as the columns hold them. */
function compile(query: Runnable<unknown>): Compiled {
  const { sql, parameters } = toRun(query, compileQuery)
  return { sql, parameters: parameters.map(encodeParameter) }
}

/** What the engine runs on: a connection and its group commit (sqlite-store.ts). */
export interface SqliteConnection {
  readonly db: SqliteDatabase.Database
  /** Run `run` inside the next group-commit transaction (its own savepoint); resolves once durable. */
  write<T>(run: () => T): Promise<T>
}

/** The engine of `store`'s connection; every store on it shares one, and one statement cache. */
export const sqliteEngine = enginePerConnection((store: SqliteConnection) => store.db, openSqliteEngine)

function openSqliteEngine(store: SqliteConnection): Engine {
  const statement = statementCache(store.db)

  function prepare(query: Runnable<unknown>) {
    const compiled = compile(query)
    return { statement: statement(compiled.sql), parameters: compiled.parameters }
  }
  const all = (query: Runnable<unknown>): unknown[] => {
    const { statement, parameters } = prepare(query)
    return statement.all(...parameters)
  }
  const run = (query: Runnable<unknown>): number => {
    const { statement, parameters } = prepare(query)
    return statement.run(...parameters).changes
  }

  function execute(step: Step): unknown {
    switch (step.kind) {
      case 'all':
        return all(step.query)
      case 'run':
        return run(step.query)
      case 'upsert': {
        const existed = all(step.existing).length > 0
        run(step.insert)
        return !existed
      }
    }
  }

  return {
    kind: 'sqlite',
    ...dialect,
    all: async <R>(query: Runnable<R>) => all(query) as R[],
    first: async <R>(query: Runnable<R>) => all(query)[0] as R | undefined,
    run: (query) => store.write(() => run(query)),
    runReturning: <R>(query: Runnable<R>) => store.write(() => all(query) as R[]),
    transaction: (body) => store.write(() => driveSync(body, execute)),
    insertAll: (inserts) => {
      const compiled = inserts.map(compile)
      if (!compiled.every(isPlainInsert)) return Promise.reject(new TypeError('insertAll takes inserts without returning'))
      return store.write(() => compiled.map(({ sql, parameters }) => statement(sql).run(...parameters).changes))
    },
    prepare: preparer(compileQuery),
    compile,
  }
}
