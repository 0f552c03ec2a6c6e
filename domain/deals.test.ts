import { describe, expect, it } from 'vitest'
import { changedFields, dealInputOf, formatBp, formatCop, formatUsdCents, mediaRate, pastFollowUpStartProblem, periodEnd, readDeal, readRateCard, type DealInput } from './deals.ts'

const NBSP = '\u00a0'
const input = (over: Partial<DealInput> = {}): DealInput => ({
  equityPercent: '4,5',
  instrument: 'acciones',
  discountPercent: '',
  valuationUsd: '1.500.000',
  mediaValueCop: '1.500.000.000',
  investmentValueCop: '500.000.000',
  windowStart: '2027-01-15',
  windowMonths: 6,
  followUpStart: '2026-12-01',
  rateCardVersionId: null,
  ...over,
})

describe('readDeal', () => {
  it('reads what a Colombian types into integers: hundredths of a point, US cents, whole pesos', () => {
    const r = readDeal(input({ valuationUsd: '1.500.000,50' }))
    expect(r).toEqual({
      ok: true,
      terms: {
        equityBp: 450,
        instrument: 'acciones',
        discountBp: null,
        valuationUsdCents: 150_000_050,
        mediaValueCop: 1_500_000_000,
        investmentValueCop: 500_000_000,
        windowStart: '2027-01-15',
        windowMonths: 6,
        followUpStart: '2026-12-01',
        rateCardVersionId: null,
      },
    })
    expect(readDeal(input({ equityPercent: '4.5' })).ok && (readDeal(input({ equityPercent: '4.5' })) as { terms: { equityBp: number } }).terms.equityBp).toBe(450)
    expect(readDeal(input({ equityPercent: '12,25 %' }))).toMatchObject({ ok: true, terms: { equityBp: 1225 } })
  })

  it('a convertible note carries its discount; shares carry none', () => {
    expect(readDeal(input({ instrument: 'nota_convertible', discountPercent: '20' }))).toMatchObject({ ok: true, terms: { discountBp: 2000 } })
    expect(readDeal(input({ instrument: 'nota_convertible', discountPercent: '' }))).toMatchObject({ ok: false, errors: { discountPercent: expect.stringContaining('descuento') } })
    expect(readDeal(input({ instrument: 'acciones', discountPercent: '20' }))).toMatchObject({ ok: false, errors: { discountPercent: 'El descuento solo aplica a una nota convertible.' } })
  })

  it('refuses, field by field in Spanish: a percentage out of 0-100, a window not 6-12 months, negative or zero money, ambiguous numbers, centavos', () => {
    const errors = (over: Partial<DealInput>) => {
      const r = readDeal(input(over))
      if (r.ok) throw new Error('expected a refusal')
      return r.errors
    }
    expect(errors({ equityPercent: '101' }).equityPercent).toBe('El porcentaje de participación debe ser mayor que 0 y como máximo 100 %.')
    expect(errors({ equityPercent: '0' }).equityPercent).toMatch(/mayor que 0/)
    expect(errors({ equityPercent: '-3' }).equityPercent).toBe('El porcentaje de participación no puede ser negativo.')
    expect(errors({ equityPercent: '4.500' }).equityPercent).toMatch(/dos formas/)
    expect(errors({ windowMonths: 5 }).windowMonths).toBe('La ventana de exposición dura de 6 a 12 meses.')
    expect(errors({ windowMonths: 13 }).windowMonths).toBe('La ventana de exposición dura de 6 a 12 meses.')
    expect(errors({ mediaValueCop: '-1.000' }).mediaValueCop).toBe('El valor de la pauta a tarifa no puede ser negativo.')
    expect(errors({ investmentValueCop: '0' }).investmentValueCop).toBe('El valor de inversión acordado debe ser mayor que 0.')
    expect(errors({ mediaValueCop: '1,500,000' }).mediaValueCop).toMatch(/dos formas/)
    expect(errors({ mediaValueCop: '1.500.000,50' }).mediaValueCop).toBe('El valor de la pauta a tarifa va en pesos enteros, sin centavos.')
    expect(errors({ valuationUsd: '1,250.50' }).valuationUsd).toMatch(/dos formas/)
    expect(errors({ mediaValueCop: '99.000.000.000.000' }).mediaValueCop).toMatch(/demasiado grande/)
    expect(errors({ windowStart: '2027-02-30' }).windowStart).toMatch(/fecha de inicio/)
    expect(errors({ followUpStart: '' }).followUpStart).toMatch(/seguimiento/)
  })

  it('a stored deal reads back to the same terms (the correction starts from it)', () => {
    const r = readDeal(input({ instrument: 'nota_convertible', discountPercent: '17,5', valuationUsd: '2.000.000,25' }))
    if (!r.ok) throw new Error('expected a reading')
    expect(readDeal(dealInputOf(r.terms))).toEqual(r)
    expect(changedFields(r.terms, { ...r.terms, windowMonths: 9, equityBp: 500 })).toEqual(['equityBp', 'windowMonths'])
  })
})

describe('the deal in Colombian figures', () => {
  it('formats money, percentages and the rate between media and investment', () => {
    expect(formatCop(1_500_000_000)).toBe(`$${NBSP}1.500.000.000`)
    expect(formatUsdCents(150_000_050)).toBe(`US$${NBSP}1.500.000,50`)
    expect(formatBp(450)).toBe(`4,5${NBSP}%`)
    expect(mediaRate(1_500_000_000, 500_000_000)).toBe('3,0 : 1')
    expect(mediaRate(1_000, 0)).toBe('—')
  })

  it('ends a window on the day before the same day, months later', () => {
    expect(periodEnd('2027-01-15', 6)).toBe('2027-07-14')
    expect(periodEnd('2027-01-01', 12)).toBe('2027-12-31')
    expect(periodEnd('2027-08-31', 6)).toBe('2028-02-29')
  })
})

describe('readRateCard', () => {
  it('reads lines with whole-peso prices and refuses a bad or repeated one, saying which', () => {
    expect(readRateCard([{ outlet: 'tv_nacional', format: ' Spot 30" por franja ', unitPriceCop: '12.000.000' }])).toEqual({
      ok: true,
      items: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 12_000_000 }],
    })
    const r = readRateCard([
      { outlet: 'tv_nacional', format: 'Spot 30"', unitPriceCop: '12.000.000' },
      { outlet: 'tv_nacional', format: 'spot 30"', unitPriceCop: '1' },
      { outlet: 'radio_regional', format: 'Cuña', unitPriceCop: '-5' },
    ])
    expect(r).toEqual({ ok: false, message: 'Revisa las 2 líneas marcadas del tarifario.', errors: { 1: 'Ese medio y formato ya están en otra línea.', 2: 'El precio unitario no puede ser negativo.' } })
    expect(readRateCard([])).toEqual({ ok: true, items: [] })
  })
})

describe('a follow-up start in the past (issue 32)', () => {
  it('asks for a confirmation, saying what it means; not for today, a future day, or a start the deal already had', () => {
    const problem = pastFollowUpStartProblem({ followUpStart: '2026-10-01' }, '2026-11-23')
    expect(problem).toContain('1 de octubre de 2026')
    expect(problem).toContain('ningún reporte de un mes que se abrió antes del acuerdo contará como sin respuesta; el que siga abierto se pide sin recordatorios')
    expect(pastFollowUpStartProblem({ followUpStart: '2026-10-01', confirmPastFollowUpStart: true }, '2026-11-23')).toBeNull()
    expect(pastFollowUpStartProblem({ followUpStart: '2026-11-23' }, '2026-11-23')).toBeNull()
    expect(pastFollowUpStartProblem({ followUpStart: '2026-12-01' }, '2026-11-23')).toBeNull()
    expect(pastFollowUpStartProblem({ followUpStart: '2026-10-01' }, '2026-11-23', '2026-10-01')).toBeNull()
  })
})
