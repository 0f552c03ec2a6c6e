import { describe, expect, it } from 'vitest'
import { documentsPage } from './page.ts'

describe("the founder's documents page", () => {
  it('dates an upload on Bogotá\'s clock in the one long format, and writes its size with a comma', () => {
    const html = documentsPage({
      base: '/postulacion/t',
      scriptPath: '/assets/upload.js',
      reference: 'CAT-2026-7KQ3XZ',
      canUpload: false,
      maxBytes: 10 * 1_048_576,
      items: [
        {
          key: 'rut',
          label: 'RUT',
          optional: false,
          // 01:26 UTC on the 26th: 8:26 p. m. on the 25th in Bogotá.
          document: { id: 'd1', fileName: 'rut.pdf', sizeBytes: 2_621_440, uploadedAt: '2026-11-26T01:26:00.000Z', status: 'received', reviewNote: null },
        },
      ],
    }).replace(/\u00a0/g, ' ')
    expect(html).toContain('rut.pdf</a> · 2,5 MB · 25 de noviembre de 2026, 8:26 p. m.</p>')
  })
})
