/**
 * The applications, their outbox and the founders' links, once for both
 * engines (ADR 0124): the interface the HTTP function, the outbox worker, the
 * CLI and the benchmarks see, and its one implementation over an Engine
 * (openApplicationStore). What differs per engine is the connection's own
 * part (StoreConnection: opening, migrating, pinging, closing), in
 * server/db/sqlite-store.ts (with the group commit, ADR 0022) and
 * server/db/postgres-store.ts; each of them returns the whole ApplicationStore.
 *
 * Runtime-agnostic on purpose: no node: imports here, and no driver, so the
 * edge function on Deno loads it with postgres.ts (never sqlite.ts).
 *
 * Semantics every implementation must honour are pinned down by the contract
 * test suite in server/db/stores/application-store-contract.ts.
 */
import { sql, type Selectable } from 'kysely'
import type { Application } from '../../../domain/application.ts'
import type { SourceOutlet } from '../../../domain/sources.ts'
import { normalizeEmail } from '../../../domain/email.ts'
import { stageDueAt } from '../../../domain/pipeline.ts'
import { applicationSearchText } from '../../../domain/search.ts'
import type { DeletionReportRecord } from '../../../domain/data-requests-records.ts'
import { db, prepareByShape, type Engine } from '../engine.ts'
import { COLUMN_KINDS, fromJson, toDate, toDateOrNull, toRow, type Database } from '../schema.ts'
import { applicationFromRow, type StoredApplication } from './application-rows.ts'
import { messageColumns, type MessageKind, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'

// ---------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------

export type { ConsentEvidence, StoredApplication } from './application-rows.ts'
export { messageColumns, type MessageKind, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'

// ---------------------------------------------------------------------------
// Outbox (transactional outbox of e-mails)
// ---------------------------------------------------------------------------

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export interface OutboxMessage extends NewOutboxMessage {
  /** The application it belongs to; null for team e-mails (sign-in links). */
  applicationId: string | null
  /** The team member it belongs to (sign-in links); null for application e-mails. */
  memberId: string | null
  status: MessageStatus
  /** Attempts that counted towards the failure limit so far. */
  attempts: number
  /** Not before this time is the message due (again). */
  nextAttemptAt: Date
  /** The worker that holds the message, while its lease runs. */
  claimedBy: string | null
  leaseUntil: Date | null
  lastError: string | null
  createdAt: Date
  /** When it was sent, or when it was given up (status failed). */
  settledAt: Date | null
}

// ---------------------------------------------------------------------------
// Saving a submission
// ---------------------------------------------------------------------------

export interface IdempotencyRecord {
  /** The client's Idempotency-Key header. */
  key: string
  /** A fingerprint of the request body, to tell a retry from a reused key. */
  requestHash: string
}

export interface NewSubmission {
  application: StoredApplication
  /** The e-mails to send for it; stored pending, due at application.createdAt. */
  messages: NewOutboxMessage[]
  idempotency?: IdempotencyRecord
  /**
   * Where it came from (ADR 0168), written with it: the slug the
   * founder's browser kept (recorded only if it names a known source: an
   * unknown one is dropped, never stored as typed) and the answer to
   * «¿Dónde nos conociste?».
   */
  attribution?: { sourceSlug: string | null; heardFrom: SourceOutlet | null }
}

export type SaveOutcome =
  /** Stored: the application, its consent evidence, its e-mails and the idempotency record. */
  | { status: 'created'; id: string; reference: string }
  /** The idempotency key was seen before with the same body: nothing stored; the first answer. */
  | { status: 'replayed'; id: string; reference: string }
  /** The idempotency key was seen before with a different body: nothing stored. */
  | { status: 'key_reused' }

/**
 * Thrown by saveSubmission when the reference is already taken (a random
 * collision). Nothing was stored; the caller draws a new reference and retries.
 */
export class DuplicateReferenceError extends Error {
  override name = 'DuplicateReferenceError'
  constructor(reference: string) {
    super(`reference ${reference} is already taken`)
  }
}

// ---------------------------------------------------------------------------
// The founder's data request (Ley 1581): what a deletion removed
// ---------------------------------------------------------------------------

export type DeletionReport = DeletionReportRecord

/** Who answers a titular's data requests by deleting: an admin (by id), or the operator's command line (null). */
export interface DeletionCloser {
  by: string | null
  at: Date
  /**
   * The titular's confirmation that their data is gone (kind founder_data_deleted), written in the
   * same transaction when something was deleted, tied to no application (the rows are gone).
   */
  confirmation?: NewOutboxMessage
}

// ---------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------

/** The connection's own part, one per engine: server/db/sqlite-store.ts, server/db/postgres-store.ts. */
export interface StoreConnection {
  /** 'sqlite', 'postgres', …: for logs and benchmark tables. */
  readonly kind: string

  /** Apply pending versioned migrations. Safe to call on every start and from several processes. */
  migrate(): Promise<void>
  /** Resolve when the database answers a trivial query (GET /healthz); reject otherwise. */
  ping(): Promise<void>
  /** Release the connection(s). The store is unusable afterwards. */
  close(): Promise<void>
}

export interface ApplicationStore extends StoreConnection {

  /**
   * In ONE transaction: the application with its consent evidence, its pending
   * e-mails and the idempotency record. When `idempotency.key` already exists,
   * store nothing and answer the first outcome (or key_reused when the body
   * differs). Resolves only once the transaction is durable.
   * @throws DuplicateReferenceError when the reference is taken (nothing stored)
   */
  saveSubmission(submission: NewSubmission): Promise<SaveOutcome>

  /**
   * Lease up to `limit` due messages to `workerId`, oldest first: pending,
   * nextAttemptAt <= now, and not held by an unexpired lease. Sets
   * claimedBy = workerId and leaseUntil = now + leaseMs, so exactly one worker
   * holds a message at a time; a lease that expired (its worker died) makes the
   * message claimable again. Does not change `attempts`.
   */
  claimDueMessages(workerId: string, now: Date, limit: number, leaseMs: number): Promise<OutboxMessage[]>
  /** Settle as sent. False (and no change) if `workerId` no longer holds the message. */
  markSent(messageId: string, workerId: string, sentAt: Date): Promise<boolean>
  /** Release the lease and make the message due again later. False if `workerId` no longer holds it. */
  reschedule(
    messageId: string,
    workerId: string,
    retry: { attempts: number; nextAttemptAt: Date; lastError: string },
  ): Promise<boolean>
  /** Give up: settle as failed. False if `workerId` no longer holds it. */
  markFailed(messageId: string, workerId: string, failure: { attempts: number; failedAt: Date; lastError: string }): Promise<boolean>

  /**
   * A founder's personal link, created by the outbox worker for the e-mail it
   * is about to send (ADR 0117): only the token's hash is stored. Resolves
   * once durable, so the link works by the time the e-mail arrives.
   */
  grantPersonalLink(applicationId: string, tokenHash: string, at: Date): Promise<void>
  /** Take back a link whose e-mail did not leave (the send failed): no one holds it. */
  withdrawPersonalLink(tokenHash: string): Promise<void>
  /**
   * After an e-mail with a new link has left: revoke the application's live links beyond the newest `keep`
   * (LIVE_LINKS_PER_APPLICATION, ADR 0197), newest by creation. How many it revoked.
   */
  retireOldPersonalLinks(applicationId: string, keep: number, at: Date): Promise<number>

  /** Every application, oldest first. */
  listApplications(): Promise<StoredApplication[]>
  /** Applications whose e-mail matches, case-insensitively and ignoring surrounding spaces, oldest first. */
  findByEmail(email: string): Promise<StoredApplication[]>
  /**
   * Remove those applications with all their e-mails (any status) and idempotency records; say what went.
   * In the same transaction, the open data requests about them are closed (by `closer`, default: the
   * command line, now): their record stays, with the reference and without the application.
   */
  deleteByEmail(email: string, closer?: DeletionCloser): Promise<DeletionReport>
  /** Outbox messages, oldest first, optionally of one application and/or one status. */
  listMessages(filter?: { applicationId?: string; status?: MessageStatus }): Promise<OutboxMessage[]>
}

/** How applications are matched by e-mail address for data requests: the one rule of domain/email.ts. */
export { normalizeEmail }

// ---------------------------------------------------------------------------
// The implementation, over either engine
// ---------------------------------------------------------------------------

const toMessage = (row: Selectable<Database['outbox']>): OutboxMessage => ({
  id: row.id,
  applicationId: row.application_id,
  memberId: row.member_id,
  kind: row.kind as MessageKind,
  messageId: row.message_id,
  from: row.sender,
  to: row.recipient,
  ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: toDate(row.next_attempt_at),
  claimedBy: row.claimed_by,
  leaseUntil: toDateOrNull(row.lease_until),
  lastError: row.last_error,
  createdAt: toDate(row.created_at),
  settledAt: toDateOrNull(row.settled_at),
  ...(row.calendar === null ? {} : { calendar: row.calendar }),
})

/** Every column of the outbox, named with its table. */
const OUTBOX_COLUMNS = Object.keys(COLUMN_KINDS.outbox).map((column) => `outbox.${column}`) as `outbox.${keyof Database['outbox']}`[]

/** The order every listing and claim uses, so that ties never depend on the plan. */
const byDueTime = (a: OutboxMessage, b: OutboxMessage) =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

// PostgreSQL text cannot hold NUL; an SMTP error message is the only value here not validated upstream.
const storableError = (message: string) => message.replaceAll('\u0000', '')

// A settled e-mail that carried a secret (a sign-in link) keeps its envelope but not its body.
// redact_after_send is a boolean on PostgreSQL, 0 or 1 on SQLite: either is a condition.
const redacted = (column: 'text_body' | 'html_body') => sql<string>`case when redact_after_send then '' else ${sql.ref(column)} end`

const released = { claimed_by: null, lease_until: null } as const
// Constants stay in the SQL text, as they were: the claim's partial index (outbox_due, where status =
// 'pending') serves a generic plan of PostgreSQL's prepared statements only when the text says 'pending'.
const PENDING = sql.lit<'pending'>('pending')
/** An update of message `p.id` that changes it only while it is pending and `p.workerId` still holds it. */
const stillHeld = (p: { id: string; workerId: string }) =>
  db.updateTable('outbox').where('id', '=', p.id).where('status', '=', PENDING).where('claimed_by', '=', p.workerId)

interface ApplicationValues {
  id: string
  reference: string
  createdAt: Date
  email: string
  formData: Application
  consentPolicyVersion: string
  consentAcceptedAt: Date
  stageDueAt: Date | null
  searchText: string
}

/**
 * The ApplicationStore's data, written once over `e`, joined to the
 * connection's own part: what openSqliteStore and openPostgresStore return.
 */
export function openApplicationStore<C extends StoreConnection>(e: Engine, connection: C): C & ApplicationStore {
  const q = {
    insertApplication: e.prepare((p: ApplicationValues) =>
      db.insertInto('applications').values({
        ...toRow(p, ['id', 'reference', 'created_at', 'email', 'form_data', 'consent_policy_version', 'consent_accepted_at', 'stage_due_at', 'search_text']),
        stage: sql.lit('recibida'),
        stage_entered_at: p.createdAt,
      }),
    ),
    // applicationId null: an e-mail tied to no application (a deletion's confirmation: its rows are gone).
    insertMessage: e.prepare((p: MessageValues & { applicationId: string | null; at: Date }) =>
      db.insertInto('outbox').values({ ...messageColumns(p), application_id: p.applicationId, next_attempt_at: p.at, created_at: p.at }),
    ),
    // The known source of the slug, if any, and the answer: one row, or none when neither is there.
    insertAttribution: e.prepare((p: { rows: { application_id: string; slug: string | null; heard_from: string | null }[] }) =>
      db
        .insertInto('application_sources')
        .columns(['application_id', 'source_id', 'heard_from'])
        .expression(
          db
            .selectFrom(e.rows({ application_id: 'uuid', slug: 'text', heard_from: 'text' }, p.rows).as('u'))
            .leftJoin('sources as s', 's.slug', 'u.slug')
            .select(['u.application_id', 's.id', sql<SourceOutlet | null>`u.heard_from`.as('heard_from')])
            .where((eb) => eb.or([eb('s.id', 'is not', null), eb('u.heard_from', 'is not', null)])),
        ),
    ),
    insertKey: e.prepare((p: { key: string; requestHash: string; applicationId: string; reference: string; at: Date }) =>
      db.insertInto('idempotency_keys').values({ key: p.key, request_hash: p.requestHash, application_id: p.applicationId, reference: p.reference, created_at: p.at }),
    ),
    seenKey: e.prepare((p: { key: string }) => db.selectFrom('idempotency_keys').select(['request_hash', 'application_id', 'reference']).where('key', '=', p.key)),
    referenceTaken: e.prepare((p: { reference: string }) => db.selectFrom('applications').select('id').where('reference', '=', p.reference)),
    // One statement (ADR 0032): on PostgreSQL, concurrent claimers skip the rows another is
    // locking, and a row another has just leased fails the re-checked condition.
    claim: e.prepare((p: { workerId: string; now: Date; limit: number; leaseUntil: Date }) =>
      db
        .with('due', (w) =>
          w
            .selectFrom('outbox')
            .select('id')
            .where('status', '=', PENDING)
            .where('next_attempt_at', '<=', p.now)
            .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', p.now)]))
            .orderBy('next_attempt_at')
            .orderBy('created_at')
            .orderBy('id')
            .limit(p.limit)
            .$call(e.forUpdateSkipLocked),
        )
        .updateTable('outbox')
        .set({ claimed_by: p.workerId, lease_until: p.leaseUntil })
        .from('due')
        .whereRef('outbox.id', '=', 'due.id')
        // Column by column: SQLite refuses `outbox.*` in returning.
        .returning(OUTBOX_COLUMNS),
    ),
    // Settling requires the caller to still hold the message: a worker whose lease was taken over changes nothing.
    markSent: e.prepare((p: { id: string; workerId: string; at: Date }) =>
      stillHeld(p).set({ status: sql.lit('sent'), settled_at: p.at, ...released, last_error: null, text_body: redacted('text_body'), html_body: redacted('html_body') }),
    ),
    reschedule: e.prepare((p: { id: string; workerId: string; attempts: number; nextAttemptAt: Date; lastError: string }) =>
      stillHeld(p).set({ attempts: p.attempts, next_attempt_at: p.nextAttemptAt, last_error: p.lastError, ...released }),
    ),
    markFailed: e.prepare((p: { id: string; workerId: string; attempts: number; at: Date; lastError: string }) =>
      stillHeld(p).set({
        status: sql.lit('failed'),
        attempts: p.attempts,
        settled_at: p.at,
        last_error: p.lastError,
        ...released,
        text_body: redacted('text_body'),
        html_body: redacted('html_body'),
      }),
    ),
    grantLink: e.prepare((p: { tokenHash: string; applicationId: string; at: Date }) =>
      db.insertInto('founder_links').values({ token_hash: p.tokenHash, application_id: p.applicationId, created_at: p.at }),
    ),
    withdrawLink: e.prepare((p: { tokenHash: string }) => db.deleteFrom('founder_links').where('token_hash', '=', p.tokenHash)),
    // The live links but the newest `keep` (ties broken by the hash, so two workers trimming at once agree).
    retireLinks: e.prepare((p: { applicationId: string; keep: number; at: Date }) =>
      db
        .updateTable('founder_links')
        .set({ revoked_at: p.at })
        .where('application_id', '=', p.applicationId)
        .where('revoked_at', 'is', null)
        .where('token_hash', 'not in', (eb) =>
          eb
            .selectFrom('founder_links')
            .select('token_hash')
            .where('application_id', '=', p.applicationId)
            .where('revoked_at', 'is', null)
            .orderBy('created_at', 'desc')
            .orderBy('token_hash', 'desc')
            .limit(p.keep),
        ),
    ),
    applications: e.prepare(() => db.selectFrom('applications').selectAll().orderBy('created_at').orderBy('id')),
    byEmail: e.prepare((p: { email: string }) => db.selectFrom('applications').selectAll().where('email', '=', p.email).orderBy('created_at').orderBy('id')),
    lockByEmail: e.prepare((p: { email: string }) =>
      db.selectFrom('applications').select(['id', 'reference', 'created_at']).where('email', '=', p.email).orderBy('created_at').orderBy('id').$call(e.forUpdate),
    ),
    closeRequests: e.prepare((p: { ids: string[]; by: string | null; at: Date }) =>
      db.updateTable('data_requests').set({ closed_at: p.at, closed_by: p.by }).where(e.inList('application_id', p.ids)).where('closed_at', 'is', null),
    ),
    deleteMessages: e.prepare((p: { ids: string[] }) => db.deleteFrom('outbox').where(e.inList('application_id', p.ids)).returning('status')),
    deleteKeys: e.prepare((p: { ids: string[] }) => db.deleteFrom('idempotency_keys').where(e.inList('application_id', p.ids))),
    deleteApplications: e.prepare((p: { ids: string[] }) => db.deleteFrom('applications').where(e.inList('id', p.ids))),
  }
  const messages = prepareByShape(e, (shape: { app: boolean; status: boolean }, p: { app: string; status: MessageStatus }) => {
    let query = db.selectFrom('outbox').selectAll()
    if (shape.app) query = query.where('application_id', '=', p.app)
    if (shape.status) query = query.where('status', '=', p.status)
    return query.orderBy('created_at').orderBy(e.textOrder('kind')).orderBy('id')
  })

  const data: Omit<ApplicationStore, keyof StoreConnection> = {
    async saveSubmission({ application: a, messages: mails, idempotency, attribution }) {
      const inserts = [
        q.insertApplication({
          id: a.id,
          reference: a.reference,
          createdAt: a.createdAt,
          email: normalizeEmail(a.formData.email),
          formData: a.formData,
          consentPolicyVersion: a.consent.policyVersion,
          consentAcceptedAt: a.consent.acceptedAt,
          stageDueAt: stageDueAt('recibida', a.createdAt, a.createdAt),
          searchText: applicationSearchText({ ...a.formData, reference: a.reference }),
        }),
        ...mails.map((m) =>
          q.insertMessage({ ...m, replyTo: m.replyTo ?? null, applicationId: a.id, at: a.createdAt }),
        ),
        ...(attribution && (attribution.sourceSlug !== null || attribution.heardFrom !== null)
          ? [q.insertAttribution({ rows: [{ application_id: a.id, slug: attribution.sourceSlug, heard_from: attribution.heardFrom }] })]
          : []),
        ...(idempotency ? [q.insertKey({ key: idempotency.key, requestHash: idempotency.requestHash, applicationId: a.id, reference: a.reference, at: a.createdAt })] : []),
      ]
      // No look-up of the idempotency key or the reference first: the form sends a key with
      // every submission, and a replay (rare) or a taken reference (rarer) is found by the unique
      // key the insert runs into, which a race between instances needs anyway. A first
      // submission is its inserts alone: on PostgreSQL one statement, one round trip.
      try {
        await e.insertAll(inserts)
      } catch (error) {
        if (!e.isUniqueViolation(error)) throw error
        // Nothing was stored. A key seen before answers as it did the first time, whatever else
        // clashed; on PostgreSQL, the loser of a race for the key waited for the winner's commit.
        if (idempotency) {
          const seen = await e.first(q.seenKey({ key: idempotency.key }))
          if (seen) {
            return seen.request_hash === idempotency.requestHash
              ? { status: 'replayed', id: seen.application_id, reference: seen.reference }
              : { status: 'key_reused' }
          }
        }
        if (await e.first(q.referenceTaken({ reference: a.reference }))) throw new DuplicateReferenceError(a.reference)
        throw error
      }
      return { status: 'created', id: a.id, reference: a.reference }
    },

    async claimDueMessages(workerId, now, limit, leaseMs) {
      const rows = await e.runReturning(q.claim({ workerId, now, limit, leaseUntil: new Date(now.getTime() + leaseMs) }))
      return rows.map(toMessage).sort(byDueTime)
    },

    async markSent(id, workerId, sentAt) {
      return (await e.run(q.markSent({ id, workerId, at: sentAt }))) === 1
    },

    async reschedule(id, workerId, retry) {
      const changed = await e.run(
        q.reschedule({ id, workerId, attempts: retry.attempts, nextAttemptAt: retry.nextAttemptAt, lastError: storableError(retry.lastError) }),
      )
      return changed === 1
    },

    async markFailed(id, workerId, failure) {
      const changed = await e.run(q.markFailed({ id, workerId, attempts: failure.attempts, at: failure.failedAt, lastError: storableError(failure.lastError) }))
      return changed === 1
    },

    async grantPersonalLink(applicationId, tokenHash, at) {
      await e.run(q.grantLink({ tokenHash, applicationId, at }))
    },

    async withdrawPersonalLink(tokenHash) {
      await e.run(q.withdrawLink({ tokenHash }))
    },

    async retireOldPersonalLinks(applicationId, keep, at) {
      return e.run(q.retireLinks({ applicationId, keep, at }))
    },

    async listApplications() {
      return (await e.all(q.applications({}))).map((row) => applicationFromRow(row, toDate, fromJson))
    },

    async findByEmail(email) {
      return (await e.all(q.byEmail({ email: normalizeEmail(email) }))).map((row) => applicationFromRow(row, toDate, fromJson))
    },

    deleteByEmail(email, closer = { by: null, at: new Date() }) {
      return e.transaction(function* (tx) {
        const apps = yield* tx.all(q.lockByEmail({ email: normalizeEmail(email) }))
        const messages: Record<MessageStatus, number> = { pending: 0, sent: 0, failed: 0 }
        if (apps.length === 0) return { applications: [], messages, idempotencyKeys: 0, dataRequestsClosed: 0 }
        const ids = apps.map((app) => app.id)
        // Before the rows go (on delete set null then unlinks the requests): the deletion answers them.
        const dataRequestsClosed = yield* tx.run(q.closeRequests({ ids, by: closer.by, at: closer.at }))
        for (const m of yield* tx.all(q.deleteMessages({ ids }))) messages[m.status] += 1
        const idempotencyKeys = yield* tx.run(q.deleteKeys({ ids }))
        yield* tx.run(q.deleteApplications({ ids }))
        const m = closer.confirmation
        if (m) yield* tx.run(q.insertMessage({ ...m, replyTo: m.replyTo ?? null, applicationId: null, at: closer.at }))
        return {
          applications: apps.map((app) => ({ id: app.id, reference: app.reference, createdAt: toDate(app.created_at) })),
          messages,
          idempotencyKeys,
          dataRequestsClosed,
        }
      })
    },

    async listMessages(filter = {}) {
      const shape = { app: filter.applicationId !== undefined, status: filter.status !== undefined }
      const rows = await e.all(messages(shape, { app: filter.applicationId ?? '', status: filter.status ?? 'pending' }))
      return rows.map(toMessage)
    },
  }
  return Object.assign(connection, data)
}
