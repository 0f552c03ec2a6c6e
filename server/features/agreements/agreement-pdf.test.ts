/**
 * The agreement's PDF read back with poppler's pdftotext: every value the template prints from the
 * stored records is in the document, the code is on every page, a sample says so on every page, the
 * evidence page holds each signer's evidence, and a character the standard fonts cannot draw never
 * stops the drawing.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { SAMPLE_TEMPLATE_BODY, agreementFieldValues, renderAgreement } from '../../../domain/agreements.ts'
import { FACTS } from '../../../domain/testing/agreement-facts.ts'
import { agreementPdf, drawable, withEvidencePage } from './agreement-pdf.ts'

const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext'

function text(pdf: Uint8Array, page?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'agreement-pdf-'))
  const file = join(dir, 'a.pdf')
  writeFileSync(file, pdf)
  const run = spawnSync(PDFTOTEXT, [...(page ? ['-f', String(page), '-l', String(page)] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  if (run.error) throw new Error(`pdftotext is needed (poppler-utils: apt-get install poppler-utils): ${run.error.message}`)
  return run.stdout
}
const flat = (s: string) => s.replace(/[\s\u00a0]+/g, ' ')

describe('the agreement PDF', () => {
  it('prints every value of the stored deal and parties, the code on every page and the sample header', async () => {
    const pdf = await agreementPdf(renderAgreement(SAMPLE_TEMPLATE_BODY, FACTS), FACTS)
    const all = flat(text(pdf))
    for (const [key, value] of Object.entries(agreementFieldValues(FACTS))) expect(all, key).toContain(flat(value))
    const pages = (await PDFDocument.load(pdf)).getPageCount()
    expect(pages).toBeGreaterThanOrEqual(2)
    for (let p = 1; p <= pages; p++) {
      const page = flat(text(pdf, p))
      expect(page).toContain(`Código de verificación: ${FACTS.code}`)
      expect(page).toContain(`Página ${p} de ${pages}`)
      expect(page).toContain('MODELO DE MUESTRA')
    }
  })

  it('draws the same bytes for the same facts, and no sample header for a template of the programme', async () => {
    const a = await agreementPdf(renderAgreement(SAMPLE_TEMPLATE_BODY, FACTS), FACTS)
    const b = await agreementPdf(renderAgreement(SAMPLE_TEMPLATE_BODY, FACTS), FACTS)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
    const own = await agreementPdf(renderAgreement('# Acuerdo\n\nEntre {{razon_social}} y {{programa}}.', FACTS), { ...FACTS, template: { version: 4, sample: false } })
    expect(flat(text(own))).not.toContain('MODELO DE MUESTRA')
  })

  it('appends the evidence page: each signer, e-mail, IP, browser, Bogotá time and the SHA-256', async () => {
    const pdf = await agreementPdf(renderAgreement(SAMPLE_TEMPLATE_BODY, FACTS), FACTS)
    const before = (await PDFDocument.load(pdf)).getPageCount()
    const sha = 'b'.repeat(64)
    const withEvidence = await withEvidencePage(pdf, {
      code: FACTS.code,
      version: 2,
      documentSha256: sha,
      sealedAt: new Date('2026-12-05T15:00:00Z'),
      signatures: [
        { role: 'founder', name: 'Laura Gómez', email: 'laura@reciclaya.co', method: 'email_code', consentVersion: 1, signedAt: new Date('2026-12-04T22:30:00Z'), ip: '190.24.1.9', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)' },
        { role: 'programme', name: 'Sofía Firmante', email: 'sofia@catalitico.example', method: 'email_code', consentVersion: 1, signedAt: new Date('2026-12-05T14:59:00Z'), ip: '10.0.0.7', userAgent: 'Mozilla/5.0 (X11; Linux)' },
      ],
    })
    const last = flat(text(withEvidence, before + 1))
    for (const expected of ['Evidencia de firma electrónica', 'Laura Gómez', 'laura@reciclaya.co', '190.24.1.9', 'Sofía Firmante', '10.0.0.7', sha, '4 de diciembre de 2026, 5:30 p. m. (hora de Bogotá)', 'Código de un solo uso enviado al correo']) {
      expect(last).toContain(expected)
    }
  })

  it('never fails on a character the standard fonts cannot draw', async () => {
    expect(drawable('≤ 5 % → “sí” ñ ü 😀 ŝ')).toBe('<= 5 % -> “sí” ñ ü ? s')
    const pdf = await agreementPdf(renderAgreement('# Título 😀\n\nValor ≤ 300 ms, 中文, ñandú.', FACTS), FACTS)
    expect(flat(text(pdf))).toContain('ñandú')
  })
})
