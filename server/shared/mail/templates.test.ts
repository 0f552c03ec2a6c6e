import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeHtml, headerSafe } from './templates.ts'

describe('escapeHtml', () => {
  it('leaves no character that opens markup or closes an attribute', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(escapeHtml(s)).not.toMatch(/[<>"']/)
        expect(escapeHtml(s).replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&')
      }),
    )
  })
})

describe('headerSafe', () => {
  it('never lets a line break or control character through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        // eslint-disable-next-line no-control-regex
        expect(headerSafe(s)).not.toMatch(/[\u0000-\u001F\u007F\u0085\u2028\u2029]/)
        expect(headerSafe(s).length).toBeLessThanOrEqual(200)
      }),
    )
    expect(headerSafe('Andina\r\nBcc: x@evil.example')).toBe('Andina Bcc: x@evil.example')
  })
})
