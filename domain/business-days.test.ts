import { describe, expect, it } from 'vitest'
import { colombianHolidays, endOfBusinessDaysAfter, isBusinessDay } from './business-days.ts'
import { dataRequestDueAt } from './data-requests.ts'

describe('Colombian business days', () => {
  it('knows the 18 national holidays of 2026, moved to Monday where Ley 51 de 1983 says', () => {
    expect([...colombianHolidays(2026)].sort()).toEqual([
      '2026-01-01', '2026-01-12', '2026-03-23', '2026-04-02', '2026-04-03', '2026-05-01', '2026-05-18', '2026-06-08', '2026-06-15',
      '2026-06-29', '2026-07-20', '2026-08-07', '2026-08-17', '2026-10-12', '2026-11-02', '2026-11-16', '2026-12-08', '2026-12-25',
    ])
    // Easter 2027 is on 28 March: Holy Thursday and Friday fall on the 25th and 26th.
    expect(colombianHolidays(2027).has('2027-03-25')).toBe(true)
    expect(colombianHolidays(2027).has('2027-03-26')).toBe(true)
  })

  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true) // a Monday
    expect(isBusinessDay('2026-11-28')).toBe(false) // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false) // Sunday
    expect(isBusinessDay('2026-12-08')).toBe(false) // Inmaculada Concepción, a Tuesday
  })

  it('counts a term from the day after, in Bogotá, to the end of its last day', () => {
    // Monday 23 November 2026, 10:00 in Bogotá: 15 business days, 8 December skipped, end on Tuesday 15 December.
    const due = endOfBusinessDaysAfter(new Date('2026-11-23T15:00:00.000Z'), 15)
    expect(due.toISOString()).toBe('2026-12-16T04:59:59.999Z') // 23:59:59.999 on 15 December in Bogotá
    // 23:30 on Friday in Bogotá (already Saturday in UTC) is a Friday request: Monday 30 November is day 1.
    expect(endOfBusinessDaysAfter(new Date('2026-11-28T04:30:00.000Z'), 1).toISOString()).toBe('2026-12-01T04:59:59.999Z')
    // Across the year's end: 24 December 2026 + 5 business days skips the 25th, the weekends and 1 January.
    expect(endOfBusinessDaysAfter(new Date('2026-12-24T15:00:00.000Z'), 5).toISOString()).toBe('2027-01-05T04:59:59.999Z')
  })

  it('gives a deletion request 15 business days and a consulta 10 (Ley 1581, arts. 14 and 15)', () => {
    const opened = new Date('2026-11-23T15:00:00.000Z')
    expect(dataRequestDueAt('supresion', opened).toISOString()).toBe('2026-12-16T04:59:59.999Z')
    expect(dataRequestDueAt('consulta', opened).toISOString()).toBe('2026-12-08T04:59:59.999Z') // Monday 7 December
  })
})
