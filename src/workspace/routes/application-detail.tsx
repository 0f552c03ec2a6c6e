/** /equipo/postulaciones/:id: read, move, score and annotate one application. */
import { Link, useParams } from 'wouter'
import { useApplication, useSession } from '../api/queries.ts'
import { DealPanel } from '../features/deals/deal-panel.tsx'
import { FollowUpPanel } from '../features/follow-up/follow-up-panel.tsx'
import { MediaPlanPanel } from '../features/media-plan/media-plan-panel.tsx'
import { StageBadge } from '../components/badges.tsx'
import { Loading, PageHeader, Panel, QueryError } from '../components/ui.tsx'
import { AssignmentPanel } from '../features/scoring/assignment-panel.tsx'
import { ConflictNotice, ConflictsPanel, isConflictRefusal } from '../features/conflicts/conflicts.tsx'
import { ApplicationFields } from '../features/detail/application-fields.tsx'
import { Documents } from '../features/detail/documents.tsx'
import { Notes } from '../features/detail/notes.tsx'
import { ReviewForm } from '../features/detail/review-form.tsx'
import { StageActions } from '../features/detail/stage-actions.tsx'
import { TeamReviews } from '../features/detail/team-reviews.tsx'
import { EmailStatuses, Timeline } from '../features/detail/timeline.tsx'
import { formatDate, formatDateTime } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'
import { useMarkSeen } from '../features/founder-activity/founder-activity.tsx'
import { PanelSection } from '../features/panel/panel-section.tsx'

/** The parts the page jumps to (issue 19: on a phone the page is several screens tall). */
const PARTS = { sesion: 'sesion-panel', datos: 'datos', documentos: 'documentos', evaluacion: 'evaluacion', notas: 'notas', historial: 'historial' } as const
/** Clear of the sticky jump links when scrolled to; each part's panels keep their own gaps. */
const PART_CLASS = 'flex scroll-mt-16 flex-col gap-4'

/** In the page's order on a phone; sticky at the top while the page scrolls. */
function JumpLinks({ panel }: { panel: boolean }) {
  const links: [string, string][] = [
    // The panel session's section, while the application is at that stage (issue 21).
    ...(panel ? ([[PARTS.sesion, 'Panel']] as [string, string][]) : []),
    [PARTS.datos, 'Datos'],
    [PARTS.documentos, 'Documentos'],
    [PARTS.historial, 'Historial'],
    [PARTS.evaluacion, 'Evaluación'],
    [PARTS.notas, 'Notas'],
  ]
  return (
    <nav aria-label="Partes de la postulación" className="sticky top-0 z-10 -mx-4 mb-4 border-b border-ink-200 bg-ink-50/95 px-2 py-1.5 backdrop-blur sm:px-4 lg:static lg:mx-0 lg:rounded-lg lg:border lg:bg-white lg:px-3 lg:py-2">
      {/* Six links (the panel stage's) still fit one row on a 390 px phone: a little less room around each there. */}
      <ul className={`flex flex-wrap justify-between ${panel ? 'gap-x-0' : 'gap-x-1'} text-sm sm:justify-start sm:gap-x-1`}>
        {links.map(([id, label]) => (
          <li key={id} className="shrink-0">
            <a href={`#${id}`} className={`block rounded ${panel ? 'px-0.5' : 'px-1.5'} py-1.5 font-semibold text-ink-800 underline-offset-2 hover:bg-ink-100 hover:underline sm:px-2.5`}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function ApplicationDetailPage() {
  const { id } = useParams<{ id: string }>()
  const detail = useApplication(id)
  const isAdmin = useSession().data?.member.role === 'admin'
  // Opened: what the founder did since this member last looked is seen (the badge goes).
  useMarkSeen(id, detail.isSuccess)
  useTitle(detail.data ? `${detail.data.reference} · ${detail.data.formData.tradeName || detail.data.formData.companyName}` : 'Postulación')

  const back = (
    <Link href={paths.applications} className="mb-3 inline-block text-sm font-semibold text-ink-700 underline underline-offset-2">
      ← Volver a postulaciones
    </Link>
  )
  if (detail.isPending) return <>{back}<Loading /></>
  if (detail.error && isConflictRefusal(detail.error)) return <>{back}<ConflictNotice /></>
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
      <JumpLinks panel={app.stage === 'sesion_panel'} />
      {/* One column on narrow screens (stage first, then the application, then judging it); two on wide ones. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <StageActions application={app} />
          {/* The deal (issue 20): admins only; a reviewer never sees it (ADR 0159). */}
          {isAdmin && app.stage === 'acuerdo_firmado' && <DealPanel applicationId={app.id} />}
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {/* The media plan and what ran (issue 20): admins only, like the deal. */}
          {isAdmin && app.stage === 'acuerdo_firmado' && <MediaPlanPanel applicationId={app.id} />}
          {/* The twelve months of follow-up (issue 20): admins only, like the deal. */}
          {isAdmin && app.stage === 'acuerdo_firmado' && <FollowUpPanel applicationId={app.id} />}
          <div id={PARTS.sesion} className={`${PART_CLASS} empty:hidden`}>
            <PanelSection applicationId={app.id} stage={app.stage} />
          </div>
          <div id={PARTS.datos} className={PART_CLASS}>
            <ApplicationFields formData={app.formData} />
          </div>
          <div id={PARTS.documentos} className={PART_CLASS}>
            <Documents applicationId={app.id} />
          </div>
          <div id={PARTS.historial} className={PART_CLASS}>
            <Timeline entries={app.timeline} />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-4 self-start lg:col-start-2 lg:row-start-2">
          <AssignmentPanel applicationId={app.id} />
          <div id={PARTS.evaluacion} className={PART_CLASS}>
            <ReviewForm key={`${app.id}-${app.reviews.mine ? 'mine' : 'new'}`} applicationId={app.id} mine={app.reviews.mine} />
          </div>
          <TeamReviews reviews={app.reviews} />
          <div id={PARTS.notas} className={PART_CLASS}>
            <Notes applicationId={app.id} notes={app.notes} />
          </div>
          <ConflictsPanel applicationId={app.id} suggest={app.suggestConflict} />
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
