/**
 * The audit log in the workspace's words: each action as a
 * sentence, and each entry's detail with stages, roles, members, documents
 * and criteria by the names the workspace shows, never raw keys or ids.
 * What a detail holds is ids and codes only (domain/audit.ts); ids that name
 * nothing a person reads (a note's, a draft's, a file's hash) are left out.
 */
import { AUDIT_ACTION_LABELS, VIEW_ACTIONS, type AuditAction, type AuditDetail, type ViewAction } from '../../../domain/audit.ts'
import type { AuditEntry } from '../../../domain/workspace-api/review.ts'
import { CONFLICT_KIND_LABELS, type ConflictKind } from '../../../domain/conflicts.ts'
import { DOCUMENT_ITEMS } from '../../../domain/documents.ts'
import { STATUS_MAIL_LABELS, type StatusMailKind } from '../../../domain/founder-mail.ts'
import { STAGE_LABELS, type Stage } from '../../../domain/pipeline.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import { ROLE_LABELS, type Role } from '../../../domain/team.ts'
import { countOf, formatCount, formatTime, formatWeekdayDateTime } from '../../../domain/format.ts'
import { DEAL_FIELD_LABELS, OUTLET_LABELS, type Outlet } from '../../../domain/deals.ts'
import { ENTRY_KIND_LABELS, type EntryKind } from '../../../domain/media-plan.ts'

/** Each action as the log's line says it: the words sit beside the action's name (domain/audit.ts). */
export const ACTION_LABELS: Record<AuditAction, string> = AUDIT_ACTION_LABELS

/** What each folded view was of (ADR 0201), as «Vio …» goes on. */
const VIEW_OBJECTS: Record<ViewAction, string> = {
  'application.viewed': 'la postulación',
  'deal.viewed': 'el acuerdo',
  'agreement.viewed': 'el documento del acuerdo',
  'media_plan.viewed': 'el plan de medios',
  'follow_up.viewed': 'el seguimiento',
  'follow_up.portfolio_viewed': 'la lista de seguimiento',
  'media_plan.portfolio_viewed': 'los acuerdos atrasados',
  'holding.viewed': 'la participación del programa',
  'portfolio.viewed': 'el portafolio',
}

type Views = NonNullable<AuditEntry['views']>

const joined = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)!}`)

/** Who did it: the member; the founder by their name for their own actions (ADR 0201); otherwise «Sistema». */
export function auditActor(entry: Pick<AuditEntry, 'member' | 'founder'>): string {
  if (entry.member) return entry.member.name
  if (entry.founder) return entry.founder.name ? `${entry.founder.name} (persona fundadora)` : 'La persona fundadora'
  return 'Sistema'
}

/** A folded line's action: "Vio la postulación y el acuerdo". */
export function viewsLabel(views: Views): string {
  const seen = VIEW_ACTIONS.filter((a) => (views.byAction[a] ?? 0) > 0).map((a) => VIEW_OBJECTS[a])
  return seen.length === 0 ? 'Consultó' : `Vio ${joined(seen)}`
}

/** A folded line's detail: how many times, from when to when that day, and of what when more than one kind. */
export function viewsDetail(views: Views, at: string): string {
  const kinds = VIEW_ACTIONS.filter((a) => (views.byAction[a] ?? 0) > 0)
  const first = formatTime(views.firstAt)
  const last = formatTime(at)
  // Views within one minute read "a las", never "de 3:39 p. m. a 3:39 p. m.".
  const times = views.count === 1 ? `Una vez, a las ${last}` : first === last ? `${formatCount(views.count)} veces, a las ${last}` : `${formatCount(views.count)} veces, de ${first} a ${last}`
  if (kinds.length < 2) return times
  return `${times} · ${kinds.map((a) => `${VIEW_OBJECTS[a]}: ${formatCount(views.byAction[a]!)}`).join(', ')}`
}

/** The action's label; an action this build does not know is shown as it is (a newer server). */
export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action
}

const DOCUMENT_STATUS_LABELS: Record<string, string> = {
  received: 'recibido',
  accepted: 'aceptado',
  new_version_requested: 'pidió una nueva versión',
}
const METHOD_LABELS: Record<string, string> = { link: 'con enlace por correo', passkey: 'con passkey' }
const FORMAT_LABELS: Record<string, string> = { csv: 'CSV', json: 'JSON', xlsx: 'Excel (.xlsx)' }

/** Keys that hold an id no person reads (the entry's application and member are shown apart). */
const UNREAD_KEYS = new Set(['noteId', 'draftId', 'outboxId', 'passkeyId', 'documentId', 'conflictId', 'sha256'])

const label = <K extends string>(labels: Record<K, string>, value: unknown): string | null =>
  typeof value === 'string' && value in labels ? labels[value as K] : null

/**
 * The detail of one entry as Spanish phrases, joined with " · ".
 * `memberNames`: the names of the members the details name (AuditPage.memberNames).
 */
export function auditDetailText(action: string, detail: AuditDetail | null | undefined, memberNames: Record<string, string> = {}): string {
  if (!detail) return ''
  const parts: string[] = []
  const seen = new Set<string>()
  const take = (key: string) => {
    seen.add(key)
    return detail[key]
  }

  const memberId = take('memberId')
  if (typeof memberId === 'string') parts.push(memberNames[memberId] ?? 'Un miembro que ya no está en el equipo')

  const from = take('from')
  const to = take('to')
  if (action === 'member.role_changed') {
    const a = label<Role>(ROLE_LABELS, from)
    const b = label<Role>(ROLE_LABELS, to)
    if (a && b) parts.push(`De ${a} a ${b}`)
  } else if (from !== undefined || to !== undefined) {
    const a = label<Stage>(STAGE_LABELS, from)
    const b = label<Stage>(STAGE_LABELS, to)
    if (a && b) parts.push(`De «${a}» a «${b}»`)
    else if (b) parts.push(`A «${b}»`)
  }

  const role = label<Role>(ROLE_LABELS, take('role'))
  if (role) parts.push(`Rol: ${role}`)
  const method = label(METHOD_LABELS, take('method'))
  if (method) parts.push(method.charAt(0).toUpperCase() + method.slice(1))

  const kind = take('kind')
  if (action.startsWith('conflict.')) {
    const k = label<ConflictKind>(CONFLICT_KIND_LABELS, kind)
    if (k) parts.push(`Tipo: ${k}`)
  } else if (action.startsWith('founder_mail.')) {
    const k = label<StatusMailKind>(STATUS_MAIL_LABELS, kind)
    if (k) parts.push(`Correo: ${k}`)
  } else if (action.startsWith('media_plan.')) {
    // The media plan: which line, which outlet, what happened and how many units; never an amount.
    const line = take('line')
    if (typeof line === 'number') parts.push(`Línea ${formatCount(line)}`)
    const outlet = label<Outlet>(OUTLET_LABELS, take('outlet'))
    if (outlet) parts.push(outlet)
    const k = label<EntryKind>(ENTRY_KIND_LABELS, kind)
    if (k) parts.push(k)
    const units = take('units')
    if (typeof units === 'number' && units > 0) parts.push(countOf(units, 'unidad', 'unidades'))
    const deals = take('deals')
    if (typeof deals === 'number') parts.push(countOf(deals, 'acuerdo', 'acuerdos'))
    const behind = take('behind')
    if (typeof behind === 'number') parts.push(countOf(behind, 'atrasado', 'atrasados'))
  }

  const itemKey = take('itemKey')
  const item = DOCUMENT_ITEMS.find((d) => d.key === itemKey)
  if (item) parts.push(item.label)
  const status = label(DOCUMENT_STATUS_LABELS, take('status'))
  if (status) parts.push(`Estado: ${status}`)

  const format = label(FORMAT_LABELS, take('format'))
  const count = take('count')
  if (format) parts.push(`Formato ${format}`)
  if (typeof count === 'number') parts.push(countOf(count, 'postulación', 'postulaciones'))
  if (take('filtered') === true) parts.push('con filtros')

  const found = take('found')
  if (typeof found === 'number') parts.push(countOf(found, 'postulación encontrada', 'postulaciones encontradas'))
  const sessions = take('sessions')
  if (typeof sessions === 'number') parts.push(countOf(sessions, 'sesión cerrada', 'sesiones cerradas'))
  const attempts = take('attempts')
  if (typeof attempts === 'number') parts.push(countOf(attempts, 'intento', 'intentos'))

  // The panel session: how many times and people were offered, when the session is, the team's «Motivo».
  if (action.startsWith('panel.')) {
    const times = take('times')
    if (typeof times === 'number') parts.push(countOf(times, 'horario', 'horarios'))
    const members = take('members')
    if (typeof members === 'number') parts.push(countOf(members, 'persona en el panel', 'personas en el panel'))
    const startsAt = take('startsAt')
    if (typeof startsAt === 'string' && !Number.isNaN(Date.parse(startsAt))) parts.push(`Sesión del ${formatWeekdayDateTime(startsAt)} (hora de Bogotá)`)
    take('sequence')
    take('session')
    if (take('offerClosed') === true) parts.push('Se cerraron los horarios ofrecidos')
  }
  const reason = take('reason')
  if (typeof reason === 'string' && reason.trim() !== '') parts.push(`Motivo: ${reason}`)

  const updated = take('updated')
  if (updated === true) parts.push('Actualizó su evaluación')
  if (updated === false && action === 'review.submitted') parts.push('Primera evaluación')
  const alreadyOpen = take('alreadyOpen')
  if (alreadyOpen === true) parts.push('Ya había una solicitud abierta')
  const immediately = take('sendImmediately')
  if (immediately === true) parts.push('Se envían sin revisión')
  if (immediately === false) parts.push('Se revisan antes de enviarse')

  // The follow-up: which month's check-in or milestone.
  if (action.startsWith('follow_up.')) {
    const month = take('month')
    if (typeof month === 'number') parts.push(`Mes ${formatCount(month)}`)
    if (take('replaced') === true) parts.push('Reemplazó el registro anterior')
    const checkIns = take('checkIns')
    if (typeof checkIns === 'number') parts.push(countOf(checkIns, 'reporte', 'reportes'))
  }
  const version = take('version')
  if (typeof version === 'number') parts.push(`Versión ${formatCount(version)}`)
  const lines = take('lines')
  if (typeof lines === 'number') parts.push(countOf(lines, 'línea', 'líneas'))
  const rateCardVersion = take('rateCardVersion')
  if (typeof rateCardVersion === 'number') parts.push(`Tarifario versión ${formatCount(rateCardVersion)}`)
  if (rateCardVersion === null && action === 'deal.recorded') parts.push('Sin tarifario publicado')
  const fields = take('fields')
  if (Array.isArray(fields) && fields.length > 0) {
    const names = fields.map((f) => (DEAL_FIELD_LABELS as Record<string, string>)[f] ?? f)
    parts.push(`Cambió: ${names.join(', ').toLowerCase()}`)
  }

  if (action === 'weights.changed') {
    for (const criterion of SELECTION_CRITERIA) {
      const weight = take(criterion.key)
      if (typeof weight === 'number') parts.push(`${criterion.title}: ${formatCount(weight)}`)
    }
  }

  // What this build does not know: shown plainly, never an id.
  for (const [key, value] of Object.entries(detail)) {
    if (seen.has(key) || UNREAD_KEYS.has(key) || value === null || typeof value === 'object') continue
    if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) continue
    parts.push(`${key}: ${String(value)}`)
  }
  return parts.join(' · ')
}
