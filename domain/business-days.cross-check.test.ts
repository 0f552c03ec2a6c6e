/**
 * The in-house holiday rules (business-days.ts) against a maintained
 * implementation written by others, `colombian-holidays` (npm, a dev
 * dependency only: domain/ ships no calendar library to the browser or Deno;
 * docs/decisions/0141-ley-1581-deadlines.md). Every year the programme can
 * meet, day for day.
 */
import { describe, expect, it } from 'vitest'
import colombianHolidaysLib from 'colombian-holidays'
import { colombianHolidays } from './business-days.ts'

describe('the Colombian holidays, checked against colombian-holidays (npm)', () => {
  it('agree on every holiday from 1984 (Ley 51 de 1983 in force) to 2100', () => {
    for (let year = 1984; year <= 2100; year++) {
      // Two holidays can fall on one Monday (1984: Sagrado Corazón and San Pedro): a day is a day.
      const theirs = [...new Set(colombianHolidaysLib({ year }).map((h) => h.celebrationDate))].sort()
      expect([...colombianHolidays(year)].sort(), String(year)).toEqual(theirs)
    }
  })
})
