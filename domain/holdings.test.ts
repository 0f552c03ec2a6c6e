/**
 * The register's worked cases. Every figure below was computed by hand first (the working is in the
 * comments), then written here: the code must arrive at the same share and the same peso.
 */
import { describe, expect, it } from 'vitest'
import {
  eventProblem,
  formatMoic,
  formatOwnership,
  formatPrice,
  holdingFigures,
  holdingState,
  impairmentReasons,
  liveHoldingEvents,
  modelRound,
  paymentOf,
  paymentReminderDue,
  readHoldingEvent,
  readMark,
  readPrice,
  roundEvents,
  staleSince,
  HOLDING_MESSAGES,
  type HoldingDeal,
  type HoldingEvent,
  type HoldingEventInput,
  type RoundInput,
} from './holdings.ts'

const TODAY = '2028-06-30'
const DEAL: HoldingDeal = { mediaValueCop: 1_500_000_000, investmentValueCop: 500_000_000, signedOn: '2026-01-15' }

let seq = 0
const id = () => `e${String(++seq).padStart(3, '0')}`

function issue(over: Partial<HoldingEventInput> = {}): HoldingEvent {
  const r = readHoldingEvent(
    {
      kind: 'issuance',
      day: '2026-01-15',
      instrument: 'acciones',
      shareClass: 'Ordinarias',
      shares: '50.000',
      subscribedCop: '500.000.000',
      companyShares: '1.000.000',
      fullyDilutedShares: '1.100.000',
      paymentMode: 'especie_pauta',
      termMonths: '24',
      ...over,
    },
    { deal: DEAL, today: TODAY },
  )
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return { ...r.detail, id: id(), day: r.day, note: r.note, documentId: null }
}

/** Models a round, checks it may join, and returns the register with its events appended. */
function round(events: HoldingEvent[], input: Partial<RoundInput> & Pick<RoundInput, 'day' | 'amountCop'>): HoldingEvent[] {
  const m = modelRound(events, { name: 'Ronda', joined: false, ...input }, TODAY)
  if (!m.reading.ok) throw new Error(JSON.stringify(m.reading.errors))
  const written = roundEvents(m.reading, { round: id(), next: id })
  let all = events
  for (const e of written) {
    expect(eventProblem(all, e)).toBeNull()
    all = [...all, e]
  }
  return all
}

function recorded(events: HoldingEvent[], input: HoldingEventInput): HoldingEvent[] {
  const r = readHoldingEvent(input, { deal: DEAL, today: TODAY })
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  const e = { ...r.detail, id: id(), day: r.day, note: r.note, documentId: null } as HoldingEvent
  const problem = eventProblem(events, e)
  if (problem) throw new Error(problem)
  return [...events, e]
}

describe('a three-round history with shares, one round not joined, a partial sale and a write-off', () => {
  // Issuance: 50.000 shares; the company 1.000.000 issued, 1.100.000 fully diluted (a pool of 100.000).
  let events = [issue()]
  it('the issuance: 5 % issued, 4,55 % fully diluted (50.000 / 1.100.000 = 4,5454… %)', () => {
    const f = holdingFigures(events, [])
    expect(f.shares).toBe(50_000)
    expect(formatOwnership(f.ownershipIssued)).toBe('5,00\u00a0%')
    expect(formatOwnership(f.ownershipFullyDiluted)).toBe('4,55\u00a0%')
    expect(f.costCop).toBe(500_000_000)
    expect(f.rateCardCop).toBe(1_500_000_000)
    // No mark yet: valued at cost, MOIC 1,00x.
    expect(f.basis).toEqual({ kind: 'cost' })
    expect(f.fairValueCop).toBe(500_000_000)
    expect(formatMoic(f.moic)).toBe('1,00x')
  })

  it('«Semilla», not joined: pre-money 5.500.000.000 ÷ 1.100.000 = $ 5.000; 1.000.000.000 ÷ 5.000 = 200.000 new shares', () => {
    const model = modelRound(events, { day: '2026-06-01', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000', joined: false }, TODAY)
    expect(model.reading.ok).toBe(true)
    if (!model.reading.ok) return
    expect(model.reading.round.price).toBe('5000')
    expect(model.reading.round.newShares).toBe(200_000)
    expect(model.reading.round.programmeShares).toBe(0)
    // Pro-forma before confirming: 50.000 of 1.200.000 = 4,1666… → 4,17 %; of 1.300.000 = 3,846… → 3,85 %.
    expect(model.after).toMatchObject({ shares: 50_000, companyShares: 1_200_000, fullyDilutedShares: 1_300_000, valueCop: 250_000_000 })
    expect(formatOwnership(model.after!.ownershipIssued)).toBe('4,17\u00a0%')
    expect(formatOwnership(model.after!.ownershipFullyDiluted)).toBe('3,85\u00a0%')
    // The preview changes nothing: the register is as it was.
    expect(holdingState(events).companyShares).toBe(1_000_000)
    events = round(events, { day: '2026-06-01', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000' })
    expect(holdingState(events).companyShares).toBe(1_200_000)
  })

  it('«Serie A», joined with $ 100.000.000 at $ 12.500,5: 199.992 new shares, the programme buys 7.999, 50.000 reserved', () => {
    // 2.500.000.000 ÷ 12.500,5 = 199.992,0003 → 199.992 (12.500,5 × 199.992 = 2.499.999.996).
    // 100.000.000 ÷ 12.500,5 = 7.999,68 → 7.999. Pre-money = 1.300.000 × 12.500,5 = 16.250.650.000.
    const model = modelRound(events, { day: '2027-03-01', name: 'Serie A', price: '12.500,5', amountCop: '2.500.000.000', poolShares: '50.000', joined: true, programmeCashCop: '100.000.000' }, TODAY)
    if (!model.reading.ok) throw new Error('refused')
    expect(model.reading.round).toMatchObject({ preMoneyCop: 16_250_650_000, newShares: 199_992, programmeShares: 7_999, programmeCashCop: 100_000_000 })
    expect(model.after).toMatchObject({ shares: 57_999, companyShares: 1_399_992, fullyDilutedShares: 1_549_992 })
    events = round(events, { day: '2027-03-01', name: 'Serie A', price: '12.500,5', amountCop: '2.500.000.000', poolShares: '50.000', joined: true, programmeCashCop: '100.000.000' })
    expect(holdingFigures(events, []).costCop).toBe(600_000_000)
  })

  it('«Serie B», not joined: 31.000.000.000 ÷ 1.549.992 = 20.000,10322… → $ 20.000,1032; 149.999 new shares', () => {
    // 3.000.000.000 ÷ 20.000,1032 = 149.999,2 → 149.999.
    events = round(events, { day: '2027-09-01', name: 'Serie B', preMoneyCop: '31.000.000.000', amountCop: '3.000.000.000' })
    const s = holdingState(events)
    expect(s.lastRound?.price).toBe('20000.1032')
    expect(formatPrice(s.lastRound!.price)).toBe('$\u00a020.000,1032')
    expect(s).toMatchObject({ shares: 57_999, companyShares: 1_549_991, fullyDilutedShares: 1_699_991 })
  })

  it('a mark from the recent round: 57.999 × 20.000,1032 = 1.159.985.985,4968 → $ 1.159.985.985; MOIC 1,93x', () => {
    const f = holdingFigures(events, [{ status: 'approved', method: 'ronda_reciente', day: '2027-09-15', price: '20000.1032' }])
    expect(f.fairValueCop).toBe(1_159_985_985)
    // (1.159.985.985 + 0) ÷ 600.000.000 = 1,9333… → 1,93.
    expect(formatMoic(f.moic)).toBe('1,93x')
    // A proposed mark is not a price.
    expect(holdingFigures(events, [{ status: 'proposed', method: 'multiplo', day: '2027-09-20', price: '1' }]).basis).toEqual({ kind: 'cost' })
  })

  it('a partial secondary sale of 7.999 at $ 22.000: proceeds 175.978.000; 50.000 left, 3,23 % issued, 2,94 % fully diluted', () => {
    events = recorded(events, { kind: 'secondary_sale', day: '2027-10-01', shares: '7.999', price: '22.000', buyer: 'Fondo Andino' })
    const f = holdingFigures(events, [{ status: 'approved', method: 'ronda_reciente', day: '2027-09-15', price: '20000.1032' }])
    expect(f.shares).toBe(50_000)
    expect(f.proceedsCop).toBe(175_978_000)
    // 50.000 ÷ 1.549.991 = 3,2258… %; 50.000 ÷ 1.699.991 = 2,9412… %.
    expect(formatOwnership(f.ownershipIssued)).toBe('3,23\u00a0%')
    expect(formatOwnership(f.ownershipFullyDiluted)).toBe('2,94\u00a0%')
    // 50.000 × 20.000,1032 = 1.000.005.160; (1.000.005.160 + 175.978.000) ÷ 600.000.000 = 1,9599… → 1,96.
    expect(f.fairValueCop).toBe(1_000_005_160)
    expect(formatMoic(f.moic)).toBe('1,96x')
  })

  it('a write-off: fair value 0, MOIC from the proceeds alone: 175.978.000 ÷ 600.000.000 = 0,2933 → 0,29x', () => {
    events = recorded(events, { kind: 'write_off', day: '2028-02-01' })
    const f = holdingFigures(events, [{ status: 'approved', method: 'ronda_reciente', day: '2027-09-15', price: '20000.1032' }])
    expect(f.fairValueCop).toBe(0)
    expect(f.basis.kind).toBe('write_off')
    expect(formatMoic(f.moic)).toBe('0,29x')
    // Nothing more joins a written-off holding.
    expect(() => recorded(events, { kind: 'write_down', day: '2028-03-01', price: '1' })).toThrow(HOLDING_MESSAGES.writtenOff)
  })
})

describe('a convertible note at a 25 % discount under a cap', () => {
  const note = () => [issue({ day: '2026-02-01', instrument: 'nota_convertible', shares: '', discountPercent: '25', capCop: '4.000.000.000' })]

  it('converts at the cap when the cap is lower: min(5.000 × 0,75 = 3.750; 4.000.000.000 ÷ 1.100.000 = 3.636,3636) → 137.500 shares', () => {
    const events = note()
    expect(holdingState(events).shares).toBe(0)
    const model = modelRound(events, { day: '2026-08-01', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000', joined: false }, TODAY)
    if (!model.reading.ok) throw new Error('refused')
    // 500.000.000 ÷ 3.636,3636 = 137.500,0014 → 137.500.
    expect(model.reading.conversions).toEqual([{ noteId: events[0]!.id, price: '3636.3636', shares: 137_500, principalCop: 500_000_000 }])
    // 137.500 of 1.337.500 = 10,2804 % → 10,28 %; of 1.437.500 = 9,5652 % → 9,57 %; at $ 5.000: $ 687.500.000.
    expect(model.after).toMatchObject({ shares: 137_500, companyShares: 1_337_500, fullyDilutedShares: 1_437_500, valueCop: 687_500_000 })
    expect(formatOwnership(model.after!.ownershipIssued)).toBe('10,28\u00a0%')
    expect(formatOwnership(model.after!.ownershipFullyDiluted)).toBe('9,57\u00a0%')
    const after = round(events, { day: '2026-08-01', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000' })
    expect(holdingState(after).notes[0]!.convertedBy).not.toBeNull()
    expect(holdingState(after).subscriptionShares).toBe(137_500)
  })

  it('converts at the discount when it is lower: 3.000 × 0,75 = 2.250 < 3.636,3636 → 500.000.000 ÷ 2.250 = 222.222 shares', () => {
    const model = modelRound(note(), { day: '2026-08-01', name: 'Semilla', preMoneyCop: '3.300.000.000', amountCop: '600.000.000', joined: false }, TODAY)
    if (!model.reading.ok) throw new Error('refused')
    expect(model.reading.round.price).toBe('3000')
    expect(model.reading.conversions[0]).toMatchObject({ price: '2250', shares: 222_222 })
  })

  it('a conversion without a round is refused; a note cannot convert twice', () => {
    const events = note()
    const lone: HoldingEvent = { kind: 'conversion', roundId: 'nope', noteId: events[0]!.id, price: '1', shares: 1, principalCop: 1, id: id(), day: '2026-09-01', note: '', documentId: null }
    expect(eventProblem(events, lone)).toBe(HOLDING_MESSAGES.conversionWithoutRound)
    const after = round(events, { day: '2026-08-01', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000' })
    const roundId = after.find((e) => e.kind === 'round')!.id
    expect(eventProblem(after, { ...lone, roundId })).toBe(HOLDING_MESSAGES.noNoteToConvert)
  })
})

describe('a fixed-percentage instrument topped up', () => {
  it('10 % of 1.000.000 is 100.000 shares; a round of 200.000 new shares tops up (0,1 × 1.200.000 − 100.000) ÷ 0,9 = 22.222,2 → 22.222', () => {
    let events = [issue({ instrument: 'porcentaje_fijo', targetPercent: '10', shares: '100.000', subscribedCop: '300.000.000', companyShares: '1.000.000', fullyDilutedShares: '1.000.000' })]
    const model = modelRound(events, { day: '2026-09-01', name: 'Semilla', price: '2.000', amountCop: '400.000.000', joined: false }, TODAY)
    if (!model.reading.ok) throw new Error('refused')
    expect(model.reading.round.newShares).toBe(200_000)
    expect(model.reading.topUp).toBe(22_222)
    // 122.222 of 1.222.222 = 9,99998 % → 10,00 % (rounded down to the whole share, a hair under the 10 %).
    expect(model.after).toMatchObject({ shares: 122_222, companyShares: 1_222_222, fullyDilutedShares: 1_222_222, valueCop: 244_444_000 })
    expect(formatOwnership(model.after!.ownershipIssued)).toBe('10,00\u00a0%')
    events = round(events, { day: '2026-09-01', name: 'Semilla', price: '2.000', amountCop: '400.000.000' })
    expect(events.map((e) => e.kind)).toEqual(['issuance', 'round', 'top_up'])
    // Voiding the round voids its top-up with it.
    const r = events[1]!
    const v: HoldingEvent = { kind: 'void', voids: r.id, reason: 'Ronda mal registrada', id: id(), day: '2026-09-02', note: '', documentId: null }
    expect(eventProblem(events, v)).toBeNull()
    expect(holdingState([...events, v]).shares).toBe(100_000)
    expect(eventProblem(events, { ...v, voids: events[2]!.id })).toBe(HOLDING_MESSAGES.voidLinked)
  })
})

describe('a split', () => {
  it('1 → 10 multiplies every count and divides the prices: 50.000 → 500.000 shares, $ 5.000 → $ 500', () => {
    let events = round([issue()], { day: '2026-06-01', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000' })
    events = recorded(events, { kind: 'split', day: '2026-07-01', splitFrom: '1', splitTo: '10' })
    const s = holdingState(events)
    expect(s).toMatchObject({ shares: 500_000, companyShares: 12_000_000, fullyDilutedShares: 13_000_000 })
    expect(s.lastRound!.price).toBe('500')
    // A mark made before the split is rescaled: $ 6.000 then is $ 600 now; 500.000 × 600 = 300.000.000.
    expect(holdingFigures(events, [{ status: 'approved', method: 'multiplo', day: '2026-06-15', price: '6000' }]).fairValueCop).toBe(300_000_000)
  })
})

describe('paid versus subscribed, from the media ledger', () => {
  const state = holdingState([issue()])
  it('media that ran at rate card pays the subscription at the deal’s value: 600.000.000 × 500 / 1.500 = 200.000.000 paid, 20.000 of 50.000 shares', () => {
    const p = paymentOf(state, DEAL, { ranRateCardCop: 600_000_000, forfeitedRateCardCop: 0, committedRateCardCop: 1_500_000_000 }, '2027-03-01')!
    expect(p).toMatchObject({ subscribedCop: 500_000_000, paidCop: 200_000_000, unpaidCop: 300_000_000, subscribedShares: 50_000, paidShares: 20_000, unpaidShares: 30_000, status: 'paying' })
    // Signed 2026-01-15, 24 months: the last day is 2028-01-14.
    expect(p.deadline).toBe('2028-01-14')
    expect(p.consequence).toBe('Quedan $\u00a0300.000.000 por pagar con pauta hasta el 14 de enero de 2028.')
  })

  it('forfeited media leaves shares unpaid, and says what that means', () => {
    // Ran 1.200.000.000 → 400.000.000 paid, 40.000 shares; forfeited 300.000.000 → 100.000.000; nothing left to run.
    const p = paymentOf(state, DEAL, { ranRateCardCop: 1_200_000_000, forfeitedRateCardCop: 300_000_000, committedRateCardCop: 1_500_000_000 }, '2027-06-01')!
    expect(p).toMatchObject({ paidCop: 400_000_000, unpaidCop: 100_000_000, forfeitedCop: 100_000_000, paidShares: 40_000, unpaidShares: 10_000, status: 'short' })
    expect(p.consequence).toContain('10.000 acciones quedan sin pagar (pauta perdida: $\u00a0100.000.000)')
    expect(p.consequence).toContain('no puede ejercer los derechos de esas acciones (Código de Comercio, art. 397)')
    // Past the deadline it is overdue.
    expect(paymentOf(state, DEAL, { ranRateCardCop: 1_200_000_000, forfeitedRateCardCop: 300_000_000, committedRateCardCop: 1_500_000_000 }, '2028-01-15')!.status).toBe('overdue')
    // All of it ran: paid in full, never more than subscribed.
    expect(paymentOf(state, DEAL, { ranRateCardCop: 1_600_000_000, forfeitedRateCardCop: 0, committedRateCardCop: 1_500_000_000 }, '2027-06-01')).toMatchObject({ paidCop: 500_000_000, unpaidCop: 0, status: 'paid', consequence: null })
  })

  it('reminds 60 and 14 days before the deadline, once each, only while something is unpaid', () => {
    const p = paymentOf(state, DEAL, { ranRateCardCop: 600_000_000, forfeitedRateCardCop: 0, committedRateCardCop: 1_500_000_000 }, '2027-11-15')!
    // 2027-11-15 → 2028-01-14: 15 + 31 + 14 = 60 days.
    expect(paymentReminderDue(p, '2027-11-14', [])).toBeNull()
    expect(paymentReminderDue(p, '2027-11-15', [])).toBe(60)
    expect(paymentReminderDue(p, '2027-11-15', [60])).toBeNull()
    expect(paymentReminderDue(p, '2027-12-30', [60])).toBeNull()
    expect(paymentReminderDue(p, '2027-12-31', [60])).toBe(14)
    expect(paymentReminderDue(p, '2028-01-15', [60])).toBeNull()
    const paid = paymentOf(state, DEAL, { ranRateCardCop: 1_500_000_000, forfeitedRateCardCop: 0, committedRateCardCop: 1_500_000_000 }, '2027-11-15')
    expect(paymentReminderDue(paid, '2027-12-31', [])).toBeNull()
  })
})

describe('bad input is refused in Spanish and changes nothing', () => {
  const base = [issue()]
  it('a round dated before the previous one', () => {
    const events = round(base, { day: '2026-06-01', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000' })
    const m = modelRound(events, { day: '2026-05-01', name: 'Puente', preMoneyCop: '6.000.000.000', amountCop: '100.000.000', joined: false }, TODAY)
    if (!m.reading.ok) throw new Error('refused')
    const [r] = roundEvents(m.reading, { round: id(), next: id })
    expect(eventProblem(events, r!)).toBe('La ronda no puede tener fecha anterior a la ronda anterior (1 de junio de 2026).')
  })

  it('shares or prices of zero or less', () => {
    const r = readHoldingEvent({ kind: 'secondary_sale', day: '2027-01-01', shares: '0', price: '-5', buyer: 'X' }, { deal: DEAL, today: TODAY })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.errors.shares).toBe('Las acciones vendidas debe ser mayor que 0.'.replace('debe', 'debe'))
    expect(r.errors.price).toBe('El precio por acción debe ser mayor que 0.')
    expect(readPrice('0,0000').ok).toBe(false)
    expect(readPrice('1.234,56789')).toEqual({ ok: false, problem: 'El precio por acción admite hasta 4 decimales.' })
    expect(readPrice('1.234,5678')).toEqual({ ok: true, value: '1234.5678' })
    const m = modelRound(base, { day: '2026-06-01', name: 'X', price: '0', amountCop: '0', joined: false }, TODAY)
    expect(m.reading.ok).toBe(false)
    if (m.reading.ok) return
    expect(m.reading.errors.price).toBe('El precio por acción debe ser mayor que 0.')
    expect(m.reading.errors.amountCop).toBe('El monto de la ronda debe ser mayor que 0.')
  })

  it('a sale of more shares than held', () => {
    const r = readHoldingEvent({ kind: 'secondary_sale', day: '2027-01-01', shares: '50.001', price: '1.000', buyer: 'X' }, { deal: DEAL, today: TODAY })
    if (!r.ok) throw new Error('read')
    expect(eventProblem(base, { ...r.detail, id: id(), day: r.day, note: '', documentId: null })).toBe('El programa tiene 50.000 acciones: no puede vender más que eso.')
  })

  it('an event before the issuance, an issuance twice, a term over 24 months, a future date', () => {
    const w = readHoldingEvent({ kind: 'write_down', day: '2025-12-31', price: '1' }, { deal: DEAL, today: TODAY })
    if (!w.ok) throw new Error('read')
    expect(eventProblem(base, { ...w.detail, id: id(), day: w.day, note: '', documentId: null })).toBe(HOLDING_MESSAGES.beforeIssuance)
    expect(eventProblem([], { ...w.detail, id: id(), day: '2026-02-01', note: '', documentId: null })).toBe(HOLDING_MESSAGES.issuanceFirst)
    expect(eventProblem(base, { ...base[0]!, id: id() })).toBe(HOLDING_MESSAGES.issuanceTwice)
    const long = readHoldingEvent({ ...({ kind: 'issuance', day: '2026-01-15', instrument: 'acciones', shareClass: 'Ordinarias', shares: '1', subscribedCop: '1', companyShares: '1', fullyDilutedShares: '1', paymentMode: 'especie_pauta' } as const), termMonths: '25' }, { deal: DEAL, today: TODAY })
    expect(long.ok ? null : long.errors.termMonths).toBe('El plazo para pagar la suscripción no puede pasar de 24 meses (Ley 1258 de 2008, art. 9).')
    const future = readHoldingEvent({ kind: 'write_off', day: '2028-07-01' }, { deal: DEAL, today: TODAY })
    expect(future.ok ? null : future.errors.day).toBe('La fecha no puede ser futura.')
  })

  it('a mark without evidence', () => {
    const r = readMark({ method: 'multiplo', day: '2027-01-01', price: '8.000' }, { today: TODAY, hasEvidence: false })
    expect(r).toEqual({ ok: false, message: HOLDING_MESSAGES.markNoEvidence, errors: { document: HOLDING_MESSAGES.markNoEvidence } })
    expect(readMark({ method: 'multiplo', day: '2027-01-01', price: '8.000' }, { today: TODAY, hasEvidence: true }).ok).toBe(true)
  })
})

describe('review lists', () => {
  it('a holding valued more than 12 months ago with no round since is stale; a round or a newer mark clears it', () => {
    const events = [issue()]
    expect(staleSince(events, [], '2027-01-14')).toBeNull()
    expect(staleSince(events, [], '2027-01-16')).toBe('2026-01-15')
    expect(staleSince(events, [{ status: 'approved', day: '2026-12-01' }], '2027-06-01')).toBeNull()
    expect(staleSince(events, [{ status: 'proposed', day: '2026-12-01' }], '2027-06-01')).toBe('2026-01-15')
    const withRound = round(events, { day: '2026-10-01', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000' })
    expect(staleSince(withRound, [], '2027-06-01')).toBeNull()
    expect(staleSince(withRound, [], '2027-10-02')).toBe('2026-10-01')
  })

  it('runway under 6 months or three missed reports flag a holding for impairment review', () => {
    expect(impairmentReasons({ runwayMonths: 8, missedReports: 2 })).toEqual([])
    expect(impairmentReasons({ runwayMonths: 5, missedReports: 0 })).toEqual(['Caja para 5 meses (menos de 6)'])
    expect(impairmentReasons({ runwayMonths: null, missedReports: 3 })).toEqual(['3 reportes sin respuesta'])
  })

  it('voided events do not count', () => {
    const events = recorded([issue()], { kind: 'write_down', day: '2026-03-01', price: '1.000' })
    const w = events[1]!
    const voided = [...events, { kind: 'void', voids: w.id, reason: 'Error', id: id(), day: '2026-03-02', note: '', documentId: null } as HoldingEvent]
    expect(liveHoldingEvents(voided).map((e) => e.kind)).toEqual(['issuance'])
    expect(holdingFigures(voided, []).basis).toEqual({ kind: 'cost' })
  })
})
