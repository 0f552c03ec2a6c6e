import { describe, expect, it } from 'vitest'
import { formatCountOf } from './format.ts'

describe('formatCountOf', () => {
  it('agrees the phrase with the count, with es-CO digit grouping', () => {
    expect(formatCountOf(1, 'postulación abierta', 'postulaciones abiertas')).toBe('1 postulación abierta')
    expect(formatCountOf(0, 'postulación abierta', 'postulaciones abiertas')).toBe('0 postulaciones abiertas')
    expect(formatCountOf(3, 'minuto', 'minutos')).toBe('3 minutos')
    expect(formatCountOf(10_000, 'postulación', 'postulaciones')).toBe('10.000 postulaciones')
  })
})
