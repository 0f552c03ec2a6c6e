/**
 * A per-key (per client IP) fixed-window rate limiter held in memory.
 * Runtime-agnostic and timer-free: expired windows are swept on use, and the
 * number of tracked keys is capped so a flood of spoofed keys cannot exhaust
 * memory. Each server instance counts on its own: with N instances behind a
 * load balancer, a client gets at most N times the limit (see ADR 0023).
 */
export interface RateDecision {
  allowed: boolean
  /** Seconds until the window resets (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number
}

export interface RateLimiter {
  consume(key: string, now: Date): RateDecision
}

export interface RateLimitOptions {
  /** Requests allowed per key and window. */
  max: number
  windowMs: number
  /** Keys tracked at most; beyond it, the oldest windows are dropped first. */
  maxKeys?: number
}

export function createRateLimiter({ max, windowMs, maxKeys = 50_000 }: RateLimitOptions): RateLimiter {
  // Insertion order of a Map is the order windows started: the first entries are the oldest.
  const windows = new Map<string, { resetAt: number; count: number }>()

  function sweep(now: number) {
    for (const [key, w] of windows) {
      if (w.resetAt > now && windows.size < maxKeys) break
      windows.delete(key)
    }
  }

  return {
    consume(key, date) {
      const now = date.getTime()
      let w = windows.get(key)
      if (!w || w.resetAt <= now) {
        if (w) windows.delete(key)
        sweep(now)
        w = { resetAt: now + windowMs, count: 0 }
        windows.set(key, w)
      }
      if (w.count >= max) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) }
      w.count++
      return { allowed: true, retryAfterSeconds: 0 }
    },
  }
}
