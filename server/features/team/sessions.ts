/**
 * Sessions kept in the database (docs/decisions/0050-simplewebauthn-and-database-sessions.md):
 * the cookie holds a random token, the table its SHA-256. A session ends
 * after `idleMs` without a request or `maxMs` after sign-in, whichever comes
 * first; the idle expiry slides at most once a minute so that a busy member
 * does not cost a write per request.
 */
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { Session } from '../../db/stores/team-store.ts'
import { randomToken, sha256Hex } from '../../shared/auth/tokens.ts'

export interface SessionPolicy {
  idleMs: number
  maxMs: number
  /** Secure cookie with the __Host- prefix (the site is served over HTTPS). */
  secureCookie: boolean
}

export const SLIDE_EVERY_MS = 60_000

export function sessionCookieName(policy: Pick<SessionPolicy, 'secureCookie'>): string {
  return policy.secureCookie ? '__Host-catalitico_equipo' : 'catalitico_equipo'
}

export function newSession(
  method: Session['authMethod'],
  now: Date,
  policy: SessionPolicy,
): { token: string; session: Omit<Session, 'memberId'> } {
  const token = randomToken()
  const expiresAt = new Date(now.getTime() + policy.maxMs)
  return {
    token,
    session: {
      id: sha256Hex(token),
      csrfToken: randomToken(),
      authMethod: method,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(Math.min(now.getTime() + policy.idleMs, expiresAt.getTime())),
      expiresAt,
    },
  }
}

export function isLive(session: Session, now: Date): boolean {
  return now < session.idleExpiresAt && now < session.expiresAt
}

/** The new idle expiry when it is time to slide it, else null. */
export function slidIdleExpiry(session: Session, now: Date, policy: SessionPolicy): Date | null {
  if (now.getTime() - session.lastSeenAt.getTime() < SLIDE_EVERY_MS) return null
  return new Date(Math.min(now.getTime() + policy.idleMs, session.expiresAt.getTime()))
}

export function setSessionCookie(c: Context, token: string, session: Pick<Session, 'expiresAt'>, policy: SessionPolicy): void {
  setCookie(c, sessionCookieName(policy), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: policy.secureCookie,
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(c: Context, policy: SessionPolicy): void {
  deleteCookie(c, sessionCookieName(policy), { path: '/', secure: policy.secureCookie, httpOnly: true, sameSite: 'Lax' })
}
