/**
 * Secrets handed to a browser (session cookie, sign-in link) are 32 random
 * bytes; the database only ever holds their SHA-256, so a leaked table
 * opens no session.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Compare two secrets without leaking, through timing, how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
