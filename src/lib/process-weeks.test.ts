import { describe, expect, it } from 'vitest'
import { PROCESS_STAGES } from '../../domain/programme.ts'
import { maxProcessWeeks } from './process-weeks.ts'

describe('maxProcessWeeks', () => {
  it('adds up the weeks of every stage, "Hasta" included', () => {
    expect(maxProcessWeeks([{ duration: '2 semanas' }, { duration: '1 semana' }, { duration: 'Hasta 2 semanas' }])).toBe(5)
  })

  it('follows the programme (SPEC §9: 2 + 1 + up to 2 weeks)', () => {
    expect(maxProcessWeeks(PROCESS_STAGES)).toBe(5)
  })

  it('refuses a duration it cannot read, rather than printing a wrong total', () => {
    expect(() => maxProcessWeeks([{ duration: '10 días' }])).toThrow(/not in weeks/)
  })
})
