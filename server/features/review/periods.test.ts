import { describe, expect, it } from 'vitest'
import { bogotaPeriods } from './periods.ts'

describe('bogotaPeriods', () => {
  it('starts the week on Monday and the month on the 1st, at midnight in Bogotá (05:00 UTC)', () => {
    // Wednesday 2026-03-18, 15:00 in Bogotá
    expect(bogotaPeriods(new Date('2026-03-18T20:00:00Z'))).toEqual({
      weekStart: new Date('2026-03-16T05:00:00Z'),
      monthStart: new Date('2026-03-01T05:00:00Z'),
    })
  })

  it('uses the Bogotá date, not the UTC one, late in the evening', () => {
    // Sunday 2026-03-01 at 22:00 in Bogotá is already Monday 03:00 UTC, and still February's week and March's 1st
    expect(bogotaPeriods(new Date('2026-03-02T03:00:00Z'))).toEqual({
      weekStart: new Date('2026-02-23T05:00:00Z'),
      monthStart: new Date('2026-03-01T05:00:00Z'),
    })
    // Saturday 2026-02-28 at 23:59 in Bogotá: still February
    expect(bogotaPeriods(new Date('2026-03-01T04:59:00Z')).monthStart).toEqual(new Date('2026-02-01T05:00:00Z'))
  })

  it('starts a new week at Monday midnight exactly', () => {
    expect(bogotaPeriods(new Date('2026-03-16T05:00:00Z')).weekStart).toEqual(new Date('2026-03-16T05:00:00Z'))
    expect(bogotaPeriods(new Date('2026-03-16T04:59:59Z')).weekStart).toEqual(new Date('2026-03-09T05:00:00Z'))
  })
})
