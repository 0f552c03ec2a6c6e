import { describe, expect, it } from 'vitest'
import { STATUS_MAIL_KINDS } from './founder-mail.ts'
import {
  CLOSED_STAGES,
  CLOSED_WITHOUT_SIGNATURE,
  DUE_SOON_DAYS,
  NEXT_STAGE,
  OPEN_STAGES,
  STAGES,
  STAGE_ENTAILS,
  allowedTransitions,
  canTransition,
  dueState,
  isOpenStage,
  isStage,
  mayKeepSession,
  sessionStep,
  stageDueAt,
  type Stage,
} from './pipeline.ts'

const DAY = 24 * 60 * 60 * 1000

// The programme's pipeline written out by hand, pair by pair, so that a change
// to the code's rules cannot also change what this test expects.
const ALLOWED: readonly (readonly [Stage, Stage])[] = [
  ['recibida', 'validacion_preliminar'],
  ['recibida', 'no_seleccionada'],
  ['recibida', 'retirada'],
  ['validacion_preliminar', 'sesion_panel'],
  ['validacion_preliminar', 'no_seleccionada'],
  ['validacion_preliminar', 'retirada'],
  ['sesion_panel', 'due_diligence'],
  ['sesion_panel', 'no_seleccionada'],
  ['sesion_panel', 'retirada'],
  ['due_diligence', 'acuerdo_firmado'],
  ['due_diligence', 'no_seleccionada'],
  ['due_diligence', 'retirada'],
]
const isAllowed = (from: Stage, to: Stage) => ALLOWED.some(([f, t]) => f === from && t === to)

describe('the pipeline state machine', () => {
  const pairs = STAGES.flatMap((from) => STAGES.map((to) => [from, to] as const))

  it('covers all 49 pairs of states, 12 of them allowed', () => {
    expect(pairs).toHaveLength(49)
    expect(pairs.filter(([f, t]) => isAllowed(f, t))).toHaveLength(12)
  })

  it.each(pairs.filter(([f, t]) => isAllowed(f, t)))('accepts %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true)
    expect(allowedTransitions(from)).toContain(to)
  })

  it.each(pairs.filter(([f, t]) => !isAllowed(f, t)))('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false)
    expect(allowedTransitions(from)).not.toContain(to)
  })

  it('offers nothing from a closed state and three moves from an open one', () => {
    for (const s of CLOSED_STAGES) expect(allowedTransitions(s)).toEqual([])
    for (const s of OPEN_STAGES) expect(allowedTransitions(s)).toEqual([NEXT_STAGE[s], 'no_seleccionada', 'retirada'])
  })

  it('walks forward from recibida to acuerdo_firmado through the three stages', () => {
    const walk: Stage[] = ['recibida']
    let s: Stage = 'recibida'
    while (isOpenStage(s)) walk.push((s = NEXT_STAGE[s]))
    expect(walk).toEqual(['recibida', 'validacion_preliminar', 'sesion_panel', 'due_diligence', 'acuerdo_firmado'])
  })

  it('recognises stage names and nothing else', () => {
    for (const s of STAGES) expect(isStage(s)).toBe(true)
    for (const v of ['', 'Recibida', 'cerrada', null, undefined, 3, {}]) expect(isStage(v)).toBe(false)
  })
})

describe('due dates', () => {
  const received = new Date('2026-03-02T15:00:00.000Z')
  const entered = new Date('2026-03-10T09:30:00.000Z')

  it('counts stage 1 (recibida and validacion_preliminar) 14 days from reception', () => {
    expect(stageDueAt('recibida', received, received)).toEqual(new Date('2026-03-16T15:00:00.000Z'))
    // Moving to validacion_preliminar does not restart the clock: still stage 1.
    expect(stageDueAt('validacion_preliminar', entered, received)).toEqual(new Date('2026-03-16T15:00:00.000Z'))
  })

  it('counts stage 2 one week and stage 3 two weeks from entering them', () => {
    expect(stageDueAt('sesion_panel', entered, received)).toEqual(new Date('2026-03-17T09:30:00.000Z'))
    expect(stageDueAt('due_diligence', entered, received)).toEqual(new Date('2026-03-24T09:30:00.000Z'))
  })

  it('gives closed states no due date', () => {
    for (const s of CLOSED_STAGES) expect(stageDueAt(s, entered, received)).toBeNull()
  })

  it('tells overdue, due soon, on time and closed apart at the boundaries', () => {
    const due = new Date('2026-03-16T15:00:00.000Z')
    const before = (ms: number) => new Date(due.getTime() - ms)
    expect(dueState(null, due)).toBe('closed')
    expect(dueState(due, new Date(due.getTime() + 1))).toBe('overdue')
    expect(dueState(due, due)).toBe('due_soon')
    expect(dueState(due, before(DUE_SOON_DAYS * DAY))).toBe('due_soon')
    expect(dueState(due, before(DUE_SOON_DAYS * DAY + 1))).toBe('on_time')
    expect(dueState(due, before(10 * DAY))).toBe('on_time')
  })
})

describe('what a stage change entails (STAGE_ENTAILS, ADR 0208)', () => {
  it('closes without a signature at exactly the two closing stages besides the signature, and offers them from every open stage', () => {
    expect(CLOSED_WITHOUT_SIGNATURE).toEqual(['no_seleccionada', 'retirada'])
    for (const from of OPEN_STAGES) expect(allowedTransitions(from)).toEqual([NEXT_STAGE[from], 'no_seleccionada', 'retirada'])
  })

  it('signs only at acuerdo_firmado: the deal and the follow-up come with it and with nothing else', () => {
    for (const s of STAGES) {
      expect(STAGE_ENTAILS[s].deal).toBe(s === 'acuerdo_firmado')
      expect(STAGE_ENTAILS[s].followUp).toBe(s === 'acuerdo_firmado')
    }
  })

  it('writes the founder exactly at the stages with a stage e-mail, and replaces the waiting drafts at every move', () => {
    expect(STAGES.filter((s) => STAGE_ENTAILS[s].founderMail)).toEqual([...STATUS_MAIL_KINDS])
    for (const s of STAGES) expect(STAGE_ENTAILS[s].supersedesDrafts).toBe(true)
  })

  it('cancels a session ahead always when closing without a signature, unless kept past the panel, and never before it', () => {
    expect(STAGES.map((s) => [s, sessionStep(s, false), sessionStep(s, true)])).toEqual([
      ['recibida', null, null],
      ['validacion_preliminar', null, null],
      ['sesion_panel', null, null],
      ['due_diligence', 'cancel', 'keep'],
      ['acuerdo_firmado', 'cancel', 'keep'],
      ['no_seleccionada', 'cancel', 'cancel'],
      ['retirada', 'cancel', 'cancel'],
    ])
    expect(STAGES.filter(mayKeepSession)).toEqual(['due_diligence', 'acuerdo_firmado'])
  })
})
