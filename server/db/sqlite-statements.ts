/**
 * Each SQL text prepared once per connection: better-sqlite3 compiles a
 * statement on prepare(), which costs more than most of the stores' queries.
 */
import type Database from 'better-sqlite3'

export function statementCache(db: Database.Database): (sql: string) => Database.Statement {
  const cache = new Map<string, Database.Statement>()
  return (sql) => {
    let s = cache.get(sql)
    if (!s) {
      s = db.prepare(sql)
      cache.set(sql, s)
    }
    return s
  }
}
