/** /equipo/postulaciones/:id: read, move, score and annotate one application. */
import { Link, useParams } from 'wouter'
import { useApplication } from '../api/queries.ts'
import { StageBadge } from '../components/badges.tsx'
import { Loading, PageHeader, Panel, QueryError } from '../components/ui.tsx'
import { ApplicationFields } from '../features/detail/application-fields.tsx'
import { Notes } from '../features/detail/notes.tsx'
import { ReviewForm } from '../features/detail/review-form.tsx'
import { StageActions } from '../features/detail/stage-actions.tsx'
import { TeamReviews } from '../features/detail/team-reviews.tsx'
import { EmailStatuses, Timeline } from '../features/detail/timeline.tsx'
import { formatDate, formatDateTime } from '../lib/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

export function ApplicationDetailPage() {
  const { id } = useParams<{ id: string }>()
  const detail = useApplication(id)
  useTitle(detail.data ? `${detail.data.reference} · ${detail.data.formData.tradeName || detail.data.formData.companyName}` : 'Postulación')

  const back = (
    <Link href={paths.applications} className="mb-3 inline-block text-sm font-semibold text-ink-700 underline underline-offset-2">
      ← Volver a postulaciones
    </Link>
  )
  if (detail.isPending) return <>{back}<Loading /></>
  if (detail.error) return <>{back}<QueryError error={detail.error} retry={() => void detail.refetch()} /></>
  const app = detail.data
  const { companyName, tradeName, founderName } = app.formData

  return (
    <>
      {back}
      <PageHeader
        title={tradeName || companyName}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono">{app.reference}</span>
            <span>{companyName}</span>
            <span>{founderName}</span>
            <span>Recibida {formatDate(app.createdAt)}</span>
            <StageBadge stage={app.stage} />
          </span>
        }
      />
      {/* One column on narrow screens (stage first, then the application, then judging it); two on wide ones. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <StageActions application={app} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ApplicationFields formData={app.formData} />
          <Timeline entries={app.timeline} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 self-start lg:col-start-2 lg:row-start-2">
          <ReviewForm key={`${app.id}-${app.reviews.mine ? 'mine' : 'new'}`} applicationId={app.id} mine={app.reviews.mine} />
          <TeamReviews reviews={app.reviews} />
          <Notes applicationId={app.id} notes={app.notes} />
          <EmailStatuses emails={app.emails} />
          <Panel title="Consentimiento">
            {app.consent ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-ink-600">Aceptó</dt>
                <dd>{formatDateTime(app.consent.acceptedAt)}</dd>
                <dt className="text-ink-600">Política</dt>
                <dd>versión {app.consent.policyVersion}</dd>
              </dl>
            ) : (
              <p className="text-sm text-ink-600">Sin registro de consentimiento.</p>
            )}
          </Panel>
        </div>
      </div>
    </>
  )
}
