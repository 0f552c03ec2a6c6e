import { isOneOf } from '../../../domain/labels.ts'
import { RECOMMENDATIONS, RECOMMENDATION_LABELS, type Recommendation } from '../../../domain/review.ts'

export { RECOMMENDATION_LABELS }

export function isRecommendation(value: unknown): value is Recommendation {
  return isOneOf(RECOMMENDATIONS, value)
}
