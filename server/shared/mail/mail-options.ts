/**
 * An outbox message as nodemailer options. The Message-ID and the Date come
 * from the outbox row, so every retry produces the same message and a
 * duplicate delivery is recognisable.
 */
import type { SendMailOptions } from 'nodemailer'
import type { OutboxMessage } from '../../db/stores/application-store.ts'
import { headerSafe, isHeaderSafeAddress } from './templates.ts'

export function toMailOptions(message: OutboxMessage): SendMailOptions {
  return {
    from: headerSafe(message.from, 300),
    to: message.to,
    ...(message.replyTo && isHeaderSafeAddress(message.replyTo) ? { replyTo: message.replyTo } : {}),
    subject: headerSafe(message.subject, 300),
    text: message.text,
    html: message.html,
    // The invitation's text/calendar part: its method= is the file's own METHOD, so they cannot differ (ADR 0153).
    ...(message.calendar ? { icalEvent: { method: calendarMethod(message.calendar), content: message.calendar } } : {}),
    messageId: message.messageId,
    date: message.createdAt,
    // The envelope is exactly the one recipient; nothing from the body can add others.
    envelope: { from: envelopeAddress(message.from), to: [message.to] },
    disableFileAccess: true,
    disableUrlAccess: true,
  }
}

/** The bare address of a `Name <address>` mailbox. */
const envelopeAddress = (mailbox: string): string => mailboxParts(mailbox).email

/** `Name <address>` (the name maybe quoted) → its parts; a bare address has no name. */
export function mailboxParts(mailbox: string): { name: string | null; email: string } {
  const match = /^([^]*?)<([^<>]+)>\s*$/.exec(mailbox)
  if (!match) return { name: null, email: mailbox.trim() }
  const name = match[1]!.trim().replace(/^"([^]*)"$/, '$1').trim()
  return { name: name || null, email: match[2]!.trim() }
}

/** The METHOD line of an iCalendar file (REQUEST, CANCEL…); REQUEST when it has none (RFC 5546's default for an invitation). */
export function calendarMethod(calendar: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? 'REQUEST'
}
