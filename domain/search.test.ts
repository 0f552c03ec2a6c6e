import { describe, expect, it } from 'vitest'
import { applicationSearchText, searchKey } from './search.ts'

describe('searchKey', () => {
  it('drops accents and case, so a plain query finds accented Spanish', () => {
    expect(searchKey('Bogotá')).toBe('bogota')
    expect(searchKey('ÑANDÚ Núñez')).toBe('nandu nunez')
    expect(searchKey('Pingüino Ávila')).toBe('pinguino avila')
  })

  it('treats composed and decomposed accents alike', () => {
    expect(searchKey('Medelli\u0301n')).toBe(searchKey('Medellín'))
  })

  it('collapses and trims white space', () => {
    expect(searchKey('  Soluciones \t Andinas\n S.A.S.  ')).toBe('soluciones andinas s.a.s.')
  })

  it('keeps digits, punctuation and e-mail addresses as they are, lower case', () => {
    expect(searchKey('CAT-2026-7KQ3XZ')).toBe('cat-2026-7kq3xz')
    expect(searchKey('María.José@Andina.example.CO')).toBe('maria.jose@andina.example.co')
  })
})

describe('applicationSearchText', () => {
  it('holds company, trade name, founder, e-mail, reference and city in one key that a reduced query finds', () => {
    const key = applicationSearchText({
      companyName: 'Café Orgánico de Nariño S.A.S.',
      tradeName: 'Cafeína',
      founderName: 'Íñigo Peña',
      email: 'inigo@cafe.example.co',
      reference: 'CAT-2026-ABC123',
      city: 'San Juan de Pasto',
    })
    expect(key).toBe('cafe organico de narino s.a.s. cafeina inigo pena inigo@cafe.example.co cat-2026-abc123 san juan de pasto')
    for (const q of ['NARIÑO', 'iñigo peña', 'cat-2026-abc', 'cafeína', '@cafe.example', 'pasto']) expect(key).toContain(searchKey(q))
  })
})
