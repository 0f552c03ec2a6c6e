/**
 * Limits on the public sign-in endpoints, counted in the database so that
 * every instance shares them (docs/decisions/0051-database-rate-limits.md).
 * Buckets are SHA-256 hashes of a purpose and the address or client IP: the
 * table holds neither. The per-address limit applies whether or not the
 * address belongs to a member, so a 429 tells nothing about membership.
 */
import type { Context } from 'hono'
import { now, type WorkspaceDeps } from '../deps.ts'
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

/**
 * Count the request in its buckets; when over a limit, the 429 answer to
 * send (with Retry-After), else null.
 */
export async function rateLimited(
  c: Context,
  deps: Pick<WorkspaceDeps, 'team' | 'clock' | 'rateLimits'>,
  hits: { purpose: string; value: string; max: number }[],
): Promise<Response | null> {
  const limits = deps.rateLimits ?? DEFAULT_SIGN_IN_LIMITS
  const at = now(deps).getTime()
  const windowStart = Math.floor(at / limits.windowMs) * limits.windowMs
  const allowed = await deps.team.hitRateLimits(
    hits.map((h) => ({ bucket: bucket(h.purpose, h.value), max: h.max })),
    new Date(windowStart),
  )
  if (allowed) return null
  c.header('Retry-After', String(Math.max(1, Math.ceil((windowStart + limits.windowMs - at) / 1000))))
  return c.json({ error: 'rate_limited', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.' }, 429)
}
