import { describe, expect, it } from 'vitest'
import { scores } from './testing/scores.ts'
import {
  DEFAULT_WEIGHTS,
  applicationScores,
  conflictKey,
  disagreements,
  isValidWeight,
  needsDiscussion,
  normalisedScore,
  proposeAssignments,
  reviewerBaseline,
  scoresFingerprint,
  weightedMean,
  zScore,
} from './scoring.ts'


describe('weightedMean', () => {
  it('is the plain mean with equal weights', () => {
    expect(weightedMean(scores(1, 2, 3, 4, 5))).toBe(3)
    expect(weightedMean(scores(5, 5, 4, 4, 4), DEFAULT_WEIGHTS)).toBeCloseTo(4.4, 12)
  })

  it('weighs each criterion', () => {
    // (3·5 + 1·1 + 1·1 + 1·1 + 1·1) / 7 = 19/7
    const weights = { ...DEFAULT_WEIGHTS, productoValidado: 3 }
    expect(weightedMean(scores(5, 1, 1, 1, 1), weights)).toBeCloseTo(19 / 7, 12)
    // (0.5·4 + 2·2 + 1·3 + 1·5 + 1·1) / 5.5 = 15/5.5
    expect(weightedMean(scores(4, 2, 3, 5, 1), { ...DEFAULT_WEIGHTS, productoValidado: 0.5, primerosClientes: 2 })).toBeCloseTo(15 / 5.5, 12)
  })

  it("gives an application's plain average and weighted score from its reviews; none without a review", () => {
    const weights = { ...DEFAULT_WEIGHTS, productoValidado: 3 }
    const both = applicationScores([scores(5, 4, 4, 3, 5), scores(3, 3, 3, 3, 3)], weights)!
    expect(both.average).toBeCloseTo((4.2 + 3) / 2, 12)
    expect(both.weighted).toBeCloseTo((31 / 7 + 3) / 2, 12)
    expect(applicationScores([scores(5, 4, 4, 3, 5)])).toEqual({ average: 4.2, weighted: 4.2 })
    expect(applicationScores([], weights)).toBeNull()
  })

  it('accepts weights in (0, 10] only', () => {
    expect([0, -1, 10.5, Number.NaN].map(isValidWeight)).toEqual([false, false, false, false])
    expect([0.1, 1, 10].map(isValidWeight)).toEqual([true, true, true])
  })
})

describe('per-reviewer normalisation', () => {
  it('computes the baseline (population sd) and the z-score', () => {
    const baseline = reviewerBaseline([2, 4, 4, 4, 5, 5, 7, 9])!
    expect(baseline).toEqual({ count: 8, mean: 5, sd: 2 })
    expect(zScore(9, baseline)).toBe(2)
    expect(zScore(4, baseline)).toBe(-0.5)
  })

  it('puts a harsh and a lenient reviewer on the same scale', () => {
    const harsh = reviewerBaseline([1, 2, 2, 3, 2])!
    const lenient = reviewerBaseline([3, 4, 4, 5, 4])!
    // The same judgement, two points apart on the raw scale: the same normalised score.
    expect(zScore(3, harsh)!).toBeCloseTo(zScore(5, lenient)!, 12)
    // 1 / sqrt(0.4)
    expect(zScore(3, harsh)!).toBeCloseTo(1.5811388, 6)
  })

  it('does not apply below the minimum number of reviews', () => {
    const four = reviewerBaseline([1, 2, 3, 4])
    expect(zScore(4, four)).toBeNull()
    expect(zScore(4, four, 4)).not.toBeNull()
    expect(zScore(3, null)).toBeNull()
    expect(reviewerBaseline([])).toBeNull()
  })

  it('gives 0 when the reviewer never varies (zero variance)', () => {
    const flat = reviewerBaseline([3, 3, 3, 3, 3])!
    expect(flat.sd).toBe(0)
    expect(zScore(3, flat)).toBe(0)
  })

  it("averages the applicable reviews' z-scores", () => {
    expect(normalisedScore([1, null, -0.5])).toBe(0.25)
    expect(normalisedScore([null, null])).toBeNull()
    expect(normalisedScore([])).toBeNull()
  })
})

describe('disagreement', () => {
  const a = { memberId: 'a', scores: scores(5, 3, 3, 3, 3) }
  const b = { memberId: 'b', scores: scores(3, 3, 4, 3, 3) }
  const c = { memberId: 'c', scores: scores(4, 4, 4, 4, 4) }

  it('flags the criteria 2 or more points apart', () => {
    expect(disagreements([a.scores, b.scores])).toEqual(['productoValidado'])
    expect(disagreements([a.scores, c.scores])).toEqual([])
    expect(disagreements([a.scores])).toEqual([])
  })

  it('stays cleared until the scores change, and re-flags only if they still disagree', () => {
    expect(needsDiscussion([a, b], null)).toBe(true)
    expect(needsDiscussion([a, c], null)).toBe(false)
    const cleared = scoresFingerprint([a, b])
    expect(scoresFingerprint([b, a])).toBe(cleared)
    expect(needsDiscussion([b, a], cleared)).toBe(false)
    // A third review changes the scores and the disagreement remains: flagged again.
    expect(needsDiscussion([a, b, c], cleared)).toBe(true)
    // A changed score that ends the disagreement: not flagged.
    expect(needsDiscussion([{ ...a, scores: scores(4, 3, 3, 3, 3) }, b], cleared)).toBe(false)
  })
})

describe('proposeAssignments', () => {
  it('hands out to the least loaded, ties by member id, never to a conflicted member', () => {
    const plan = proposeAssignments({
      applicationIds: ['app1', 'app2', 'app3', 'app4'],
      reviewers: [
        { memberId: 'm2', load: 0 },
        { memberId: 'm1', load: 0 },
        { memberId: 'm3', load: 2 },
      ],
      conflicts: new Set([conflictKey('app1', 'm1')]),
    })
    expect(plan).toEqual([
      { applicationId: 'app1', memberId: 'm2' },
      { applicationId: 'app2', memberId: 'm1' },
      { applicationId: 'app3', memberId: 'm1' },
      { applicationId: 'app4', memberId: 'm2' },
    ])
  })

  it('leaves out an application every reviewer is conflicted with', () => {
    const plan = proposeAssignments({
      applicationIds: ['app1'],
      reviewers: [{ memberId: 'm1', load: 0 }],
      conflicts: new Set([conflictKey('app1', 'm1')]),
    })
    expect(plan).toEqual([])
  })
})
