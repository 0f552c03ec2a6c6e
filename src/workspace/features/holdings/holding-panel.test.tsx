// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { HoldingAnswer, HoldingView, RoundPreview } from '../../../../domain/workspace-api/holdings.ts'
import { describedBy, fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer, type FakeCall } from '../../testing/fake-api.tsx'
import { HoldingPanel } from './holding-panel.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const OTHER = '66666666-6666-4666-8666-666666666666'
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')

const base = { applicationId: APP, note: '', documentId: null, documentName: null, recordedBy: TEST_ADMIN_ID, recordedByName: 'Admin Uno', recordedAt: '2027-05-03T15:00:00.000Z', voided: false }

const ISSUANCE = {
  ...base,
  id: 'ev-issuance',
  kind: 'issuance',
  day: '2027-01-15',
  instrument: 'nota_convertible',
  shareClass: 'Ordinarias',
  shares: 0,
  subscribedCop: 500_000_000,
  rateCardCop: 1_500_000_000,
  discountBp: 2000,
  capCop: 4_000_000_000,
  targetBp: null,
  companyShares: 1_000_000,
  fullyDilutedShares: 1_100_000,
  paymentMode: 'especie_pauta',
  termMonths: 24,
  documentId: 'doc-1',
  documentName: 'acta-emision.pdf',
} as const
const ROUND = { ...base, id: 'ev-round', kind: 'round', day: '2027-05-03', name: 'Semilla', preMoneyCop: 5_500_000_000, price: '5000', newShares: 200_000, poolShares: 0, amountCop: 1_000_000_000, joined: false, programmeShares: 0, programmeCashCop: 0 } as const
const CONVERSION = { ...base, id: 'ev-conv', kind: 'conversion', day: '2027-05-03', roundId: 'ev-round', noteId: 'ev-issuance', price: '3636.3636', shares: 137_500, principalCop: 500_000_000 } as const
const SPLIT = { ...base, id: 'ev-split', kind: 'split', day: '2027-05-20', from: 1, to: 2, voided: true } as const
const VOID = { ...base, id: 'ev-void', kind: 'void', day: '2027-05-21', voids: 'ev-split', reason: 'Escrita por error' } as const

const MARK_BY_OTHER = { id: 'm1', applicationId: APP, method: 'ronda_reciente', day: '2027-05-10', price: '5000', note: 'Ronda Semilla', documentId: 'doc-2', documentName: 'acta-semilla.pdf', status: 'proposed', proposedBy: OTHER, proposedByName: 'Beatriz Segunda', proposedAt: '2027-05-10T15:00:00.000Z', decidedBy: null, decidedByName: null, decidedAt: null } as const
const MARK_BY_ME = { ...MARK_BY_OTHER, id: 'm2', day: '2027-05-12', proposedBy: TEST_ADMIN_ID, proposedByName: 'Admin Uno' } as const

function view(over: Partial<HoldingView> = {}): HoldingView {
  return {
    applicationId: APP,
    reference: 'CAT-2027-AB12CD',
    tradeName: 'Café Andino',
    companyName: 'Café Andino S.A.S.',
    today: '2027-06-01',
    deal: { mediaValueCop: 1_500_000_000, investmentValueCop: 500_000_000, signedOn: '2027-01-15', equityBp: 1000 },
    issuanceDefaults: { instrument: 'nota_convertible', shareClass: 'Ordinarias', shares: '0', subscribedCop: '500000000', discountPercent: '20', day: '2027-01-15', termMonths: '24' },
    events: [ISSUANCE, ROUND, CONVERSION, SPLIT, VOID] as unknown as HoldingView['events'],
    marks: [MARK_BY_OTHER, MARK_BY_ME] as unknown as HoldingView['marks'],
    figures: {
      shares: 137_500,
      companyShares: 1_337_500,
      fullyDilutedShares: 1_437_500,
      ownershipIssued: String(137_500 / 1_337_500),
      ownershipFullyDiluted: String(137_500 / 1_437_500),
      costCop: 500_000_000,
      rateCardCop: 1_500_000_000,
      fairValueCop: 687_500_000,
      basis: { kind: 'mark', method: 'ronda_reciente', day: '2027-05-10', price: '5000' },
      proceedsCop: 0,
      moic: '1.38',
    },
    payment: {
      subscribedCop: 500_000_000,
      paidCop: 20_000_000,
      unpaidCop: 480_000_000,
      forfeitedCop: 0,
      subscribedShares: 137_500,
      paidShares: 5_500,
      unpaidShares: 132_000,
      deadline: '2029-01-15',
      status: 'paying',
      consequence: 'Quedan $ 480.000.000 por pagar con pauta hasta el 15 de enero de 2029.',
    },
    ledger: { ranRateCardCop: 60_000_000, forfeitedRateCardCop: 0, committedRateCardCop: 1_500_000_000 },
    staleSince: '2026-04-01',
    impairment: ['Caja para 4 meses (menos de 6)'],
    ...over,
  }
}

let calls: FakeCall[]
const serve = (answers: Record<string, FakeAnswer>) => (calls = fakeApi({ 'GET /session': sessionAnswer('admin'), ...answers }))
const holdingAnswer = (h: HoldingView | null): FakeAnswer => () => ({ status: 200, body: { holding: h } satisfies HoldingAnswer })
const renderPanel = () => renderWithQueries(<HoldingPanel applicationId={APP} />, { signedIn: true })
const posts = () => calls.filter((c) => c.method === 'POST')

beforeAll(() => {
  // jsdom has <dialog> without the modal API.
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

describe('«Participación del programa»', () => {
  it('shows the figures formatted in Spanish, the payment by pauta, the flags, and the register in words', async () => {
    serve({ [`GET /applications/${APP}/holding`]: holdingAnswer(view()) })
    renderPanel()
    const panel = await screen.findByRole('region', { name: 'Participación del programa' })
    await within(panel).findByRole('table', { name: 'Eventos de la participación' })
    const figures = Object.fromEntries(within(panel).getAllByRole('term').map((dt) => [dt.textContent, plain(dt.nextElementSibling!.textContent)]))
    expect(figures).toMatchObject({
      Acciones: '137.500',
      'Participación emitida': '10,28 %',
      'Participación totalmente diluida': '9,57 %',
      'Costo (valor invertido)': '$ 500.000.000 · a tarifa: $ 1.500.000.000',
      'Valor razonable': '$ 687.500.000 · Ronda reciente, 10 de mayo de 2027',
      MOIC: '1,38x',
      Suscrito: '$ 500.000.000',
      Pagado: '$ 20.000.000',
      'Por pagar': '$ 480.000.000',
      Plazo: 'hasta el 15 de enero de 2029',
      Estado: 'En pago',
    })
    const text = plain(panel.textContent)
    expect(text).toContain('Quedan $ 480.000.000 por pagar con pauta hasta el 15 de enero de 2029.')
    expect(text).toContain('Sin valoración desde el 1 de abril de 2026: revisar')
    expect(text).toContain('Revisar deterioro: Caja para 4 meses (menos de 6)')

    const table = within(panel).getByRole('table', { name: 'Eventos de la participación' })
    const rows = within(table).getAllByRole('row').slice(1).map((r) => plain(r.textContent))
    expect(rows[0]).toContain('Nota convertible: principal de $ 500.000.000, descuento del 20 %, tope de $ 4.000.000.000')
    expect(rows[1]).toContain('Semilla: $ 5.000 por acción, 200.000 acciones nuevas')
    expect(rows[2]).toContain('Conversión: 137.500 acciones a $ 3.636,3636')
    expect(rows[3]).toContain('Anulado')
    expect(rows[4]).toContain('Anula «División de acciones» del 20 de mayo de 2027: Escrita por error')
    expect(within(table).getByRole('link', { name: 'acta-emision.pdf' }).getAttribute('href')).toBe(`/equipo/api/applications/${APP}/holding/documents/doc-1`)
    // Voided events are struck through; a conversion comes from its round, a void and a voided event are not voided again.
    expect(within(table).getAllByText('División de acciones')[0]!.className).toContain('line-through')
    expect(within(table).getAllByRole('button', { name: /^Anular/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Anular «Emisión al programa» del 15 de enero de 2027', 'Anular «Ronda» del 3 de mayo de 2027'])
    expect(within(panel).getByRole('link', { name: 'Exportar en OCF' }).getAttribute('href')).toBe(`/equipo/api/applications/${APP}/holding/ocf`)
    // The issuance is recorded: its form is gone, the others are there.
    expect(within(panel).queryByRole('form', { name: 'Registrar la emisión' })).toBeNull()
    expect(within(panel).getByRole('form', { name: 'Registrar un evento' })).toBeTruthy()
  })

  it('asks a reason before voiding an event, and sends it', async () => {
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view()),
      [`POST /applications/${APP}/holding/events/ev-round/void`]: () => ({ status: 201, body: { holding: view() } }),
    })
    renderPanel()
    fireEvent.click(await screen.findByRole('button', { name: 'Anular «Ronda» del 3 de mayo de 2027' }))
    const dialog = screen.getByRole('dialog', { name: '¿Anular «Ronda» del 3 de mayo de 2027?' })
    fireEvent.change(within(dialog).getByLabelText('Motivo de la anulación (interno: la persona fundadora no lo ve)'), { target: { value: 'Ronda escrita dos veces' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular el evento' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]!.body).toEqual({ reason: 'Ronda escrita dos veces' })
  })

  it('before the issuance: the form starts from the deal; a refusal is said beside its field', async () => {
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view({ events: [], marks: [], figures: null, payment: null, staleSince: null, impairment: [] })),
      [`POST /applications/${APP}/holding/events`]: () => ({
        status: 422,
        body: { error: 'invalid', message: 'Revisa los campos marcados.', issues: [{ path: 'companyShares', message: 'Escribe las acciones de la compañía, por ejemplo 15.000.' }] },
      }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Registrar la emisión' })
    expect(plain(screen.getByRole('region', { name: 'Participación del programa' }).textContent)).toContain('Todavía no hay emisión registrada')
    expect((within(form).getByLabelText('Instrumento') as HTMLSelectElement).value).toBe('nota_convertible')
    expect((within(form).getByLabelText('Principal de la nota (pesos)') as HTMLInputElement).value).toBe('500000000')
    expect((within(form).getByLabelText('Descuento en la conversión (%)') as HTMLInputElement).value).toBe('20')
    fireEvent.change(within(form).getByLabelText('Tope de valoración, pre-money (pesos; opcional)'), { target: { value: '4.000.000.000' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar la emisión' }))
    const company = within(form).getByLabelText('Acciones en circulación de la compañía, después de la emisión')
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(company)).toBe('Escribe las acciones de la compañía, por ejemplo 15.000.')
    expect(within(form).getByRole('alert').textContent).toBe('Revisa los campos marcados.')
    expect(posts()[0]!.body).toEqual({
      kind: 'issuance',
      day: '2027-01-15',
      instrument: 'nota_convertible',
      shareClass: 'Ordinarias',
      discountPercent: '20',
      capCop: '4.000.000.000',
      subscribedCop: '500000000',
      companyShares: '',
      fullyDilutedShares: '',
      paymentMode: 'especie_pauta',
      termMonths: '24',
      note: '',
    })
  })

  it('records a secondary sale with its document as a form', async () => {
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view()),
      [`POST /applications/${APP}/holding/events`]: () => ({ status: 201, body: { holding: view() } }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Registrar un evento' })
    fireEvent.change(within(form).getByLabelText('Qué pasó'), { target: { value: 'secondary_sale' } })
    fireEvent.change(within(form).getByLabelText('Acciones vendidas'), { target: { value: '10.000' } })
    fireEvent.change(within(form).getByLabelText('Precio por acción (pesos)'), { target: { value: '6.000' } })
    fireEvent.change(within(form).getByLabelText('Comprador'), { target: { value: 'Fondo Andino' } })
    const pdf = new File(['%PDF-1.7'], 'compraventa.pdf', { type: 'application/pdf' })
    fireEvent.change(within(form).getByLabelText('Documento de soporte (opcional)'), { target: { files: [pdf] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar el evento' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]!.body).toMatchObject({ kind: 'secondary_sale', day: '2027-06-01', shares: '10.000', price: '6.000', buyer: 'Fondo Andino', note: '' })
    expect((posts()[0]!.body as { document: File }).document.name).toBe('compraventa.pdf')
  })

  it('models a round: «Ver el efecto» shows before and after, «Confirmar la ronda» posts the same fields', async () => {
    const preview: RoundPreview = {
      before: { shares: 0, companyShares: 1_000_000, fullyDilutedShares: 1_100_000, ownershipIssued: '0', ownershipFullyDiluted: '0', valueCop: 0 },
      after: { shares: 137_500, companyShares: 1_337_500, fullyDilutedShares: 1_437_500, ownershipIssued: String(137_500 / 1_337_500), ownershipFullyDiluted: String(137_500 / 1_437_500), valueCop: 687_500_000 },
      price: '5000',
      preMoneyCop: 5_500_000_000,
      newShares: 200_000,
      programmeShares: 0,
      conversions: [{ noteId: 'ev-issuance', price: '3636.3636', shares: 137_500, principalCop: 500_000_000 }],
      topUp: 0,
    }
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view()),
      [`POST /applications/${APP}/holding/rounds/preview`]: () => ({ status: 200, body: preview }),
      [`POST /applications/${APP}/holding/rounds`]: () => ({ status: 201, body: { holding: view() } }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Modelar una ronda' })
    fireEvent.change(within(form).getByLabelText('Nombre de la ronda'), { target: { value: 'Semilla' } })
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2027-05-03' } })
    fireEvent.change(within(form).getByLabelText('Valoración pre-money (pesos)'), { target: { value: '5.500.000.000' } })
    fireEvent.change(within(form).getByLabelText('Monto de la ronda (pesos)'), { target: { value: '1.000.000.000' } })
    expect(screen.queryByRole('button', { name: 'Confirmar la ronda' })).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Ver el efecto' }))
    const table = await screen.findByRole('table', { name: 'Efecto de la ronda: antes y después' })
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => plain(c.textContent)))
    expect(rows).toEqual([
      ['Acciones del programa', '0', '137.500'],
      ['Participación emitida', '0,00 %', '10,28 %'],
      ['Participación totalmente diluida', '0,00 %', '9,57 %'],
      ['Valor a precio de la ronda', '$ 0', '$ 687.500.000'],
    ])
    const panel = screen.getByRole('region', { name: 'Participación del programa' })
    expect(plain(panel.textContent)).toContain('Conversión de la nota ($ 500.000.000): 137.500 acciones a $ 3.636,3636')
    expect(posts()).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar la ronda' }))
    await waitFor(() => expect(posts()).toHaveLength(2))
    const [sentPreview, sentRound] = posts()
    expect(sentPreview!.path).toBe(`/applications/${APP}/holding/rounds/preview`)
    expect(sentRound!.path).toBe(`/applications/${APP}/holding/rounds`)
    expect(sentRound!.body).toEqual(sentPreview!.body)
    expect(sentRound!.body).toEqual({ day: '2027-05-03', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000', joined: false, note: '' })
  })

  it('a preview refused: the issue beside its field, no confirmation offered', async () => {
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view()),
      [`POST /applications/${APP}/holding/rounds/preview`]: () => ({ status: 422, body: { error: 'invalid', message: 'Revisa los campos marcados.', issues: [{ path: 'amountCop', message: 'Escribe el monto de la ronda, por ejemplo 500.000.000.' }] } }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Modelar una ronda' })
    fireEvent.click(within(form).getByRole('button', { name: 'Ver el efecto' }))
    const amount = within(form).getByLabelText('Monto de la ronda (pesos)')
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(amount)).toBe('Escribe el monto de la ronda, por ejemplo 500.000.000.')
    expect(screen.queryByRole('button', { name: 'Confirmar la ronda' })).toBeNull()
  })

  it('marks: listed with their status; approve and reject for another member\'s proposal, never for one\'s own', async () => {
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view()),
      [`POST /applications/${APP}/holding/marks/m1/approve`]: () => ({ status: 200, body: { holding: view() } }),
    })
    renderPanel()
    const table = await screen.findByRole('table', { name: 'Valoraciones propuestas y decididas' })
    const [theirs, mine] = within(table).getAllByRole('row').slice(1)
    expect(plain(theirs!.textContent)).toContain('PropuestaRonda recienteRonda Semilla10 de mayo de 2027$ 5.000acta-semilla.pdfBeatriz Segunda')
    expect(within(theirs!).getByRole('button', { name: 'Aprobar la valoración del 10 de mayo de 2027' })).toBeTruthy()
    expect(within(theirs!).getByRole('button', { name: 'Rechazar la valoración del 10 de mayo de 2027' })).toBeTruthy()
    expect(within(mine!).queryByRole('button', { name: /Aprobar/ })).toBeNull()
    expect(within(mine!).queryByRole('button', { name: /Rechazar/ })).toBeNull()
    expect(mine!.textContent).toContain('Otra persona administradora la decide')
    fireEvent.click(within(theirs!).getByRole('button', { name: /^Aprobar/ }))
    await waitFor(() => expect(posts().map((c) => c.path)).toEqual([`/applications/${APP}/holding/marks/m1/approve`]))
  })

  it('proposing a mark needs its evidence: said beside the file field, nothing sent; with it, a form with the document', async () => {
    serve({
      [`GET /applications/${APP}/holding`]: holdingAnswer(view()),
      [`POST /applications/${APP}/holding/marks`]: () => ({ status: 201, body: { holding: view() } }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Proponer una valoración' })
    expect([...(within(form).getByLabelText('Método') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Ronda reciente', 'Múltiplo de comparables', 'Costo menos deterioro'])
    fireEvent.change(within(form).getByLabelText('Precio por acción (pesos)'), { target: { value: '5.000' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Proponer la valoración' }))
    const evidence = within(form).getByLabelText('Evidencia (PDF, hoja de cálculo o imagen)')
    await waitFor(() => expect(evidence.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(evidence)).toBe('Adjunta la evidencia de la valoración (un PDF, una hoja de cálculo o una imagen).')
    expect(posts()).toHaveLength(0)
    fireEvent.change(evidence, { target: { files: [new File(['%PDF-1.7'], 'acta.pdf', { type: 'application/pdf' })] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Proponer la valoración' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]!.body).toMatchObject({ method: 'ronda_reciente', day: '2027-06-01', price: '5.000', note: '' })
    expect((posts()[0]!.body as { document: File }).document.name).toBe('acta.pdf')
  })

  it('without a signed deal: says so', async () => {
    serve({ [`GET /applications/${APP}/holding`]: holdingAnswer(null) })
    renderPanel()
    expect(await screen.findByText('Esta postulación no tiene un acuerdo firmado: la participación empieza con la firma.')).toBeTruthy()
  })
})
