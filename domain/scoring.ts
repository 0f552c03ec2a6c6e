/**
 * Fair scores: the weighted mean of a review, each reviewer's scores put on a
 * common scale (a z-score against their own recent reviews), the
 * disagreement flag ("Para discutir") and the balanced proposal behind
 * "Repartir". Pure functions shared by the server and the browser; see
 * docs/decisions/0105-weighted-and-normalised-scores.md.
 */
import { SELECTION_CRITERIA, type CriterionKey } from './programme.ts'
import { reviewMean, type CriterionScores } from './review.ts'

export type CriterionWeights = Record<CriterionKey, number>

export const WEIGHT_MIN_EXCLUSIVE = 0
export const WEIGHT_MAX = 10
/** A criterion without a stored weight counts as 1: equal weights by default. */
export const DEFAULT_WEIGHT = 1

export const DEFAULT_WEIGHTS: CriterionWeights = Object.fromEntries(
  SELECTION_CRITERIA.map((c) => [c.key, DEFAULT_WEIGHT]),
) as CriterionWeights

export function isValidWeight(weight: number): boolean {
  return Number.isFinite(weight) && weight > WEIGHT_MIN_EXCLUSIVE && weight <= WEIGHT_MAX
}

/** One review's score: Σ wᵢ·sᵢ / Σ wᵢ over the five criteria (the plain mean with equal weights). */
export function weightedMean(scores: CriterionScores, weights: CriterionWeights = DEFAULT_WEIGHTS): number {
  let sum = 0
  let total = 0
  for (const { key } of SELECTION_CRITERIA) {
    sum += weights[key] * scores[key]
    total += weights[key]
  }
  return sum / total
}

/**
 * An application's two scores from its counted reviews (the exports, ADR 0195): `average`, the plain mean of
 * the reviews' means (the five criteria alike), and `weighted`, the mean of their weighted means under
 * `weights` (the list's «Puntaje», ADR 0105). Null without a review.
 */
export function applicationScores(reviews: readonly CriterionScores[], weights: CriterionWeights = DEFAULT_WEIGHTS): { average: number; weighted: number } | null {
  if (reviews.length === 0) return null
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  return { average: mean(reviews.map(reviewMean)), weighted: mean(reviews.map((r) => weightedMean(r, weights))) }
}

/** Reviews a reviewer needs in the window before their scores are normalised. */
export const NORMALISATION_MIN_REVIEWS = 5
/** The window of a reviewer's own reviews the normalisation looks at. */
export const NORMALISATION_WINDOW_DAYS = 365

export interface ReviewerBaseline {
  /** Reviews in the window. */
  count: number
  mean: number
  /** Population standard deviation of the reviewer's review scores. */
  sd: number
}

/** A reviewer's baseline from their reviews' (weighted) scores in the window; null with none. */
export function reviewerBaseline(scores: readonly number[]): ReviewerBaseline | null {
  if (scores.length === 0) return null
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length
  const variance = scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length
  return { count: scores.length, mean, sd: Math.sqrt(variance) }
}

/** Below this a standard deviation is rounding noise: the reviewer gives every application the same score. */
const SD_EPSILON = 1e-9

/**
 * How many of the reviewer's own standard deviations `score` lies above
 * (or below) their usual score. Null when the baseline has fewer than
 * `minReviews` reviews (not applicable). A reviewer whose scores never vary
 * gives every application their usual score: 0, not a division by zero.
 */
export function zScore(score: number, baseline: ReviewerBaseline | null, minReviews = NORMALISATION_MIN_REVIEWS): number | null {
  if (!baseline || baseline.count < minReviews) return null
  if (baseline.sd < SD_EPSILON) return 0
  return (score - baseline.mean) / baseline.sd
}

/** The application's normalised score: the mean of its reviews' z-scores that apply; null if none does. */
export function normalisedScore(zScores: readonly (number | null)[]): number | null {
  const applicable = zScores.filter((z): z is number => z !== null)
  if (applicable.length === 0) return null
  return applicable.reduce((a, b) => a + b, 0) / applicable.length
}

/** Reviewers this many points apart on one criterion disagree. */
export const DISAGREEMENT_POINTS = 2

/** The criteria on which at least two reviewers are DISAGREEMENT_POINTS or more apart. */
export function disagreements(reviews: readonly CriterionScores[]): CriterionKey[] {
  if (reviews.length < 2) return []
  return SELECTION_CRITERIA.filter(({ key }) => {
    const values = reviews.map((r) => r[key])
    return Math.max(...values) - Math.min(...values) >= DISAGREEMENT_POINTS
  }).map((c) => c.key)
}

/**
 * The scores an admin looked at when clearing "Para discutir", as one
 * string: each reviewer's five scores, in member order. Comments and
 * recommendations are left out, so editing them does not re-flag.
 */
export function scoresFingerprint(reviews: readonly { memberId: string; scores: CriterionScores }[]): string {
  return [...reviews]
    .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0))
    .map((r) => `${r.memberId}:${SELECTION_CRITERIA.map((c) => r.scores[c.key]).join(',')}`)
    .join(';')
}

/**
 * "Para discutir": reviewers disagree, and an admin has not cleared these
 * very scores. A later review re-flags only if it changes the scores (a new
 * reviewer, or a changed score) and they still disagree.
 */
export function needsDiscussion(
  reviews: readonly { memberId: string; scores: CriterionScores }[],
  clearedFingerprint: string | null,
): boolean {
  if (disagreements(reviews.map((r) => r.scores)).length === 0) return false
  return clearedFingerprint === null || clearedFingerprint !== scoresFingerprint(reviews)
}

export interface ProposalInput {
  /** Unassigned open applications, in the order they should be handed out (oldest first). */
  applicationIds: readonly string[]
  /** Active reviewers with their current open load (assigned open applications). */
  reviewers: readonly { memberId: string; load: number }[]
  /** `${applicationId}:${memberId}` of every active conflict. */
  conflicts: ReadonlySet<string>
}

export interface ProposedAssignment {
  applicationId: string
  memberId: string
}

export const conflictKey = (applicationId: string, memberId: string) => `${applicationId}:${memberId}`

/**
 * "Repartir": one reviewer per application, each to the least loaded
 * reviewer who has no conflict with it; ties go to the member id that sorts
 * first, so the same state always gives the same plan. An application every
 * reviewer is conflicted with is left out.
 */
export function proposeAssignments(input: ProposalInput): ProposedAssignment[] {
  const load = new Map(input.reviewers.map((r) => [r.memberId, r.load]))
  const members = [...load.keys()].sort()
  const plan: ProposedAssignment[] = []
  for (const applicationId of input.applicationIds) {
    let best: string | null = null
    for (const memberId of members) {
      if (input.conflicts.has(conflictKey(applicationId, memberId))) continue
      if (best === null || load.get(memberId)! < load.get(best)!) best = memberId
    }
    if (best === null) continue
    load.set(best, load.get(best)! + 1)
    plan.push({ applicationId, memberId: best })
  }
  return plan
}
