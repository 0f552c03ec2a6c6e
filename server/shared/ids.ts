/**
 * Identifiers, from the Web Crypto API only (Node and Deno alike).
 */
import { bogotaClock } from '../../domain/format.ts'

/** Crockford's base 32 without I, L, O, U: nothing to misread when a founder dictates it. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const REFERENCE_RE = /^CAT-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/

const HOUR_MS = 3_600_000

/**
 * The year in Colombia at `now`. Formatting a date costs some microseconds a
 * call; Bogotá's offset from UTC is a whole number of hours (−5; it has had
 * no other since 1914), so its year can only change on a UTC hour, and one
 * answer serves the whole hour.
 */
let yearHour = NaN
let yearText = ''
function bogotaYear(now: Date): string {
  const hour = Math.floor(now.getTime() / HOUR_MS)
  if (hour !== yearHour) {
    yearText = String(bogotaClock(now)!.year)
    yearHour = hour
  }
  return yearText
}

/**
 * Random bytes drawn in bulk: a call of getRandomValues costs far more than
 * its bytes (about 15 µs on Node), so the references take theirs six at a
 * time from a pool refilled every 256 references. Each byte is used once.
 */
const pool = new Uint8Array(6 * 256)
let taken = pool.length
function sixRandomBytes(): Uint8Array {
  if (taken === pool.length) {
    crypto.getRandomValues(pool)
    taken = 0
  }
  taken += 6
  return pool.subarray(taken - 6, taken)
}

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
    const bytes = sixRandomBytes()
    let code = ''
    for (const b of bytes) code += REFERENCE_ALPHABET[b % 32]
    return `CAT-${bogotaYear(now)}-${code}`
  },
  messageId: (domain) => `<${crypto.randomUUID()}@${domain}>`,
}

/** The domain part of the From address, for Message-IDs. */
export function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)
  return match?.[1]?.toLowerCase() ?? 'localhost'
}
