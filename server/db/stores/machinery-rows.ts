/**
 * The machinery's rows as both drivers return them, and their mapping,
 * shared by the SQLite and PostgreSQL MachineryStores. As in
 * server/db/stores/application-rows.ts, `T` is the driver's timestamp type; `B` is its
 * boolean's (0/1 on SQLite, boolean on postgres.js).
 *
 * Runtime-agnostic (the PostgreSQL store also runs on Deno): no node: imports.
 */
import type { MessageKind } from './application-store.ts'
import type { FailedMessage, OutboxFigures } from './machinery-store.ts'

/** The counts as OutboxFigures names them; the oldest pending e-mail's time as the driver returns it. */
export type OutboxFiguresRow<T> = Omit<OutboxFigures, 'oldestPendingAt'> & { oldest: T | null }

export const outboxFiguresFromRow = <T>({ oldest, ...counts }: OutboxFiguresRow<T>, date: (value: T) => Date): OutboxFigures => ({
  ...counts,
  oldestPendingAt: oldest === null ? null : date(oldest),
})

export interface FailedMessageRow<T, B> {
  id: string
  kind: MessageKind
  application_id: string | null
  reference: string | null
  company_name: string | null
  attempts: number
  last_error: string | null
  settled_at: T | null
  redact_after_send: B
}

export const failedMessageFromRow = <T, B>(r: FailedMessageRow<T, B>, date: (value: T) => Date, flag: (value: B) => boolean): FailedMessage => ({
  id: r.id,
  kind: r.kind,
  applicationId: r.application_id,
  reference: r.reference,
  companyName: r.company_name,
  attempts: r.attempts,
  lastError: r.last_error,
  failedAt: r.settled_at === null ? null : date(r.settled_at),
  // A sign-in link's body is blanked when it fails: it cannot go again as it is.
  retryable: !flag(r.redact_after_send),
})
