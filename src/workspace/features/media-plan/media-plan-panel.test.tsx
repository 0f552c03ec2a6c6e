// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { balancesOf, behindPace, pacingOf, type PlanEntry, type PlanLine } from '../../../../domain/media-plan.ts'
import type { MediaPlanAnswer, MediaPlanView } from '../../../../domain/workspace-api/media-plan.ts'
import { describedBy, fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer, type FakeCall } from '../../testing/fake-api.tsx'
import { MediaPlanPanel } from './media-plan-panel.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const ADMIN = TEST_ADMIN_ID
const NBSP = '\u00a0'
const DEAL = { mediaValueCop: 100_000_000, windowStart: '2027-01-15', windowMonths: 9 }
const TODAY = '2027-07-01'

const LINE: PlanLine = { id: 'l1', number: 1, outlet: 'tv_nacional', format: 'Spot 30" por franja', units: 5, unitPriceCop: 10_000_000, flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: 'Franja prime' }
const RAN: PlanEntry = { id: 'e1', lineId: 'l1', kind: 'ran', day: '2027-02-10', units: 2, proofUrl: 'https://canal.example.com/pauta/1', proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null }
const MISS: PlanEntry = { id: 'e2', lineId: 'l1', kind: 'missed', day: '2027-02-17', units: 1, proofUrl: null, proofDocumentId: null, reason: 'Transmisión especial', makeGoodFor: null, toLineId: null, voids: null }

function view(lines: PlanLine[], entries: PlanEntry[]): MediaPlanView {
  const balances = balancesOf(DEAL, lines, entries)
  return {
    applicationId: APP,
    mediaValueCop: DEAL.mediaValueCop,
    windowStart: DEAL.windowStart,
    windowEnd: '2027-10-14',
    rateCardVersionId: 'v1',
    rateCardVersionNumber: 3,
    rateCard: [
      { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 10_000_000 },
      { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 800_000 },
    ],
    lines: lines.map((l) => ({ ...l, applicationId: APP, createdBy: ADMIN, createdAt: '2027-02-01T15:00:00.000Z' })),
    entries: entries.map((e) => ({ ...e, proofFileName: null, applicationId: APP, recordedBy: ADMIN, recordedAt: '2027-02-20T15:00:00.000Z' })),
    balances,
    pacing: pacingOf(balances, TODAY),
    behind: behindPace(balances, TODAY),
    today: TODAY,
  }
}

let calls: FakeCall[]

function serve(answers: Record<string, FakeAnswer>) {
  calls = fakeApi({ 'GET /session': sessionAnswer('admin'), ...answers })
}

const renderPanel = () => renderWithQueries(<MediaPlanPanel applicationId={APP} />, { signedIn: true })

beforeAll(() => {
  // jsdom has <dialog> without the modal API; the browser's is covered by the e2e (e2e/media-plan.spec.ts).
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

describe('«Plan de medios»', () => {
  it('shows the balances in pesos, the pacing in words, the lines table with headers, and each record with its proof', async () => {
    const answer: MediaPlanAnswer = { plan: view([LINE], [RAN, MISS]), memberNames: { [ADMIN]: 'Admin Uno' } }
    serve({ [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: answer }) })
    renderPanel()
    await screen.findByRole('table', { name: 'Líneas del plan de medios' })
    const panel = screen.getByRole('region', { name: 'Plan de medios' })
    const text = panel.textContent!.replace(/\u00a0/g, ' ')
    expect(text).toContain('Comprometido$ 100.000.000')
    expect(text).toContain('Planeado$ 50.000.000')
    expect(text).toContain('Emitido$ 20.000.000')
    expect(text).toContain('No emitido$ 10.000.000')
    expect(text).toContain('Por ubicar$ 50.000.000')
    expect(text).toContain('Va al 20 % del valor con el 62 % de la ventana')
    expect(within(panel).getByRole('status').textContent).toBe('Acuerdo atrasado: va más de 15 puntos detrás de la ventana.')
    const table = within(panel).getByRole('table', { name: 'Líneas del plan de medios' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Línea', 'Medio y formato', 'Unidades', 'Precio unitario', 'Valor', 'Vuelo', 'Emitidas', 'Por emitir'])
    expect(within(table).getAllByRole('row')[1]!.textContent!.replace(/\u00a0/g, ' ')).toContain('TV nacional, Spot 30" por franja5$ 10.000.000$ 50.000.000')
    const line = within(panel).getByRole('region', { name: 'Línea 1 · TV nacional, Spot 30" por franja' })
    expect(within(line).getByRole('link', { name: 'Prueba de emisión' }).getAttribute('href')).toBe('https://canal.example.com/pauta/1')
    expect(line.textContent).toContain('No emitido el 17 de febrero de 2027: 1 unidad · Transmisión especial')
  })

  it('adds a line from the rate card: outlet and format from the deal\'s version, the price beside it; a refusal is tied to its field', async () => {
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view([], []), memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/lines`]: () => ({
        status: 422,
        body: { error: 'invalid', message: 'Revisa la línea del plan: hay datos que no pudimos usar.', issues: [{ path: 'units', message: 'Las unidades deben ser al menos 1.' }] },
      }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Agregar una línea al plan' })
    const outlet = within(form).getByLabelText('Medio') as HTMLSelectElement
    expect([...outlet.options].map((o) => o.textContent)).toEqual(['TV nacional', 'Radio regional'])
    fireEvent.change(outlet, { target: { value: 'radio_regional' } })
    const format = within(form).getByLabelText('Formato') as HTMLSelectElement
    expect([...format.options].map((o) => o.value)).toEqual(['Cuña 30" por región'])
    expect(describedBy(format)).toContain(`$${NBSP}800.000 por unidad`)
    fireEvent.change(within(form).getByLabelText('Unidades'), { target: { value: '0' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar línea' }))
    const units = within(form).getByLabelText('Unidades')
    await waitFor(() => expect(units.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(units)).toBe('Las unidades deben ser al menos 1.')
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ outlet: 'radio_regional', format: 'Cuña 30" por región', units: '0', flightFrom: '2027-01-15', flightTo: '2027-10-14', notes: '' })
  })

  it('records a make-good of the miss it chooses, and a ran spot with its proof link', async () => {
    const after: MediaPlanAnswer = { plan: view([LINE], [RAN, MISS]), memberNames: {} }
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view([LINE], [RAN, MISS]), memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/entries`]: () => ({ status: 201, body: after }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Registrar en el plan' })
    fireEvent.change(within(form).getByLabelText('Qué pasó'), { target: { value: 'make_good' } })
    const miss = within(form).getByLabelText('«No emitido» que se repone') as HTMLSelectElement
    expect([...miss.options].map((o) => o.textContent)).toEqual(['Elige…', '17 de febrero de 2027: debe 1'])
    fireEvent.change(miss, { target: { value: 'e2' } })
    fireEvent.change(within(form).getByLabelText('Día'), { target: { value: '2027-02-24' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ lineId: 'l1', kind: 'make_good', day: '2027-02-24', units: '1', proofUrl: '', reason: null, makeGoodFor: 'e2', toLineId: null, voids: null })

    fireEvent.change(within(form).getByLabelText('Qué pasó'), { target: { value: 'ran' } })
    fireEvent.change(within(form).getByLabelText(/^Enlace de la prueba de emisión/), { target: { value: 'https://canal.example.com/pauta/2' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toMatchObject({ kind: 'ran', proofUrl: 'https://canal.example.com/pauta/2', makeGoodFor: null })
  })

  it('sends the proof as a file beside the link, ties a refused file to its field, and links a kept file for download', async () => {
    const withFile: PlanEntry = { ...RAN, id: 'e3', proofUrl: null, proofDocumentId: 'p1' }
    let refuse = true
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view([LINE], [RAN, MISS]), memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/entries`]: () =>
        refuse
          ? { status: 422, body: { error: 'invalid', message: 'Este archivo no es un PDF ni una imagen.', issues: [{ path: 'proofFile', message: 'Este archivo no es un PDF ni una imagen.' }] } }
          : { status: 201, body: { plan: { ...view([LINE], [RAN, MISS, withFile]), entries: view([LINE], [RAN, MISS, withFile]).entries.map((x) => (x.id === 'e3' ? { ...x, proofFileName: 'Pauta febrero.pdf' } : x)) }, memberNames: {} } },
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Registrar en el plan' })
    const input = within(form).getByLabelText('Archivo de la prueba (PDF o imagen)') as HTMLInputElement
    const file = new File(['%PDF-1.7'], 'Pauta febrero.pdf', { type: 'application/pdf' })
    fireEvent.change(input, { target: { files: [file] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(input)).toContain('Este archivo no es un PDF ni una imagen.')
    const sent = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>
    expect(sent).toMatchObject({ lineId: 'l1', kind: 'ran', units: '1', proofUrl: '', reason: '' })
    expect((sent.proofFile as File).name).toBe('Pauta febrero.pdf')

    refuse = false
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    const link = (await screen.findByRole('link', { name: 'Archivo de la prueba: Pauta febrero.pdf' })) as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe(`/equipo/api/applications/${APP}/media-plan/proofs/p1`)
  })

  it('says there is no plan without a deal', async () => {
    serve({ [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: null, memberNames: {} } }) })
    renderPanel()
    expect(await screen.findByText(/Sin acuerdo registrado no hay plan de medios/)).toBeTruthy()
  })
  it('one form records on the line chosen: with 50 lines (the bench\'s size), one form and a «Línea» list of the 50, not 50 forms', async () => {
    const lines = Array.from({ length: 50 }, (_, i): PlanLine => ({ ...LINE, id: `l${i + 1}`, number: i + 1, units: 1, unitPriceCop: 1_000_000 }))
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view(lines, []), memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/entries`]: () => ({ status: 201, body: { plan: view(lines, []), memberNames: {} } }),
    })
    renderPanel()
    await screen.findByRole('table', { name: 'Líneas del plan de medios' })
    const panel = screen.getByRole('region', { name: 'Plan de medios' })
    const forms = within(panel).getAllByRole('form').map((f) => f.getAttribute('aria-label'))
    expect(forms).toEqual(['Registrar en el plan', 'Agregar una línea al plan', 'Retirar una línea del plan'])
    const form = within(panel).getByRole('form', { name: 'Registrar en el plan' })
    const line = within(form).getByLabelText('Línea') as HTMLSelectElement
    expect(line.options).toHaveLength(51)
    expect(line.options[0]!.textContent).toBe('Elige la línea…')
    expect(line.options[37]!.textContent).toBe('Línea 37 · TV nacional, Spot 30" por franja')
    // Nothing is sent without a line chosen.
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    await waitFor(() => expect(line.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(line)).toBe('Elige la línea.')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.change(line, { target: { value: 'l37' } })
    fireEvent.change(within(form).getByLabelText(/^Enlace de la prueba de emisión/), { target: { value: 'https://canal.example.com/37' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ lineId: 'l37', kind: 'ran', proofUrl: 'https://canal.example.com/37' })
  })

  it('a void names the entry it cancels (no "retirar la línea" among them) and says what it will change before anything is sent', async () => {
    const after: MediaPlanAnswer = { plan: view([LINE], [RAN, MISS, { ...RAN, id: 'v1', kind: 'void', voids: 'e1', reason: 'Era otra franja', proofUrl: null }]), memberNames: {} }
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view([LINE], [RAN, MISS]), memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/entries`]: () => ({ status: 201, body: after }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Registrar en el plan' })
    fireEvent.change(within(form).getByLabelText('Qué pasó'), { target: { value: 'void' } })
    const voids = within(form).getByLabelText('Registro que se anula') as HTMLSelectElement
    expect([...voids.options].map((o) => o.textContent)).toEqual(['Elige el registro…', 'Emitido el 10 de febrero de 2027: 2 unidades', 'No emitido el 17 de febrero de 2027: 1 unidad'])
    // Nothing named: refused beside the field, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Revisar la anulación' }))
    await waitFor(() => expect(voids.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(voids)).toContain('Elige el registro que se anula')

    fireEvent.change(voids, { target: { value: 'e1' } })
    fireEvent.change(within(form).getByLabelText(/^Motivo/), { target: { value: 'Era otra franja' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Revisar la anulación' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Anular este registro?' })
    const said = dialog.textContent!.replace(/\u00a0/g, ' ')
    expect(said).toContain('Se anula Emitido el 10 de febrero de 2027: 2 unidades, de la línea 1 · TV nacional, Spot 30" por franja.')
    expect(said).toContain('Emitido: pasa de $ 20.000.000 a $ 0')
    expect(said).toContain('Por emitir: pasa de $ 80.000.000 a $ 100.000.000')
    expect(said).toContain('Por emitir: pasa de 2 a 4')
    expect(said).toContain('Deja de aparecer en la página de la persona fundadora.')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular el registro' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ lineId: 'l1', kind: 'void', voids: 'e1', reason: 'Era otra franja', units: '' })
  })

  it('withdrawing a line is its own action: it names the line and its value, asks for the reason, and only then sends', async () => {
    const empty: PlanLine = { ...LINE, id: 'l2', number: 2, units: 15, unitPriceCop: 12_000_000 }
    const plan = { ...view([LINE, empty], [RAN]), mediaValueCop: 500_000_000 }
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan, memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/lines/l2/withdrawal`]: () => ({ status: 201, body: { plan, memberNames: {} } }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Retirar una línea del plan' })
    const line = within(form).getByLabelText('Línea que se retira') as HTMLSelectElement
    // Line 1 has a spot that ran: it is not withdrawn, it is corrected.
    expect([...line.options].map((o) => o.textContent)).toEqual(['Elige la línea…', 'Línea 2 · TV nacional, Spot 30" por franja'])
    fireEvent.change(line, { target: { value: 'l2' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Retirar la línea…' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Retirar la línea 2 del plan?' })
    const said = dialog.textContent!.replace(/\u00a0/g, ' ')
    expect(said).toContain('Línea 2 · TV nacional, Spot 30" por franja: 15 unidades por $ 180.000.000')
    expect(said).toContain('Sale del plan y de la página de la persona fundadora, y sus $ 180.000.000 vuelven a «por ubicar».')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar la línea 2' }))
    expect(await within(dialog).findByText('Escribe el motivo para continuar.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.change(within(dialog).getByLabelText(/^Motivo del retiro/), { target: { value: 'Se agregó dos veces.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar la línea 2' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/applications/${APP}/media-plan/lines/l2/withdrawal`, body: { reason: 'Se agregó dos veces.' } })
  })

  it('names a withdrawn line as people read it, and a consulting line\'s sessions as held, never aired', async () => {
    const session: PlanLine = { ...LINE, id: 'c1', number: 2, outlet: 'consultoria', format: 'Sesión de consultoría estratégica', units: 2, unitPriceCop: 10_000_000 }
    const held: PlanEntry = { ...RAN, id: 'h1', lineId: 'c1', units: 1 }
    const withdrawal: PlanEntry = { ...RAN, id: 'w1', kind: 'void', units: 0, proofUrl: null, reason: 'Duplicada' }
    serve({ [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view([{ ...LINE, id: 'l1' }, session], [withdrawal, held]), memberNames: {} } }) })
    renderPanel()
    const table = await screen.findByRole('table', { name: 'Líneas del plan de medios' })
    expect(within(table).getAllByRole('row')[1]!.querySelectorAll('td')[0]!.textContent).toBe('TV nacional, Spot 30" por franja (retirada del plan)')
    expect(screen.getByRole('region', { name: 'Línea 1 · TV nacional, Spot 30" por franja (retirada del plan)' })).toBeTruthy()
    const sessions = screen.getByRole('region', { name: 'Línea 2 · Consultoría estratégica, Sesión de consultoría estratégica' })
    expect(sessions.textContent).toContain('Realizada el 10 de febrero de 2027: 1 sesión')
    expect(sessions.textContent).not.toContain('Emitido')
    expect(within(sessions).getByRole('link', { name: 'Constancia de la sesión' })).toBeTruthy()
    // The one form: the withdrawn line is not offered; on the consulting line a session is «Realizada».
    const form = screen.getByRole('form', { name: 'Registrar en el plan' })
    expect([...(within(form).getByLabelText('Línea') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['c1'])
    expect([...(within(form).getByLabelText('Qué pasó') as HTMLSelectElement).options].map((o) => o.textContent)).toContain('Realizada')
  })

  it('sends the form\'s key with each submission: the same key when it is sent again after a failure, a new one after a success', async () => {
    let fail = true
    serve({
      [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: { plan: view([LINE], []), memberNames: {} } }),
      [`POST /applications/${APP}/media-plan/entries`]: () => (fail ? { status: 503, body: { error: 'unavailable' } } : { status: 201, body: { plan: view([LINE], [RAN]), memberNames: {} } }),
    })
    renderPanel()
    const form = await screen.findByRole('form', { name: 'Registrar en el plan' })
    fireEvent.change(within(form).getByLabelText(/^Enlace de la prueba de emisión/), { target: { value: 'https://canal.example.com/1' } })
    const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Guardar registro' }))
    const keys = () => calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key'])
    save()
    await waitFor(() => expect(keys()).toHaveLength(1))
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Guardar registro' }) as HTMLButtonElement).disabled).toBe(false))
    fail = false
    save()
    await waitFor(() => expect(keys()).toHaveLength(2))
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Guardar registro' }) as HTMLButtonElement).disabled).toBe(false))
    fireEvent.change(within(form).getByLabelText(/^Enlace de la prueba de emisión/), { target: { value: 'https://canal.example.com/2' } })
    save()
    await waitFor(() => expect(keys()).toHaveLength(3))
    const [first, retry, next] = keys()
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(retry).toBe(first)
    expect(next).toMatch(/^[0-9a-f-]{36}$/)
    expect(next).not.toBe(first)
  })
})
