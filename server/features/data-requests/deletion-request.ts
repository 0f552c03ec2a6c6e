/**
 * A founder's deletion request from the status page (Ley 1581 de 2012, a
 * reclamo de supresión): recorded once in data_requests with its legal due
 * date, the team told once, the founder told where it stands however often
 * they press the button. Rate-limited like the lost-link form (ADR 0051), by
 * application and by client IP. See docs/decisions/0122-data-requests-record.md.
 */
import type { Context } from 'hono'
import { DATA_REQUEST_TERM_BUSINESS_DAYS, dataRequestDueAt } from '../../../domain/data-requests.ts'
import { escapeHtml, headerSafe } from '../../shared/mail/templates.ts'
import { DEFAULT_SIGN_IN_LIMITS, rateLimited, type SignInRateLimits } from '../../shared/auth/rate-limit.ts'
import type { FounderStore, FounderView } from '../../db/stores/founder-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'
import { formatDate } from '../../../domain/format.ts'
import { tooManyAttemptsPage } from '../../shared/http/founder-page-shell.ts'
import { outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { tellTeamOfFounderActivity, type FounderActivityDeps } from '../team/founder-activity.ts'

/** What a deletion request needs of the status page's dependencies (server/features/founder-page/status-page.ts). */
export interface DeletionRequestDeps extends FounderActivityDeps {
  reviews: Pick<ReviewStore, 'appendAudit'>
  founders: { store: Pick<FounderStore, 'openDataRequest' | 'listDataRequests'>; mail: FounderMailConfig }
  team: Pick<TeamStore, 'hitRateLimits'>
  /** Where the team's notice goes (TEAM_EMAIL). */
  teamEmail: string
  clientIp: (c: Context) => string
  rateLimits?: SignInRateLimits
}

/** The `hecho` query of the status page after a deletion request: a new one, or one already open. */
export const DELETION_DONE = { opened: 'supresion', alreadyOpen: 'supresion-registrada' } as const

/** Record the request (or find the open one); the answer is the status page's `hecho` value, or a 429 page. */
export async function requestDeletion(
  deps: DeletionRequestDeps,
  c: Context,
  view: FounderView,
): Promise<{ done: (typeof DELETION_DONE)[keyof typeof DELETION_DONE] } | { refused: Response }> {
  const { founders } = deps
  const limits = deps.rateLimits ?? DEFAULT_SIGN_IN_LIMITS
  const at = deps.now()
  const refused = await rateLimited(
    c,
    { ...deps, clock: () => at },
    [
      { purpose: 'founder-deletion:application', value: view.applicationId, max: limits.perAddress },
      { purpose: 'founder-deletion:ip', value: deps.clientIp(c), max: limits.perIp },
    ],
    (c) => c.html(tooManyAttemptsPage(founders.mail.company.contactEmail), 429),
  )
  if (refused) return { refused }

  const dueAt = dataRequestDueAt('supresion', at)
  const outcome = await founders.store.openDataRequest(
    { id: crypto.randomUUID(), applicationId: view.applicationId, reference: view.reference, kind: 'supresion', openedAt: at, dueAt },
    outboxMessage('team_notification', deps.teamEmail, teamNotice(view.reference, dueAt), founders.mail),
  )
  await deps.reviews.appendAudit({
    at,
    memberId: null,
    action: 'founder.deletion_requested',
    applicationId: view.applicationId,
    detail: { alreadyOpen: outcome.status === 'already_open' },
  })
  if (outcome.status === 'opened') {
    deps.onMailQueued?.()
    // Beyond the notice to the team's address: the members concerned, by e-mail and a badge (ADR 0142).
    await tellTeamOfFounderActivity(deps, { applicationId: view.applicationId, reference: view.reference, kind: 'deletion_requested' })
  }
  return { done: outcome.status === 'opened' ? DELETION_DONE.opened : DELETION_DONE.alreadyOpen }
}

/** The status page's line after a deletion request, from the record itself (null for any other `hecho`). */
export async function deletionNotice(deps: Pick<DeletionRequestDeps, 'founders'>, view: FounderView, done: string | undefined): Promise<string | null> {
  if (done !== DELETION_DONE.opened && done !== DELETION_DONE.alreadyOpen) return null
  const open = (await deps.founders.store.listDataRequests(view.reference)).find((r) => r.kind === 'supresion' && r.closedAt === null)
  if (!open) return null
  const due = formatDate(open.dueAt)
  return done === DELETION_DONE.opened
    ? `Recibimos tu solicitud de supresión de datos. El equipo te responderá por correo a más tardar el ${due}.`
    : `Tu solicitud de supresión ya está registrada desde el ${formatDate(open.openedAt)} y el equipo la está atendiendo: no hace falta enviarla de nuevo. Te responderemos por correo a más tardar el ${due}.`
}

const DAYS = DATA_REQUEST_TERM_BUSINESS_DAYS.supresion

/** The team's notice: the reference and the due date only; an admin finds the rest in the workspace's data requests. */
function teamNotice(reference: string, dueAt: Date) {
  const due = formatDate(dueAt)
  return {
    subject: headerSafe(`Solicitud de supresión de datos (${reference})`),
    text: `El titular de la postulación ${reference} pidió desde su página de estado que suprimamos sus datos personales (Ley 1581 de 2012).

Plazo para responder: hasta el ${due} (${DAYS} días hábiles).

Atiéndela en el espacio de trabajo, en «Datos personales»: allí aparece con su plazo entre las solicitudes abiertas; busca por el correo de la postulación ${reference} y elimina sus datos. Al eliminarlos, le confirmamos al titular por correo.
`,
    html: `<!doctype html><html lang="es-CO"><body><p>El titular de la postulación <strong>${escapeHtml(reference)}</strong> pidió desde su página de estado que suprimamos sus datos personales (Ley 1581 de 2012).</p><p>Plazo para responder: hasta el <strong>${escapeHtml(due)}</strong> (${DAYS} días hábiles).</p><p>Atiéndela en el espacio de trabajo, en «Datos personales»: allí aparece con su plazo entre las solicitudes abiertas; busca por el correo de la postulación y elimina sus datos. Al eliminarlos, le confirmamos al titular por correo.</p></body></html>`,
  }
}
