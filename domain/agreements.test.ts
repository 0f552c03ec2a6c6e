import { describe, expect, it } from 'vitest'
import {
  AGREEMENT_FIELDS,
  SAMPLE_NOTICE,
  SAMPLE_TEMPLATE_BODY,
  agreementFieldValues,
  evidenceLines,
  nitCheckDigit,
  normalizeAgreementCode,
  readAgreementParties,
  readNit,
  readTemplateBody,
  renderAgreement,
  type AgreementPartiesInput,
} from './agreements.ts'
import { FACTS } from './testing/agreement-facts.ts'

const INPUT: AgreementPartiesInput = {
  legalName: '  Recicla Ya   S.A.S. ',
  tradeName: 'Recicla Ya',
  nit: '900123456-8',
  representativeName: 'María José Núñez',
  representativeIdType: 'CC',
  representativeId: '1.020.304.050',
  shares: '15.000',
  shareClass: 'ordinarias',
  city: 'Medellín',
}

describe('the NIT', () => {
  it('computes the DIAN check digit (weights 3, 7, 13, … from the right, modulo 11)', () => {
    // 900123456: 6·3 + 5·7 + 4·13 + 3·17 + 2·19 + 1·23 + 0·29 + 0·37 + 9·41 = 586; 586 mod 11 = 3; 11 − 3 = 8.
    expect(nitCheckDigit('900123456')).toBe(8)
    // 860034313 (a NIT of the form 860…): 3·3 + 1·7 + 3·13 + 4·17 + 3·19 + 0·23 + 0·29 + 6·37 + 8·41 = 730; 730 mod 11 = 4; 11 − 4 = 7.
    expect(nitCheckDigit('860034313')).toBe(7)
  })
  it('reads it as typed, and refuses a wrong check digit', () => {
    expect(readNit('900123456-8')).toEqual({ ok: true, nit: '900.123.456-8' })
    expect(readNit('900.123.456 - 8')).toEqual({ ok: true, nit: '900.123.456-8' })
    expect(readNit('9001234568')).toEqual({ ok: true, nit: '900.123.456-8' })
    expect(readNit('900.123.456-7')).toEqual({ ok: false, message: 'El dígito de verificación no corresponde a ese NIT: revísalo en el RUT.' })
    expect(readNit('abc')).toMatchObject({ ok: false })
  })
})

describe('the parties as typed', () => {
  it('reads every field', () => {
    expect(readAgreementParties(INPUT)).toEqual({ ok: true, parties: FACTS.parties })
    expect(readAgreementParties({ ...INPUT, shares: '', shareClass: '' })).toMatchObject({ ok: true, parties: { shares: null, shareClass: null } })
  })
  it('refuses each bad field with its own Spanish message', () => {
    const read = readAgreementParties({ ...INPUT, legalName: ' ', nit: '1', representativeId: '12', shares: '1,5', city: 'x'.repeat(101) })
    expect(read).toEqual({
      ok: false,
      errors: {
        legalName: 'Escribe la razón social, como aparece en el certificado de existencia.',
        nit: 'Escribe el NIT con su dígito de verificación, por ejemplo 900.123.456-8.',
        representativeId: 'La cédula de ciudadanía tiene de 6 a 10 dígitos.',
        shares: 'Escribe las acciones como un número entero mayor que 0, por ejemplo 15.000, o déjalo vacío si aún no se conoce.',
        city: 'Ciudad de firma: máximo 100 caracteres.',
      },
    })
  })
})

describe('the code', () => {
  it('reads a code as a person types it', () => {
    expect(normalizeAgreementCode('cmfe 7k3q 9xpm')).toBe('CMFE-7K3Q-9XPM')
    expect(normalizeAgreementCode('7K3Q9XPL')).toBe('CMFE-7K3Q-9XP1')
    expect(normalizeAgreementCode('CMFE-7K3Q-9XP0')).toBe('CMFE-7K3Q-9XP0')
    expect(normalizeAgreementCode('CMFE-OOOO-IIII')).toBe('CMFE-0000-1111')
    expect(normalizeAgreementCode('hola')).toBeNull()
  })
})

describe('the template', () => {
  it('prints every value from the stored records, as Colombians write it', () => {
    expect(agreementFieldValues(FACTS)).toEqual({
      razon_social: 'Recicla Ya S.A.S.',
      nombre_comercial: 'Recicla Ya',
      nit: '900.123.456-8',
      representante_legal: 'María José Núñez',
      documento_representante: 'C.C. 1.020.304.050',
      participacion: '4,5\u00a0%',
      instrumento: 'Nota convertible',
      descuento_nota: '20\u00a0%',
      acciones: '15.000',
      clase_acciones: 'ordinarias',
      valoracion_referencia: 'US$\u00a01.500.000',
      valor_pauta: '$\u00a01.500.000.000',
      valor_inversion: '$\u00a0500.000.000',
      tarifario: 'Versión 3',
      ventana_meses: '9 meses',
      ventana_inicio: '15 de enero de 2027',
      ventana_fin: '14 de octubre de 2027',
      seguimiento_meses: '12 meses',
      seguimiento_inicio: '1 de diciembre de 2026',
      seguimiento_fin: '30 de noviembre de 2027',
      documentos_recibidos: 'Pitch deck y Cap table',
      fecha: '4 de diciembre de 2026',
      ciudad: 'Medellín',
      codigo: 'CMFE-7K3Q-9XPM',
      version: '2',
      persona_fundadora: 'Laura Gómez',
      correo_persona_fundadora: 'laura@reciclaya.co',
      programa: 'Catalítico Media for Equity',
    })
  })
  it('ships a sample that says it is one and uses every field; rendering leaves no placeholder', () => {
    expect(readTemplateBody(SAMPLE_TEMPLATE_BODY)).toEqual({ ok: true })
    for (const f of AGREEMENT_FIELDS) expect(SAMPLE_TEMPLATE_BODY).toContain(`{{${f.key}}}`)
    const rendered = renderAgreement(SAMPLE_TEMPLATE_BODY, FACTS)
    expect(rendered.title).toBe('Contrato de suscripción de acciones a cambio de pauta publicitaria (media for equity)')
    expect(rendered.blocks[0]).toEqual({ kind: 'paragraph', text: SAMPLE_NOTICE })
    const text = rendered.blocks.map((b) => b.text).join('\n')
    expect(text).not.toContain('{{')
    expect(text).toContain('una participación de 4,5\u00a0% de su capital')
  })
  it('refuses an unknown field, an unclosed one, no title, an empty text', () => {
    expect(readTemplateBody('# Título\n\n{{razon_socia}}')).toMatchObject({ ok: false, message: expect.stringContaining('El campo {{razon_socia}} no existe.') })
    expect(readTemplateBody('# Título\n\n{{razon_social')).toEqual({ ok: false, message: 'Hay unas llaves {{ }} sin cerrar o con un nombre que no es un campo: revisa el texto.' })
    expect(readTemplateBody('Sin título')).toMatchObject({ ok: false })
    expect(readTemplateBody('  ')).toEqual({ ok: false, message: 'Escribe el texto del acuerdo.' })
  })
})

describe('the evidence page', () => {
  it('lists the document and each signature in Bogotá time', () => {
    const sections = evidenceLines({
      code: FACTS.code,
      version: 2,
      documentSha256: 'a'.repeat(64),
      sealedAt: new Date('2026-12-05T15:00:00Z'),
      signatures: [{ role: 'founder', name: 'Laura Gómez', email: 'laura@reciclaya.co', method: 'email_code', consentVersion: 1, signedAt: new Date('2026-12-04T22:30:00Z'), ip: '190.24.1.9', userAgent: 'Mozilla/5.0 (iPhone)' }],
    })
    expect(sections.map((s) => s.heading)).toEqual(['El documento', 'Firma: Persona fundadora'])
    expect(sections[1]!.rows).toContainEqual({ label: 'Fecha y hora', value: '4 de diciembre de 2026, 5:30\u00a0p.\u00a0m. (hora de Bogotá)' })
    expect(sections[0]!.rows).toContainEqual({ label: 'SHA-256 del documento enviado, antes de firmar', value: 'a'.repeat(64) })
  })
})
