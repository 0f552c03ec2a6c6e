import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limiter.ts'

const t = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000)

describe('createRateLimiter', () => {
  it('allows max requests per key and window, then says when to come back', () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 })
    expect([0, 1, 2].map((s) => limiter.consume('a', t(s)).allowed)).toEqual([true, true, true])
    expect(limiter.consume('a', t(10))).toEqual({ allowed: false, retryAfterSeconds: 50 })
    expect(limiter.consume('b', t(10)).allowed).toBe(true)
    expect(limiter.consume('a', t(60)).allowed).toBe(true)
  })

  it('keeps at most maxKeys windows, forgetting the oldest first', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000, maxKeys: 100 })
    expect(limiter.consume('first', t(0)).allowed).toBe(true)
    expect(limiter.consume('first', t(1)).allowed).toBe(false)
    for (let i = 0; i < 150; i++) limiter.consume(`spoofed-${i}`, t(2))
    // The flood pushed the oldest window out: that client starts afresh rather than memory growing.
    expect(limiter.consume('first', t(3)).allowed).toBe(true)
    expect(limiter.consume('spoofed-149', t(3)).allowed).toBe(false)
  })
})
