/**
 * The PostgreSQL store (postgres.js), for several stateless server instances
 * on one database and for the Supabase Edge Function. Selected by
 * DATABASE_URL on Node, by SUPABASE_DB_URL on Supabase. See
 * docs/decisions/0030-postgres-store-postgres-js.md.
 *
 * Runs on Node and on Deno: no node: imports here (the migration files are
 * read elsewhere and passed in).
 *
 * Concurrency, with any number of instances:
 * - saveSubmission is one statement, so one implicit transaction; the unique
 *   keys of the database (reference, Message-ID, idempotency key) decide races.
 *   A loser of an idempotency-key race waits for the winner's commit, fails on
 *   the key, and answers the winner's outcome.
 * - claimDueMessages locks due rows with FOR UPDATE SKIP LOCKED and leases them
 *   in the same statement: concurrent workers never wait for each other and
 *   never get the same message; a lease whose holder died expires and the
 *   message becomes claimable again.
 */
import postgres, { type Sql } from 'postgres'
import type { Application } from '../../domain/application.ts'
import { stageDueAt } from '../../domain/pipeline.ts'
import { applicationSearchText } from '../../domain/search.ts'
import { applyMigrations, type Migration } from './migrations/postgres.ts'
import {
  DuplicateReferenceError,
  normalizeEmail,
  type ApplicationStore,
  type DeletionCloser,
  type DeletionReport,
  type MessageStatus,
  type OutboxMessage,
  type SaveOutcome,
  type StoredApplication,
} from './stores/application-store.ts'
import {
  applicationFromRow,
  outboxColumns,
  messageFromRow,
  type ApplicationRow as ApplicationRowOf,
  type OutboxRow as OutboxRowOf,
} from './stores/application-rows.ts'

// postgres.js already returns timestamps as Date and jsonb parsed.
const asIs = <T>(value: T): T => value
type ApplicationRow = ApplicationRowOf<Date, Application>
type OutboxRow = OutboxRowOf<Date>

const toApplication = (row: ApplicationRow): StoredApplication => applicationFromRow(row, asIs, asIs)

const toMessage = (row: OutboxRow): OutboxMessage => messageFromRow(row, asIs)

/** The order every listing and claim uses, so that ties never depend on the plan. */
const byDueTime = (a: OutboxMessage, b: OutboxMessage) =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const UNIQUE_VIOLATION = '23505'

function violatedConstraint(err: unknown): string | undefined {
  return err instanceof postgres.PostgresError && err.code === UNIQUE_VIOLATION ? err.constraint_name : undefined
}

// PostgreSQL text cannot hold NUL; an SMTP error message is the only value here not validated upstream.
const storableError = (message: string) => message.replaceAll('\u0000', '')

export interface PostgresStoreOptions {
  /** Versioned migrations that migrate() applies (the Node entry points pass readMigrations()). */
  migrations?: readonly Migration[]
  /** Connections in the pool. */
  max?: number
  /**
   * Named prepared statements. Must be off behind a transaction-mode pooler
   * (Supabase's Supavisor on port 6543, PgBouncer); by default they are off
   * only when the URL points at port 6543.
   */
  prepare?: boolean
  /** Seconds an idle connection is kept; the edge function closes them early. */
  idleTimeoutSeconds?: number
}

export interface PostgresStore extends ApplicationStore {
  /** The pool, for the other stores that share this database (server/db/stores/). */
  readonly sql: Sql
}

/** Open a pool to the database at `url` (postgres:// or postgresql://). Nothing connects until the first query. */
export function openPostgresStore(url: string, options: PostgresStoreOptions = {}): PostgresStore {
  const sql: Sql = postgres(url, {
    max: options.max ?? 10,
    prepare: options.prepare ?? new URL(url).port !== '6543',
    idle_timeout: options.idleTimeoutSeconds ?? 60,
    connect_timeout: 10,
    // "schema already exists, skipping" and the like are not worth a log line.
    onnotice: () => {},
    connection: { application_name: 'catalitico' },
  })

  async function readIdempotencyOutcome(key: string, requestHash: string): Promise<SaveOutcome | undefined> {
    const [seen] = await sql<{ request_hash: string; application_id: string; reference: string }[]>`
      select request_hash, application_id, reference from idempotency_keys where key = ${key}
    `
    if (!seen) return undefined
    return seen.request_hash === requestHash
      ? { status: 'replayed', id: seen.application_id, reference: seen.reference }
      : { status: 'key_reused' }
  }

  // A settled e-mail that carried a secret (a sign-in link) keeps its envelope but not its body.
  const redactBodies = sql`
    text_body = case when redact_after_send then '' else text_body end,
    html_body = case when redact_after_send then '' else html_body end
  `

  async function settle(query: PromiseLike<readonly unknown[]>): Promise<boolean> {
    return (await query).length === 1
  }

  return {
    kind: 'postgres',
    sql,

    async migrate() {
      if (!options.migrations) throw new Error('No migrations given to openPostgresStore; on Supabase run `supabase db push`.')
      await applyMigrations(sql, options.migrations)
    },

    async ping() {
      await sql`select 1`
    },

    async saveSubmission(submission) {
      const { application: a, messages, idempotency } = submission
      // No look-up of the idempotency key first: the form sends one with every
      // submission, and a replay (rare) is found by the key's unique violation
      // below, which a race needs anyway. First submissions keep one round trip.
      // One statement, hence one round trip and one implicit transaction: the three inserts commit or
      // fail together. The foreign keys are checked at the end of the statement, after all of them.
      const rows = messages.map(outboxColumns)
      try {
        await sql`
          with application as (
            insert into applications (id, reference, created_at, email, form_data, consent_policy_version, consent_accepted_at,
                                      stage, stage_entered_at, stage_due_at, search_text)
            values (${a.id}, ${a.reference}, ${a.createdAt}, ${normalizeEmail(a.formData.email)}, ${sql.json(a.formData)},
                    ${a.consent.policyVersion}, ${a.consent.acceptedAt}, 'recibida', ${a.createdAt},
                    ${stageDueAt('recibida', a.createdAt, a.createdAt)}, ${applicationSearchText({ ...a.formData, reference: a.reference })})
            returning id
          ), messages as (
            insert into outbox (id, application_id, kind, message_id, sender, recipient, reply_to, subject, text_body,
                                html_body, next_attempt_at, created_at)
            select m.id, application.id, m.kind, m.message_id, m.sender, m.recipient, m.reply_to, m.subject, m.text_body,
                   m.html_body, ${a.createdAt}, ${a.createdAt}
            from application, jsonb_to_recordset(${sql.json(rows)}) as m(
              id uuid, kind text, message_id text, sender text, recipient text, reply_to text, subject text,
              text_body text, html_body text
            )
            returning 1
          ), idempotency as (
            insert into idempotency_keys (key, request_hash, application_id, reference, created_at)
            select ${idempotency?.key ?? null}::text, ${idempotency?.requestHash ?? null}::text, application.id,
                   ${a.reference}, ${a.createdAt}
            from application where ${idempotency !== undefined}
            returning 1
          )
          select (select count(*) from messages) as messages, (select count(*) from idempotency) as keys
        `
      } catch (err) {
        const constraint = violatedConstraint(err)
        if (constraint === 'applications_reference_key') throw new DuplicateReferenceError(a.reference)
        if (constraint === 'idempotency_keys_pkey' && idempotency) {
          // A twin with the same key committed first: ours rolled back; answer as the twin did.
          const seen = await readIdempotencyOutcome(idempotency.key, idempotency.requestHash)
          if (seen) return seen
        }
        throw err
      }
      return { status: 'created', id: a.id, reference: a.reference }
    },

    async claimDueMessages(workerId, now, limit, leaseMs) {
      const leaseUntil = new Date(now.getTime() + leaseMs)
      const rows = await sql<OutboxRow[]>`
        with due as (
          select id from outbox
          where status = 'pending' and next_attempt_at <= ${now} and (lease_until is null or lease_until <= ${now})
          order by next_attempt_at, created_at, id
          limit ${limit}
          for update skip locked
        )
        update outbox set claimed_by = ${workerId}, lease_until = ${leaseUntil}
        from due where outbox.id = due.id
        returning outbox.*
      `
      return rows.map(toMessage).sort(byDueTime)
    },

    async markSent(id, workerId, sentAt) {
      return settle(sql`
        update outbox set status = 'sent', settled_at = ${sentAt}, claimed_by = null, lease_until = null, last_error = null,
                          ${redactBodies}
        where id = ${id} and status = 'pending' and claimed_by = ${workerId}
        returning id
      `)
    },

    async reschedule(id, workerId, retry) {
      return settle(sql`
        update outbox set attempts = ${retry.attempts}, next_attempt_at = ${retry.nextAttemptAt},
                          last_error = ${storableError(retry.lastError)}, claimed_by = null, lease_until = null
        where id = ${id} and status = 'pending' and claimed_by = ${workerId}
        returning id
      `)
    },

    async markFailed(id, workerId, failure) {
      return settle(sql`
        update outbox set status = 'failed', attempts = ${failure.attempts}, settled_at = ${failure.failedAt},
                          last_error = ${storableError(failure.lastError)}, claimed_by = null, lease_until = null,
                          ${redactBodies}
        where id = ${id} and status = 'pending' and claimed_by = ${workerId}
        returning id
      `)
    },

    async grantPersonalLink(applicationId, tokenHash, at) {
      await sql`insert into founder_links (token_hash, application_id, created_at) values (${tokenHash}, ${applicationId}, ${at})`
    },

    async withdrawPersonalLink(tokenHash) {
      await sql`delete from founder_links where token_hash = ${tokenHash}`
    },

    async listApplications() {
      const rows = await sql<ApplicationRow[]>`select * from applications order by created_at, id`
      return rows.map(toApplication)
    },

    async findByEmail(email) {
      const rows = await sql<ApplicationRow[]>`
        select * from applications where email = ${normalizeEmail(email)} order by created_at, id
      `
      return rows.map(toApplication)
    },

    async deleteByEmail(email, closer: DeletionCloser = { by: null, at: new Date() }): Promise<DeletionReport> {
      return sql.begin(async (tx) => {
        const apps = await tx<{ id: string; reference: string; created_at: Date }[]>`
          select id, reference, created_at from applications where email = ${normalizeEmail(email)}
          order by created_at, id
          for update
        `
        const messages: Record<MessageStatus, number> = { pending: 0, sent: 0, failed: 0 }
        if (apps.length === 0) return { applications: [], messages, idempotencyKeys: 0, dataRequestsClosed: 0 }
        const ids = apps.map((a) => a.id)
        // Before the rows go (on delete set null then unlinks the requests): the deletion answers them.
        const closed = await tx`
          update data_requests set closed_at = ${closer.at}, closed_by = ${closer.by}
          where application_id = any(${tx.array(ids)}::uuid[]) and closed_at is null returning id
        `
        const removed = await tx<{ status: MessageStatus }[]>`
          delete from outbox where application_id = any(${tx.array(ids)}::uuid[]) returning status
        `
        for (const m of removed) messages[m.status] += 1
        const keys = await tx`delete from idempotency_keys where application_id = any(${tx.array(ids)}::uuid[]) returning key`
        await tx`delete from applications where id = any(${tx.array(ids)}::uuid[])`
        return {
          applications: apps.map((a) => ({ id: a.id, reference: a.reference, createdAt: a.created_at })),
          messages,
          idempotencyKeys: keys.length,
          dataRequestsClosed: closed.length,
        }
      })
    },

    async listMessages(filter = {}) {
      const app = filter.applicationId ?? null
      const status = filter.status ?? null
      const rows = await sql<OutboxRow[]>`
        select * from outbox
        where (${app}::uuid is null or application_id = ${app}::uuid) and (${status}::text is null or status = ${status}::text)
        order by created_at, kind collate "C", id
      `
      return rows.map(toMessage)
    },

    async close() {
      await sql.end({ timeout: 5 })
    },
  }
}
