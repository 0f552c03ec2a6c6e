// @vitest-environment jsdom
/**
 * «Firma del acuerdo» as an admin reads it: each status in words, the signatures with their evidence, the
 * PDFs; the form that sends a version (the body the contract asks, the 422's messages beside each field);
 * the programme's signature (the code and the consent sent, the wrong code's message); the decline.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Agreement, AgreementAnswer } from '../../../../domain/workspace-api/agreements.ts'
import { describedBy, fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer, type FakeCall } from '../../testing/fake-api.tsx'
import { AgreementPanel } from './agreement-panel.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const AG = '99999999-9999-4999-8999-999999999999'
const BASE = `/applications/${APP}/agreement`

const TERMS = {
  equityBp: 450,
  instrument: 'acciones' as const,
  discountBp: null,
  valuationUsdCents: 100_000_000,
  mediaValueCop: 200_000_000,
  investmentValueCop: 100_000_000,
  windowStart: '2030-01-15',
  windowMonths: 6,
  followUpStart: '2030-01-15',
  rateCardVersionId: null,
}
const PARTIES_DRAFT = {
  legalName: 'Kiwi Labs S.A.S.',
  tradeName: 'Kiwi',
  nit: '',
  representativeName: 'Ana Gómez',
  representativeIdType: 'CC' as const,
  representativeId: '',
  shares: '',
  shareClass: '',
  city: 'Bogotá D.C.',
}

const FOUNDER_SIGNATURE = {
  role: 'founder' as const,
  memberId: null,
  name: 'Ana Gómez',
  email: 'ana@kiwi.example',
  method: 'email_code' as const,
  consentVersion: 1,
  consentText: 'Acepto…',
  ip: '181.50.12.7',
  userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
  signedAt: '2026-12-02T15:00:00.000Z',
}

function agreement(over: Partial<Agreement> = {}): Agreement {
  return {
    id: AG,
    applicationId: APP,
    version: 2,
    code: 'CMFE-AB12-CD34',
    status: 'sent',
    templateVersion: 0,
    templateSample: false,
    parties: { ...PARTIES_DRAFT, nit: '900.123.456-7', representativeId: '52123456', shares: null, shareClass: null },
    terms: TERMS,
    rateCardVersionNumber: null,
    documentSha256: 'a'.repeat(64),
    signedSha256: null,
    missingDocumentsReason: null,
    sentBy: TEST_ADMIN_ID,
    sentAt: '2026-12-01T15:00:00.000Z',
    expiresAt: '2026-12-31T15:00:00.000Z',
    closedAt: null,
    closedBy: null,
    closeReason: null,
    sealAttempts: 0,
    sealError: null,
    sealDueAt: null,
    signatures: [],
    ...over,
  }
}

function answerWith(agreements: Agreement[], over: Partial<AgreementAnswer> = {}): AgreementAnswer {
  return {
    agreements,
    template: { version: 0, sample: true },
    viewerCanSign: false,
    viewerHasPasskey: false,
    signers: [{ id: 'm2', name: 'Beto Signer' }],
    memberNames: { [TEST_ADMIN_ID]: 'Admin Uno' },
    partiesDraft: PARTIES_DRAFT,
    canSend: true,
    ...over,
  }
}

let calls: FakeCall[]
function serve(answer: AgreementAnswer, more: Record<string, FakeAnswer> = {}) {
  calls = fakeApi({ 'GET /session': sessionAnswer('admin'), [`GET ${BASE}`]: () => ({ status: 200, body: answer }), ...more })
  renderWithQueries(<AgreementPanel applicationId={APP} />, { signedIn: true })
}
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path)

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const details = () => screen.findByLabelText(/^Acuerdo, versión/)

describe('the agreement, status by status', () => {
  it.each([
    ['sent', 'Enviado para firma'],
    ['founder_signed', 'Firmado por la persona fundadora'],
    ['sealing', 'Sellando el documento'],
    ['signed', 'Firmado por ambas partes'],
  ] as const)('%s reads «%s» with its version, code and dates', async (status, label) => {
    serve(answerWith([agreement({ status, signatures: status === 'sent' ? [] : [FOUNDER_SIGNATURE] })]))
    const dl = await details()
    expect(dl.textContent).toContain(label)
    expect(dl.textContent).toContain('Versión 2')
    expect(dl.textContent).toContain('CMFE-AB12-CD34')
    // Bogotá: 15:00 UTC is 10:00 a. m.
    expect(dl.textContent).toMatch(/1 de diciembre de 2026, 10:00\sa\.\sm\., por Admin Uno/)
    expect(dl.textContent).toMatch(/31 de diciembre de 2026, 10:00\sa\.\sm\./)
  })

  it.each([
    ['declined', 'Rechazado'],
    ['expired', 'Vencido'],
    ['voided', 'Anulado'],
  ] as const)('a %s last version goes with the previous ones, «%s», and a new one may be sent', async (status, label) => {
    serve(answerWith([agreement({ status, closedAt: '2026-12-03T15:00:00.000Z', closeReason: 'Cambió la valoración' })]))
    const list = await screen.findByRole('list', { name: 'Versiones anteriores' })
    expect(list.textContent).toContain(`Versión 2 · CMFE-AB12-CD34 · ${label}`)
    expect(list.textContent).toContain('Cambió la valoración')
    expect(screen.getByRole('button', { name: 'Enviar acuerdo para firma' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull()
  })

  it('shows the signatures with their evidence, the PDFs, and nothing to decline once signed', async () => {
    const programme = { ...FOUNDER_SIGNATURE, role: 'programme' as const, memberId: 'm2', name: 'Beto Signer', email: 'beto@programa.example', ip: '10.0.0.9', signedAt: '2026-12-03T20:26:00.000Z' }
    serve(answerWith([agreement({ status: 'signed', signedSha256: 'b'.repeat(64), signatures: [FOUNDER_SIGNATURE, programme] })], { canSend: false }))
    const signatures = await screen.findByRole('list', { name: 'Firmas' })
    const [founder, second] = within(signatures).getAllByRole('listitem')
    expect(founder!.textContent).toContain('Ana Gómez · Persona fundadora')
    expect(founder!.textContent).toContain('Código de un solo uso enviado al correo')
    expect(founder!.textContent).toContain('IP 181.50.12.7')
    expect(founder!.textContent).toContain('Navegador: Mozilla/5.0 (iPhone) Safari/604.1')
    expect(second!.textContent).toContain('Beto Signer · Programa')
    expect(second!.textContent).toMatch(/3 de diciembre de 2026, 3:26\sp\.\sm\./)
    expect(screen.getByRole('link', { name: 'Descargar el PDF enviado (versión 2)' }).getAttribute('href')).toBe(`/equipo/api${BASE}/${AG}/document?version=sent`)
    expect(screen.getByRole('link', { name: 'Descargar el PDF firmado' }).getAttribute('href')).toBe(`/equipo/api${BASE}/${AG}/document?version=signed`)
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull()
    expect(screen.queryByRole('button', { name: /enviar/i })).toBeNull()
  })

  it('says when the template is a sample and when the sealing is pending or failed; no signed PDF yet', async () => {
    serve(answerWith([agreement({ status: 'sealing', templateSample: true, sealAttempts: 2, sealError: 'timeout', signatures: [FOUNDER_SIGNATURE] })]))
    await details()
    expect(screen.getByText('Plantilla de muestra: el equipo jurídico debe reemplazarla.')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('Estamos sellando el documento…')
    expect(screen.getByRole('status').textContent).toContain('2 intentos')
    expect(screen.queryByRole('link', { name: 'Descargar el PDF firmado' })).toBeNull()
  })

  it('tells a member without the signing right who may sign', async () => {
    serve(answerWith([agreement({ status: 'founder_signed', signatures: [FOUNDER_SIGNATURE] })]))
    await details()
    expect(screen.getByText(/No tienes el derecho de firmar por el programa. Pueden firmar: Beto Signer\./)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Firmar' })).toBeNull()
  })
})

describe('sending a version', () => {
  it('posts the deal and the parties, and shows a 422’s messages beside their fields', async () => {
    serve(answerWith([]), {
      [`POST ${BASE}`]: () => ({
        status: 422,
        body: {
          error: 'invalid',
          message: 'Revisa los datos del acuerdo.',
          issues: [
            { path: 'parties.nit', message: 'Escribe el NIT con su dígito de verificación: 900.123.456-7.' },
            { path: 'deal.valuationUsd', message: 'La valoración debe ser mayor que cero.' },
          ],
        },
      }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar acuerdo para firma' }))
    // Prefilled from the parties' draft.
    expect((screen.getByLabelText('Razón social') as HTMLInputElement).value).toBe('Kiwi Labs S.A.S.')
    fireEvent.change(screen.getByLabelText(/^Participación/), { target: { value: '4,5' } })
    fireEvent.change(screen.getByLabelText(/^Valoración de referencia/), { target: { value: '1.000.000' } })
    fireEvent.change(screen.getByLabelText(/^Pauta en medios a tarifa/), { target: { value: '200.000.000' } })
    fireEvent.change(screen.getByLabelText(/^Valor de inversión acordado/), { target: { value: '100.000.000' } })
    fireEvent.change(screen.getByLabelText('NIT'), { target: { value: '900123' } })
    fireEvent.change(screen.getByLabelText('Tipo de documento'), { target: { value: 'CE' } })
    fireEvent.change(screen.getByLabelText('Número de documento'), { target: { value: '987654' } })
    fireEvent.change(screen.getByLabelText('Acciones suscritas (si se conocen)'), { target: { value: '1200' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para firma' }))

    await waitFor(() => expect(posts(BASE)).toHaveLength(1))
    const body = posts(BASE)[0]!.body as { deal: Record<string, unknown>; parties: Record<string, unknown>; missingDocuments?: unknown }
    expect(body.parties).toEqual({ ...PARTIES_DRAFT, nit: '900123', representativeIdType: 'CE', representativeId: '987654', shares: '1200' })
    expect(body.deal).toMatchObject({ equityPercent: '4,5', instrument: 'acciones', valuationUsd: '1.000.000', mediaValueCop: '200.000.000', investmentValueCop: '100.000.000', rateCardVersionId: null })
    expect(body.missingDocuments).toBeUndefined()
    // One write per submission (ADR 0189): the form's key goes with it.
    expect(posts(BASE)[0]!.headers['Idempotency-Key']).toBeTruthy()

    await waitFor(() => expect(describedBy(screen.getByLabelText('NIT'))).toContain('Escribe el NIT con su dígito de verificación'))
    expect(screen.getByLabelText('NIT').getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(screen.getByLabelText(/^Valoración de referencia/))).toContain('La valoración debe ser mayor que cero.')
    expect(screen.getByRole('alert').textContent).toContain('Revisa los datos del acuerdo.')
  })

  it('after a 409 documents_missing, asks for the confirmation and sends it with the reason', async () => {
    let refused = false
    serve(answerWith([agreement({ status: 'sent' })]), {
      [`POST ${BASE}`]: () => {
        if (!refused) {
          refused = true
          return { status: 409, body: { error: 'documents_missing', message: 'Faltan documentos obligatorios: Certificado de existencia.', missing: [{ key: 'camara_comercio', label: 'Certificado de existencia' }] } }
        }
        return { status: 201, body: answerWith([agreement({ version: 3, id: 'x3' }), agreement({ status: 'voided' })]) }
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar los números y enviar una versión nueva' }))
    // The version under way is voided, and the founder told: said before sending.
    expect(screen.getByText(/queda anulada/).textContent).toContain('La versión 2 (CMFE-AB12-CD34) queda anulada')
    expect(screen.getByText(/le avisamos a la persona fundadora por correo/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para firma' }))
    await screen.findByText('Faltan documentos obligatorios de due diligence:')
    expect(screen.getByText('Certificado de existencia')).toBeTruthy()
    // Not confirmed: nothing more is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para firma' }))
    expect(screen.getByRole('alert').textContent).toContain('Marca la casilla y escribe por qué se envía sin esos documentos.')
    expect(posts(BASE)).toHaveLength(1)
    fireEvent.click(screen.getByLabelText('Confirmo que se envía el acuerdo sin estos documentos'))
    fireEvent.change(screen.getByLabelText(/Por qué se envía sin ellos/), { target: { value: ' Llega la próxima semana ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para firma' }))
    await waitFor(() => expect(posts(BASE)).toHaveLength(2))
    expect((posts(BASE)[1]!.body as { missingDocuments: unknown }).missingDocuments).toEqual({ confirmed: true, reason: 'Llega la próxima semana' })
    // The deal the form started from: the version under way's numbers.
    expect((posts(BASE)[1]!.body as { deal: Record<string, unknown> }).deal).toMatchObject({ equityPercent: '4,5', windowStart: '2030-01-15', windowMonths: 6 })
    await waitFor(() => expect(screen.getByLabelText('Acuerdo, versión 3')).toBeTruthy())
  })
})

describe('signing for the programme', () => {
  it('sends a code, posts the code with the consent, and shows the wrong code’s message', async () => {
    serve(answerWith([agreement({ status: 'founder_signed', signatures: [FOUNDER_SIGNATURE] })], { viewerCanSign: true }), {
      [`POST ${BASE}/code`]: () => ({ status: 200, body: { sentTo: 'be•••@programa.example', expiresAt: '2026-12-04T20:26:00.000Z' } }),
      [`POST ${BASE}/sign`]: () => ({ status: 422, body: { error: 'wrong_code', message: 'El código no coincide: te quedan 4 intentos.', remaining: 4 } }),
    })
    const form = await screen.findByRole('form', { name: 'Firmar por el programa' })
    expect(within(form).getByRole('region', { name: 'Acuerdo de firma electrónica' }).textContent).toContain('Acepto firmar este acuerdo por medios electrónicos')
    fireEvent.click(within(form).getByRole('button', { name: 'Enviarme un código' }))
    await waitFor(() => expect(form.textContent).toMatch(/Te enviamos un código a be•••@programa\.example; vence a las 3:26\sp\.\sm\./))
    const code = within(form).getByLabelText('Código de 6 dígitos') as HTMLInputElement
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(document.activeElement).toBe(code)

    // Without the consent nothing is signed.
    fireEvent.change(code, { target: { value: '12 34 56' } })
    expect(code.value).toBe('123456')
    fireEvent.click(within(form).getByRole('button', { name: 'Firmar' }))
    expect(within(form).getByRole('alert').textContent).toBe('Marca «Acepto firmar electrónicamente» para firmar.')
    expect(posts(`${BASE}/sign`)).toHaveLength(0)

    fireEvent.click(within(form).getByLabelText('Acepto firmar electrónicamente'))
    fireEvent.click(within(form).getByRole('button', { name: 'Firmar' }))
    await waitFor(() => expect(posts(`${BASE}/sign`)).toHaveLength(1))
    expect(posts(`${BASE}/sign`)[0]!.body).toEqual({ code: '123456', consent: true })
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('El código no coincide: te quedan 4 intentos.'))
  })

  it('declines with the reason given', async () => {
    serve(answerWith([agreement({ status: 'sent' })]), {
      [`POST ${BASE}/decline`]: () => ({ status: 200, body: answerWith([agreement({ status: 'declined', closedAt: '2026-12-03T15:00:00.000Z', closeReason: 'La startup cerró' })]) }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }))
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: 'La startup cerró' } })
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar el acuerdo' }))
    await waitFor(() => expect(posts(`${BASE}/decline`)).toHaveLength(1))
    expect(posts(`${BASE}/decline`)[0]!.body).toEqual({ reason: 'La startup cerró' })
    const list = await screen.findByRole('list', { name: 'Versiones anteriores' })
    expect(list.textContent).toContain('Rechazado')
    // The button is gone: the focus goes to the section, not to the page's top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Estado del acuerdo' })))
  })
})
