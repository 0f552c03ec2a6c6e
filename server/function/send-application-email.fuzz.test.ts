/**
 * Property: no body, however malformed, gets a 5xx — only the documented
 * client answers — and only a valid body stores anything.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_FIELDS } from '../../domain/application.ts'
import { apiHarness, type ApiHarness } from '../testing/api-harness.ts'
import { validBody } from '../testing/fixtures.ts'

let h: ApiHarness
beforeAll(async () => {
  h = await apiHarness()
})
afterAll(async () => {
  await h.dispose()
})

const ALLOWED = new Set([200, 400, 413, 422])

const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('', ' ', '\r\n', '\u0000', '__proto__', '<script>', '9'.repeat(400), 'ñ'.repeat(3000), '1e309', '-1', 'NaN'),
)
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 4 }), nastyString, fc.constant(undefined))

/** A valid body with some fields (or the envelope) broken. */
const brokenBody = fc
  .record({
    fields: fc.dictionary(fc.constantFrom(...APPLICATION_FIELDS, '__proto__', 'constructor', 'extra'), anyValue, { maxKeys: 5 }),
    consent: fc.option(anyValue),
    faxNumber: fc.option(anyValue),
    dropFormData: fc.boolean(),
  })
  .map(({ fields, consent, faxNumber, dropFormData }) => {
    const body: Record<string, unknown> = { ...validBody() }
    body.formData = dropFormData ? fields : { ...(body.formData as object), ...fields }
    if (consent !== null) body.consent = consent
    if (faxNumber !== null) body.faxNumber = faxNumber
    return JSON.stringify(body)
  })

/** Raw text: JSON of anything, truncated JSON, or random characters. */
const rawText = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  brokenBody.chain((s) => fc.nat({ max: s.length }).map((n) => s.slice(0, n))),
  fc.string({ unit: 'grapheme', maxLength: 500 }),
  fc.nat({ max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
)

describe('send-application-email fuzz', () => {
  it('never answers 5xx to thousands of malformed bodies', async () => {
    const before = (await h.store.listApplications()).length
    let stored = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(brokenBody, rawText), async (text) => {
        const res = await h.post(text)
        const answer = await res.text()
        expect(ALLOWED.has(res.status), `${res.status} for ${JSON.stringify(text).slice(0, 200)}`).toBe(true)
        expect(() => JSON.parse(answer)).not.toThrow()
        if (res.status === 200) stored++
      }),
      { numRuns: 3000 },
    )
    // Anything that was not a 200 stored nothing (a honeypot 200 stores nothing either).
    expect((await h.store.listApplications()).length - before).toBeLessThanOrEqual(stored)
  })
})
