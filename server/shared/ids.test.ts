import { describe, expect, it } from 'vitest'
import { messageIdDomain, REFERENCE_RE, webIds } from './ids.ts'

describe('webIds', () => {
  it('draws references for the year in Colombia from an alphabet without look-alikes', () => {
    // 02:00 UTC on 1 January is still 31 December in Bogotá.
    expect(webIds.reference(new Date('2027-01-01T02:00:00Z'))).toMatch(/^CAT-2026-/)
    const refs = new Set(Array.from({ length: 2000 }, () => webIds.reference(new Date('2026-06-01T12:00:00Z'))))
    for (const r of refs) expect(r).toMatch(REFERENCE_RE)
    expect(refs.size).toBeGreaterThan(1990)
    expect([...refs].join('')).not.toMatch(/[ILOU]/)
  })

  it('changes the year at midnight in Bogotá to the millisecond, whatever the order of the calls', () => {
    const [before, after] = [new Date('2027-01-01T04:59:59.999Z'), new Date('2027-01-01T05:00:00.000Z')]
    expect([before, after, before, after, before].map((d) => webIds.reference(d).slice(4, 8))).toEqual(['2026', '2027', '2026', '2027', '2026'])
  })

  it('makes RFC 5322 Message-IDs on the sender domain', () => {
    expect(messageIdDomain('Catalítico <postulaciones@Catalitico.example>')).toBe('catalitico.example')
    expect(webIds.messageId('catalitico.example')).toMatch(/^<[0-9a-f-]{36}@catalitico\.example>$/)
  })
})
