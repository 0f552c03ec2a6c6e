/** The short paths' memory of who was counted today (ADR 0202): once per client, source and day; bounded. */
import { describe, expect, it } from 'vitest'
import { firstVisits } from './first-visits.ts'

describe('first visits', () => {
  it('is true once per client, source and Bogotá day', () => {
    const seen = firstVisits()
    expect(seen.first('radio-cali', '198.51.100.7', '2026-11-23')).toBe(true)
    expect(seen.first('radio-cali', '198.51.100.7', '2026-11-23')).toBe(false)
    expect(seen.first('tv', '198.51.100.7', '2026-11-23')).toBe(true)
    expect(seen.first('radio-cali', '198.51.100.8', '2026-11-23')).toBe(true)
    // The slug and the address are kept apart: "a\nb" + "c" is not "a" + "b\nc".
    expect(seen.first('radio', 'cali\n1', '2026-11-23')).toBe(true)
    expect(seen.first('radio\ncali', '1', '2026-11-23')).toBe(true)
  })

  it('forgets the whole day when the next one starts: a new key, nothing of yesterday kept', () => {
    const seen = firstVisits()
    seen.first('radio-cali', '198.51.100.7', '2026-11-23')
    seen.first('tv', '198.51.100.7', '2026-11-23')
    expect(seen.size).toBe(2)
    expect(seen.first('radio-cali', '198.51.100.7', '2026-11-24')).toBe(true)
    expect(seen.size).toBe(1)
  })

  it('holds at most its bound, forgetting the oldest first; a path that named no source is forgotten', () => {
    const seen = firstVisits(3)
    for (const n of [1, 2, 3, 4]) expect(seen.first('tv', `198.51.100.${n}`, '2026-11-23')).toBe(true)
    expect(seen.size).toBe(3)
    // The first was forgotten: it counts again; the last is still known.
    expect(seen.first('tv', '198.51.100.4', '2026-11-23')).toBe(false)
    expect(seen.first('tv', '198.51.100.1', '2026-11-23')).toBe(true)
    seen.forget('tv', '198.51.100.1', '2026-11-23')
    expect(seen.first('tv', '198.51.100.1', '2026-11-23')).toBe(true)
  })

  it('holds no address, only hashes', () => {
    const seen = firstVisits()
    seen.first('radio-cali', '198.51.100.7', '2026-11-23')
    expect(JSON.stringify(seen)).not.toContain('198.51')
  })
})
