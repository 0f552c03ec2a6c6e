/**
 * The embedded default store: one SQLite file (better-sqlite3).
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
import type { Application } from '../../domain/application.ts'
import {
  DuplicateReferenceError,
  normalizeEmail,
  type ApplicationStore,
  type DeletionCloser,
  type DeletionReport,
  type MessageStatus,
  type NewSubmission,
  type OutboxMessage,
  type SaveOutcome,
  type StoredApplication,
} from './stores/application-store.ts'
import { stageDueAt } from '../../domain/pipeline.ts'
import { applicationSearchText, searchKey } from '../../domain/search.ts'
import { SQLITE_MIGRATIONS } from './migrations/sqlite.ts'
import { legacyFounderLinkHashes, withoutLegacyFounderLinks } from './migrations/legacy-founder-links.ts'
import {
  applicationFromRow,
  messageFromRow,
  type ApplicationRow as ApplicationRowOf,
  type OutboxRow as OutboxRowOf,
} from './stores/application-rows.ts'

// ISO-8601 UTC with milliseconds: fixed width, so text order is time order.
const iso = (d: Date) => d.toISOString()
const date = (s: string) => new Date(s)

type ApplicationRow = ApplicationRowOf<string, string>
type OutboxRow = OutboxRowOf<string>

const toApplication = (row: ApplicationRow): StoredApplication => applicationFromRow(row, date, (value) => JSON.parse(value) as Application)

const toMessage = (row: OutboxRow): OutboxMessage => messageFromRow(row, date)

// A settled e-mail that carried a secret (a sign-in link) keeps its envelope but not its body.
const REDACT = `text_body = CASE WHEN redact_after_send = 1 THEN '' ELSE text_body END,
           html_body = CASE WHEN redact_after_send = 1 THEN '' ELSE html_body END`

export interface SqliteStoreOptions {
  /** How long a writer waits for another process's lock before failing. */
  busyTimeoutMs?: number
  /** Writes committed together at most. */
  maxBatch?: number
}

export interface SqliteStore extends ApplicationStore {
  /** The connection's durability settings, for tests and diagnostics. */
  durability(): { journalMode: string; synchronous: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA' }
  /** Write transactions committed so far (each one fsync): shows the grouping at work. */
  commits(): number
  /**
   * The connection, for the other stores that share this database file
   * (server/db/stores/). Reads may use it directly; writes go
   * through write() so they join the group commit.
   */
  readonly db: Database.Database
  /** Run `run` inside the next group-commit transaction (its own savepoint); resolves once durable. */
  write<T>(run: () => T): Promise<T>
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

  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`)

  // Statements are prepared lazily: the tables exist only after migrate().
  const cache = new Map<string, Database.Statement>()
  const stmt = (sql: string) => {
    let s = cache.get(sql)
    if (!s) {
      s = db.prepare(sql)
      cache.set(sql, s)
    }
    return s
  }

  // save, claim and remove run only through write(): the batch's savepoint is their transaction.
  const save = (submission: NewSubmission): SaveOutcome => {
    const { application: a, messages, idempotency } = submission
    if (idempotency) {
      const seen = stmt('SELECT request_hash, application_id, reference FROM idempotency_keys WHERE key = ?').get(
        idempotency.key,
      ) as { request_hash: string; application_id: string; reference: string } | undefined
      if (seen) {
        return seen.request_hash === idempotency.requestHash
          ? { status: 'replayed', id: seen.application_id, reference: seen.reference }
          : { status: 'key_reused' }
      }
    }
    if (stmt('SELECT 1 FROM applications WHERE reference = ?').get(a.reference)) {
      throw new DuplicateReferenceError(a.reference)
    }
    const createdAt = iso(a.createdAt)
    stmt(
      `INSERT INTO applications (id, reference, created_at, email, form_data, consent_policy_version, consent_accepted_at,
                                 stage, stage_entered_at, stage_due_at, search_text)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'recibida', ?, ?, ?)`,
    ).run(
      a.id,
      a.reference,
      createdAt,
      normalizeEmail(a.formData.email),
      JSON.stringify(a.formData),
      a.consent.policyVersion,
      iso(a.consent.acceptedAt),
      createdAt,
      iso(stageDueAt('recibida', a.createdAt, a.createdAt)!),
      applicationSearchText({ ...a.formData, reference: a.reference }),
    )
    const insertMessage = stmt(
      `INSERT INTO outbox (id, application_id, kind, message_id, sender, recipient, reply_to, subject, text_body, html_body,
                           next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const m of messages) {
      insertMessage.run(m.id, a.id, m.kind, m.messageId, m.from, m.to, m.replyTo ?? null, m.subject, m.text, m.html, createdAt, createdAt)
    }
    if (idempotency) {
      stmt('INSERT INTO idempotency_keys (key, request_hash, application_id, reference, created_at) VALUES (?, ?, ?, ?, ?)').run(
        idempotency.key,
        idempotency.requestHash,
        a.id,
        a.reference,
        createdAt,
      )
    }
    return { status: 'created', id: a.id, reference: a.reference }
  }

  const claim = (workerId: string, now: Date, limit: number, leaseMs: number) => {
    const rows = stmt(
      `SELECT id FROM outbox
       WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
       ORDER BY next_attempt_at, created_at, id
       LIMIT ?`,
    ).all(iso(now), iso(now), limit) as { id: string }[]
    const lease = iso(new Date(now.getTime() + leaseMs))
    const take = stmt('UPDATE outbox SET claimed_by = ?, lease_until = ? WHERE id = ? RETURNING *')
    return rows.map((r) => toMessage(take.get(workerId, lease, r.id) as OutboxRow))
  }

  const remove = (email: string, closer: DeletionCloser): DeletionReport => {
    const apps = stmt('SELECT id, reference, created_at FROM applications WHERE email = ? ORDER BY created_at, id').all(
      normalizeEmail(email),
    ) as { id: string; reference: string; created_at: string }[]
    const messages: Record<MessageStatus, number> = { pending: 0, sent: 0, failed: 0 }
    let idempotencyKeys = 0
    let dataRequestsClosed = 0
    for (const app of apps) {
      // Before the row goes (ON DELETE SET NULL then unlinks the request): the deletion answers it.
      dataRequestsClosed += stmt('UPDATE data_requests SET closed_at = ?, closed_by = ? WHERE application_id = ? AND closed_at IS NULL').run(
        iso(closer.at),
        closer.by,
        app.id,
      ).changes
      const counts = stmt('SELECT status, count(*) AS n FROM outbox WHERE application_id = ? GROUP BY status').all(app.id) as {
        status: MessageStatus
        n: number
      }[]
      for (const c of counts) messages[c.status] += c.n
      idempotencyKeys += stmt('DELETE FROM idempotency_keys WHERE application_id = ?').run(app.id).changes
      stmt('DELETE FROM outbox WHERE application_id = ?').run(app.id)
      stmt('DELETE FROM applications WHERE id = ?').run(app.id)
    }
    return {
      applications: apps.map((a) => ({ id: a.id, reference: a.reference, createdAt: date(a.created_at) })),
      messages,
      idempotencyKeys,
      dataRequestsClosed,
    }
  }

  const settle = (sql: string, ...params: unknown[]) => stmt(sql).run(...params).changes === 1

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

  return {
    kind: 'sqlite',
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
          db.exec(m.sql)
          db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
            m.version,
            m.name,
            iso(new Date()),
          )
        }
      }).immediate()
    },

    async ping() {
      db.prepare('SELECT 1').get()
    },

    commits: () => commits,

    saveSubmission(submission) {
      return write(() => save(submission))
    },

    claimDueMessages(workerId, now, limit, leaseMs) {
      return write(() => claim(workerId, now, limit, leaseMs))
    },

    markSent(id, workerId, sentAt) {
      return write(() =>
        settle(
        `UPDATE outbox SET status = 'sent', settled_at = ?, claimed_by = NULL, lease_until = NULL, last_error = NULL, ${REDACT}
         WHERE id = ? AND status = 'pending' AND claimed_by = ?`,
          iso(sentAt),
          id,
          workerId,
        ),
      )
    },

    reschedule(id, workerId, retry) {
      return write(() =>
        settle(
        `UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, claimed_by = NULL, lease_until = NULL
         WHERE id = ? AND status = 'pending' AND claimed_by = ?`,
        retry.attempts,
        iso(retry.nextAttemptAt),
          retry.lastError,
          id,
          workerId,
        ),
      )
    },

    markFailed(id, workerId, failure) {
      return write(() =>
        settle(
        `UPDATE outbox SET status = 'failed', attempts = ?, settled_at = ?, last_error = ?, claimed_by = NULL, lease_until = NULL,
           ${REDACT}
         WHERE id = ? AND status = 'pending' AND claimed_by = ?`,
        failure.attempts,
        iso(failure.failedAt),
          failure.lastError,
          id,
          workerId,
        ),
      )
    },

    async grantPersonalLink(applicationId, tokenHash, at) {
      await write(() => stmt('INSERT INTO founder_links (token_hash, application_id, created_at) VALUES (?, ?, ?)').run(tokenHash, applicationId, iso(at)))
    },

    async withdrawPersonalLink(tokenHash) {
      await write(() => stmt('DELETE FROM founder_links WHERE token_hash = ?').run(tokenHash))
    },

    async listApplications() {
      return (stmt('SELECT * FROM applications ORDER BY created_at, id').all() as ApplicationRow[]).map(toApplication)
    },

    async findByEmail(email) {
      return (
        stmt('SELECT * FROM applications WHERE email = ? ORDER BY created_at, id').all(normalizeEmail(email)) as ApplicationRow[]
      ).map(toApplication)
    },

    deleteByEmail(email, closer = { by: null, at: new Date() }) {
      return write(() => remove(email, closer))
    },

    async listMessages(filter = {}) {
      const rows = stmt(
        `SELECT * FROM outbox
         WHERE (@app IS NULL OR application_id = @app) AND (@status IS NULL OR status = @status)
         ORDER BY created_at, kind, id`,
      ).all({ app: filter.applicationId ?? null, status: filter.status ?? null }) as OutboxRow[]
      return rows.map(toMessage)
    },

    async close() {
      // Writes already queued are committed (and their promises settled) first.
      while (queue.length > 0 && db.open) flush()
      if (db.open) db.close()
    },
  }
}
