import { describe, expect, it } from 'vitest'
import { emailDomain, suggestsConflict } from './conflicts.ts'

describe('suggestsConflict', () => {
  it('suggests when the member and the founder share an organisation domain, in any case', () => {
    expect(suggestsConflict('ana@startup.co', 'Founder@StartUp.CO')).toBe(true)
  })
  it('never on public mailbox providers', () => {
    for (const d of ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com']) {
      expect(suggestsConflict(`a@${d}`, `b@${d}`)).toBe(false)
    }
  })
  it('not on different domains, nor subdomains, nor malformed addresses', () => {
    expect(suggestsConflict('a@catalitico.co', 'b@startup.co')).toBe(false)
    expect(suggestsConflict('a@mail.startup.co', 'b@startup.co')).toBe(false)
    expect(suggestsConflict('a', 'b@startup.co')).toBe(false)
    expect(emailDomain('x@')).toBeNull()
  })
})
