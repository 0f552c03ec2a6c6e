/**
 * What the outbox worker sends e-mails with. Runtime-agnostic (no node:
 * imports): the Node senders live in smtp-sender.ts and file-sender.ts; an
 * HTTPS mail-API sender for Deno would implement the same interface.
 */
import type { OutboxMessage } from '../../db/stores/application-store.ts'

export interface MailSender {
  /** Deliver one message; resolve once the peer accepted it, reject with a SendError otherwise. */
  send(message: OutboxMessage): Promise<void>
  /** Release connections. */
  close(): Promise<void>
}

/**
 * Why a send failed, as the worker needs to know it:
 * - 'transport': the mail server could not be reached or refused us as a client
 *   (down, timeout, TLS, authentication). Not the message's fault: retried
 *   without counting towards the message's failure limit.
 * - 'message': the server refused this message or recipient. Counts towards
 *   the limit; the message is marked failed after OUTBOX_MAX_ATTEMPTS.
 */
export class SendError extends Error {
  override name = 'SendError'
  constructor(
    readonly scope: 'transport' | 'message',
    /** A short operator-readable reason, e.g. "550 5.1.1 mailbox unavailable"; never the message content. */
    readonly reason: string,
  ) {
    super(reason)
  }
}
