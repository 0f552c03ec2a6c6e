import { describe, expect, it } from 'vitest'
import { bogotaDayStart, isCalendarDay } from './bogota-days.ts'

describe('Bogotá calendar days, one rule', () => {
  it('a day the calendar has, written AAAA-MM-DD', () => {
    for (const day of ['2027-01-15', '2028-02-29', '2026-12-31', '0050-06-01']) expect(isCalendarDay(day), day).toBe(true)
    for (const day of ['2027-02-29', '2027-02-31', '2027-13-01', '2027-00-10', '2027-1-5', '15/01/2027', '2027-01-15T00:00', '']) expect(isCalendarDay(day), day).toBe(false)
  })

  it('starts at midnight in Bogotá (05:00 UTC), a number of days on; null for a day that does not exist', () => {
    expect(bogotaDayStart('2027-01-15')!.toISOString()).toBe('2027-01-15T05:00:00.000Z')
    expect(bogotaDayStart('2027-01-31', 1)!.toISOString()).toBe('2027-02-01T05:00:00.000Z')
    expect(bogotaDayStart('2027-02-30')).toBeNull()
  })
})
