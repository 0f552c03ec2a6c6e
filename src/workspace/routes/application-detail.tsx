/** /equipo/postulaciones/:id: read, move, score and annotate one application. */
import type { ReactNode } from 'react'
import { Link, useParams } from 'wouter'
import type { ApplicationDetail } from '../../../domain/workspace-api/review.ts'
import { useApplication, useSession } from '../api/queries.ts'
import { AgreementPanel } from '../features/agreements/agreement-panel.tsx'
import { DealPanel } from '../features/deals/deal-panel.tsx'
import { FollowUpPanel } from '../features/follow-up/follow-up-panel.tsx'
import { MediaPlanPanel } from '../features/media-plan/media-plan-panel.tsx'
import { HoldingPanel } from '../features/holdings/holding-panel.tsx'
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
import { mayHavePanel, PanelSection, PANEL_STAGE } from '../features/panel/panel-section.tsx'
import { usePanel } from '../api/panel-queries.ts'
import { HEARD_FROM_LABEL, originText } from '../../../domain/sources.ts'
import type { Stage } from '../../../domain/pipeline.ts'

/** The parts the page jumps to (on a phone the page is several screens tall, a signed startup's many). */
const PARTS = {
  acuerdo: 'acuerdo',
  plan: 'plan-de-medios',
  seguimiento: 'seguimiento',
  sesion: 'sesion-panel',
  datos: 'datos',
  documentos: 'documentos',
  evaluacion: 'evaluacion',
  notas: 'notas',
  historial: 'historial',
} as const
/**
 * A part: the jump links' target, focused when reached (tabIndex −1, so a keyboard or screen reader goes
 * on from its heading), clear of the sticky jump links when scrolled to; each part's panels keep their own
 * gaps.
 */
function Part({ id, children, className = '' }: { id: string; children: ReactNode; className?: string }) {
  return (
    <div id={id} tabIndex={-1} className={`flex scroll-mt-24 flex-col gap-4 outline-none lg:scroll-mt-4 ${className}`}>
      {children}
    </div>
  )
}

/** Which parts this application's page draws, in their order on a phone: the jump links name those and no other. */
function usePartsShown(applicationId: string, stage: Stage, signedForAdmin: boolean): [string, string][] {
  // The panel session's section: at that stage, and after it while a session was booked (PanelSection's own rule).
  const panel = usePanel(applicationId, mayHavePanel(stage))
  const panelShown = stage === PANEL_STAGE || (panel.data !== undefined && (panel.data.stage === PANEL_STAGE || panel.data.session !== null))
  return [
    // The deal, the plan and the follow-up: admins only, once signed.
    ...(signedForAdmin ? ([[PARTS.acuerdo, 'Acuerdo'], [PARTS.plan, 'Plan'], [PARTS.seguimiento, 'Seguimiento']] as [string, string][]) : []),
    ...(panelShown ? ([[PARTS.sesion, 'Panel']] as [string, string][]) : []),
    [PARTS.datos, 'Datos'],
    [PARTS.documentos, 'Documentos'],
    [PARTS.historial, 'Historial'],
    [PARTS.evaluacion, 'Evaluación'],
    [PARTS.notas, 'Notas'],
  ]
}

/**
 * In the page's order on a phone; sticky at the top while the page scrolls, one row there. Up to six links
 * fit a 390 px phone; a signed startup's nine scroll sideways (two rows took 75 px of every screen): the
 * link cut at the edge says there are more, and a link reached with Tab is scrolled into view. On a wide
 * screen (`lg`), where they no longer stick, they wrap.
 */
function JumpLinks({ links }: { links: [string, string][] }) {
  const tight = links.length === 6
  return (
    <nav aria-label="Partes de la postulación" className="sticky top-0 z-10 -mx-4 mb-4 border-b border-ink-200 bg-ink-50/95 px-2 py-1.5 backdrop-blur sm:px-4 lg:static lg:mx-0 lg:rounded-lg lg:border lg:bg-white lg:px-3 lg:py-2">
      {/* Six links (the panel stage's) still fit one row on a 390 px phone: a little less room around each there.
          The list's own padding (its margin takes it back) keeps a focused link's ring inside the scroll. */}
      <ul
        className={`-m-1.5 flex flex-nowrap overflow-x-auto overscroll-x-contain p-1.5 [scrollbar-width:thin] ${links.length > 6 ? 'justify-start gap-x-1' : `justify-between ${tight ? 'gap-x-0' : 'gap-x-1'}`} text-sm sm:justify-start sm:gap-x-1 lg:flex-wrap lg:overflow-visible`}
      >
        {links.map(([id, label]) => (
          <li key={id} className="shrink-0">
            <a href={`#${id}`} className={`block rounded ${tight ? 'px-0.5' : 'px-1.5'} py-1.5 font-semibold text-ink-800 underline-offset-2 hover:bg-ink-100 hover:underline sm:px-2.5`}>
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
  return <Detail app={app} isAdmin={isAdmin} back={back} />
}

function Detail({ app, isAdmin, back }: { app: ApplicationDetail; isAdmin: boolean; back: ReactNode }) {
  const { companyName, tradeName, founderName } = app.formData
  const signedForAdmin = isAdmin && app.stage === 'acuerdo_firmado'
  const parts = usePartsShown(app.id, app.stage, signedForAdmin)
  const origin = originText(app.origin)

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
            {/* Which source brought it, in the words of the team's «Nueva postulación» e-mail. */}
            <span>Fuente: {origin.source}</span>
            <span>
              {HEARD_FROM_LABEL}: {origin.heardFrom}
            </span>
          </span>
        }
      />
      <JumpLinks links={parts} />
      {/* One column on narrow screens (stage first, then the application, then judging it); two on wide ones. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <StageActions application={app} />
          {/* The deal and its agreement's signature: admins only; a reviewer never sees them (ADR 0159).
              Once signed, the recorded deal and, beside it, the agreement signed; before, the agreement under way. */}
          {signedForAdmin ? (
            <Part id={PARTS.acuerdo}>
              <DealPanel applicationId={app.id} />
              <AgreementPanel applicationId={app.id} />
            </Part>
          ) : (
            isAdmin && <AgreementPanel applicationId={app.id} />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {/* The media plan and what ran: admins only, like the deal. */}
          {signedForAdmin && (
            <Part id={PARTS.plan}>
              <MediaPlanPanel applicationId={app.id} />
              {/* The stake the deal gave the programme: its register, rounds and valuations. */}
              <HoldingPanel applicationId={app.id} />
            </Part>
          )}
          {/* The twelve months of follow-up: admins only, like the deal. */}
          {signedForAdmin && (
            <Part id={PARTS.seguimiento}>
              <FollowUpPanel applicationId={app.id} />
            </Part>
          )}
          <Part id={PARTS.sesion} className="empty:hidden">
            <PanelSection applicationId={app.id} stage={app.stage} />
          </Part>
          <Part id={PARTS.datos}>
            <ApplicationFields formData={app.formData} />
          </Part>
          <Part id={PARTS.documentos}>
            <Documents applicationId={app.id} />
          </Part>
          <Part id={PARTS.historial}>
            <Timeline entries={app.timeline} />
          </Part>
        </div>
        <div className="flex min-w-0 flex-col gap-4 self-start lg:col-start-2 lg:row-start-2">
          <AssignmentPanel applicationId={app.id} />
          <Part id={PARTS.evaluacion}>
            <ReviewForm key={`${app.id}-${app.reviews.mine ? 'mine' : 'new'}`} applicationId={app.id} mine={app.reviews.mine} />
          </Part>
          <TeamReviews reviews={app.reviews} />
          <Part id={PARTS.notas}>
            <Notes applicationId={app.id} notes={app.notes} />
          </Part>
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
