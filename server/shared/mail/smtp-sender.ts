/**
 * Sends outbox messages over SMTP with nodemailer, on one pooled connection.
 */
import nodemailer from 'nodemailer'
import type { OutboxMessage } from '../../db/stores/application-store.ts'
import { toMailOptions } from './mail-options.ts'
import { SendError, type MailSender } from './sender.ts'

/** nodemailer error codes that mean "could not talk to the server", not "refused this message". */
const TRANSPORT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ETLS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL'])

export interface SmtpSenderOptions {
  /** Seconds to wait for the connection, the greeting and any socket activity. */
  timeoutSeconds?: number
}

export function createSmtpSender(url: string, options: SmtpSenderOptions = {}): MailSender {
  const timeout = (options.timeoutSeconds ?? 20) * 1000
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })
  return {
    async send(message: OutboxMessage) {
      try {
        await transport.sendMail(toMailOptions(message))
      } catch (err) {
        throw classify(err)
      }
    },
    async close() {
      transport.close()
    },
  }
}

function classify(err: unknown): SendError {
  const e = err as { code?: string; responseCode?: number; response?: string; command?: string }
  // An SMTP reply to the envelope or the data: the server is up and judged this message.
  if (typeof e.responseCode === 'number' && e.code !== 'EAUTH' && e.command !== 'CONN') {
    return new SendError('message', `${e.responseCode} ${firstLine(e.response ?? '')}`.trim())
  }
  if (e.code && TRANSPORT_CODES.has(e.code)) return new SendError('transport', `${e.code}${e.responseCode ? ' ' + e.responseCode : ''}`)
  return new SendError('transport', e.code ?? (err instanceof Error ? err.name : 'unknown error'))
}

// Mail servers echo the recipient in their replies (Postfix: "550 5.1.1 <ana@…>:
// Recipient address rejected"); the reason is logged and stored, so no address may remain.
const ADDRESS_RE = /[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g

function firstLine(s: string): string {
  return s.split(/\r?\n/)[0]!.replace(ADDRESS_RE, '<address>').slice(0, 200)
}
