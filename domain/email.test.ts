import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { validateApplication, validateField } from './application.ts'
import { EMAIL_INPUT_PATTERN, EmailSchema, NormalizedEmailSchema, isEmail, normalizeEmail } from './email.ts'
import { sampleApplication } from './sample-application.ts'

// Addresses people have: an apostrophe, a non-ASCII local part (RFC 6531), capitals and stray spaces.
const PEOPLE = ["o'brien@ejemplo.co", 'josé@ejemplo.co', 'JOSÉ@Ejemplo.co ', 'ñandú@café.com.co', 'ana+postulacion@ejemplo.co']
const NOT_ADDRESSES = ['', 'maria', 'maria@', 'maria@ejemplo', 'maria@ejemplo.c', 'dos@arrobas@ejemplo.co', 'con espacio@ejemplo.co', 'a<b>@ejemplo.co', 'ana@ejemplo.co, otro@ejemplo.co', 'ana@ejemplo.co\u0000', `${'a'.repeat(250)}@ejemplo.co`]

describe('the one e-mail rule', () => {
  it('takes the addresses people have, and the application form takes them too', () => {
    for (const address of PEOPLE) {
      expect(isEmail(address), address).toBe(true)
      expect(v.safeParse(EmailSchema, address).success, address).toBe(true)
      expect(validateField('email', address), address).toBeUndefined()
      expect(validateApplication(sampleApplication({ email: address })).ok, address).toBe(true)
    }
  })

  it('refuses what is not one mailbox, with the form’s error code', () => {
    for (const text of NOT_ADDRESSES) {
      expect(isEmail(text), JSON.stringify(text)).toBe(false)
      const parsed = v.safeParse(EmailSchema, text)
      expect(parsed.success, JSON.stringify(text)).toBe(false)
    }
    expect(validateField('email', 'maria@')).toBe('invalid_email')
    expect(v.safeParse(EmailSchema, 42).issues?.[0]?.message).toBe('invalid_email')
  })

  it('matches an address whatever its case, surrounding spaces or Unicode composition', () => {
    expect(normalizeEmail('  JOSÉ@Ejemplo.co ')).toBe('josé@ejemplo.co')
    expect(normalizeEmail('jose\u0301@ejemplo.co')).toBe('josé@ejemplo.co') // e + combining acute, as some keyboards send it
    expect(normalizeEmail("O'Brien@Ejemplo.CO")).toBe("o'brien@ejemplo.co")
    expect(v.parse(NormalizedEmailSchema, ' JOSÉ@Ejemplo.co ')).toBe('josé@ejemplo.co')
    expect(v.parse(EmailSchema, ' JOSÉ@Ejemplo.co ')).toBe('JOSÉ@Ejemplo.co')
  })

  it('says the same as an HTML pattern, compiled as browsers do (the v flag) and as older ones did (u)', () => {
    for (const flags of ['v', 'u']) {
      const pattern = new RegExp(`^(?:${EMAIL_INPUT_PATTERN})$`, flags)
      for (const address of PEOPLE) expect(pattern.test(address), `${flags} ${address}`).toBe(true)
      for (const text of NOT_ADDRESSES.filter((t) => t !== '' && t.length <= 254)) expect(pattern.test(text), `${flags} ${JSON.stringify(text)}`).toBe(false)
    }
  })
})
