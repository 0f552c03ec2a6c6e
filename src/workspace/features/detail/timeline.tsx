/** One timeline of everything that happened to the application, newest first. */
import { isStage, STAGE_LABELS } from '../../../../domain/pipeline.ts'
import { isRecommendation, RECOMMENDATION_LABELS } from '../../lib/recommendation.ts'
import type { EmailStatus, TimelineEntry, TimelineType } from '../../../../domain/workspace-api/review.ts'
import { Panel } from '../../components/ui.tsx'
import { formatDateTime } from '../../../../domain/format.ts'

const TYPE_LABELS: Record<TimelineType, string> = {
  received: 'Postulación recibida',
  stage_changed: 'Cambio de etapa',
  review_submitted: 'Evaluación enviada',
  note_added: 'Nota agregada',
  email_sent: 'Correo enviado',
  email_failed: 'Correo no entregado',
  founder_mail: 'Correo a la persona fundadora (Correos por enviar)',
}

export const EMAIL_KIND_LABELS: Record<string, string> = {
  applicant_confirmation: 'Confirmación a la persona fundadora',
  team_notification: 'Aviso al equipo',
  founder_status: 'Correo de etapa a la persona fundadora',
  founder_link: 'Enlace nuevo para la persona fundadora',
  sesion_panel: 'Avanza a la sesión con el panel',
  due_diligence: 'Inicio de due diligence',
  acuerdo_firmado: 'Acuerdo firmado',
  no_seleccionada: 'No seleccionada',
  retirada: 'Retiro confirmado',
  documento_nueva_version: 'Nueva versión de un documento',
  team_founder_activity: 'Aviso al equipo de lo que hizo la persona fundadora',
  founder_panel_invitation: 'Invitación a la sesión con el panel',
  founder_panel_times: 'Horarios para la sesión con el panel',
  founder_panel_reminder: 'Recordatorio de la sesión con el panel',
  team_panel_invitation: 'Invitación del panel a la sesión',
  team_panel_reminder: 'Recordatorio al panel',
  founder_check_in: 'Reporte mensual del seguimiento',
  founder_agreement: 'Acuerdo para firmar, a la persona fundadora',
  agreement_code: 'Código para firmar el acuerdo',
  team_agreement: 'Aviso al equipo sobre la firma del acuerdo',
}

/** The panel's e-mails are one kind for an invitation and its cancellation: the calendar's method tells them apart. */
const CANCEL_LABELS: Record<string, string> = {
  founder_panel_invitation: 'Cancelación de la sesión con el panel',
  team_panel_invitation: 'Cancelación de la sesión, al panel',
  founder_status: 'Correo de etapa a la persona fundadora (retira la sesión con el panel)',
}

/** An e-mail's kind in words; a CANCEL calendar names the cancellation. */
export const emailLabel = (kind: string, calendarMethod?: unknown): string =>
  (calendarMethod === 'CANCEL' ? CANCEL_LABELS[kind] : undefined) ?? EMAIL_KIND_LABELS[kind] ?? kind

const DRAFT_STATUS_LABELS: Record<string, string> = { draft: 'por enviar', sent: 'enviado', discarded: 'descartado', superseded: 'reemplazado por un cambio de etapa posterior' }

export const EMAIL_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Falló',
}

/** The few words each kind of detail deserves; unknown shapes say nothing rather than dump data. */
function describe(entry: TimelineEntry): string | null {
  const detail = (entry.detail ?? {}) as Record<string, unknown>
  if (typeof detail !== 'object') return null
  const parts: string[] = []
  if (isStage(detail.from) && isStage(detail.to)) parts.push(`${STAGE_LABELS[detail.from]} → ${STAGE_LABELS[detail.to]}`)
  else if (isStage(detail.to)) parts.push(`A ${STAGE_LABELS[detail.to]}`)
  if (typeof detail.reason === 'string' && detail.reason) parts.push(`Motivo: ${detail.reason}`)
  if (isRecommendation(detail.recommendation)) parts.push(RECOMMENDATION_LABELS[detail.recommendation])
  if (typeof detail.kind === 'string') parts.push(emailLabel(detail.kind, detail.calendarMethod))
  if (entry.type === 'founder_mail' && typeof detail.status === 'string') parts.push(DRAFT_STATUS_LABELS[detail.status] ?? detail.status)
  return parts.length ? parts.join(' · ') : null
}

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at))
  return (
    <Panel title="Historial">
      <ol className="relative ml-1 border-l border-ink-200">
        {sorted.map((entry, i) => {
          const text = describe(entry)
          return (
            <li key={`${entry.at}-${i}`} className="mb-3 ml-4 last:mb-0">
              <span aria-hidden="true" className={`absolute -left-[5px] mt-1.5 size-2.5 rounded-full ${entry.type === 'email_failed' ? 'bg-danger-700' : 'bg-ink-400'}`} />
              <p className="text-sm font-semibold">{TYPE_LABELS[entry.type] ?? entry.type}</p>
              {text && <p className="text-sm text-ink-800">{text}</p>}
              <p className="text-xs text-ink-600">
                {formatDateTime(entry.at)}
                {entry.member && ` · ${entry.member.name}`}
              </p>
            </li>
          )
        })}
      </ol>
    </Panel>
  )
}

export function EmailStatuses({ emails }: { emails: EmailStatus[] }) {
  return (
    <Panel title="Correos">
      {emails.length === 0 ? (
        <p className="text-sm text-ink-600">Sin correos.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {emails.map((email, i) => (
            <li key={`${email.kind}-${i}`}>
              <p className="font-semibold">{emailLabel(email.kind, email.calendarMethod)}</p>
              <p className={email.status === 'failed' ? 'font-semibold text-danger-700' : 'text-ink-800'}>
                {EMAIL_STATUS_LABELS[email.status] ?? email.status}
                {email.status === 'sent' && email.settledAt && ` el ${formatDateTime(email.settledAt)}`}
                {email.attempts > 1 && ` · ${email.attempts} intentos`}
              </p>
              {email.lastError && email.status !== 'sent' && <p className="text-xs text-ink-600">Último error: {email.lastError}</p>}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
