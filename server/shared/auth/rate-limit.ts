/**
 * Limits on the public sign-in endpoints, counted in the database so that
 * every instance shares them (docs/decisions/0051-database-rate-limits.md).
 * Buckets are SHA-256 hashes of a purpose and the address or client IP: the
 * table holds neither. The per-address limit applies whether or not the
 * address belongs to a member, so a 429 tells nothing about membership.
 */
import type { Context } from 'hono'
import type { TeamStore } from '../../db/stores/team-store.ts'
import { sha256Hex } from './tokens.ts'

export interface SignInRateLimits {
  windowMs: number
  /** Link requests per address and window. */
  perAddress: number
  /** Link requests per client IP and window. */
  perIp: number
  /** Passkey sign-in ceremonies started per client IP and window. */
  passkeyPerIp: number
}

export const DEFAULT_SIGN_IN_LIMITS: SignInRateLimits = { windowMs: 15 * 60_000, perAddress: 5, perIp: 30, passkeyPerIp: 60 }

export const bucket = (purpose: string, value: string) => sha256Hex(`${purpose}:${value}`)

/** A purpose (the kind of request), the value it is counted by (an address, an IP, an id) and its maximum. */
export interface Hit {
  purpose: string
  value: string
  max: number
}

export type Counted = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * The one counter of every database rate limit (ADR 0051): the request is
 * counted in each of its buckets, all or nothing, in the window `at` falls
 * in; when one is over its maximum, how long until the window ends. Each
 * caller answers a refusal in its own way (JSON, an HTML page, tus's body).
 */
export async function countHits(
  team: Pick<TeamStore, 'hitRateLimits'>,
  hits: readonly Hit[],
  at: Date,
  windowMs: number,
): Promise<Counted> {
  const windowStart = Math.floor(at.getTime() / windowMs) * windowMs
  const allowed = await team.hitRateLimits(
    hits.map((h) => ({ bucket: bucket(h.purpose, h.value), max: h.max })),
    new Date(windowStart),
  )
  return allowed ? { allowed } : { allowed, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at.getTime()) / 1000)) }
}

/**
 * Count the request; when over a limit, the 429 to send (with Retry-After), else null. The refusal is
 * the workspace's JSON unless `refuse` writes another (the founder's pages answer with a page).
 */
export async function rateLimited(
  c: Context,
  deps: { team: Pick<TeamStore, 'hitRateLimits'>; clock?: () => Date; rateLimits?: SignInRateLimits },
  hits: readonly Hit[],
  refuse = (c: Context) => c.json({ error: 'rate_limited', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.' }, 429) as Response,
): Promise<Response | null> {
  const counted = await countHits(deps.team, hits, deps.clock ? deps.clock() : new Date(), (deps.rateLimits ?? DEFAULT_SIGN_IN_LIMITS).windowMs)
  if (counted.allowed) return null
  c.header('Retry-After', String(counted.retryAfterSeconds))
  return refuse(c)
}
