import { describe, expect, it } from 'vitest'
import type { RateCardItem } from './deals.ts'
import {
  PACING_MARGIN_POINTS,
  balancesOf,
  behindPace,
  entryText,
  mediaDaysOf,
  pacingOf,
  pacingText,
  entryKindLabel,
  lineLabel,
  readLineWithdrawal,
  readPlanEntry,
  readPlanLine,
  unitsText,
  voidEffects,
  readProofUrl,
  spreadByMonth,
  tallies,
  windowOf,
  type PlanEntry,
  type PlanEntryInput,
  type PlanLine,
  type PlanLineInput,
} from './media-plan.ts'

const NBSP = '\u00a0'
// A 9-month window: 15 Jan 2027 to 14 Oct 2027 (273 days).
const DEAL = { mediaValueCop: 100_000_000, windowStart: '2027-01-15', windowMonths: 9 }
const CARD: RateCardItem[] = [
  { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 10_000_000 },
  { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 3_000_000 },
  { outlet: 'consultoria', format: 'Sesión de consultoría estratégica', unitPriceCop: 40_000_000 },
]

const line = (over: Partial<PlanLine> = {}): PlanLine => ({
  id: 'l1',
  number: 1,
  outlet: 'tv_nacional',
  format: 'Spot 30" por franja',
  units: 5,
  unitPriceCop: 10_000_000,
  flightFrom: '2027-02-01',
  flightTo: '2027-03-31',
  notes: '',
  ...over,
})
let seq = 0
const entry = (over: Partial<PlanEntry>): PlanEntry => ({
  id: `e${++seq}`,
  lineId: 'l1',
  kind: 'ran',
  day: '2027-02-10',
  units: 1,
  proofUrl: 'https://prueba.example.com/1',
  proofDocumentId: null,
  reason: null,
  makeGoodFor: null,
  toLineId: null,
  voids: null,
  ...over,
})
const lineInput = (over: Partial<PlanLineInput> = {}): PlanLineInput => ({
  outlet: 'tv_nacional',
  format: 'Spot 30" por franja',
  units: '4',
  flightFrom: '2027-02-01',
  flightTo: '2027-03-31',
  notes: '',
  ...over,
})
const ctxLine = { deal: DEAL, rateCard: CARD, rateCardNumber: 2, placed: 0 }

describe('readPlanLine', () => {
  it('freezes the price of the deal\'s rate card version on the line', () => {
    expect(readPlanLine(lineInput({ format: ' spot 30" POR franja ', notes: ' Franja prime ' }), ctxLine)).toEqual({
      ok: true,
      line: { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: 4, unitPriceCop: 10_000_000, flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: 'Franja prime' },
    })
  })

  it('refuses a format the version does not sell, units ≤ 0, and a flight outside the window, each field in Spanish', () => {
    const r = readPlanLine(lineInput({ format: 'Spot 60"', units: '0', flightFrom: '2027-01-14', flightTo: '2027-10-15' }), ctxLine)
    expect(r).toEqual({
      ok: false,
      message: 'Revisa la línea del plan: hay datos que no pudimos usar.',
      errors: {
        format: 'Ese formato no está en la versión 2 del tarifario del acuerdo para TV nacional: elige uno de la lista.',
        units: 'Las unidades deben ser al menos 1.',
        flightFrom: 'El vuelo debe estar dentro de la ventana de exposición del acuerdo, del 15 de enero de 2027 al 14 de octubre de 2027.',
        flightTo: 'El vuelo debe estar dentro de la ventana de exposición del acuerdo, del 15 de enero de 2027 al 14 de octubre de 2027.',
      },
    })
    expect(readPlanLine(lineInput({ units: '-3' }), ctxLine)).toMatchObject({ errors: { units: 'Las unidades deben ser al menos 1.' } })
    expect(readPlanLine(lineInput({ units: '2,5' }), ctxLine)).toMatchObject({ ok: false, errors: { units: expect.stringContaining('número entero') } })
    expect(readPlanLine(lineInput({ flightFrom: '2027-03-01', flightTo: '2027-02-01' }), ctxLine)).toMatchObject({ errors: { flightTo: 'El vuelo termina antes de empezar: revisa las fechas.' } })
    expect(readPlanLine(lineInput({ flightFrom: '2027-02-30' }), ctxLine)).toMatchObject({ errors: { flightFrom: 'Escribe el primer día del vuelo.' } })
    expect(readPlanLine(lineInput({ notes: 'x'.repeat(501) }), ctxLine)).toMatchObject({ errors: { notes: 'Las notas van hasta 500 caracteres.' } })
  })

  it('accepts the window\'s first and last day; refuses a line worth more than what is left to place', () => {
    expect(readPlanLine(lineInput({ flightFrom: '2027-01-15', flightTo: '2027-10-14' }), ctxLine).ok).toBe(true)
    expect(readPlanLine(lineInput({ units: '10' }), ctxLine).ok).toBe(true)
    expect(readPlanLine(lineInput({ units: '3' }), { ...ctxLine, placed: 80_000_000 })).toMatchObject({
      errors: { units: `La línea vale $${NBSP}30.000.000 y quedan $${NBSP}20.000.000 por ubicar del valor comprometido: reduce las unidades.` },
    })
  })

  it('refuses every line when the deal has no rate card version', () => {
    expect(readPlanLine(lineInput(), { ...ctxLine, rateCard: null })).toMatchObject({ ok: false, message: expect.stringContaining('no tiene una versión del tarifario') })
  })
})

describe('readPlanEntry', () => {
  const TODAY = '2027-03-15'
  const ctx = (entries: PlanEntry[] = [], lines: PlanLine[] = [line()]) => ({ deal: DEAL, lines, entries, today: TODAY })
  const input = (over: Partial<PlanEntryInput>): PlanEntryInput => ({ lineId: 'l1', kind: 'ran', day: '2027-02-10', units: '1', proofUrl: 'https://prueba.example.com/spot.mp4', ...over })

  it('takes a proof file instead of (or beside) the link for what aired, and refuses a file on any other kind', () => {
    expect(readPlanEntry(input({ proofUrl: '' }), { ...ctx(), proofFileId: 'p1' })).toMatchObject({ ok: true, entry: { kind: 'ran', proofUrl: null, proofDocumentId: 'p1' } })
    expect(readPlanEntry(input({}), { ...ctx(), proofFileId: 'p1' })).toMatchObject({ ok: true, entry: { proofUrl: 'https://prueba.example.com/spot.mp4', proofDocumentId: 'p1' } })
    expect(readPlanEntry(input({}), ctx())).toMatchObject({ ok: true, entry: { proofDocumentId: null } })
    expect(readPlanEntry(input({ kind: 'missed', proofUrl: null, reason: 'Fútbol' }), { ...ctx(), proofFileId: 'p1' })).toMatchObject({
      ok: false,
      errors: { proofFile: 'El archivo de la prueba va solo con lo que salió al aire o con una reposición.' },
    })
  })

  it('records a ran spot with its https proof; refuses it without proof, with another scheme, or in the future', () => {
    expect(readPlanEntry(input({}), ctx())).toMatchObject({ ok: true, entry: { kind: 'ran', units: 1, proofUrl: 'https://prueba.example.com/spot.mp4' } })
    expect(readPlanEntry(input({ proofUrl: '' }), ctx())).toMatchObject({ ok: false, errors: { proofUrl: 'Pega el enlace de la prueba de emisión (empieza con https://) o sube el archivo.' } })
    expect(readPlanEntry(input({ proofUrl: 'http://prueba.example/x' }), ctx())).toMatchObject({ errors: { proofUrl: 'El enlace de la prueba debe empezar con https://.' } })
    expect(readPlanEntry(input({ proofUrl: 'javascript:alert(1)' }), ctx())).toMatchObject({ errors: { proofUrl: 'El enlace de la prueba debe empezar con https://.' } })
    expect(readPlanEntry(input({ day: '2027-03-16' }), ctx())).toMatchObject({ errors: { day: 'Ese día todavía no llega: se registra lo que ya pasó.' } })
    expect(readPlanEntry(input({ day: '2027-01-14' }), ctx())).toMatchObject({ errors: { day: expect.stringContaining('dentro de la ventana de exposición') } })
  })

  it('refuses a "ran" beyond the line\'s units, and units ≤ 0', () => {
    const four = [entry({ units: 4 })]
    expect(readPlanEntry(input({ units: '1' }), ctx(four)).ok).toBe(true)
    expect(readPlanEntry(input({ units: '2' }), ctx(four))).toMatchObject({ ok: false, message: 'La línea tiene 1 unidad por emitir: no se pueden emitir más.' })
    expect(readPlanEntry(input({ units: '1' }), ctx([entry({ units: 5 })]))).toMatchObject({ errors: { units: 'La línea ya no tiene unidades por emitir.' } })
    expect(readPlanEntry(input({ units: '0' }), ctx())).toMatchObject({ errors: { units: 'Las unidades deben ser al menos 1.' } })
    expect(readPlanEntry(input({ lineId: 'other' }), ctx())).toMatchObject({ errors: { lineId: 'Esa línea no es del plan de medios de esta postulación.' } })
  })

  it('a miss needs its reason; a make-good fills only its miss, after it, never beyond what it owes', () => {
    expect(readPlanEntry(input({ kind: 'missed', reason: '' }), ctx())).toMatchObject({ errors: { reason: 'Escribe el motivo: por qué no se emitió.' } })
    const miss = entry({ kind: 'missed', units: 2, day: '2027-02-10', reason: 'Transmisión de fútbol', proofUrl: null })
    const made = readPlanEntry(input({ kind: 'make_good', makeGoodFor: miss.id, units: '2', day: '2027-02-20', proofUrl: '' }), ctx([miss]))
    expect(made).toMatchObject({ ok: true, entry: { kind: 'make_good', makeGoodFor: miss.id, units: 2, proofUrl: null } })
    expect(readPlanEntry(input({ kind: 'make_good', makeGoodFor: miss.id, units: '3', day: '2027-02-20' }), ctx([miss]))).toMatchObject({ errors: { units: 'Ese «no emitido» debe 2 unidades: no se repone más que eso.' } })
    expect(readPlanEntry(input({ kind: 'make_good', makeGoodFor: miss.id, units: '1', day: '2027-02-09' }), ctx([miss]))).toMatchObject({ errors: { day: 'La reposición va después del día que no se emitió.' } })
    expect(readPlanEntry(input({ kind: 'make_good', makeGoodFor: 'nope', units: '1' }), ctx([miss]))).toMatchObject({ errors: { makeGoodFor: 'Elige el «no emitido» de esta línea que se repone.' } })
    const filled = entry({ kind: 'make_good', makeGoodFor: miss.id, units: 2, day: '2027-02-20' })
    expect(readPlanEntry(input({ kind: 'make_good', makeGoodFor: miss.id, units: '1', day: '2027-02-21' }), ctx([miss, filled]))).toMatchObject({ errors: { units: 'Ese «no emitido» ya está repuesto completo.' } })
  })

  it('moves units to another line at rate-card value, refusing a move worth less than one unit there', () => {
    const radio = line({ id: 'l2', number: 2, outlet: 'radio_regional', format: 'Cuña 30" por región', units: 2, unitPriceCop: 3_000_000 })
    const r = readPlanEntry(input({ kind: 'moved', units: '1', toLineId: 'l2', day: '2027-03-01' }), ctx([], [line(), radio]))
    expect(r).toMatchObject({ ok: true, entry: { kind: 'moved', toLineId: 'l2', units: 1 } })
    const t = tallies([line(), radio], [entry({ kind: 'moved', units: 1, toLineId: 'l2' })])
    // 10 M moved: 3 whole spots of 3 M; the remaining 1 M goes back to «por ubicar».
    expect(t.get('l2')).toMatchObject({ effective: 5, movedIn: 3 })
    expect(t.get('l1')).toMatchObject({ effective: 4, movedOut: 1, open: 4 })
    const b = balancesOf(DEAL, [line(), radio], [entry({ kind: 'moved', units: 1, toLineId: 'l2' })])
    expect(b.placed).toBe(4 * 10_000_000 + 5 * 3_000_000)
    expect(b.unplaced).toBe(100_000_000 - 55_000_000)
    const cheap = readPlanEntry(input({ lineId: 'l2', kind: 'moved', units: '1', toLineId: 'l1', day: '2027-03-01' }), ctx([], [line(), radio]))
    expect(cheap).toMatchObject({ errors: { units: `El valor de 1 unidad ($${NBSP}3.000.000) no alcanza para una unidad de la línea 1 ($${NBSP}10.000.000).` } })
    expect(readPlanEntry(input({ kind: 'moved', units: '1', toLineId: 'l1' }), ctx())).toMatchObject({ errors: { toLineId: 'Elige otra línea de este plan para mover el valor.' } })
  })

  it('forfeits only at or after the window\'s end', () => {
    expect(readPlanEntry(input({ kind: 'forfeited', day: '2027-03-15' }), ctx())).toMatchObject({ errors: { day: 'Lo no emitido se da por perdido al terminar la ventana de exposición, desde el 14 de octubre de 2027.' } })
    expect(readPlanEntry(input({ kind: 'forfeited', day: '2027-10-14', units: '5' }), { ...ctx(), today: '2027-10-14' })).toMatchObject({ ok: true, entry: { units: 5 } })
    expect(readPlanEntry(input({ kind: 'forfeited', day: '2027-10-20', units: '6' }), { ...ctx(), today: '2027-10-20' })).toMatchObject({ errors: { units: expect.stringContaining('5 unidades por emitir') } })
  })

  it('corrects by a void naming the entry: the voided entry no longer counts; a void is never voided; a miss with make-goods is not voided first', () => {
    const ran = entry({ units: 5 })
    expect(readPlanEntry(input({ kind: 'void', voids: ran.id, reason: '' }), ctx([ran]))).toMatchObject({ errors: { reason: 'Escribe por qué se anula.' } })
    const v = readPlanEntry(input({ kind: 'void', voids: ran.id, reason: 'Era otra franja' }), ctx([ran]))
    expect(v).toMatchObject({ ok: true, entry: { kind: 'void', voids: ran.id, units: 5 } })
    const voidEntry = entry({ kind: 'void', voids: ran.id, units: 5, reason: 'x' })
    expect(tallies([line()], [ran, voidEntry]).get('l1')).toMatchObject({ ran: 0, open: 5 })
    expect(readPlanEntry(input({ kind: 'void', voids: ran.id, reason: 'otra vez' }), ctx([ran, voidEntry]))).toMatchObject({ errors: { voids: 'Ese registro ya está anulado.' } })
    expect(readPlanEntry(input({ kind: 'void', voids: voidEntry.id, reason: 'x' }), ctx([ran, voidEntry]))).toMatchObject({ errors: { voids: 'Una anulación no se anula: registra de nuevo lo que pasó.' } })
    const miss = entry({ kind: 'missed', units: 1, reason: 'x' })
    const mg = entry({ kind: 'make_good', makeGoodFor: miss.id, units: 1, day: '2027-02-12' })
    expect(readPlanEntry(input({ kind: 'void', voids: miss.id, reason: 'x' }), ctx([miss, mg]))).toMatchObject({ errors: { voids: 'Ese «no emitido» tiene reposiciones: anula primero las reposiciones.' } })
  })

  it('never withdraws a line through a void: a void names the entry it cancels (issue 32)', () => {
    // «Anular un registro» pre-set to "Ninguno: retirar la línea del plan" withdrew a $ 180.000.000 line.
    expect(readPlanEntry(input({ kind: 'void', voids: null, reason: 'Corrección de rutina' }), ctx())).toEqual({
      ok: false,
      message: 'Elige el registro que se anula. Retirar la línea del plan es otra acción: «Retirar la línea».',
      errors: { voids: 'Elige el registro que se anula. Retirar la línea del plan es otra acción: «Retirar la línea».' },
    })
    expect(readPlanEntry(input({ kind: 'void', voids: '', reason: 'x' }), ctx())).toMatchObject({ ok: false, errors: { voids: expect.stringContaining('Elige el registro que se anula') } })
  })

  it('withdraws a line with nothing recorded, as its own action, on today with its reason; then records nothing more on it; a void of a move that left the other line over-run is refused', () => {
    expect(readLineWithdrawal({ lineId: 'l1', reason: ' Línea duplicada ' }, ctx())).toEqual({
      ok: true,
      entry: { lineId: 'l1', kind: 'void', day: '2027-03-15', units: 0, proofUrl: null, proofDocumentId: null, reason: 'Línea duplicada', makeGoodFor: null, toLineId: null, voids: null },
    })
    // Bookings do not hold it back; anything that ran, missed or moved does.
    expect(readLineWithdrawal({ lineId: 'l1', reason: 'x' }, ctx([entry({ kind: 'booked', units: 2 })])).ok).toBe(true)
    expect(readLineWithdrawal({ lineId: 'l1', reason: 'x' }, ctx([entry({})]))).toMatchObject({ ok: false, errors: { lineId: expect.stringContaining('ya tiene registros') } })
    expect(readLineWithdrawal({ lineId: 'l1', reason: '  ' }, ctx())).toMatchObject({ ok: false, errors: { reason: 'Escribe por qué se retira la línea.' } })
    expect(readLineWithdrawal({ lineId: 'nope', reason: 'x' }, ctx())).toMatchObject({ ok: false, errors: { lineId: 'Esa línea no es del plan de medios de esta postulación.' } })
    const withdrawn = entry({ kind: 'void', voids: null, units: 0, reason: 'x' })
    expect(readLineWithdrawal({ lineId: 'l1', reason: 'x' }, ctx([withdrawn]))).toMatchObject({ ok: false, errors: { lineId: 'Esa línea ya fue retirada del plan.' } })
    expect(readPlanEntry(input({}), ctx([withdrawn]))).toMatchObject({ errors: { lineId: 'Esa línea fue retirada del plan: no se le registra nada más.' } })
    expect(balancesOf(DEAL, [line()], [withdrawn]).placed).toBe(0)

    const radio = line({ id: 'l2', number: 2, outlet: 'radio_regional', format: 'Cuña', units: 1, unitPriceCop: 3_000_000 })
    const move = entry({ kind: 'moved', units: 1, toLineId: 'l2' })
    const ranOnRadio = entry({ lineId: 'l2', units: 4 })
    expect(readPlanEntry(input({ kind: 'void', voids: move.id, reason: 'x' }), ctx([move, ranOnRadio], [line(), radio]))).toMatchObject({
      ok: false,
      message: 'Con ese registro la línea 2 quedaría con más unidades registradas que las que tiene.',
    })
  })
})

describe('balances and pacing', () => {
  const lines = [line(), line({ id: 'l2', number: 2, outlet: 'radio_regional', format: 'Cuña', units: 10, unitPriceCop: 3_000_000, flightFrom: '2027-02-15', flightTo: '2027-03-14' })]
  const miss = entry({ kind: 'missed', units: 2, day: '2027-02-11', reason: 'Fútbol' })
  const entries = [
    entry({ units: 1, day: '2027-02-10' }),
    miss,
    entry({ kind: 'make_good', makeGoodFor: miss.id, units: 1, day: '2027-03-02' }),
    entry({ lineId: 'l2', units: 4, day: '2027-02-20' }),
    entry({ kind: 'booked', units: 2, day: '2027-03-20' }),
  ]

  it('adds committed, placed, ran, missed (still owed), remaining, per outlet and per month', () => {
    const b = balancesOf(DEAL, lines, entries)
    expect(b).toMatchObject({ committed: 100_000_000, placed: 80_000_000, ran: 32_000_000, missed: 10_000_000, forfeited: 0, unplaced: 20_000_000, remaining: 68_000_000, window: { start: '2027-01-15', end: '2027-10-14' } })
    expect(b.byOutlet).toEqual([
      { outlet: 'tv_nacional', placed: 50_000_000, ran: 20_000_000, missed: 10_000_000, forfeited: 0 },
      { outlet: 'radio_regional', placed: 30_000_000, ran: 12_000_000, missed: 0, forfeited: 0 },
    ])
    expect(b.byMonth.map((m) => m.month)).toEqual(['2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07', '2027-08', '2027-09', '2027-10'])
    const feb = b.byMonth[1]!
    expect(feb).toMatchObject({ ran: 22_000_000, missed: 10_000_000 })
    // The months' placed add up exactly to the total (whole pesos, no peso lost to rounding).
    expect(b.byMonth.reduce((s, m) => s + m.placed, 0)).toBe(b.placed)
  })

  it('spreads a value over a flight\'s days in whole pesos that add up', () => {
    expect(spreadByMonth(100, '2027-01-31', '2027-02-02')).toEqual([
      { month: '2027-01', value: 33 },
      { month: '2027-02', value: 67 },
    ])
    const big = spreadByMonth(9_999_999_999_999, '2027-01-15', '2027-10-14')
    expect(big.reduce((s, m) => s + m.value, 0)).toBe(9_999_999_999_999)
  })

  it('paces the value that ran against the window gone, and flags a deal behind by more than the margin or with value left in its last month', () => {
    expect(PACING_MARGIN_POINTS).toBe(15)
    const b = balancesOf(DEAL, lines, entries)
    // 1 Jan 2027: before the window, nothing expected.
    expect(pacingOf(b, '2027-01-01')).toMatchObject({ windowShare: 0, valueShare: 0.32, lastMonth: false })
    expect(behindPace(b, '2027-01-01')).toBe(false)
    // 15 Apr: 91 of 273 days (33 %) against 32 % ran: on pace.
    const april = pacingOf(b, '2027-04-15')
    expect(april.windowShare).toBeCloseTo(91 / 273)
    expect(behindPace(b, '2027-04-15')).toBe(false)
    expect(pacingText(april)).toBe(`Va al 32${NBSP}% del valor con el 33${NBSP}% de la ventana`)
    // 1 Jul: 168 days (62 %) against 32 %: behind by 30 points.
    expect(pacingOf(b, '2027-07-01').behindPoints).toBeGreaterThan(PACING_MARGIN_POINTS)
    expect(behindPace(b, '2027-07-01')).toBe(true)
    // On pace but in the last month (from 15 Sep) with value left.
    const onPace = { ...b, ran: 95_000_000, remaining: 5_000_000 }
    expect(behindPace(onPace, '2027-09-14')).toBe(false)
    expect(behindPace(onPace, '2027-09-15')).toBe(true)
    expect(behindPace({ ...onPace, remaining: 0 }, '2027-09-20')).toBe(false)
    // After the window with value left: still to settle.
    expect(behindPace(onPace, '2027-11-01')).toBe(true)
  })

  it('exactly at the margin is not behind', () => {
    // 100 days of a 100-day… a window of 273 days: 15 points behind exactly is not "more than".
    const w = windowOf(DEAL)
    const day = '2027-04-24' // 100 days gone: 36,6 %
    const ranAt = Math.round(((100 / 273) - 0.15) * 100_000_000)
    const p = pacingOf({ committed: 100_000_000, ran: ranAt, window: w }, day)
    expect(p.behindPoints).toBeCloseTo(15, 0)
    expect(behindPace({ committed: 100_000_000, ran: ranAt + 200_000, remaining: 1, window: w }, day)).toBe(false)
    expect(behindPace({ committed: 100_000_000, ran: ranAt - 200_000, remaining: 1, window: w }, day)).toBe(true)
  })
})

describe('mediaDaysOf', () => {
  it('gives the days that ran and were made good, merged into spans, voided ones left out, never the flights', () => {
    const ran = entry({ day: '2027-02-10' })
    const voided = entry({ day: '2027-02-20' })
    const entries = [
      ran,
      entry({ day: '2027-02-11' }),
      entry({ kind: 'make_good', day: '2027-02-12', makeGoodFor: 'x' }),
      entry({ kind: 'missed', day: '2027-02-15', reason: 'x' }),
      voided,
      entry({ kind: 'void', voids: voided.id, day: '2027-02-21', reason: 'x' }),
      entry({ day: '2027-03-01' }),
      entry({ day: '2027-03-01', lineId: 'unknown' }),
      entry({ day: '2027-04-01', lineId: 'unknown' }),
    ]
    expect(mediaDaysOf([line()], entries)).toEqual([
      { from: '2027-02-10', to: '2027-02-12' },
      { from: '2027-03-01', to: '2027-03-01' },
    ])
    expect(mediaDaysOf([line()], [])).toEqual([])
  })
})

describe('words', () => {
  it('tells an entry in a sentence', () => {
    const l2 = line({ id: 'l2', number: 2 })
    expect(entryText(entry({ units: 2, day: '2027-02-03' }), [line()])).toBe('Emitido el 3 de febrero de 2027: 2 unidades')
    expect(entryText(entry({ kind: 'moved', units: 1, toLineId: 'l2' }), [line(), l2])).toBe('Movido el 10 de febrero de 2027: 1 unidad a la línea 2')
  })

  it("never says a consulting session aired (issue 32): it was held, in sessions", () => {
    const session = line({ id: 'c1', outlet: 'consultoria', format: 'Sesión de consultoría estratégica', units: 2, unitPriceCop: 40_000_000 })
    expect(entryText(entry({ lineId: 'c1', units: 1, day: '2027-02-03' }), [session])).toBe('Realizada el 3 de febrero de 2027: 1 sesión')
    expect(entryText(entry({ lineId: 'c1', kind: 'missed', units: 2, day: '2027-02-03', reason: 'x' }), [session])).toBe('No realizada el 3 de febrero de 2027: 2 sesiones')
    expect(entryKindLabel('ran', 'consultoria')).toBe('Realizada')
    expect(entryKindLabel('ran', 'tv_nacional')).toBe('Emitido')
    expect(unitsText(1, 'radio_regional')).toBe('1 unidad')
  })

  it('names a withdrawn line as people read it, with its space (issue 32: "franja(retirada)")', () => {
    expect(lineLabel(line(), true)).toBe('TV nacional, Spot 30" por franja (retirada del plan)')
    expect(lineLabel(line())).toBe('TV nacional, Spot 30" por franja')
  })

  it('says what a void will change before it is recorded: the entry, the balances and the line that change, and whether the founder saw it', () => {
    const ran = entry({ units: 2, day: '2027-02-10' })
    const booked = entry({ kind: 'booked', units: 3, day: '2027-03-20' })
    const effects = voidEffects(DEAL, [line()], [ran, booked], ran.id)!
    expect(effects.what).toBe('Emitido el 10 de febrero de 2027: 2 unidades')
    expect(effects.balances).toEqual([
      { label: 'Emitido', before: 20_000_000, after: 0 },
      { label: 'Por emitir', before: 80_000_000, after: 100_000_000 },
    ])
    expect(effects.lines).toEqual([
      {
        title: 'Línea 1 · TV nacional, Spot 30" por franja',
        changes: [
          { label: 'Emitidas', before: 2, after: 0 },
          { label: 'Por emitir', before: 3, after: 5 },
        ],
      },
    ])
    expect(effects.leavesFoundersPage).toBe(true)
    // A booking changes no balance and was never the founder's to read.
    expect(voidEffects(DEAL, [line()], [ran, booked], booked.id)).toMatchObject({ balances: [], lines: [{ changes: [{ label: 'Reservadas', before: 3, after: 0 }] }], leavesFoundersPage: false })
    // Only a live entry can be voided.
    expect(voidEffects(DEAL, [line()], [ran, entry({ kind: 'void', voids: ran.id, reason: 'x' })], ran.id)).toBeNull()
  })

  it('reads a proof link: https only, stripped', () => {
    expect(readProofUrl('  https://medio.example.com/a?b=1 ', true)).toBe('https://medio.example.com/a?b=1')
    expect(readProofUrl('', false)).toBeNull()
    expect(readProofUrl('https://user:pw@medio.example.com/', true)).toEqual({ problem: 'El enlace de la prueba debe empezar con https://.' })
    expect(readProofUrl('no es un enlace', true)).toEqual({ problem: expect.stringContaining('no se puede abrir') })
  })

  it('refuses a proof link whose host is not a public name: IP literals in any form, localhost, single labels, reserved names (ADR 0203)', () => {
    const PROBLEM = 'El enlace de la prueba debe ser una dirección pública de internet, con el nombre del sitio (por ejemplo, https://www.canal.com.co/...): no una dirección IP, ni un equipo o una red interna.'
    const refused = [
      // IPv4: loopback, private, link-local, CGNAT, unspecified, and public ones too.
      'https://127.0.0.1/pauta',
      'https://127.1/',
      'https://10.0.0.8/',
      'https://172.16.5.4/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://8.8.8.8/',
      // The forms the URL parser turns into 127.0.0.1: decimal, hex, octal, mixed.
      'https://2130706433/',
      'https://0x7f000001/',
      'https://0x7f.0.0.1/',
      'https://0177.0.0.1/',
      'https://017700000001/',
      // IPv6: loopback, unspecified, link-local, unique-local, IPv4-mapped, and a public one.
      'https://[::1]/',
      'https://[::]/',
      'https://[fe80::1]/',
      'https://[fd12:3456::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[2001:4860:4860::8888]/',
      // Names that are no public site.
      'https://localhost/',
      'https://LOCALHOST./',
      'https://intranet/',
      'https://nas./',
      'https://impresora.local/',
      'https://api.internal/',
      'https://app.localhost/',
      'https://canal.test/',
      'https://canal.example/pauta',
      'https://x.invalid/',
      'https://router.home.arpa/',
      'https://1.0.0.127.in-addr.arpa/',
      'https://pauta.onion/',
    ]
    for (const url of refused) expect(readProofUrl(url, true), url).toEqual({ problem: PROBLEM })
    for (const url of ['https://www.canal.com.co/pauta/123', 'https://youtu.be/abc', 'https://canal.example.com/a', 'https://XN--CAAL-OQA.CO/', 'https://diario.co./nota']) {
      expect(readProofUrl(url, true), url).toEqual(expect.stringMatching(/^https:\/\//))
    }
  })
})
