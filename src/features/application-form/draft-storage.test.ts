// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { INPUT_FIELDS, MAX_LENGTH } from '../../../domain/application.ts'
import { sampleApplication } from '../../../domain/sample-application.ts'
import { DRAFT_KEY, DRAFT_MAX_AGE_MS, clearDraft, loadDraft, saveDraft } from './draft-storage.ts'
import type { InputValues } from './form-values.ts'

const inputs = (overrides: Partial<InputValues> = {}): InputValues => {
  const sample = sampleApplication()
  return { ...(Object.fromEntries(INPUT_FIELDS.map((f) => [f, sample[f]])) as InputValues), ...overrides }
}
const empty = (): InputValues => Object.fromEntries(INPUT_FIELDS.map((f) => [f, ''])) as InputValues

afterEach(() => localStorage.clear())

describe('drafts', () => {
  it('round-trips the 19 inputs under one versioned key', () => {
    saveDraft(inputs(), 1_000)
    expect(Object.keys(localStorage)).toEqual([DRAFT_KEY])
    expect(loadDraft(2_000)).toEqual({ savedAt: 1_000, values: inputs() })
  })

  it('keeps only non-empty values, and removes the draft when everything is empty', () => {
    saveDraft({ ...empty(), city: 'Cali' }, 1_000)
    expect(loadDraft(1_000)).toEqual({ savedAt: 1_000, values: { city: 'Cali' } })
    saveDraft({ ...empty(), city: '   ' }, 1_000)
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it(`is kept for ${DRAFT_MAX_AGE_MS / 86_400_000} days and dropped after`, () => {
    saveDraft(inputs(), 0)
    expect(loadDraft(DRAFT_MAX_AGE_MS)).not.toBeNull()
    expect(loadDraft(DRAFT_MAX_AGE_MS + 1)).toBeNull()
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it('ignores unknown fields, non-strings, and values over their limit are cut to it', () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ savedAt: 5, values: { city: 'Cali', consent: 'true', faxNumber: 'x', email: 42, companyName: 'a'.repeat(MAX_LENGTH.companyName + 50) } }),
    )
    expect(loadDraft(5)).toEqual({ savedAt: 5, values: { city: 'Cali', companyName: 'a'.repeat(MAX_LENGTH.companyName) } })
  })

  it.each(['not json', '"a string"', 'null', '{"values":{"city":"Cali"}}', '{"savedAt":1,"values":{}}', '{"savedAt":1}'])(
    'treats %j as no draft and removes it',
    (raw) => {
      localStorage.setItem(DRAFT_KEY, raw)
      expect(loadDraft(1)).toBeNull()
      expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    },
  )

  it('clearDraft removes it', () => {
    saveDraft(inputs())
    clearDraft()
    expect(loadDraft()).toBeNull()
  })

  it('survives a storage that refuses writes', () => {
    const original = Storage.prototype.setItem
    Storage.prototype.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError')
    }
    try {
      expect(() => saveDraft(inputs())).not.toThrow()
    } finally {
      Storage.prototype.setItem = original
    }
    expect(loadDraft()).toBeNull()
  })
})
