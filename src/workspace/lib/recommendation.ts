import { RECOMMENDATIONS, RECOMMENDATION_LABELS, type Recommendation } from '../../../domain/review.ts'

export { RECOMMENDATION_LABELS }

export function isRecommendation(value: unknown): value is Recommendation {
  return typeof value === 'string' && (RECOMMENDATIONS as readonly string[]).includes(value)
}
