import { describe, expect, it } from 'vitest'
import { formatMonth } from './format.ts'
import {
  CHECK_IN_MESSAGES,
  METRICS,
  checkInInputOf,
  checkInMailDue,
  checkInMonth,
  checkInMonths,
  checkInState,
  checkInTitle,
  formatMetric,
  followUpView,
  metricSeries,
  milestoneDueOn,
  portfolioRow,
  checkInTextsKeptUntil,
  followUpClosedOn,
  milestoneState,
  nextCheckIn,
  openCheckIn,
  readCheckIn,
  type CheckInInput,
} from './follow-up.ts'

const NBSP = '\u00a0'
const typed = (over: CheckInInput = {}): CheckInInput => ({
  salesUsdCents: '1.250.000',
  activeCustomers: '1.250',
  newCustomers: '85',
  siteVisits: '12.500',
  leads: '340',
  teamSize: '6',
  wentWell: 'Cerramos con una cadena de droguerías.',
  wentBadly: '',
  needs: 'Una presentación con el equipo de radio.',
  ...over,
})

describe('the calendar of the check-ins', () => {
  it('numbers the calendar months from the one the follow-up starts in, each opening on the 1st of the next month, due the 10th', () => {
    expect(checkInMonth('2027-01-15', 1)).toEqual({
      number: 1,
      period: '2027-01',
      opensOn: '2027-02-01',
      remindOn: '2027-02-07',
      dueOn: '2027-02-10',
      lateOn: '2027-02-13',
      closesOn: '2027-02-28',
    })
    // Across a year, and a leap February.
    expect(checkInMonth('2027-01-15', 12)).toMatchObject({ period: '2027-12', opensOn: '2028-01-01', closesOn: '2028-01-31' })
    expect(checkInMonth('2027-12-31', 2)).toMatchObject({ period: '2028-01', opensOn: '2028-02-01', closesOn: '2028-02-29' })
    const all = checkInMonths('2026-12-01')
    expect(all.map((m) => m.period)).toEqual(['2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07', '2027-08', '2027-09', '2027-10', '2027-11'])
    expect(all.map((m) => m.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('finds the check-in open on a day (none before the first opens nor after the last closes), and the next to open', () => {
    expect(openCheckIn('2027-01-15', '2027-01-31')).toBeNull()
    expect(openCheckIn('2027-01-15', '2027-02-01')?.number).toBe(1)
    expect(openCheckIn('2027-01-15', '2027-02-28')?.number).toBe(1)
    expect(openCheckIn('2027-01-15', '2027-03-01')?.number).toBe(2)
    expect(openCheckIn('2027-01-15', '2028-01-31')?.number).toBe(12)
    expect(openCheckIn('2027-01-15', '2028-02-01')).toBeNull()
    expect(openCheckIn('2027-02-30', '2027-03-05')).toBeNull()
    expect(nextCheckIn('2027-01-15', '2027-02-01')?.number).toBe(2)
    expect(nextCheckIn('2027-01-15', '2027-01-20')?.number).toBe(1)
    expect(nextCheckIn('2027-01-15', '2028-01-05')).toBeNull()
  })

  it('tells where a check-in stands: upcoming, open to the due day, late to the close, then missed; answered whenever sent', () => {
    const march = checkInMonth('2027-01-15', 3) // March, open 1-30 April, due 10 April
    const unanswered = ['2027-03-31', '2027-04-01', '2027-04-10', '2027-04-11', '2027-04-30', '2027-05-01']
    expect(unanswered.map((day) => checkInState(march, day, false))).toEqual(['upcoming', 'open', 'open', 'late', 'late', 'missed'])
    expect(checkInState(march, '2027-05-01', true)).toBe('answered')
    // The follow-up closed: months still open or to come are not asked; one that closed unanswered before stays missed.
    expect(checkInState(march, '2027-04-05', false, '2027-04-05')).toBe('closed')
    expect(checkInState(checkInMonth('2027-01-15', 1), '2027-04-05', false, '2027-04-05')).toBe('missed')
  })

  it('sends the invitation from the opening day, the reminder from the 7th and the late one from the 13th, only to who has not answered', () => {
    const m = checkInMonth('2027-01-15', 1)
    const unanswered = ['2027-01-31', '2027-02-01', '2027-02-06', '2027-02-07', '2027-02-12', '2027-02-13', '2027-02-28', '2027-03-01']
    expect(unanswered.map((day) => checkInMailDue(m, day, false))).toEqual([null, 'invitation', 'invitation', 'reminder', 'reminder', 'late', 'late', null])
    expect(['2027-02-01', '2027-02-08'].map((day) => checkInMailDue(m, day, true))).toEqual([null, null])
  })

  it('puts the milestones at the close of check-ins 3, 6 and 12, due once their check-in opens', () => {
    expect(milestoneDueOn('2027-01-15', 3)).toBe('2027-04-30')
    expect(milestoneDueOn('2027-01-15', 12)).toBe('2028-01-31')
    expect(milestoneState('2027-01-15', 3, '2027-03-31', false)).toBe('upcoming')
    expect(milestoneState('2027-01-15', 3, '2027-04-01', false)).toBe('due')
    expect(milestoneState('2027-01-15', 3, '2027-05-01', false)).toBe('overdue')
    expect(milestoneState('2027-01-15', 3, '2027-03-01', true)).toBe('done')
  })

  it('names a check-in by its month', () => {
    expect(formatMonth('2027-03')).toBe('marzo de 2027')
    expect(formatMonth('2027-13')).toBe('—')
    expect(checkInTitle(checkInMonth('2027-01-15', 3))).toBe('Reporte de marzo de 2027 (mes 3)')
  })
})

describe('readCheckIn', () => {
  it('reads what a Colombian types: sales into US cents, counts whole; empty optional figures are null', () => {
    // The texts as typed (typed()'s); the figures read.
    const { wentWell, wentBadly, needs } = typed()
    expect(readCheckIn(typed({ salesUsdCents: '4,5', siteVisits: '', leads: ' ' }))).toEqual({
      ok: true,
      values: { salesUsdCents: 450, activeCustomers: 1250, newCustomers: 85, siteVisits: null, leads: null, teamSize: 6, runwayMonths: null, wentWell, wentBadly, needs },
    })
    expect(readCheckIn(typed({ salesUsdCents: 'US$ 1.250.000,50' }))).toMatchObject({ ok: true, values: { salesUsdCents: 125_000_050 } })
    expect(readCheckIn(typed({ salesUsdCents: '0', activeCustomers: '0', newCustomers: '0' }))).toMatchObject({ ok: true, values: { salesUsdCents: 0, activeCustomers: 0 } })
  })

  it('reads the runway («Meses de caja») as a whole number of months, optional: empty is null, zero is kept', () => {
    expect(METRICS.runwayMonths).toMatchObject({ label: 'Meses de caja (runway)', short: 'Caja (meses)', optional: true, unit: 'count', missing: '' })
    expect(readCheckIn(typed({ runwayMonths: '4' }))).toMatchObject({ ok: true, values: { runwayMonths: 4 } })
    expect(readCheckIn(typed({ runwayMonths: ' 0 ' }))).toMatchObject({ ok: true, values: { runwayMonths: 0 } })
    expect(readCheckIn(typed({ runwayMonths: '' }))).toMatchObject({ ok: true, values: { runwayMonths: null } })
    expect(readCheckIn(typed())).toMatchObject({ ok: true, values: { runwayMonths: null } })
    expect(readCheckIn(typed({ runwayMonths: '4,5' }))).toEqual({ ok: false, errors: { runwayMonths: 'Escribe un número entero, sin decimales ni letras, por ejemplo 8.' } })
    expect(readCheckIn(typed({ runwayMonths: '-2' }))).toEqual({ ok: false, errors: { runwayMonths: CHECK_IN_MESSAGES.negative } })
    expect(readCheckIn(typed({ runwayMonths: 'seis' }))).toMatchObject({ ok: false, errors: { runwayMonths: expect.any(String) } })
    expect(formatMetric('runwayMonths', 4)).toBe('4')
    expect(formatMetric('runwayMonths', null)).toBe('—')
  })

  it('refuses each bad field beside it, in Spanish: negative, ambiguous, decimals in a count, words, empty required, too long', () => {
    const r = readCheckIn({
      salesUsdCents: '-100',
      activeCustomers: '1,500',
      newCustomers: '4,5',
      siteVisits: 'muchas',
      leads: '−3',
      teamSize: '0',
      wentWell: 'x'.repeat(1001),
    })
    expect(r).toEqual({
      ok: false,
      errors: {
        salesUsdCents: CHECK_IN_MESSAGES.negative,
        activeCustomers: 'Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo 1.250.',
        newCustomers: 'Escribe un número entero, sin decimales ni letras, por ejemplo 85.',
        siteVisits: 'Escribe un número entero, sin decimales ni letras, por ejemplo 12.500.',
        leads: CHECK_IN_MESSAGES.negative,
        teamSize: 'Cuenta al menos a las personas fundadoras: el número es 1 o más.',
        wentWell: 'Escribe como máximo 1.000 caracteres (llevas 1.001).',
      },
    })
    expect(readCheckIn({})).toEqual({
      ok: false,
      errors: {
        salesUsdCents: METRICS.salesUsdCents.missing,
        activeCustomers: METRICS.activeCustomers.missing,
        newCustomers: METRICS.newCustomers.missing,
        teamSize: METRICS.teamSize.missing,
      },
    })
    expect(readCheckIn(typed({ salesUsdCents: '1,250.50' }))).toMatchObject({ ok: false, errors: { salesUsdCents: 'Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo 1.250,50.' } })
    expect(readCheckIn(typed({ salesUsdCents: '100.000.000.000' }))).toMatchObject({ ok: false, errors: { salesUsdCents: CHECK_IN_MESSAGES.tooLarge } })
    expect(readCheckIn(typed({ siteVisits: '1.000.000.000.001' }))).toMatchObject({ ok: false, errors: { siteVisits: CHECK_IN_MESSAGES.tooLarge } })
  })

  it('gives the form back what it stored, which reads to the same values', () => {
    const first = readCheckIn(typed({ salesUsdCents: '1.250.000,5', leads: '' }))
    if (!first.ok) throw new Error('expected a reading')
    const input = checkInInputOf(first.values)
    expect(input).toMatchObject({ salesUsdCents: '1.250.000,5', activeCustomers: '1.250', leads: '', runwayMonths: '' })
    expect(readCheckIn(input)).toEqual(first)
    const withRunway = readCheckIn(typed({ runwayMonths: '14' }))
    if (!withRunway.ok) throw new Error('expected a reading')
    expect(checkInInputOf(withRunway.values)).toMatchObject({ runwayMonths: '14' })
    expect(readCheckIn(checkInInputOf(withRunway.values))).toEqual(withRunway)
  })

  it('writes each figure as Colombians read it', () => {
    expect(formatMetric('salesUsdCents', 125_000_050)).toBe(`US$${NBSP}1.250.000,50`)
    expect(formatMetric('salesUsdCents', 0)).toBe(`US$${NBSP}0`)
    expect(formatMetric('siteVisits', 12_500)).toBe('12.500')
    expect(formatMetric('leads', null)).toBe('—')
  })
})

describe('metricSeries', () => {
  it('lays each metric over the twelve months in order, null where there is no figure', () => {
    const figures = { salesUsdCents: 100, activeCustomers: 5, newCustomers: 2, siteVisits: null, leads: 7, teamSize: 3, runwayMonths: 4 }
    const series = metricSeries('2027-01-15', new Map([[2, figures]]))
    expect(series.salesUsdCents).toHaveLength(12)
    expect(series.salesUsdCents.slice(0, 3)).toEqual([
      { month: 1, period: '2027-01', value: null },
      { month: 2, period: '2027-02', value: 100 },
      { month: 3, period: '2027-03', value: null },
    ])
    expect(series.siteVisits[1]).toEqual({ month: 2, period: '2027-02', value: null })
    expect(series.leads[1]!.value).toBe(7)
    expect(series.runwayMonths[1]).toEqual({ month: 2, period: '2027-02', value: 4 })
  })
})

describe('followUpView and portfolioRow', () => {
  const values = { salesUsdCents: 100, activeCustomers: 5, newCustomers: 2, siteVisits: null, leads: 7, teamSize: 3, runwayMonths: null, wentWell: '', wentBadly: '', needs: '' }
  const at = (iso: string) => new Date(iso)

  it('places every month and milestone on a day, with the latest version and when the first came', () => {
    const view = followUpView(
      {
        followUpStart: '2026-12-01',
        checkIns: [
          { ...values, month: 1, version: 1, submittedAt: at('2027-01-04T15:00:00Z') },
          { ...values, month: 1, version: 2, teamSize: 4, submittedAt: at('2027-01-20T15:00:00Z') },
        ],
        milestones: [{ month: 3, heldOn: '2027-03-20', note: 'x', recordedBy: null, recordedAt: at('2027-03-20T15:00:00Z') }],
        closing: null,
      },
      '2027-02-12',
    )
    expect(view).toMatchObject({ followUpStart: '2026-12-01', followUpEnd: '2027-11-30', today: '2027-02-12', current: 2, next: { number: 3 } })
    expect(view.months.slice(0, 3).map((m) => [m.number, m.state, m.versions, m.checkIn?.teamSize ?? null])).toEqual([
      [1, 'answered', 2, 4],
      [2, 'late', 0, null],
      [3, 'upcoming', 0, null],
    ])
    expect(view.months[0]!.firstSubmittedAt).toEqual(at('2027-01-04T15:00:00Z'))
    expect(view.series.teamSize.slice(0, 2).map((p) => p.value)).toEqual([4, null])
    expect(view.milestones.map((m) => [m.month, m.state])).toEqual([
      [3, 'done'],
      [6, 'upcoming'],
      [12, 'upcoming'],
    ])
  })

  it('stops asking once closed: nothing current, months still to close «No aplica»', () => {
    const view = followUpView({ followUpStart: '2026-12-01', checkIns: [], milestones: [], closing: { note: 'Fin', closedBy: null, closedAt: at('2027-02-12T15:00:00Z') } }, '2027-02-12')
    expect([view.current, view.next]).toEqual([null, null])
    expect(view.months.slice(0, 3).map((m) => m.state)).toEqual(['missed', 'closed', 'closed'])
  })

  it('sums up a startup for «Seguimiento»: its open month and state, the last check-in, answered and missed', () => {
    const row = portfolioRow(
      {
        applicationId: 'a',
        reference: 'CAT-1',
        companyName: 'C',
        tradeName: 'T',
        followUpStart: '2026-12-01',
        answered: [{ month: 1, lastAt: at('2027-01-20T15:00:00Z'), salesUsdCents: 150_000 }],
        milestones: [],
        closedAt: null,
      },
      '2027-03-11',
    )
    // The sales of every month opened so far, a gap where none came: the sparkline's points.
    expect(row.sales).toEqual([
      { period: '2026-12', value: 150_000 },
      { period: '2027-01', value: null },
      { period: '2027-02', value: null },
    ])
    expect(row).toMatchObject({
      current: { number: 3, period: '2027-02', dueOn: '2027-03-10', state: 'late' },
      lastCheckIn: { month: 1, period: '2026-12', at: at('2027-01-20T15:00:00Z') },
      answered: 1,
      missed: 1,
    })
    expect(row.milestones[0]).toEqual({ month: 3, dueOn: '2027-03-31', state: 'due' })
  })

  it("gives «Seguimiento» no sales before the first check-in opens, and an answered month's even when early", () => {
    const entry = { applicationId: 'a', reference: 'CAT-1', companyName: 'C', tradeName: 'T', followUpStart: '2026-12-01', answered: [], milestones: [], closedAt: null }
    expect(portfolioRow(entry, '2026-12-20').sales).toEqual([])
    expect(portfolioRow(entry, '2027-01-01').sales).toEqual([{ period: '2026-12', value: null }])
    expect(portfolioRow({ ...entry, answered: [{ month: 1, lastAt: at('2026-12-31T15:00:00Z'), salesUsdCents: 0 }] }, '2026-12-31').sales).toEqual([{ period: '2026-12', value: 0 }])
  })
})

describe('how long the check-ins\' texts are kept (ADR 0178)', () => {
  it('a year after the follow-up closed: its closing note\'s Bogotá day, or the close of the twelfth check-in', () => {
    // 1 December 2026, 23:30 in Bogotá (04:30 UTC the next day).
    expect(followUpClosedOn('2026-03-10', new Date('2026-12-02T04:30:00Z'))).toBe('2026-12-01')
    expect(checkInTextsKeptUntil('2026-03-10', new Date('2026-12-02T04:30:00Z'))).toBe('2027-12-01')
    // No note: the twelfth check-in reports February 2027 and closes on 31 March 2027.
    expect(followUpClosedOn('2026-03-10', null)).toBe('2027-03-31')
    expect(checkInTextsKeptUntil('2026-03-10', null)).toBe('2028-03-31')
    // The same day of the month, or the month's last: 29 February 2028 + 12 months is 28 February 2029.
    expect(checkInTextsKeptUntil('2027-01-01', new Date('2028-02-29T15:00:00Z'))).toBe('2029-02-28')
  })
})

describe('a follow-up that starts before the deal was recorded (issue 32)', () => {
  // Started on 1 September 2026, recorded on 20 November: September's check-in opened on 1 October and closed on
  // 31 October, October's opened on 1 November; neither was ever asked on time. November's opens on 1 December.
  const start = '2026-09-01'
  const recordedOn = '2026-11-20'

  it('never counts the months whose check-in opened before the recording as unanswered: not late, not missed', () => {
    const view = followUpView({ followUpStart: start, recordedOn, checkIns: [], milestones: [], closing: null }, '2026-12-15')
    expect(view.months.slice(0, 3).map((m) => m.state)).toEqual(['before_deal', 'before_deal', 'late'])
    // October's, still open on the day it was recorded, reads open (not late) until it closes.
    expect(followUpView({ followUpStart: start, recordedOn, checkIns: [], milestones: [], closing: null }, '2026-11-25').months[1]!.state).toBe('open')
    const row = portfolioRow(
      { applicationId: 'a', reference: 'CAT-1', companyName: 'C', tradeName: 'T', followUpStart: start, recordedOn, answered: [], milestones: [], closedAt: null },
      '2027-01-02',
    )
    expect(row.missed).toBe(1) // November's only
    expect(portfolioRow({ applicationId: 'a', reference: 'CAT-1', companyName: 'C', tradeName: 'T', followUpStart: start, recordedOn, answered: [], milestones: [], closedAt: null }, '2026-11-25').current)
      .toMatchObject({ number: 2, state: 'open' })
    // Answered all the same, a month before the deal reads answered.
    expect(checkInState(checkInMonth(start, 1), '2026-12-15', true, null, recordedOn)).toBe('answered')
  })

  it('asks for a month that opened before the recording with its invitation only, never a reminder or a late e-mail', () => {
    const october = checkInMonth(start, 2)
    expect(checkInMailDue(october, '2026-11-25', false, recordedOn)).toBe('invitation')
    expect(checkInMailDue(october, '2026-11-20', false, recordedOn)).toBe('invitation')
    expect(checkInMailDue(checkInMonth(start, 3), '2026-12-13', false, recordedOn)).toBe('late')
  })
})
