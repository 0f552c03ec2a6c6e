import { describe, expect, it } from 'vitest'
import { PANEL_LENGTHS_MINUTES, sessionEnd, sessionMinutes } from './panel-sessions.ts'

describe('a session length, written once', () => {
  it('sessionMinutes reads back the length sessionEnd wrote, for every offered length', () => {
    const start = new Date('2026-12-03T15:00:00.000Z')
    for (const length of PANEL_LENGTHS_MINUTES) expect(sessionMinutes({ startsAt: start, endsAt: sessionEnd(start, length) })).toBe(length)
    expect(sessionEnd(start, 90).toISOString()).toBe('2026-12-03T16:30:00.000Z')
  })
})
