// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PANEL_MESSAGES, PANEL_TIMES_MAX, PANEL_WARNINGS } from '../../../../domain/panel-sessions.ts'
import type { PanelState } from '../../../../domain/workspace-api/panel.ts'
import { describedBy, fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer, type FakeCall } from '../../testing/fake-api.tsx'
import { FOUNDER_READS } from '../../components/field-audience.ts'
import { PanelSection } from './panel-section.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const ANA = '22222222-2222-4222-8222-222222222222'
const LUIS = '33333333-3333-4333-8333-333333333333'
const EVA = '44444444-4444-4444-8444-444444444444'
const ADMIN = TEST_ADMIN_ID

// Far ahead, so "in the past" never depends on when the test runs.
const DUE = '2030-03-15T04:59:59.000Z' // 14 March 2030, 11:59 p. m. in Bogotá

const MEMBERS: PanelState['members'] = [
  { id: ANA, name: 'Ana Ríos', email: 'ana@catalitico.example', otherSessions: [{ applicationId: 'x', reference: 'CAT-2030-OTRA01', startsAt: '2030-03-11T14:00:00.000Z', endsAt: '2030-03-11T15:00:00.000Z' }] },
  { id: LUIS, name: 'Luis Paz', email: 'luis@catalitico.example', otherSessions: [] },
]

function state(overrides: Partial<PanelState> = {}): PanelState {
  return {
    applicationId: APP,
    stage: 'sesion_panel',
    stageDueAt: DUE,
    cutoffHours: 24,
    offer: null,
    members: MEMBERS,
    // Everyone who may sit on the panel, with their other sessions; Eva declared a conflict.
    candidates: MEMBERS,
    excluded: [{ id: EVA, name: 'Eva Conflicto' }],
    actors: [],
    warnings: [],
    session: null,
    noneFits: null,
    ...overrides,
  }
}

const TEAM = [
  { id: ANA, name: 'Ana Ríos', email: 'ana@catalitico.example', role: 'reviewer', active: true, createdAt: '2030-01-01T00:00:00.000Z', lastSignInAt: null },
  { id: LUIS, name: 'Luis Paz', email: 'luis@catalitico.example', role: 'reviewer', active: true, createdAt: '2030-01-01T00:00:00.000Z', lastSignInAt: null },
  { id: EVA, name: 'Eva Conflicto', email: 'eva@catalitico.example', role: 'reviewer', active: true, createdAt: '2030-01-01T00:00:00.000Z', lastSignInAt: null },
]

let calls: FakeCall[]
let answers: Record<string, FakeAnswer>

function serve(role: 'admin' | 'reviewer', panel: PanelState) {
  answers = {
    'GET /session': sessionAnswer(role),
    [`GET /applications/${APP}/panel`]: () => ({ status: 200, body: panel }),
    'GET /members': () => ({ status: 200, body: { members: TEAM } }),
    [`GET /conflicts?applicationId=${APP}`]: () => ({
      status: 200,
      body: { items: [{ id: 'c1', applicationId: APP, memberId: EVA, kind: 'comercial', note: '', declaredBy: EVA, declaredAt: '2030-01-02T00:00:00.000Z', liftedAt: null, liftedBy: null, liftReason: null }] },
    }),
  }
  calls = fakeApi(answers)
}

const renderSection = () => renderWithQueries(<PanelSection applicationId={APP} stage="sesion_panel" />, { signedIn: true })

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement

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

describe('"Ofrecer horarios" (admins)', () => {
  it('offers the members without a conflict, says who is left out and why, and shows their other sessions', async () => {
    serve('admin', state())
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    expect(within(form).getByRole('checkbox', { name: 'Ana Ríos' })).toBeTruthy()
    expect(within(form).getByRole('checkbox', { name: 'Luis Paz' })).toBeTruthy()
    expect(within(form).queryByRole('checkbox', { name: /Eva/ })).toBeNull()
    expect(form.textContent).toContain('No se ofrecen porque tienen un conflicto de interés con esta postulación: Eva Conflicto.')
    // Ana's other session, in Bogotá time (14:00 UTC is 9:00 a. m.), tied to her checkbox.
    expect(describedBy(within(form).getByRole('checkbox', { name: 'Ana Ríos' })).replace(/\u00a0/g, ' ')).toContain(
      'CAT-2030-OTRA01: lunes 11 de marzo de 2030, 9:00 a. m.',
    )
  })

  it('refuses an empty offer field by field, ties each error to its field, focuses the first, and sends nothing', async () => {
    serve('admin', state())
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    fireEvent.click(within(form).getByRole('button', { name: 'Ofrecer horarios' }))
    const ana = within(form).getByRole('checkbox', { name: 'Ana Ríos' })
    await waitFor(() => expect(document.activeElement).toBe(ana))
    expect(ana.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(ana)).toContain(PANEL_MESSAGES.noMembers)
    const link = field('Enlace de la videollamada')
    expect(link.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(link)).toContain(PANEL_MESSAGES.badVideoLink)
    const day = field('Fecha del horario 1')
    expect(day.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(day)).toContain('Escribe la fecha y la hora.')
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('refuses a time in the past and two times that overlap', async () => {
    serve('admin', state())
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2020-01-10' } })
    fireEvent.change(field('Hora del horario 1'), { target: { value: '10:00' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir horario' }))
    fireEvent.change(field('Fecha del horario 2'), { target: { value: '2030-03-12' } })
    fireEvent.change(field('Hora del horario 2'), { target: { value: '10:00' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir horario' }))
    fireEvent.change(field('Fecha del horario 3'), { target: { value: '2030-03-12' } })
    fireEvent.change(field('Hora del horario 3'), { target: { value: '10:30' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Ofrecer horarios' }))
    await waitFor(() => expect(describedBy(field('Fecha del horario 1'))).toContain(PANEL_MESSAGES.timeInPast))
    expect(describedBy(field('Fecha del horario 2'))).toContain(PANEL_MESSAGES.duplicateTime)
    expect(describedBy(field('Hora del horario 3'))).toContain(PANEL_MESSAGES.duplicateTime)
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('adds rows up to the limit and says so; removing one moves focus to the row that took its place', async () => {
    serve('admin', state())
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    expect(form.textContent).toContain(`Ofrece entre 1 y ${PANEL_TIMES_MAX} horarios.`)
    const add = within(form).getByRole('button', { name: 'Añadir horario' }) as HTMLButtonElement
    expect((within(form).getByRole('button', { name: 'Quitar el horario 1' }) as HTMLButtonElement).disabled).toBe(true)
    for (let i = 1; i < PANEL_TIMES_MAX; i++) fireEvent.click(add)
    expect(within(form).getAllByLabelText(/^Fecha del horario/)).toHaveLength(PANEL_TIMES_MAX)
    expect(add.disabled).toBe(true)
    expect(form.textContent).toContain(`Llegaste al máximo de ${PANEL_TIMES_MAX} horarios.`)
    fireEvent.change(field('Fecha del horario 3'), { target: { value: '2030-03-13' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Quitar el horario 2' }))
    expect(within(form).getAllByLabelText(/^Fecha del horario/)).toHaveLength(PANEL_TIMES_MAX - 1)
    expect(add.disabled).toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(field('Fecha del horario 2')))
    expect(field('Fecha del horario 2').value).toBe('2030-03-13')
  })

  it('warns while typing when a time ends after the due date or a chosen member is busy', async () => {
    serve('admin', state())
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ana Ríos' }))
    // 9:30 a. m. in Bogotá on 11 March: Ana is on CAT-2030-OTRA01's panel from 9:00 to 10:00.
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-11' } })
    fireEvent.change(field('Hora del horario 1'), { target: { value: '09:30' } })
    expect(describedBy(field('Fecha del horario 1')).replace(/\u00a0/g, ' ')).toContain(
      'Ana Ríos ya tiene otra sesión (CAT-2030-OTRA01) de 9:00 a. m. a 10:00 a. m.',
    )
    expect(describedBy(field('Fecha del horario 1'))).not.toContain(PANEL_WARNINGS.afterDue)
    // 11:30 p. m. on the due day: a 60-minute session ends after it.
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-14' } })
    fireEvent.change(field('Hora del horario 1'), { target: { value: '23:30' } })
    expect(describedBy(field('Fecha del horario 1'))).toContain(PANEL_WARNINGS.afterDue)
    expect(describedBy(field('Fecha del horario 1'))).not.toContain('ya tiene otra sesión')
    expect(field('Fecha del horario 1').getAttribute('aria-invalid')).toBeNull()
  })

  it('warns of a time on a Saturday or a Colombian holiday while typing, and saves it all the same (issue 32)', async () => {
    serve('admin', state())
    answers[`PUT /applications/${APP}/panel/offer`] = () => ({ status: 200, body: state() })
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Luis Paz' }))
    fireEvent.change(field('Enlace de la videollamada'), { target: { value: 'https://meet.example/x' } })
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-09' } }) // a Saturday
    fireEvent.change(field('Hora del horario 1'), { target: { value: '10:00' } })
    expect(describedBy(field('Fecha del horario 1'))).toContain(PANEL_WARNINGS.weekend)
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-25' } }) // San José, moved to Monday
    expect(describedBy(field('Fecha del horario 1'))).toContain(PANEL_WARNINGS.holiday)
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-12' } }) // a working Tuesday
    expect(describedBy(field('Fecha del horario 1'))).not.toMatch(/festivo|fin de semana/)
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-09' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Ofrecer horarios' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ times: ['2030-03-09T15:00:00.000Z'] }))
  })

  it('refuses, before sending, a time at which a chosen member has another session: the founder could not book it (issue 32)', async () => {
    serve('admin', state())
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ana Ríos' }))
    fireEvent.change(field('Enlace de la videollamada'), { target: { value: 'https://meet.example/x' } })
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-11' } })
    fireEvent.change(field('Hora del horario 1'), { target: { value: '09:30' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Ofrecer horarios' }))
    await waitFor(() => expect(field('Fecha del horario 1').getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(field('Fecha del horario 1'))).toContain(PANEL_MESSAGES.memberBusyRow)
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('sends the times as UTC instants of the Bogotá clock, and shows the server\'s refusal beside the form, as it words it', async () => {
    serve('admin', state())
    answers[`PUT /applications/${APP}/panel/offer`] = () => ({ status: 422, body: { error: 'member_conflict', message: PANEL_MESSAGES.memberConflict } })
    renderSection()
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Luis Paz' }))
    fireEvent.change(within(form).getByLabelText('Duración'), { target: { value: '45' } })
    fireEvent.click(within(form).getByRole('radio', { name: 'Dirección' }))
    fireEvent.change(field('Dirección de la sesión'), { target: { value: '  Calle 93 # 11-26, Bogotá ' } })
    fireEvent.change(field('Fecha del horario 1'), { target: { value: '2030-03-12' } })
    fireEvent.change(field('Hora del horario 1'), { target: { value: '15:00' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Ofrecer horarios' }))
    const alert = await within(form).findByText(PANEL_MESSAGES.memberConflict)
    expect(alert.closest('[role="alert"]')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      memberIds: [LUIS],
      lengthMinutes: 45,
      place: { kind: 'address', value: 'Calle 93 # 11-26, Bogotá' },
      times: ['2030-03-12T20:00:00.000Z'],
    })
  })
})

const BOOKED = state({
  offer: {
    id: 'o1',
    lengthMinutes: 60,
    placeKind: 'video',
    place: 'https://meet.example/panel',
    offeredBy: ADMIN,
    offeredAt: '2030-03-09T15:00:00.000Z',
    memberIds: [ANA, LUIS],
    times: [
      { id: 't1', startsAt: '2030-03-12T15:00:00.000Z', endsAt: '2030-03-12T16:00:00.000Z', booked: true, taken: true, afterDue: false },
      { id: 't2', startsAt: '2030-03-15T15:00:00.000Z', endsAt: '2030-03-15T16:00:00.000Z', booked: false, taken: false, afterDue: true },
    ],
  },
  warnings: [{ startsAt: '2030-03-15T15:00:00.000Z', message: PANEL_WARNINGS.afterDue }],
  session: {
    id: 's1',
    uid: 'uid-1',
    sequence: 0,
    status: 'booked',
    startsAt: '2030-03-12T15:00:00.000Z',
    endsAt: '2030-03-12T16:00:00.000Z',
    placeKind: 'video',
    place: 'https://meet.example/panel',
    memberIds: [ANA, LUIS],
    bookedAt: '2030-03-10T13:00:00.000Z',
    bookedBy: 'founder',
    changedAt: null,
    changedBy: null,
    cancelledAt: null,
    keptBy: null,
    keptAt: null,
    cancelledByStage: null,
    cancelReason: null,
  },
})

describe('the booked session', () => {
  it('shows when (Bogotá), where and who, with "Cambiar horario" and "Cancelar sesión" for an admin, and no offer form', async () => {
    serve('admin', BOOKED)
    renderSection()
    const session = await screen.findByRole('region', { name: 'Sesión reservada' })
    const text = session.textContent!.replace(/\u00a0/g, ' ')
    expect(text).toContain('12 de marzo de 2030, 10:00 a. m. a 11:00 a. m. (hora de Bogotá)')
    expect(within(session).getByRole('link', { name: 'https://meet.example/panel' })).toBeTruthy()
    expect(text).toContain('Ana Ríos, Luis Paz')
    expect(text).toContain('por la persona fundadora')
    expect(within(session).getByRole('button', { name: 'Cambiar horario' })).toBeTruthy()
    expect(within(session).getByRole('button', { name: 'Cancelar sesión' })).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Ofrecer horarios' })).toBeNull()
    const offered = screen.getByRole('region', { name: 'Horarios ofrecidos' }).textContent!
    expect(offered).toContain('Reservado')
    expect(offered).toContain(PANEL_WARNINGS.afterDue)
  })

  it('writes every time of the session with its weekday: the session, the offered times, the dialogs (issue 32)', async () => {
    serve('admin', BOOKED)
    renderSection()
    const session = await screen.findByRole('region', { name: 'Sesión reservada' })
    expect(session.textContent!.replace(/\u00a0/g, ' ')).toContain('martes 12 de marzo de 2030, 10:00 a. m. a 11:00 a. m. (hora de Bogotá)')
    expect(screen.getByRole('region', { name: 'Horarios ofrecidos' }).textContent!.replace(/\u00a0/g, ' ')).toContain('viernes 15 de marzo de 2030, 10:00 a. m.')
    fireEvent.click(within(session).getByRole('button', { name: 'Cancelar sesión' }))
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar la sesión?' })
    expect(dialog.textContent!.replace(/\u00a0/g, ' ')).toContain('La sesión del martes 12 de marzo de 2030, 10:00 a. m.')
  })

  it('in the past it is shown as held («Realizada»), with nothing left to change or cancel (ADR 0185)', async () => {
    serve('admin', { ...BOOKED, stage: 'due_diligence', session: { ...BOOKED.session!, startsAt: '2020-03-12T15:00:00.000Z', endsAt: '2020-03-12T16:00:00.000Z' } })
    renderWithQueries(<PanelSection applicationId={APP} stage="due_diligence" />, { signedIn: true })
    const session = await screen.findByRole('region', { name: 'Sesión realizada' })
    expect(session.textContent!.replace(/\u00a0/g, ' ')).toContain('Realizada el jueves 12 de marzo de 2020, 10:00 a. m. (hora de Bogotá).')
    expect(within(session).queryByRole('button')).toBeNull()
  })

  it('kept on purpose past the panel stage: who kept it, no «Cambiar horario» (the founder no longer changes it either)', async () => {
    serve('admin', { ...BOOKED, stage: 'due_diligence', session: { ...BOOKED.session!, keptBy: ANA, keptAt: '2030-03-11T14:00:00.000Z' } })
    renderWithQueries(<PanelSection applicationId={APP} stage="due_diligence" />, { signedIn: true })
    const session = await screen.findByRole('region', { name: 'Sesión reservada' })
    const text = session.textContent!.replace(/\u00a0/g, ' ')
    expect(text).toContain('Se mantuvo a propósito al cambiar de etapa, el 11 de marzo de 2030, 9:00 a. m., por Ana Ríos.')
    expect(text).toContain('ya no la cambia ni la cancela desde ahí')
    expect(within(session).queryByRole('button', { name: 'Cambiar horario' })).toBeNull()
    expect(within(session).getByRole('button', { name: 'Cancelar sesión' })).toBeTruthy()
  })

  it('is read-only for a reviewer: no buttons, no form', async () => {
    serve('reviewer', BOOKED)
    renderSection()
    const session = await screen.findByRole('region', { name: 'Sesión reservada' })
    expect(within(session).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('form')).toBeNull()
    expect(calls.some((c) => c.path === '/members')).toBe(false)
  })

  it('"Cancelar sesión" asks first, sends the reason, and shows the server\'s refusal inside the dialog', async () => {
    serve('admin', BOOKED)
    answers[`POST /applications/${APP}/panel/session/cancel`] = () => ({ status: 409, body: { error: 'no_session', message: PANEL_MESSAGES.noSession } })
    renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar sesión' }))
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar la sesión?' })
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    // The founder reads it word for word (the e-mail and the status page): the label says so.
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(`^Motivo \\(${FOUNDER_READS}\\)`) })
    expect(reason).toBe(within(dialog).getByLabelText(/Motivo/))
    fireEvent.change(reason, { target: { value: 'El panel no puede ese día' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }))
    expect(await within(dialog).findByText(PANEL_MESSAGES.noSession)).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'El panel no puede ese día' })
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toBeTruthy()
  })

  it('"Cambiar horario" starts at the current time, refuses the same time, and sends the new one as UTC', async () => {
    serve('admin', BOOKED)
    answers[`POST /applications/${APP}/panel/session/reschedule`] = () => ({ status: 200, body: BOOKED })
    renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar horario' }))
    const dialog = screen.getByRole('dialog', { name: 'Cambiar el horario de la sesión' })
    const day = within(dialog).getByLabelText('Fecha') as HTMLInputElement
    const time = within(dialog).getByLabelText('Hora') as HTMLInputElement
    expect([day.value, time.value]).toEqual(['2030-03-12', '10:00'])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar horario' }))
    await waitFor(() => expect(describedBy(day)).toContain(PANEL_MESSAGES.sameTime))
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.change(time, { target: { value: '14:30' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar horario' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ startsAt: '2030-03-12T19:30:00.000Z' }))
  })

  it('shows the founder\'s "Ninguno me sirve" note while nothing is booked', async () => {
    serve('reviewer', state({ noneFits: { note: 'Solo puedo en la tarde', at: '2030-03-10T13:00:00.000Z' } }))
    renderSection()
    expect(await screen.findByText('Ningún horario le sirve: Solo puedo en la tarde')).toBeTruthy()
    expect(screen.getByText(PANEL_MESSAGES.noOffer)).toBeTruthy()
  })

  it('"Cambiar los horarios ofrecidos" opens the form with the current offer: its panel, length, place and times', async () => {
    serve('admin', state({ offer: { ...BOOKED.offer!, memberIds: [LUIS], times: BOOKED.offer!.times.map((t) => ({ ...t, booked: false, taken: false })) }, members: [BOOKED.members[1]!] }))
    renderSection()
    const offered = await screen.findByRole('region', { name: 'Horarios ofrecidos' })
    expect(offered.textContent).toContain('Panel: Luis Paz')
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar los horarios ofrecidos' }))
    const form = await screen.findByRole('form', { name: 'Ofrecer horarios' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ofrecer horarios' })))
    expect((within(form).getByRole('checkbox', { name: 'Luis Paz' }) as HTMLInputElement).checked).toBe(true)
    expect((within(form).getByRole('checkbox', { name: 'Ana Ríos' }) as HTMLInputElement).checked).toBe(false)
    expect(field('Enlace de la videollamada').value).toBe('https://meet.example/panel')
    expect([field('Fecha del horario 2').value, field('Hora del horario 2').value]).toEqual(['2030-03-15', '10:00'])
    expect(within(form).getByRole('button', { name: 'Guardar los horarios' })).toBeTruthy()
  })

  it("after the team's cancellation: when and who, its «Motivo», and that the offer closed with it (new times to offer)", async () => {
    serve('admin', {
      ...state(),
      session: {
        ...BOOKED.session!,
        status: 'cancelled',
        sequence: 1,
        changedAt: '2030-03-11T13:00:00.000Z',
        changedBy: ADMIN,
        cancelledAt: '2030-03-11T13:00:00.000Z',
        cancelReason: 'El panel se enfermó',
        cancelledByStage: null,
      },
      candidates: [...MEMBERS, { id: ADMIN, name: 'Admin Uno', email: 'admin@catalitico.example', otherSessions: [] }],
    })
    renderSection()
    expect(await screen.findByText('Motivo: El panel se enfermó')).toBeTruthy()
    expect(screen.getByText(/se canceló el 11 de marzo de 2030/).textContent).toContain('por Admin Uno')
    expect(screen.queryByText(/al pasar/)).toBeNull()
    expect(screen.getByText('Los horarios ofrecidos se cerraron con la cancelación: ofrece horarios nuevos.')).toBeTruthy()
    // The form says the founder gets the times by e-mail.
    expect(await screen.findByText(/le enviamos a la persona fundadora un correo con los horarios/)).toBeTruthy()
  })

  it('names to a reviewer, who gets no candidates, the admin who moved the session (PanelState.actors, issue 32)', async () => {
    serve('reviewer', {
      ...BOOKED,
      candidates: [],
      excluded: [],
      actors: [{ id: ADMIN, name: 'Admin Uno' }],
      session: { ...BOOKED.session!, sequence: 1, changedAt: '2030-03-11T13:00:00.000Z', changedBy: ADMIN },
    })
    renderSection()
    const session = await screen.findByRole('region', { name: 'Sesión reservada' })
    expect(session.textContent).toContain('por Admin Uno')
  })

  it('cancelled by a stage change past the panel stage: says which move did it, and lists no offered times, no founder\'s answer, no form (ADR 0185)', async () => {
    serve('admin', {
      ...state({
        stage: 'acuerdo_firmado',
        offer: { ...BOOKED.offer!, times: BOOKED.offer!.times.map((t) => ({ ...t, booked: false, taken: false })) },
        noneFits: { note: 'Solo puedo en la tarde', at: '2030-03-10T13:00:00.000Z' },
      }),
      actors: [{ id: ADMIN, name: 'Admin Uno' }],
      session: {
        ...BOOKED.session!,
        status: 'cancelled',
        sequence: 1,
        changedAt: '2030-03-11T13:00:00.000Z',
        changedBy: ADMIN,
        cancelledAt: '2030-03-11T13:00:00.000Z',
        cancelledByStage: 'acuerdo_firmado',
      },
    })
    renderWithQueries(<PanelSection applicationId={APP} stage="acuerdo_firmado" />, { signedIn: true })
    const said = await screen.findByText(/se canceló al pasar/)
    expect(said.textContent!.replace(/\u00a0/g, ' ')).toBe(
      'La sesión del martes 12 de marzo de 2030, 10:00 a. m. se canceló al pasar la postulación a «Acuerdo firmado», el 11 de marzo de 2030, 8:00 a. m., por Admin Uno.',
    )
    expect(screen.queryByRole('region', { name: 'Horarios ofrecidos' })).toBeNull()
    expect(screen.queryByText(/Horarios ofrecidos|viernes 15 de marzo/)).toBeNull()
    expect(screen.queryByText(/Ningún horario le sirve/)).toBeNull()
    expect(screen.queryByRole('form', { name: 'Ofrecer horarios' })).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('kept past the panel stage: the booked session stands, the offer it came from is not listed as offered', async () => {
    serve('admin', { ...BOOKED, stage: 'due_diligence', session: { ...BOOKED.session!, keptBy: ANA, keptAt: '2030-03-11T14:00:00.000Z' } })
    renderWithQueries(<PanelSection applicationId={APP} stage="due_diligence" />, { signedIn: true })
    expect(await screen.findByRole('region', { name: 'Sesión reservada' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Horarios ofrecidos' })).toBeNull()
  })

  it("a founder's cancellation shows no «Motivo» and keeps the offered times", async () => {
    serve('reviewer', {
      ...state({ offer: { ...BOOKED.offer!, times: BOOKED.offer!.times.map((t) => ({ ...t, booked: false, taken: false })) } }),
      session: { ...BOOKED.session!, status: 'cancelled', sequence: 1, changedAt: '2030-03-11T13:00:00.000Z', changedBy: 'founder', cancelledAt: '2030-03-11T13:00:00.000Z', cancelReason: null },
    })
    renderSection()
    expect(await screen.findByText(/se canceló el 11 de marzo de 2030, .*, por la persona fundadora/)).toBeTruthy()
    expect(screen.queryByText(/Motivo:/)).toBeNull()
    expect(screen.queryByText(/se cerraron/)).toBeNull()
    expect(screen.getByRole('region', { name: 'Horarios ofrecidos' })).toBeTruthy()
  })
})
