import { describe, expect, it } from 'vitest'
import { bogotaInputs, bogotaInstant } from './offer-values.ts'

describe('date and time inputs read on Bogotá\'s clock', () => {
  it('mean the UTC instant five hours later, whatever the machine\'s zone, and back', () => {
    expect(bogotaInstant('2030-03-12', '10:00')?.toISOString()).toBe('2030-03-12T15:00:00.000Z')
    // 9 p. m. in Bogotá is already the next day in UTC.
    expect(bogotaInstant('2030-12-31', '21:30')?.toISOString()).toBe('2031-01-01T02:30:00.000Z')
    expect(bogotaInputs('2031-01-01T02:30:00.000Z')).toEqual({ day: '2030-12-31', time: '21:30' })
  })

  it('refuse a day or an hour that does not exist, and half-filled inputs', () => {
    expect(bogotaInstant('2030-02-31', '10:00')).toBeUndefined()
    expect(bogotaInstant('2030-03-12', '24:30')).toBeUndefined()
    expect(bogotaInstant('2030-03-12', '')).toBeUndefined()
    expect(bogotaInstant('', '10:00')).toBeUndefined()
  })
})
