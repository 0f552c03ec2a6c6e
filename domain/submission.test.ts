import { describe, expect, it } from 'vitest'
import { APPLICATION_FIELDS, MAX_LENGTH } from './application.ts'
import { PRIVACY_POLICY_VERSION } from './privacy.ts'
import { sampleApplication } from './sample-application.ts'
import {
  FUNCTION_NAME,
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_RE,
  MAX_BODY_BYTES,
  validateSubmission,
} from './submission.ts'

const consent = () => ({ accepted: true, policyVersion: PRIVACY_POLICY_VERSION })
const body = (extra: Record<string, unknown> = {}) => ({ formData: sampleApplication(), consent: consent(), ...extra })

describe('the request body', () => {
  it('names the function, the honeypot and the idempotency header', () => {
    expect(FUNCTION_NAME).toBe('send-application-email')
    expect(HONEYPOT_FIELD).toBe('faxNumber')
    expect(IDEMPOTENCY_HEADER).toBe('Idempotency-Key')
  })

  it('accepts formData with the consent next to it', () => {
    const input = body()
    expect(validateSubmission(input)).toEqual({ ok: true, value: input, honeypotFilled: false })
  })

  it('accepts an empty honeypot, and flags a filled one without rejecting the body', () => {
    expect(validateSubmission(body({ [HONEYPOT_FIELD]: '' }))).toMatchObject({ ok: true, honeypotFilled: false })
    expect(validateSubmission(body({ [HONEYPOT_FIELD]: '   ' }))).toMatchObject({ ok: true, honeypotFilled: false })
    expect(validateSubmission(body({ [HONEYPOT_FIELD]: '+57 1 555 0000' }))).toMatchObject({ ok: true, honeypotFilled: true })
  })

  it('flags any other honeypot value alike, over-long or not a string, so a bot cannot tell it apart', () => {
    for (const value of ['x'.repeat(1001), 5, null, { a: 1 }, ['x'], false]) {
      expect(validateSubmission(body({ [HONEYPOT_FIELD]: value })), JSON.stringify(value).slice(0, 20)).toMatchObject({ ok: true, honeypotFilled: true })
    }
  })

  it.each([null, 'texto', 7, [], {}])('rejects %j as a body', (input) => {
    expect(validateSubmission(input)).toMatchObject({ ok: false, formError: 'invalid_type' })
  })

  it('rejects a body without formData', () => {
    expect(validateSubmission({ consent: consent() })).toEqual({ ok: false, errors: {}, formError: 'invalid_type' })
  })

  it('reports the field errors of formData under their field names', () => {
    const result = validateSubmission(body({ formData: sampleApplication({ email: 'no', productStage: '' }) }))
    expect(result).toEqual({ ok: false, errors: { email: 'invalid_email', productStage: 'required' } })
  })

  it('rejects consent inside formData (it travels next to it)', () => {
    const result = validateSubmission({ formData: { ...sampleApplication(), consent: 'true' }, consent: consent() })
    expect(result).toMatchObject({ ok: false })
  })
})

describe('consent', () => {
  it('is required', () => {
    expect(validateSubmission({ formData: sampleApplication() })).toEqual({ ok: false, errors: {}, consentError: 'consent_required' })
  })

  it.each([false, 'true', 1, null])('must be accepted with the literal true, not %j', (accepted) => {
    const result = validateSubmission(body({ consent: { accepted, policyVersion: PRIVACY_POLICY_VERSION } }))
    expect(result).toEqual({ ok: false, errors: {}, consentError: 'consent_required' })
  })

  it('names the current policy version', () => {
    const outdated = validateSubmission(body({ consent: { accepted: true, policyVersion: '2000-01-01' } }))
    expect(outdated).toEqual({ ok: false, errors: {}, consentError: 'consent_outdated' })
    const missing = validateSubmission(body({ consent: { accepted: true } }))
    expect(missing).toEqual({ ok: false, errors: {}, consentError: 'consent_required' })
  })

  it('reports field errors and the consent error together', () => {
    const result = validateSubmission({ formData: sampleApplication({ city: '' }) })
    expect(result).toEqual({ ok: false, errors: { city: 'required' }, consentError: 'consent_required' })
  })
})

describe('size', () => {
  it('the largest valid application, in 3-byte characters, fits in MAX_BODY_BYTES', () => {
    // Every text field filled to its limit with a character that takes 3 bytes in UTF-8.
    const wide = '€'
    const formData = sampleApplication()
    for (const field of ['companyName', 'tradeName', 'city', 'founderName', 'position', 'problemSolution', 'valueProposition', 'salesChannels', 'mediaExpectations', 'supportNeeded'] as const) {
      formData[field] = wide.repeat(MAX_LENGTH[field])
    }
    const input = body({ formData, [HONEYPOT_FIELD]: wide.repeat(1000) })
    expect(validateSubmission(input)).toMatchObject({ ok: true })
    const totalLimit = APPLICATION_FIELDS.reduce((sum, f) => sum + MAX_LENGTH[f], 0) + 1000
    // Upper bound: 3 bytes per character plus quotes, names and punctuation.
    expect(3 * totalLimit + 2048).toBeLessThan(MAX_BODY_BYTES)
    expect(new TextEncoder().encode(JSON.stringify(input)).length).toBeLessThan(MAX_BODY_BYTES)
  })
})

describe('Idempotency-Key', () => {
  it('accepts 8 to 128 characters of [A-Za-z0-9_-], including a UUID', () => {
    expect(IDEMPOTENCY_KEY_RE.test('a'.repeat(7))).toBe(false)
    expect(IDEMPOTENCY_KEY_RE.test('a'.repeat(8))).toBe(true)
    expect(IDEMPOTENCY_KEY_RE.test('a'.repeat(128))).toBe(true)
    expect(IDEMPOTENCY_KEY_RE.test('a'.repeat(129))).toBe(false)
    expect(IDEMPOTENCY_KEY_RE.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true)
    expect(IDEMPOTENCY_KEY_RE.test('Ab_9-xyz')).toBe(true)
  })

  it.each(['abc def12', 'abcdefg+', 'abcdefg/', 'abcdefgé', 'abcdefgh\n'])('rejects %j', (key) => {
    expect(IDEMPOTENCY_KEY_RE.test(key)).toBe(false)
  })
})
