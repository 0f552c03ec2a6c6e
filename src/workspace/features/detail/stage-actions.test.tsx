// @vitest-environment jsdom
/**
 * The stage change's confirmation (ADR 0185): it says what the move will do to the panel session, the
 * e-mails waiting and the founder's e-mail, from domain/pipeline.ts STAGE_ENTAILS; an admin may keep a session still
 * ahead, and the request says so. The signature's dialog offers «Sin tarifario publicado» only when no
 * version is published, and asks for a confirmation of a follow-up start in the past.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatIsoDay, formatWeekdayDateTime } from '../../../../domain/format.ts'
import type { Stage } from '../../../../domain/pipeline.ts'
import type { ApplicationDetail } from '../../../../domain/workspace-api/review.ts'
import { describedBy, fakeApi, renderWithQueries, sessionAnswer, type FakeCall } from '../../testing/fake-api.tsx'
import { StageActions } from './stage-actions.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const ANA = '22222222-2222-4222-8222-222222222222'
// Far ahead, so "still ahead" never depends on when the test runs.
const STARTS = '2030-03-12T15:00:00.000Z'

function application(stage: Stage, allowedTransitions: Stage[], timeline: ApplicationDetail['timeline'] = []): ApplicationDetail {
  return {
    id: APP,
    reference: 'CAT-2030-PANEL1',
    stage,
    stageEnteredAt: '2030-03-01T15:00:00.000Z',
    stageDueAt: '2030-03-20T04:59:59.000Z',
    dueState: 'on_time',
    allowedTransitions,
    timeline,
  } as unknown as ApplicationDetail
}

const bookedSession = {
  id: 's1',
  uid: 'uid-1',
  sequence: 0,
  status: 'booked',
  startsAt: STARTS,
  endsAt: '2030-03-12T16:00:00.000Z',
  placeKind: 'video',
  place: 'https://meet.example/panel',
  memberIds: [ANA],
  bookedAt: '2030-03-10T13:00:00.000Z',
  bookedBy: 'founder',
  changedAt: null,
  changedBy: null,
  cancelledAt: null,
  cancelReason: null,
  keptBy: null,
  keptAt: null,
  cancelledByStage: null,
}

function panel(stage: Stage) {
  return { applicationId: APP, stage, stageDueAt: null, cutoffHours: 24, offer: null, members: [], candidates: [], excluded: [], warnings: [], session: bookedSession, noneFits: null }
}

const version = (id: string, number: number) => ({
  id,
  number,
  note: '',
  status: 'published',
  createdBy: ANA,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  publishedBy: ANA,
  publishedAt: '2030-01-02T00:00:00.000Z',
  items: [],
})

let calls: FakeCall[]

function serve(role: 'admin' | 'reviewer', stage: Stage, rateCards: unknown[] = [], agreements: { status: string }[] = []) {
  calls = fakeApi({
    [`GET /applications/${APP}/agreement`]: () => ({ status: 200, body: { agreements, template: { version: 0, sample: true }, viewerCanSign: false, viewerHasPasskey: false, signers: [], memberNames: {}, partiesDraft: {}, canSend: true } }),
    'GET /session': sessionAnswer(role),
    [`GET /applications/${APP}/panel`]: () => ({ status: 200, body: panel(stage) }),
    [`GET /applications/${APP}/documents`]: () => ({ status: 200, body: { items: [] } }),
    'GET /founder-mail/settings': () => ({ status: 200, body: { items: [{ kind: 'due_diligence', label: 'Inicio de due diligence', sendImmediately: false }] } }),
    'GET /rate-cards': () => ({ status: 200, body: { versions: rateCards, memberNames: {} } }),
    [`POST /applications/${APP}/transitions`]: () => ({ status: 200, body: { stage: 'due_diligence', stageEnteredAt: '2030-03-11T15:00:00.000Z', stageDueAt: null } }),
  })
}

beforeAll(() => {
  // jsdom has <dialog> without the modal API; the browser's is covered by the e2e.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})
beforeEach(() => vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0)))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const effects = () => within(screen.getByRole('list', { name: 'Qué hará este cambio' }))

describe('the stage card', () => {
  it('offers no «Acuerdo firmado» by hand while the agreement is out for signature, and says why', async () => {
    serve('admin', 'due_diligence', [], [{ status: 'founder_signed' }])
    renderWithQueries(<StageActions application={application('due_diligence', ['acuerdo_firmado', 'no_seleccionada'])} />, { signedIn: true })
    expect(await screen.findByText(/El acuerdo está enviado para firma: la postulación pasa a «Acuerdo firmado» sola/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Acuerdo firmado/ })).toBeNull()
    expect(screen.getByRole('button', { name: /No seleccionada|no seleccionada/ })).toBeTruthy()
  })

  it('gives an open stage its due date, and a closed one none (never «Vence: Cerrada»)', async () => {
    serve('admin', 'due_diligence')
    const open = renderWithQueries(<StageActions application={application('due_diligence', ['acuerdo_firmado'])} />, { signedIn: true })
    expect(await screen.findByText('Vence')).toBeTruthy()
    open.unmount()
    const signed = { ...application('acuerdo_firmado', []), stageDueAt: null, dueState: 'closed' } as ApplicationDetail
    renderWithQueries(<StageActions application={signed} />, { signedIn: true })
    await screen.findByText('Desde')
    expect(screen.queryByText('Vence')).toBeNull()
    expect(screen.queryByText('Cerrada')).toBeNull()
  })
})

describe('the confirmation of a stage change', () => {
  it('says the session still ahead is cancelled, the waiting e-mail replaced and where the founder\'s goes; an admin may keep the session instead', async () => {
    serve('admin', 'sesion_panel')
    const waiting = [{ at: '2030-03-01T15:00:00.000Z', type: 'founder_mail' as const, member: null, detail: { draftId: 'd1', kind: 'sesion_panel', status: 'draft' } }]
    renderWithQueries(<StageActions application={application('sesion_panel', ['due_diligence', 'no_seleccionada', 'retirada'], waiting)} />, { signedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Mover a Due diligence y acuerdo' }))
    await waitFor(() => expect(effects().getByText(/se cancela: el panel recibe ahora la cancelación/)).toBeTruthy())
    const list = screen.getByRole('list', { name: 'Qué hará este cambio' })
    expect(list.textContent).toContain(`La sesión con el panel del ${formatWeekdayDateTime(STARTS)} (hora de Bogotá) se cancela`)
    expect(list.textContent).toContain('(«Avanza a la sesión con el panel») se reemplaza y no saldrá')
    expect(list.textContent).toContain('queda en «Correos por enviar» para revisarlo antes de que salga')

    const keep = screen.getByRole('checkbox', { name: /Mantener la sesión con el panel/ })
    fireEvent.click(keep)
    expect(list.textContent).toContain('se mantiene')
    expect(list.textContent).not.toContain('se cancela')
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ from: 'sesion_panel', to: 'due_diligence', keepPanelSession: true })
  })

  it('to a reviewer: the session is cancelled, and only an admin may keep it', async () => {
    serve('reviewer', 'sesion_panel')
    renderWithQueries(<StageActions application={application('sesion_panel', ['due_diligence', 'no_seleccionada', 'retirada'])} />, { signedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Mover a Due diligence y acuerdo' }))
    await waitFor(() => expect(effects().getByText(/se cancela/)).toBeTruthy())
    expect(effects().getByText('Solo un administrador puede mantener la sesión en lugar de cancelarla.')).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: /Mantener la sesión/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('keepPanelSession')
  })
})

describe('the signature\'s dialog', () => {
  it('offers «Sin tarifario publicado» only when no version is published', async () => {
    serve('admin', 'due_diligence', [version('33333333-3333-4333-8333-333333333333', 2)])
    renderWithQueries(<StageActions application={application('due_diligence', ['acuerdo_firmado', 'no_seleccionada', 'retirada'])} />, { signedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Mover a Acuerdo firmado' }))
    const select = (await screen.findByLabelText('Tarifario')) as HTMLSelectElement
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual(['Versión 2']))
    expect(select.value).toBe('33333333-3333-4333-8333-333333333333')
    cleanup()

    serve('admin', 'due_diligence', [])
    renderWithQueries(<StageActions application={application('due_diligence', ['acuerdo_firmado', 'no_seleccionada', 'retirada'])} />, { signedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Mover a Acuerdo firmado' }))
    const none = (await screen.findByLabelText('Tarifario')) as HTMLSelectElement
    expect([...none.options].map((o) => o.textContent)).toEqual(['Sin tarifario publicado'])
  })

  it('asks for a confirmation of a follow-up start in the past, and sends nothing without it', async () => {
    serve('admin', 'due_diligence', [version('33333333-3333-4333-8333-333333333333', 1)])
    renderWithQueries(<StageActions application={application('due_diligence', ['acuerdo_firmado', 'no_seleccionada', 'retirada'])} />, { signedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Mover a Acuerdo firmado' }))
    const start = (await screen.findByLabelText(/Inicio del seguimiento/)) as HTMLInputElement
    expect(start.value).toBe(formatIsoDay(new Date()))
    expect(screen.queryByRole('checkbox', { name: /Confirmo que el seguimiento empieza antes de hoy/ })).toBeNull()
    fireEvent.change(start, { target: { value: '2020-01-15' } })
    // The due-diligence documents are missing (none uploaded): confirmed, so the deal's own checks are reached.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Confirmo que se firma el acuerdo sin estos documentos' }))
    fireEvent.change(screen.getByLabelText(/Por qué se firma sin ellos/), { target: { value: 'Llegan con la firma.' } })
    const confirm = screen.getByRole('checkbox', { name: /Confirmo que el seguimiento empieza antes de hoy/ })
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(describedBy(start)).toContain('El seguimiento empezaría el 15 de enero de 2020, antes de hoy'))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.click(confirm)
    expect((confirm as HTMLInputElement).checked).toBe(true)
  })
})
