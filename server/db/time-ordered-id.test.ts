import { describe, expect, it } from 'vitest'
import { isUuid, timeOrderedId } from './time-ordered-id.ts'

describe('timeOrderedId', () => {
  it('gives version-7 UUIDs that sort in the order they were made, even within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => timeOrderedId())
    for (const id of ids) expect(isUuid(id) && id[14] === '7' && '89ab'.includes(id[19]!)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('starts with the current time in milliseconds', () => {
    const before = Date.now()
    const ms = parseInt(timeOrderedId().replace(/-/g, '').slice(0, 12), 16)
    expect(ms).toBeGreaterThanOrEqual(before)
    expect(ms).toBeLessThanOrEqual(Date.now() + 1)
  })
})
