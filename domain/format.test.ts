import { afterEach, describe, expect, it } from 'vitest'
import {
  bogotaClock,
  countOf,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDays,
  formatDataNumber,
  formatIsoDateTime,
  formatIsoDay,
  formatMoney,
  formatMonthShort,
  formatNumber,
  formatPercent,
  formatScore,
  formatShare,
  formatSigned,
  formatTime,
  formatWeekdayDateTime,
  numberFromText,
  plural,
  sentence,
} from './format.ts'

// Read the no-break spaces the formatter puts inside "8:26 p. m.", "7,5 %" and "US$ 85.000" as plain ones.
const plain = (s: string) => s.replace(/\u00a0/g, ' ')
const machineZone = process.env.TZ

afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ
  else process.env.TZ = machineZone
})

describe('numbers as es-CO writes them', () => {
  it('groups thousands with a point and writes decimals with a comma', () => {
    expect(formatNumber(1234)).toBe('1.234')
    expect(formatNumber(85000)).toBe('85.000')
    expect(formatNumber(1234567.891, { maxDecimals: 2 })).toBe('1.234.567,89')
    expect(formatNumber(4, { decimals: 2 })).toBe('4,00')
    expect(formatNumber(-0.01, { decimals: 1 })).toBe('0,0')
    expect(formatNumber(Number.NaN)).toBe('—')
    expect(formatCount(12345)).toBe('12.345')
  })

  it('writes scores with one decimal and a comma, the weighted one too ("4,0", never "4.00")', () => {
    expect(formatScore(4)).toBe('4,0')
    expect(formatScore(3.25)).toBe('3,3')
    expect(formatScore(null)).toBe('—')
    expect(formatSigned(0.534)).toBe('+0,53')
    expect(formatSigned(-1.2)).toBe('−1,20')
    expect(formatSigned(0.001)).toBe('0,00')
  })

  it('writes percentages as "7,5 %" and shares as whole percentages', () => {
    expect(plain(formatPercent(7.5))).toBe('7,5 %')
    expect(plain(formatPercent(10))).toBe('10 %')
    expect(plain(formatShare(0.875))).toBe('88 %')
    expect(formatShare(null)).toBe('—')
    expect(plain(formatShare(0))).toBe('0 %')
    expect(plain(formatShare(1))).toBe('100 %')
    // A part is never written as none or as all (a plan that has begun to run is not at "0 % emitido").
    expect(plain(formatShare(0.004))).toBe('0,4 %')
    expect(plain(formatShare(0.996))).toBe('99,6 %')
    expect(plain(formatShare(0.00004))).toBe('< 0,1 %')
    expect(plain(formatShare(0.99996))).toBe('> 99,9 %')
    expect(plain(formatShare(0.005))).toBe('1 %')
    // The figure and its sign never part at a line break.
    expect(formatPercent(7.5)).toBe('7,5\u00a0%')
  })

  it('writes money with its symbol first and Colombian grouping ("US$ 85.000", never "85000 USD")', () => {
    expect(plain(formatMoney(85000, 'USD'))).toBe('US$ 85.000')
    expect(plain(formatMoney(1234.5, 'USD'))).toBe('US$ 1.234,50')
    expect(plain(formatMoney(1500000, 'COP'))).toBe('$ 1.500.000')
    expect(plain(formatMoney(1500000.4, 'COP'))).toBe('$ 1.500.000')
    expect(plain(formatMoney(0, 'USD'))).toBe('US$ 0')
  })

  it('reads the form\'s stored numbers, with a point or a Colombian comma, and nothing else', () => {
    expect(numberFromText('85000')).toBe(85000)
    expect(numberFromText('7.5')).toBe(7.5)
    expect(numberFromText('7,5')).toBe(7.5)
    expect(numberFromText(' 12 ')).toBe(12)
    expect(numberFromText('85.000,00')).toBeUndefined()
    expect(numberFromText('unos 85 mil')).toBeUndefined()
    expect(numberFromText('')).toBeUndefined()
  })

  it('writes file sizes with a comma', () => {
    expect(plain(formatBytes(2_621_440))).toBe('2,5 MB')
    expect(plain(formatBytes(300))).toBe('1 KB')
  })
})

describe('numbers for a data file (the exports\' CSV, issue 32)', () => {
  it('writes a decimal comma and no thousands separator, as a Colombian Excel reads a number and no other misreads it', () => {
    expect(formatDataNumber(85000.5)).toBe('85000,5')
    expect(formatDataNumber(1_500_000_000)).toBe('1500000000')
    expect(formatDataNumber(52 / 14)).toBe('3,71')
    expect(formatDataNumber(52 / 14, 4)).toBe('3,7143')
    expect(formatDataNumber(-1.25)).toBe('-1,25')
    expect(formatDataNumber(-0.001)).toBe('0')
    expect(formatDataNumber(Number.NaN)).toBe('')
  })
})

describe('dates on Bogotá\'s clock', () => {
  // 01:26 UTC on 26 November is 8:26 p. m. on 25 November in Bogotá (UTC−5, no daylight saving).
  const evening = '2026-11-26T01:26:00Z'

  it('writes the Bogotá day and time while the machine runs UTC', () => {
    process.env.TZ = 'UTC'
    expect(new Date(evening).getDate()).toBe(26) // the machine's own day is the next one
    expect(formatDate(evening)).toBe('25 de noviembre de 2026')
    expect(plain(formatTime(evening))).toBe('8:26 p. m.')
    expect(plain(formatDateTime(evening))).toBe('25 de noviembre de 2026, 8:26 p. m.')
    expect(formatDayMonth(evening)).toBe('25 de noviembre')
    expect(formatIsoDay(evening)).toBe('2026-11-25')
  })

  it('writes the same text in any machine time zone, and from a Date, a string or a number', () => {
    process.env.TZ = 'Asia/Tokyo'
    const fromDate = formatDateTime(new Date(evening))
    process.env.TZ = 'America/Los_Angeles'
    expect(formatDateTime(evening)).toBe(fromDate)
    expect(formatDateTime(Date.parse(evening))).toBe(fromDate)
  })

  it('writes morning, noon and midnight hours as Colombians read them', () => {
    expect(plain(formatTime('2026-03-02T14:05:00Z'))).toBe('9:05 a. m.')
    expect(plain(formatTime('2026-03-02T17:00:00Z'))).toBe('12:00 p. m.')
    expect(plain(formatTime('2026-03-02T05:00:00Z'))).toBe('12:00 a. m.')
    expect(bogotaClock('2026-03-02T05:00:00Z')).toEqual({ year: 2026, month: 3, day: 2, hour: 0, minute: 0 })
    expect(formatDate('2026-01-01T04:59:00Z')).toBe('31 de diciembre de 2025')
  })

  it('writes an appointment with its weekday, Bogotá time: "martes 8 de diciembre de 2026, 4:00 p. m." (issue 32)', () => {
    process.env.TZ = 'Asia/Tokyo'
    // 21:00 UTC on Tuesday 8 December is 4:00 p. m. the same day in Bogotá; the hour and "p. m." held by no-break spaces.
    expect(formatWeekdayDateTime('2026-12-08T21:00:00.000Z')).toBe('martes 8 de diciembre de 2026, 4:00\u00a0p.\u00a0m.')
    // 02:30 UTC on a Sunday is still Saturday evening in Bogotá: the weekday is Bogotá's.
    expect(plain(formatWeekdayDateTime('2026-11-29T02:30:00.000Z'))).toBe('sábado 28 de noviembre de 2026, 9:30 p. m.')
    expect(plain(formatWeekdayDateTime(new Date('2027-01-04T14:00:00.000Z')))).toBe('lunes 4 de enero de 2027, 9:00 a. m.')
    expect(formatWeekdayDateTime(null)).toBe('—')
    expect(formatWeekdayDateTime('not a date')).toBe('—')
    // The general formatter keeps its text (other screens and tests read it).
    expect(plain(formatDateTime('2026-12-08T21:00:00.000Z'))).toBe('8 de diciembre de 2026, 4:00 p. m.')
  })

  it('reads a missing or broken date as "—"', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDateTime(undefined)).toBe('—')
    expect(formatDateTime('not a date')).toBe('—')
    expect(formatIsoDay(null)).toBe('')
  })

  it('writes a date and time for a data file as Bogotá\'s wall clock, "AAAA-MM-DD HH:MM" (the exports, issue 32)', () => {
    process.env.TZ = 'Asia/Tokyo'
    expect(formatIsoDateTime(evening)).toBe('2026-11-25 20:26')
    expect(formatIsoDateTime('2026-03-02T05:00:00Z')).toBe('2026-03-02 00:00')
    expect(formatIsoDateTime(null)).toBe('')
    expect(formatIsoDateTime('not a date')).toBe('')
  })

  it('ends a sentence after "p. m." with one period, never "p. m.."', () => {
    const text = sentence(`Guardado el ${formatDateTime(evening)}`)
    expect(plain(text)).toBe('Guardado el 25 de noviembre de 2026, 8:26 p. m.')
    expect(text).not.toMatch(/\.\.$/)
    expect(sentence('Hay una copia en curso')).toBe('Hay una copia en curso.')
    expect(sentence('¿Seguro?')).toBe('¿Seguro?')
  })
})

describe('months where room is short (charts)', () => {
  it('writes "ene 2027", the year held to its month, and the month alone on request', () => {
    expect(formatMonthShort('2027-01')).toBe('ene\u00a02027')
    expect(plain(formatMonthShort('2026-09'))).toBe('sept 2026')
    expect(plain(formatMonthShort('2027-12'))).toBe('dic 2027')
    expect(formatMonthShort('2027-05', { year: false })).toBe('may')
  })

  it('reads anything but "AAAA-MM" as "—"', () => {
    expect(formatMonthShort('2027-13')).toBe('—')
    expect(formatMonthShort('2027-00')).toBe('—')
    expect(formatMonthShort('2027-1')).toBe('—')
    expect(formatMonthShort('2027-01-15')).toBe('—')
  })
})

describe('plurals', () => {
  it('makes the words agree with the count', () => {
    expect(plural(1, 'postulación', 'postulaciones')).toBe('postulación')
    expect(plural(0, 'postulación', 'postulaciones')).toBe('postulaciones')
    expect(countOf(1, 'postulación abierta', 'postulaciones abiertas')).toBe('1 postulación abierta')
    expect(countOf(1200, 'postulación', 'postulaciones')).toBe('1.200 postulaciones')
    expect(formatDays(1)).toBe('1,0 día')
    expect(formatDays(2.5)).toBe('2,5 días')
    expect(formatDays(null)).toBe('—')
  })
})
