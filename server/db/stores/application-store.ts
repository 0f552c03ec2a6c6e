/**
 * The storage interface every back end implements: the embedded SQLite store
 * (server/db/sqlite-store.ts), the PostgreSQL store, and whatever the
 * Deno edge function runs on. The HTTP function, the outbox worker, the CLI
 * and the benchmarks only ever see this interface.
 *
 * Runtime-agnostic on purpose: no node: imports here, so the function module
 * that imports these types also loads on Deno.
 *
 * Semantics every implementation must honour are pinned down by the contract
 * test suite in server/db/stores/application-store-contract.ts.
 */
import type { Application } from '../../../domain/application.ts'
import { MAIL_KINDS, type MailKind } from '../../../domain/machinery.ts'

// ---------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------

/** Evidence of the data-processing authorisation (Ley 1581 de 2012). */
export interface ConsentEvidence {
  /** The version of the privacy notice the founder agreed to (domain/privacy.ts). */
  policyVersion: string
  /** When the server received the authorisation. */
  acceptedAt: Date
}

export interface StoredApplication {
  /** A UUID; the only identifier that may appear in logs. */
  id: string
  /** The human-friendly code shown to the founder, e.g. CAT-2026-7KQ3XZ. Unique. */
  reference: string
  createdAt: Date
  formData: Application
  consent: ConsentEvidence
}

// ---------------------------------------------------------------------------
// Outbox (transactional outbox of e-mails)
// ---------------------------------------------------------------------------

/**
 * Every kind of e-mail the outbox carries. The first two belong to an
 * application; `team_sign_in` (a sign-in link or an invitation to the
 * workspace) belongs to a team member and holds a secret, so its body is
 * blanked once it has left (redact_after_send). `founder_status` (a stage
 * change's e-mail) and `founder_link` (a new link asked for) carry the
 * founder's personal link, which is created only as they leave: stored,
 * they hold its placeholder (domain/personal-link.ts, ADR 0117).
 */
export const MESSAGE_KINDS = MAIL_KINDS
export type MessageKind = MailKind

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/** A fully rendered e-mail, as enqueued in the same transaction as its application. */
export interface NewOutboxMessage {
  /** A UUID. */
  id: string
  kind: MessageKind
  /**
   * RFC 5322 Message-ID, angle brackets included (`<uuid@domain>`). Fixed at
   * enqueue time so that every retry of the same e-mail carries the same one
   * and a duplicate delivery is recognisable.
   */
  messageId: string
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
}

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

export interface DeletionReport {
  applications: { id: string; reference: string; createdAt: Date }[]
  /** Removed e-mails by status: pending ones will never be sent. */
  messages: Record<MessageStatus, number>
  idempotencyKeys: number
  /** The titular's open data requests about those applications (a deletion request), closed by this deletion. */
  dataRequestsClosed: number
}

/** Who answers a titular's data requests by deleting: an admin (by id), or the operator's command line (null). */
export interface DeletionCloser {
  by: string | null
  at: Date
}

// ---------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------

export interface ApplicationStore {
  /** 'sqlite', 'postgres', …: for logs and benchmark tables. */
  readonly kind: string

  /** Apply pending versioned migrations. Safe to call on every start and from several processes. */
  migrate(): Promise<void>
  /** Resolve when the database answers a trivial query (GET /healthz); reject otherwise. */
  ping(): Promise<void>

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

  /** Release the connection(s). The store is unusable afterwards. */
  close(): Promise<void>
}

/** How applications are matched by e-mail address for data requests: the one rule of domain/email.ts. */
export { normalizeEmail } from '../../../domain/email.ts'
