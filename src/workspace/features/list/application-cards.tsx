/**
 * The applications list on narrow screens (below 768 px): one card
 * per application with what the table's columns hold, so nothing is off
 * screen on a phone. The table (routes/applications.tsx) takes over from 768 px.
 */
import { Link } from 'wouter'
import { companyDisplayName, companyLegalNameAside } from '../../../../domain/company-name.ts'
import type { ApplicationListItem, ConflictedListItem } from '../../../../domain/workspace-api/review.ts'
import { DueDate, ScoreSummaryText, StageBadge } from '../../components/badges.tsx'
import { countOf, formatDate } from '../../../../domain/format.ts'
import { paths } from '../../paths.ts'
import { DiscussionBadge, formatZ } from '../scoring/normalised.tsx'

export function ApplicationCards({ items, page }: { items: readonly (ApplicationListItem | ConflictedListItem)[]; page: number }) {
  return (
    <ul className="space-y-2 md:hidden" aria-label={`Postulaciones, página ${page}`}>
      {items.map((item) =>
        item.conflicted ? (
          <li key={item.id} className="rounded-lg border border-ink-200 bg-white p-3 text-sm">
            <span className="font-mono text-xs">{item.reference}</span>
            <span className="mt-1 block text-ink-700">Conflicto declarado</span>
          </li>
        ) : (
          <li key={item.id} className="rounded-lg border border-ink-200 bg-white p-3 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <Link href={paths.application(item.id)} className="block font-semibold text-ink-950 underline underline-offset-2">
                  {companyDisplayName(item)}
                </Link>
                {companyLegalNameAside(item) && <span className="block text-xs text-ink-600">{companyLegalNameAside(item)}</span>}
              </div>
              <StageBadge stage={item.stage} />
            </div>
            <p className="mt-1 text-xs text-ink-700">
              <span className="font-mono">{item.reference}</span> · {item.founderName} · Recibida {formatDate(item.createdAt)}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <div>
                <dt className="text-ink-600">Vence</dt>
                <dd className="text-sm">
                  <DueDate dueAt={item.stageDueAt} state={item.dueState} />
                </dd>
              </div>
              <div>
                <dt className="text-ink-600">Puntaje</dt>
                <dd className="text-sm">
                  <ScoreSummaryText average={item.average} spread={item.spread} count={item.reviewCount} hidden={!item.myReview && item.average === null} />
                  {item.normalised !== null && <span className="text-ink-600"> · normalizado {formatZ(item.normalised)}</span>}
                </dd>
              </div>
            </dl>
            <p className="mt-1 text-xs text-ink-600">
              {countOf(item.reviewCount, 'evaluación', 'evaluaciones')}
              {item.myReview && ', incl. la tuya'}
              {item.discussion && <DiscussionBadge />}
            </p>
          </li>
        ),
      )}
    </ul>
  )
}
