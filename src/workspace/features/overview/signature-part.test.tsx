// @vitest-environment jsdom
/** «Estado del sistema»'s part on the agreements' signature: what it says, and what to do, for each state. */
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Machinery } from '../../../../domain/machinery.ts'
import { SignaturePart } from './machinery.tsx'

type Signature = NonNullable<Machinery['signature']>
const OK: Signature = {
  certificate: { loaded: true, selfSigned: false, subject: 'CN=Catalítico Media for Equity, O=Catalítico', notAfter: '2028-01-01T05:00:00.000Z' },
  timestamped: true,
  sealing: { waiting: 0, failing: 0, lastError: null, nextTryAt: null },
  attention: false,
}

afterEach(cleanup)

describe('the signature on «Estado del sistema»', () => {
  it('in order: the programme\'s certificate and the timestamp, nothing to do', () => {
    render(<SignaturePart signature={OK} />)
    const part = screen.getByRole('region', { name: 'Firma de acuerdos' })
    expect(part.textContent).toContain('Certificado del programa: CN=Catalítico Media for Equity, O=Catalítico, vigente hasta el 1 de enero de 2028')
    expect(part.textContent).toContain('Cada firma lleva un sello de tiempo')
    expect(part.textContent).not.toContain('Qué hacer')
    expect(part.textContent).toContain('(en orden)')
  })

  it('a self-signed certificate, no timestamp authority and a sealing that failed: each said, with what to do', () => {
    render(
      <SignaturePart
        signature={{
          ...OK,
          certificate: { ...OK.certificate, selfSigned: true },
          timestamped: false,
          sealing: { waiting: 2, failing: 1, lastError: 'timestamp authority: HTTP 500', nextTryAt: '2026-12-04T15:05:00.000Z' },
          attention: true,
        }}
      />,
    )
    const text = screen.getByRole('region', { name: 'Firma de acuerdos' }).textContent ?? ''
    expect(text).toContain('certificado autofirmado')
    expect(text).toContain('SIGNING_CERT')
    expect(text).toContain('Las firmas no llevan sello de tiempo')
    expect(text).toContain('SIGNING_TSA_URL')
    expect(text).toContain('1 acuerdo firmado por ambas partes no se ha podido sellar: timestamp authority: HTTP 500')
    expect(text).toContain('Se vuelve a intentar el 4 de diciembre de 2026, 10:05')
    expect(text).toContain('(requiere atención)')
  })

  it('a certificate that could not be read says so and names the variables', () => {
    render(<SignaturePart signature={{ ...OK, certificate: { loaded: false, selfSigned: null, subject: null, notAfter: null, error: 'SIGNING_KEY: wrong passphrase' }, attention: true }} />)
    expect(screen.getByRole('region', { name: 'Firma de acuerdos' }).textContent).toContain('No se pudo cargar el certificado del programa: SIGNING_KEY: wrong passphrase')
  })
})
