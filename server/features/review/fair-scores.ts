/**
 * The normalised score and the "Para discutir" flag of a set of
 * applications, computed at read time from the reviews and the current
 * weights (domain/scoring.ts; ADR 0105). A reviewer's baseline is their own
 * reviews updated in the last NORMALISATION_WINDOW_DAYS.
 */
import type { CriterionKey } from '../../../domain/programme.ts'
import {
  NORMALISATION_WINDOW_DAYS,
  disagreements,
  needsDiscussion,
  normalisedScore,
  reviewerBaseline,
  weightedMean,
  zScore,
  type CriterionWeights,
  type ReviewerBaseline,
} from '../../../domain/scoring.ts'
import type { ScoredReview, ScoringStore } from '../../db/stores/scoring-store.ts'

export interface FairScore {
  /** Mean of the reviews' z-scores against each reviewer's own baseline; null when none applies. */
  normalised: number | null
  /** The reviews' weighted score, one per member (for the detail). */
  reviewScores: { memberId: string; score: number; z: number | null }[]
  /** Criteria two or more points apart. */
  disagreements: CriterionKey[]
  /** "Para discutir": disagreement not yet cleared for these scores. */
  discussion: boolean
}

const DAY_MS = 24 * 60 * 60 * 1000

export async function fairScores(scoring: ScoringStore, applicationIds: readonly string[], now: Date): Promise<Map<string, FairScore>> {
  const result = new Map<string, FairScore>()
  if (applicationIds.length === 0) return result
  const [weights, reviews, discussion] = await Promise.all([
    scoring.getWeights(),
    scoring.reviewsOf(applicationIds),
    scoring.discussionStates(applicationIds),
  ])
  const members = [...new Set(reviews.map((r) => r.memberId))]
  const history = await scoring.reviewsBy(members, new Date(now.getTime() - NORMALISATION_WINDOW_DAYS * DAY_MS))
  const baselines = baselinesOf(history, weights)
  const byApplication = new Map<string, ScoredReview[]>()
  for (const r of reviews) byApplication.set(r.applicationId, [...(byApplication.get(r.applicationId) ?? []), r])
  for (const id of applicationIds) {
    const list = byApplication.get(id) ?? []
    const reviewScores = list.map((r) => {
      const score = weightedMean(r.scores, weights)
      return { memberId: r.memberId, score, z: zScore(score, baselines.get(r.memberId) ?? null) }
    })
    result.set(id, {
      normalised: normalisedScore(reviewScores.map((s) => s.z)),
      reviewScores,
      disagreements: disagreements(list.map((r) => r.scores)),
      discussion: needsDiscussion(list, discussion.get(id)?.clearedScores ?? null),
    })
  }
  return result
}

function baselinesOf(history: readonly ScoredReview[], weights: CriterionWeights): Map<string, ReviewerBaseline> {
  const scores = new Map<string, number[]>()
  for (const r of history) scores.set(r.memberId, [...(scores.get(r.memberId) ?? []), weightedMean(r.scores, weights)])
  const baselines = new Map<string, ReviewerBaseline>()
  for (const [memberId, values] of scores) baselines.set(memberId, reviewerBaseline(values)!)
  return baselines
}
