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

  it('makes RFC 5322 Message-IDs on the sender domain', () => {
    expect(messageIdDomain('Catalítico <postulaciones@Catalitico.example>')).toBe('catalitico.example')
    expect(webIds.messageId('catalitico.example')).toMatch(/^<[0-9a-f-]{36}@catalitico\.example>$/)
  })
})
