import { describe, expect, it } from 'vitest'
import { firstSource, landingWithSource, parseKeptSource, readSource, SOURCE_MESSAGES, sourceFromUrl, utmLink } from './sources.ts'

const DAY = 86_400_000
const MAX_AGE = 30 * DAY

describe('the first-source rule (ADR 0168)', () => {
  it('reads fuente, then utm_source, then ref, lowercased; anything malformed is ignored', () => {
    expect(sourceFromUrl('?fuente=radio-cali')).toBe('radio-cali')
    expect(sourceFromUrl('?utm_source=TV&fuente=radio-cali')).toBe('radio-cali')
    expect(sourceFromUrl('?utm_source=Radio-Cali&ref=tv')).toBe('radio-cali')
    expect(sourceFromUrl('?ref=diario')).toBe('diario')
    // A malformed fuente does not hide a good utm_source.
    expect(sourceFromUrl('?fuente=<script>&utm_source=tv')).toBe('tv')
    for (const search of ['', '?', '?fuente=', '?fuente=a', '?fuente=radio%20cali', '?fuente=radio--cali', `?fuente=${'a'.repeat(41)}`, '?otra=tv', '?fuente=%E0%A4%A']) {
      expect(sourceFromUrl(search), search).toBeNull()
    }
  })

  it('keeps the first source seen while it is fresh: the radio a week later still counts for the radio', () => {
    const t0 = Date.UTC(2026, 10, 30, 15)
    const radio = firstSource(null, 'radio-cali', t0, MAX_AGE)
    expect(radio).toEqual({ slug: 'radio-cali', seenAt: t0 })
    // Later visits, with another source or none, change nothing.
    expect(firstSource(radio, 'tv', t0 + 7 * DAY, MAX_AGE)).toEqual(radio)
    expect(firstSource(radio, null, t0 + 7 * DAY, MAX_AGE)).toEqual(radio)
    // Once older than the draft's lifetime, it is dropped: the next source is the first again.
    expect(firstSource(radio, 'tv', t0 + MAX_AGE + 1, MAX_AGE)).toEqual({ slug: 'tv', seenAt: t0 + MAX_AGE + 1 })
    expect(firstSource(radio, null, t0 + MAX_AGE + 1, MAX_AGE)).toBeNull()
    expect(firstSource(null, null, t0, MAX_AGE)).toBeNull()
  })

  it('reads back only what it would have written', () => {
    expect(parseKeptSource('{"slug":"radio-cali","seenAt":5}')).toEqual({ slug: 'radio-cali', seenAt: 5 })
    for (const raw of [null, undefined, '', 'x', 'null', '[]', '{"slug":"Radio Cali","seenAt":5}', '{"slug":"tv"}', '{"slug":"tv","seenAt":"5"}', '{"slug":"tv","seenAt":null}']) {
      expect(parseKeptSource(raw), String(raw)).toBeNull()
    }
  })
})

describe('a source as an admin types it', () => {
  it('is tidied (spaces, a leading slash) and checked field by field, in Spanish', () => {
    expect(readSource({ name: '  Radio   Cali ', outlet: 'radio', slug: ' /radio-cali ' })).toEqual({ ok: true, value: { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' } })
    expect(readSource({ name: '', outlet: 'prensa', slug: '' })).toEqual({
      ok: false,
      errors: { name: SOURCE_MESSAGES.nameRequired, outlet: SOURCE_MESSAGES.outlet, slug: SOURCE_MESSAGES.slugRequired },
    })
    expect(readSource({ name: 'x'.repeat(81), outlet: 'tv', slug: 'RADIO' })).toEqual({ ok: false, errors: { name: SOURCE_MESSAGES.nameTooLong, slug: SOURCE_MESSAGES.slugShape } })
    expect(readSource({ name: 'TV', outlet: 'tv', slug: 'tv' }, { taken: ['tv'] })).toEqual({ ok: false, errors: { slug: SOURCE_MESSAGES.slugTaken } })
    expect(readSource({ name: 'TV', outlet: 'tv', slug: 'señal' })).toEqual({ ok: false, errors: { slug: SOURCE_MESSAGES.slugShape } })
    expect(readSource({ name: 'TV', outlet: 'tv', slug: 'prensa' }, { reserved: ['prensa'] })).toEqual({ ok: false, errors: { slug: SOURCE_MESSAGES.slugReserved } })
  })
})

describe('the links', () => {
  it('the short path sends to the landing with the source and only short utm_* values', () => {
    expect(landingWithSource('tv', '')).toBe('/?fuente=tv')
    expect(landingWithSource('tv', '?utm_source=tv&utm_medium=tv&email=a%40b.co&utm_content=%3Cscript%3E')).toBe('/?fuente=tv&utm_source=tv&utm_medium=tv')
    expect(landingWithSource('tv', `?utm_term=${'a'.repeat(101)}`)).toBe('/?fuente=tv')
  })

  it('the digital posts’ link goes through the short path, with utm_* parameters', () => {
    expect(utmLink('https://catalitico.example/', { slug: 'radio-cali', outlet: 'radio' })).toBe(
      'https://catalitico.example/radio-cali?utm_source=radio-cali&utm_medium=radio&utm_campaign=convocatoria',
    )
  })
})
