import { describe, expect, it } from 'vitest'
import { EXTENSIONS_OF_TYPE } from '../../domain/documents.ts'
import { ALLOWED_TYPES } from './content-check.ts'

describe('the content check and the served names', () => {
  it('agree: every type the check lets in has its extension (ADR 0120)', () => {
    expect(ALLOWED_TYPES.length).toBeGreaterThan(10)
    for (const type of ALLOWED_TYPES) expect(EXTENSIONS_OF_TYPE[type], type).toBeDefined()
  })
})
