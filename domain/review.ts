/**
 * How the team judges an application: the programme's own five criteria
 * (the page's "A quién va dirigido", SELECTION_CRITERIA in programme.ts),
 * each scored 1 to 5 with an optional comment, and an overall
 * recommendation. Shared by the server (validation, aggregates) and the
 * workspace in the browser.
 */
import * as v from 'valibot'
import { keysOf } from './labels.ts'
import { SELECTION_CRITERIA, type CriterionKey } from './programme.ts'

export const SCORE_MIN = 1
export const SCORE_MAX = 5
export const SCORE_COMMENT_MAX = 2000
export const NOTE_MAX = 5000

export const RECOMMENDATION_LABELS = {
  avanzar: 'Avanzar',
  discutir: 'Discutir en equipo',
  no_avanzar: 'No avanzar',
} satisfies Record<string, string>
export const RECOMMENDATIONS = keysOf(RECOMMENDATION_LABELS)
export type Recommendation = (typeof RECOMMENDATIONS)[number]

const score = v.pipe(v.number(), v.integer(), v.minValue(SCORE_MIN), v.maxValue(SCORE_MAX))
const comment = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SCORE_COMMENT_MAX)), '')

/** One member's review of one application, as the browser sends it and the server stores it. */
export const ReviewInputSchema = v.strictObject({
  scores: v.strictObject(
    Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, score])) as Record<CriterionKey, typeof score>,
  ),
  comments: v.optional(
    v.strictObject(Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, comment])) as Record<CriterionKey, typeof comment>),
  ),
  recommendation: v.picklist(RECOMMENDATIONS),
  overallComment: comment,
})
export type ReviewInput = v.InferOutput<typeof ReviewInputSchema>

export type CriterionScores = Record<CriterionKey, number>

/** One review's overall score: the mean of its five criteria. */
export function reviewMean(scores: CriterionScores): number {
  const values = SELECTION_CRITERIA.map((c) => scores[c.key])
  return values.reduce((a, b) => a + b, 0) / values.length
}

export interface ScoreSummary {
  /** Reviews counted. */
  count: number
  /** Mean of the reviews' means, or null with no review. */
  average: number | null
  /** Highest minus lowest review mean: 0 when reviewers agree, up to 4. */
  spread: number | null
}

export function summarizeScores(reviews: readonly CriterionScores[]): ScoreSummary {
  if (reviews.length === 0) return { count: 0, average: null, spread: null }
  const means = reviews.map(reviewMean)
  return {
    count: means.length,
    average: means.reduce((a, b) => a + b, 0) / means.length,
    spread: Math.max(...means) - Math.min(...means),
  }
}
