/**
 * The team's reviews: hidden from a member until they have submitted their
 * own (the server sends `others: null`), so no one anchors on the others.
 */
import { SELECTION_CRITERIA } from '../../../../domain/programme.ts'
import { RECOMMENDATION_LABELS, reviewMean } from '../../../../domain/review.ts'
import type { ApplicationDetail, Review } from '../../../../domain/workspace-api/review.ts'
import { Panel } from '../../components/ui.tsx'
import { countOf, formatDateTime, formatScore } from '../../../../domain/format.ts'

export const HIDDEN_REVIEWS_TEXT = 'Las evaluaciones del equipo se muestran cuando envíes la tuya.'

export function TeamReviews({ reviews }: { reviews: ApplicationDetail['reviews'] }) {
  const { summary, others } = reviews
  return (
    <Panel title="Evaluaciones del equipo">
      {others === null ? (
        <p className="rounded-md bg-ink-50 p-3 text-sm text-ink-800">{HIDDEN_REVIEWS_TEXT}</p>
      ) : (
        <>
          {summary && summary.count > 0 ? (
            <p className="text-sm">
              <span className="text-2xl font-bold tabular-nums">{formatScore(summary.average)}</span>
              <span className="text-ink-700"> ± {formatScore(summary.spread)}</span>
              <span className="ml-2 text-ink-600">
                promedio de {countOf(summary.count, 'evaluación', 'evaluaciones')} (± dispersión)
              </span>
            </p>
          ) : (
            <p className="text-sm text-ink-600">Aún no hay evaluaciones.</p>
          )}
          <ul className="mt-3 flex flex-col gap-3">
            {reviews.mine && <ReviewCard review={reviews.mine} who="Tú" />}
            {others.map((review) => (
              <ReviewCard key={review.member.id} review={review} who={review.member.name} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  )
}

function ReviewCard({ review, who }: { review: Review; who: string }) {
  return (
    <li className="rounded-md border border-ink-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold">{who}</p>
        <p className="text-sm">
          <span className="font-bold tabular-nums">{formatScore(reviewMean(review.scores))}</span>
          <span className="ml-2 text-ink-700">{RECOMMENDATION_LABELS[review.recommendation]}</span>
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-xs">
        {SELECTION_CRITERIA.map((c) => (
          <div key={c.key} className="contents">
            <dt className="text-ink-700">
              {c.title}
              {review.comments?.[c.key] && <span className="block text-ink-600 italic">{review.comments[c.key]}</span>}
            </dt>
            <dd className="text-right font-semibold tabular-nums">{review.scores[c.key]}</dd>
          </div>
        ))}
      </dl>
      {review.overallComment && <p className="mt-2 text-sm whitespace-pre-line text-ink-800">{review.overallComment}</p>}
      <p className="mt-1 text-xs text-ink-600">{formatDateTime(review.updatedAt)}</p>
    </li>
  )
}
