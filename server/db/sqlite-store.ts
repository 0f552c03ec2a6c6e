/**
 * The embedded default store: one SQLite file (better-sqlite3). This file is
 * the connection (opening, pragmas, the group commit, migrations); the
 * store's queries are written once for both engines in
 * server/db/stores/application-store.ts.
 *
 * Durability: WAL journal with synchronous=FULL, so every commit is fsynced to
 * the WAL before saveSubmission resolves; an answered application survives
 * kill -9 and power loss. See docs/decisions/0020-sqlite-embedded-default.md.
 *
 * Group commit: an fsync costs milliseconds and better-sqlite3 blocks the
 * event loop while it runs, so one transaction per write would cap the server
 * at a few hundred writes per second with long queues. Writes are instead
 * queued and, once per event-loop turn, run together in ONE transaction, each
 * inside its own savepoint (a failing write rolls back alone); every promise
 * settles only after that transaction is committed and fsynced. Durability
 * and the per-write atomicity of the interface are unchanged.
 * See docs/decisions/0022-sqlite-group-commit.md.
 *
 * Across processes SQLite's own locking (BEGIN IMMEDIATE + busy_timeout)
 * serialises writers.
 */
import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { normalizeEmail, openApplicationStore, type ApplicationStore } from './stores/application-store.ts'
import { searchKey } from '../../domain/search.ts'
import { SQLITE_MIGRATIONS, type SqliteMigration } from './migrations/sqlite.ts'
import { WIDENED_CHECK_FUNCTION, widenedCheck } from './declare/sqlite.ts'
import { legacyFounderLinkHashes, withoutLegacyFounderLinks } from './migrations/legacy-founder-links.ts'
import { sqliteEngine, type SqliteConnection } from './sqlite.ts'

export interface SqliteStoreOptions {
  /** How long a writer waits for another process's lock before failing. */
  busyTimeoutMs?: number
  /** Writes committed together at most. */
  maxBatch?: number
}

export interface SqliteStore extends ApplicationStore, SqliteConnection {
  readonly kind: 'sqlite'
  /** The connection's durability settings, for tests and diagnostics. */
  durability(): { journalMode: string; synchronous: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA' }
  /** Write transactions committed so far (each one fsync): shows the grouping at work. */
  commits(): number
  /**
   * The connection, for the other stores that share this database file
   * (server/db/stores/, through sqliteEngine). Reads may use it directly;
   * writes go through write() so they join the group commit.
   */
  readonly db: Database.Database
}

/**
 * Runs one migration on `db`, inside the caller's transaction. One that edits a table's text in
 * sqlite_schema (`editsSchemaOf`: a widened CHECK) runs with better-sqlite3's defensive mode lifted,
 * for it alone (defensive mode ignores `pragma writable_schema = on`); then schema_version is bumped,
 * so that every other connection reads the new text, and integrity_check must answer ok for each
 * table edited, else the migration fails and its transaction rolls back.
 */
export function applySqliteMigration(db: Database.Database, m: SqliteMigration): void {
  if (!m.editsSchemaOf?.length) {
    db.exec(m.sql)
    return
  }
  db.unsafeMode(true)
  try {
    db.exec(m.sql)
    db.pragma(`schema_version = ${Number(db.pragma('schema_version', { simple: true })) + 1}`)
  } finally {
    db.unsafeMode(false)
  }
  for (const table of m.editsSchemaOf) {
    const problems = (db.pragma(`integrity_check(${table})`) as { integrity_check: string }[]).map((r) => r.integrity_check)
    if (problems.join() !== 'ok') throw new Error(`Migration ${m.version} (${m.name}) left ${table} failing integrity_check: ${problems.join('; ')}`)
  }
}

/** Open (creating if needed) the SQLite database at `path`. Call migrate() before use. */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`)
  db.pragma('journal_mode = WAL')
  // FULL: fsync the WAL on every commit. NORMAL would lose the last commits on power loss.
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  // For migrations and queries that compare with the workspace's search key.
  db.function('search_key', { deterministic: true }, (text: unknown) => searchKey(String(text ?? '')))
  // For migration 14, which takes the founder links out of stored e-mails (legacy-founder-links.ts).
  db.function('founder_link_hashes', { deterministic: true }, (text: unknown) => JSON.stringify(legacyFounderLinkHashes(String(text ?? ''))))
  db.function('founder_link_placeholder', { deterministic: true }, (text: unknown) => withoutLegacyFounderLinks(String(text ?? '')))
  // For migration 16, which recomposes the stored addresses (domain/email.ts).
  db.function('email_key', { deterministic: true }, (text: unknown) => normalizeEmail(String(text ?? '')))
  // For a declared migration that widens a CHECK (declare.ts widenCheck): the table's text, widened.
  db.function(WIDENED_CHECK_FUNCTION, { deterministic: true }, widenedCheck)

  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`)

  // --- Group commit ---------------------------------------------------------
  interface Write {
    run: () => unknown
    resolve: (value: never) => void
    reject: (error: unknown) => void
  }
  type WriteResult = { ok: true; value: unknown } | { ok: false; error: unknown }
  const maxBatch = options.maxBatch ?? 256
  // Built once: a nested better-sqlite3 transaction is a savepoint, so a failing write rolls back alone.
  const inSavepoint = db.transaction((run: () => unknown) => run())
  const runBatch = db.transaction((batch: Write[], results: WriteResult[]) => {
    for (const w of batch) {
      try {
        results.push({ ok: true, value: inSavepoint(w.run) })
      } catch (error) {
        results.push({ ok: false, error })
      }
    }
  })
  let queue: Write[] = []
  let scheduled = false
  let commits = 0

  function write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: never) => void, reject })
      if (!scheduled) {
        scheduled = true
        // After this turn's I/O callbacks: everything that arrived meanwhile joins the batch.
        setImmediate(flush)
      }
    })
  }

  function flush() {
    scheduled = false
    const batch = queue.slice(0, maxBatch)
    queue = queue.slice(batch.length)
    if (queue.length > 0) {
      scheduled = true
      setImmediate(flush)
    }
    if (batch.length === 0 || !db.open) {
      for (const w of batch) w.reject(new TypeError('The database connection is not open'))
      return
    }
    const results: WriteResult[] = []
    try {
      runBatch.immediate(batch, results)
      commits++
    } catch (error) {
      for (const w of batch) w.reject(error)
      return
    }
    batch.forEach((w, i) => {
      const r = results[i]!
      if (r.ok) w.resolve(r.value as never)
      else w.reject(r.error)
    })
  }

  const connection = {
    kind: 'sqlite' as const,
    db,
    write,

    durability() {
      const levels = ['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const
      return {
        journalMode: String(db.pragma('journal_mode', { simple: true })),
        synchronous: levels[Number(db.pragma('synchronous', { simple: true }))] ?? 'OFF',
      }
    },

    async migrate() {
      // IMMEDIATE takes the write lock up front, so two processes starting at
      // once apply each migration exactly once.
      db.transaction(() => {
        const applied = new Set(
          (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
        )
        for (const m of SQLITE_MIGRATIONS) {
          if (applied.has(m.version)) continue
          applySqliteMigration(db, m)
          db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
            m.version,
            m.name,
            new Date().toISOString(),
          )
        }
      }).immediate()
    },

    async ping() {
      db.prepare('SELECT 1').get()
    },

    commits: () => commits,

    async close() {
      // Writes already queued are committed (and their promises settled) first.
      while (queue.length > 0 && db.open) flush()
      if (db.open) db.close()
    },
  }
  return openApplicationStore(sqliteEngine(connection), connection)
}
