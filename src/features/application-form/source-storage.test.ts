// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { DRAFT_KEY, DRAFT_MAX_AGE_MS, SOURCE_KEY, clearDraft, clearKeptSource, keepFirstSource, saveDraft } from './draft-storage.ts'
import type { InputValues } from './form-values.ts'

const DAY = 86_400_000
const T0 = Date.UTC(2026, 10, 30, 15)

afterEach(() => localStorage.clear())

describe('the first source, kept beside the draft (ADR 0168)', () => {
  it('keeps the radio seen first, a week later and through other visits, with no cookie', () => {
    expect(keepFirstSource('?fuente=radio-cali', T0)).toEqual({ slug: 'radio-cali', seenAt: T0 })
    // Back a week later by the home address, then through the TV's link: still the radio.
    expect(keepFirstSource('', T0 + 7 * DAY)).toEqual({ slug: 'radio-cali', seenAt: T0 })
    expect(keepFirstSource('?utm_source=tv', T0 + 8 * DAY)).toEqual({ slug: 'radio-cali', seenAt: T0 })
    expect(JSON.parse(localStorage.getItem(SOURCE_KEY)!)).toEqual({ slug: 'radio-cali', seenAt: T0 })
    expect(document.cookie).toBe('')
  })

  it('lives in the same storage as the draft and for as long; discarding the draft keeps it, sending the application clears it', () => {
    keepFirstSource('?fuente=radio-cali', T0)
    saveDraft({ city: 'Cali' } as InputValues, T0)
    expect(Object.keys(localStorage).sort()).toEqual([DRAFT_KEY, SOURCE_KEY].sort())
    clearDraft()
    expect(keepFirstSource('', T0 + DAY)?.slug).toBe('radio-cali')
    expect(keepFirstSource('?fuente=tv', T0 + DRAFT_MAX_AGE_MS + 1)).toEqual({ slug: 'tv', seenAt: T0 + DRAFT_MAX_AGE_MS + 1 })
    clearKeptSource()
    expect(localStorage.getItem(SOURCE_KEY)).toBeNull()
  })

  it('ignores a malformed source and a tampered entry: nothing is kept as typed', () => {
    expect(keepFirstSource('?fuente=%3Cscript%3E&ref=Radio%20Cali', T0)).toBeNull()
    expect(localStorage.length).toBe(0)
    localStorage.setItem(SOURCE_KEY, '{"slug":"<b>hola</b>","seenAt":1}')
    expect(keepFirstSource('', T0)).toBeNull()
    expect(localStorage.getItem(SOURCE_KEY)).toBeNull()
  })
})
