/**
 * Property: no body, however malformed, gets a 5xx — only the documented
 * client answers —, every 200 is a well-formed { id, reference }, and each
 * 200 stored exactly one application (a honeypot's fake 200, none); nothing
 * else stores anything.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_FIELDS } from '../../../domain/application.ts'
import { apiHarness, type ApiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'
import { REFERENCE_RE } from '../../shared/ids.ts'

let h: ApiHarness
beforeAll(async () => {
  h = await apiHarness()
})
afterAll(async () => {
  await h.dispose()
})

const ALLOWED = new Set([200, 400, 413, 422])
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

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
  it('never answers 5xx to thousands of malformed bodies; a 200 is always { id, reference } and stored exactly one application', async () => {
    let stored = (await h.store.listApplications()).length
    const outcomes = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(fc.oneof(brokenBody, rawText), async (text) => {
        const res = await h.post(text)
        const answer = await res.text()
        const input = JSON.stringify(text).slice(0, 200)
        expect(ALLOWED.has(res.status), `${res.status} for ${input}`).toBe(true)
        expect(() => JSON.parse(answer)).not.toThrow()
        const outcome = String(h.logs.at(-1)?.outcome)
        outcomes.set(`${res.status} ${outcome}`, (outcomes.get(`${res.status} ${outcome}`) ?? 0) + 1)
        const applications = await h.store.listApplications()
        const now = applications.length
        if (res.status !== 200) {
          expect(now, `stored after a ${res.status} for ${input}`).toBe(stored)
          return
        }
        const body = JSON.parse(answer) as Record<string, unknown>
        expect(Object.keys(body).sort(), input).toEqual(['id', 'reference'])
        expect(body.id, input).toMatch(UUID_RE)
        expect(body.reference, input).toMatch(REFERENCE_RE)
        if (outcome === 'honeypot') {
          expect(now, `stored after a honeypot 200 for ${input}`).toBe(stored)
        } else {
          expect(outcome, input).toBe('created')
          expect(now, `a 200 for ${input}`).toBe(stored + 1)
          expect(applications.find((a) => a.id === body.id)?.reference, input).toBe(body.reference)
        }
        stored = now
      }),
      { numRuns: 3000 },
    )
    // The property held over both kinds of 200, not only over refusals.
    expect([...outcomes.keys()]).toEqual(expect.arrayContaining(['200 created', '200 honeypot', '400 undefined', '422 invalid']))
  }, 120_000) // thousands of requests: 30 s was exceeded with two suites at once (load 20)
})
