/**
 * An outbox e-mail's own columns, for every store that queues one (the
 * applications', the team's sign-in links, the reminders, the panel's
 * invitations, the founder's e-mails): each adds whom it belongs to and when
 * it is due. Apart from the stores so that none imports another (ADR 0208).
 */
import type { MailKind } from '../../../domain/machinery.ts'

/**
 * Every kind of e-mail the outbox carries. The first two belong to an
 * application; `team_sign_in` (a sign-in link or an invitation to the
 * workspace) belongs to a team member and holds a secret, so its body is
 * blanked once it has left (redact_after_send). `founder_status` (a stage
 * change's e-mail) and `founder_link` (a new link asked for) carry the
 * founder's personal link, which is created only as they leave: stored,
 * they hold its placeholder (domain/personal-link.ts, ADR 0117).
 */
export type MessageKind = MailKind

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
  /**
   * An iCalendar invitation (RFC 5546, ADR 0153) the e-mail carries as its text/calendar part; the
   * part's method= is the file's own METHOD. Stored only by the panel store's own insert.
   */
  calendar?: string
}

/** A NewOutboxMessage as a prepared insert's values (its reply-to null when it has none). */
export type MessageValues = Omit<NewOutboxMessage, 'replyTo' | 'calendar'> & { replyTo: string | null }

/**
 * An e-mail's own columns in an outbox insert, for every store that queues one
 * (this one, the team's sign-in links, the reminders); each adds whom it
 * belongs to and when it is due. `p`'s fields are a prepared query's placeholders.
 */
export const messageColumns = (p: MessageValues) => ({
  id: p.id,
  kind: p.kind,
  message_id: p.messageId,
  sender: p.from,
  recipient: p.to,
  reply_to: p.replyTo,
  subject: p.subject,
  text_body: p.text,
  html_body: p.html,
})
