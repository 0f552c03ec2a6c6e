/**
 * Identifiers, from the Web Crypto API only (Node and Deno alike).
 */

/** Crockford's base 32 without I, L, O, U: nothing to misread when a founder dictates it. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const REFERENCE_RE = /^CAT-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/

const BOGOTA_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Bogota', year: 'numeric' })

export interface Ids {
  /** A random UUID (v4), for applications and outbox rows. */
  uuid(): string
  /** A human-friendly application reference for the year of `now` in Colombia, e.g. CAT-2026-7KQ3XZ. */
  reference(now: Date): string
  /** An RFC 5322 Message-ID, angle brackets included. */
  messageId(domain: string): string
}

export const webIds: Ids = {
  uuid: () => crypto.randomUUID(),
  reference(now) {
    // 32 divides 256, so `byte % 32` is unbiased.
    const bytes = crypto.getRandomValues(new Uint8Array(6))
    const code = Array.from(bytes, (b) => REFERENCE_ALPHABET[b % 32]).join('')
    return `CAT-${BOGOTA_YEAR.format(now)}-${code}`
  },
  messageId: (domain) => `<${crypto.randomUUID()}@${domain}>`,
}

/** The domain part of the From address, for Message-IDs. */
export function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)
  return match?.[1]?.toLowerCase() ?? 'localhost'
}
