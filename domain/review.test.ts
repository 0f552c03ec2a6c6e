import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ReviewInputSchema, reviewMean, summarizeScores } from './review.ts'
import { scores } from './testing/scores.ts'


const validInput = () => ({
  scores: scores(4, 3, 5, 4, 2),
  comments: { productoValidado: '  Ventas reales en tres ciudades  ' },
  recommendation: 'avanzar',
  overallComment: 'Buen encaje',
})

describe('reviewMean and summarizeScores', () => {
  it('averages the five criteria of one review', () => {
    expect(reviewMean(scores(4, 3, 5, 4, 2))).toBe(3.6)
    expect(reviewMean(scores(1, 1, 1, 1, 1))).toBe(1)
    expect(reviewMean(scores(5, 5, 5, 5, 5))).toBe(5)
  })

  it('gives no average or spread without reviews', () => {
    expect(summarizeScores([])).toEqual({ count: 0, average: null, spread: null })
  })

  it('averages the reviews means and measures how far apart they are', () => {
    // means 3.6, 2 and 5
    const s = summarizeScores([scores(4, 3, 5, 4, 2), scores(2, 2, 2, 2, 2), scores(5, 5, 5, 5, 5)])
    expect(s.count).toBe(3)
    expect(s.average).toBeCloseTo(10.6 / 3, 10)
    expect(s.spread).toBeCloseTo(3, 10)
  })

  it('has no spread when reviewers agree', () => {
    expect(summarizeScores([scores(3, 3, 3, 3, 3), scores(1, 2, 3, 4, 5)])).toEqual({ count: 2, average: 3, spread: 0 })
  })
})

describe('ReviewInputSchema', () => {
  it('accepts a complete review, trims comments and defaults the overall comment', () => {
    const { overallComment: _, ...withoutOverall } = validInput()
    const out = v.parse(ReviewInputSchema, withoutOverall)
    expect(out.comments?.productoValidado).toBe('Ventas reales en tres ciudades')
    expect(out.overallComment).toBe('')
  })

  const refusals: [string, (i: ReturnType<typeof validInput>) => unknown][] = [
    ['a score below 1', (i) => ({ ...i, scores: { ...i.scores, productoValidado: 0 } })],
    ['a score above 5', (i) => ({ ...i, scores: { ...i.scores, modeloEscalable: 6 } })],
    ['a fractional score', (i) => ({ ...i, scores: { ...i.scores, primerosClientes: 3.5 } })],
    ['a score as text', (i) => ({ ...i, scores: { ...i.scores, primerosClientes: '3' } })],
    ['a missing criterion', (i) => ({ ...i, scores: { ...i.scores, aperturaParticipacion: undefined } })],
    ['an unknown criterion', (i) => ({ ...i, scores: { ...i.scores, otro: 3 } })],
    ['an unknown recommendation', (i) => ({ ...i, recommendation: 'tal_vez' })],
    ['no recommendation', (i) => ({ ...i, recommendation: undefined })],
    ['an unknown field', (i) => ({ ...i, extra: true })],
    ['a comment too long', (i) => ({ ...i, overallComment: 'x'.repeat(2001) })],
    ['a comment on an unknown criterion', (i) => ({ ...i, comments: { otro: 'x' } })],
  ]
  it.each(refusals)('refuses %s', (_, change) => {
    expect(v.safeParse(ReviewInputSchema, change(validInput())).success).toBe(false)
  })
})
