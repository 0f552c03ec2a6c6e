/**
 * The founder's personal link, created by the outbox worker as the e-mail
 * that carries it leaves (ADR 0117): until then every stored copy of the
 * e-mail (draft, outbox row, backup) holds the placeholder, and afterwards
 * only the token's SHA-256 is kept. Web Crypto only, like the rest of the
 * worker: no node: imports.
 */
import { PERSONAL_LINK_PLACEHOLDER, carriesPersonalLink, fillPersonalLink, personalLinkUrl } from '../../../domain/personal-link.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'
import type { OutboxMessage } from '../../db/stores/application-store.ts'

/** 32 random bytes, base64url without padding (43 characters): the same shape as every other token here. */
export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** SHA-256 of the token, hex: what founder_links stores and the status page looks up. */
export async function linkTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Whether the worker must create a link for this message before sending it: a
 * founder's kind, of an application, with a place for the link (a confirmation
 * queued before it carried one, ADR 0137, gets no link that would go nowhere).
 */
export function needsPersonalLink(message: OutboxMessage): message is OutboxMessage & { applicationId: string } {
  return carriesPersonalLink(message.kind) && message.applicationId !== null && message.text.includes(PERSONAL_LINK_PLACEHOLDER)
}

/** The message as it leaves: the placeholder replaced by the founder's link, in both parts. */
export function withPersonalLink(message: OutboxMessage, siteOrigin: string, token: string): OutboxMessage {
  const url = personalLinkUrl(siteOrigin, token)
  return { ...message, text: fillPersonalLink(message.text, url), html: fillPersonalLink(message.html, escapeHtml(url)) }
}
