import { describe, expect, it } from 'vitest'
import { PANEL_LENGTHS_MINUTES, PANEL_WARNINGS, checkOffer, dayOffWarning, sessionEnd, sessionMinutes } from './panel-sessions.ts'

describe('a session length, written once', () => {
  it('sessionMinutes reads back the length sessionEnd wrote, for every offered length', () => {
    const start = new Date('2026-12-03T15:00:00.000Z')
    for (const length of PANEL_LENGTHS_MINUTES) expect(sessionMinutes({ startsAt: start, endsAt: sessionEnd(start, length) })).toBe(length)
    expect(sessionEnd(start, 90).toISOString()).toBe('2026-12-03T16:30:00.000Z')
  })
})

describe('times on a Colombian holiday or a weekend (issue 32)', () => {
  it('warn, on the Bogotá day of the time: 8 December, a Saturday, a Sunday; a working Monday does not', () => {
    expect(dayOffWarning(new Date('2026-12-08T21:00:00.000Z'))).toBe(PANEL_WARNINGS.holiday) // Tuesday 8 December, 4:00 p. m.
    expect(dayOffWarning(new Date('2026-11-28T15:00:00.000Z'))).toBe(PANEL_WARNINGS.weekend) // Saturday
    expect(dayOffWarning(new Date('2026-11-29T15:00:00.000Z'))).toBe(PANEL_WARNINGS.weekend) // Sunday
    // 9:30 p. m. on Friday 27 November in Bogotá is already Saturday in UTC: a working day.
    expect(dayOffWarning(new Date('2026-11-28T02:30:00.000Z'))).toBeNull()
    expect(dayOffWarning(new Date('2026-11-30T15:00:00.000Z'))).toBeNull() // Monday
    // 16 November 2026 is a Monday holiday (Independencia de Cartagena, moved).
    expect(dayOffWarning(new Date('2026-11-16T15:00:00.000Z'))).toBe(PANEL_WARNINGS.holiday)
  })

  it('are saved with the warning, not refused', () => {
    const now = new Date('2026-11-23T15:00:00.000Z')
    const checked = checkOffer(
      { memberIds: ['a'], lengthMinutes: 60, place: { kind: 'address', value: 'Calle 1' }, times: ['2026-12-08T21:00:00.000Z', '2026-12-09T15:00:00.000Z'] },
      now,
      null,
    )
    expect(checked).toEqual({ ok: true, times: [new Date('2026-12-08T21:00:00.000Z'), new Date('2026-12-09T15:00:00.000Z')], warnings: [{ startsAt: new Date('2026-12-08T21:00:00.000Z'), message: PANEL_WARNINGS.holiday }] })
  })
})
