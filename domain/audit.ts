/**
 * The audit log's vocabulary, one table for every writer (the team store for
 * sign-ins, members and passkeys; the review store for the rest): each action
 * with the words the audit log shows for it (src/workspace/lib/audit-text.ts),
 * in the order its filter lists them. Entries hold ids and these actions,
 * never a founder's data (docs/workspace.md).
 */
export const AUDIT_ACTION_LABELS = {
  'application.viewed': 'Vio una postulación',
  'application.exported': 'Exportó una postulación',
  'applications.exported': 'Exportó las postulaciones',
  'data_request.looked_up': 'Consultó datos personales',
  'data_request.exported': 'Exportó datos personales',
  'data_request.deleted': 'Eliminó datos personales',
  /** An export or a deletion refused: the admin has a conflict of interest with one of the titular's applications. */
  'data_request.refused': 'Datos personales: rechazado por conflicto de interés',
  'stage.changed': 'Cambió la etapa',
  'review.submitted': 'Envió una evaluación',
  'note.added': 'Agregó una nota',
  'assignment.added': 'Asignó una evaluación',
  'assignment.removed': 'Quitó una asignación',
  'weights.changed': 'Cambió los pesos de los criterios',
  'discussion.cleared': 'Dio por discutidas las diferencias de puntaje',
  'conflict.declared': 'Declaró un conflicto de interés',
  'conflict.recorded': 'Registró un conflicto de interés',
  'conflict.lifted': 'Levantó un conflicto de interés',
  'document.downloaded': 'Descargó un documento',
  'document.reviewed': 'Revisó un documento',
  'member.invited': 'Invitó a un miembro',
  'member.role_changed': 'Cambió un rol',
  'member.deactivated': 'Desactivó a un miembro',
  'member.reactivated': 'Reactivó a un miembro',
  'session.signed_in': 'Inició sesión',
  'session.signed_out_everywhere': 'Cerró sesión en todos los dispositivos',
  'passkey.added': 'Agregó una passkey',
  'passkey.removed': 'Quitó una passkey',
  'founder_mail.edited': 'Editó un correo a la persona fundadora',
  'founder_mail.sent': 'Envió un correo a la persona fundadora',
  'founder_mail.discarded': 'Descartó un correo a la persona fundadora',
  'founder_mail.setting_changed': 'Cambió el envío automático de correos',
  /** "Acuerdo firmado" confirmed with required due-diligence documents missing: which, and the member's reason (ADR 0139). */
  'stage.signed_with_documents_missing': 'Marcó «Acuerdo firmado» con documentos faltantes',
  'founder.link_requested': 'La persona fundadora pidió un enlace nuevo',
  'founder.data_downloaded': 'La persona fundadora descargó sus datos',
  'founder.deletion_requested': 'La persona fundadora pidió suprimir sus datos',
  'outbox.retried': 'Reintentó un correo fallido',
  /** The panel session: detail holds ids, counts and instants only. */
  'panel.offered': 'Ofreció horarios para la sesión con el panel',
  'panel.booked': 'Se reservó la sesión con el panel',
  'panel.rescheduled': 'Se reprogramó la sesión con el panel',
  'panel.cancelled': 'Se canceló la sesión con el panel',
  'panel.none_fits': 'La persona fundadora dijo que ningún horario le sirve',
  /** A stage change past the panel stage kept the session still ahead, an admin's choice (ADR 0185); detail: the session, its start, the stage. */
  'panel.kept': 'Mantuvo la sesión con el panel al cambiar de etapa',
  /** The sources (ADR 0170): detail: the slug, and which fields an edit changed. */
  'source.created': 'Creó una fuente',
  'source.edited': 'Editó una fuente',
  'source.deleted': 'Borró una fuente',
  /** The deal recorded with the move to "Acuerdo firmado" (ADR 0159); detail: the rate card version's number. */
  'deal.recorded': 'Registró el acuerdo firmado',
  /** An admin corrected the deal; detail: which fields changed (names, never amounts). */
  'deal.corrected': 'Corrigió el acuerdo',
  'deal.viewed': 'Vio el acuerdo',
  /** The deal's «Responsable» named or cleared (ADR 0162); detail: the member's id (null: nobody). */
  'deal.owner_set': 'Cambió la persona responsable del acuerdo',
  'agreement.sent': 'Envió el acuerdo para firma',
  'agreement.voided': 'Anuló un acuerdo enviado (cambiaron sus números)',
  'agreement.viewed': 'Vio o descargó el acuerdo',
  'agreement.code_sent': 'Pidió un código para firmar el acuerdo',
  'agreement.code_failed': 'Escribió mal el código para firmar el acuerdo',
  'agreement.signed_founder': 'La persona fundadora firmó el acuerdo',
  'agreement.signed_programme': 'Firmó el acuerdo por el programa',
  'agreement.sealed': 'Se selló el acuerdo firmado',
  'agreement.declined': 'Rechazó el acuerdo',
  'agreement.expired': 'Venció el plazo para firmar el acuerdo',
  'agreement_template.saved': 'Guardó una versión de la plantilla del acuerdo',
  'member.signing_right_set': 'Cambió quién puede firmar por el programa',
  /** The rate card (ADR 0158): detail: the version's number and how many lines. */
  'rate_card.created': 'Creó una versión del tarifario',
  'rate_card.edited': 'Editó un borrador del tarifario',
  'rate_card.published': 'Publicó una versión del tarifario',
  /** The follow-up (ADRs 0164-0167): detail: the month and the version, never a figure or a word the founder wrote. */
  'follow_up.check_in_submitted': 'La persona fundadora envió su reporte mensual',
  'follow_up.viewed': 'Vio el seguimiento',
  /** «Seguimiento», the list of every signed startup's follow-up (no application). */
  'follow_up.portfolio_viewed': 'Vio la lista de seguimiento',
  /** detail: the milestone's month (3, 6, 12) and whether it replaced an earlier record. */
  'follow_up.milestone_recorded': 'Registró una revisión del seguimiento',
  'follow_up.closed': 'Cerró el seguimiento',
  /** Retention emptied the check-ins' texts after the follow-up (ADR 0178); no member; detail: how many check-in versions. */
  'follow_up.check_in_texts_reduced': 'Se borraron los textos de los reportes mensuales (plazo de conservación)',
  /** The media plan (ADRs 0160-0161): detail: the line's number, the outlet, the entry's kind and units; never an amount, a link or a reason. */
  'media_plan.viewed': 'Vio el plan de medios',
  /** «Acuerdos atrasados» on the overview (no application); detail: how many deals, how many behind. */
  'media_plan.portfolio_viewed': 'Vio los acuerdos atrasados',
  'media_plan.line_added': 'Agregó una línea al plan de medios',
  'media_plan.entry_recorded': 'Registró qué pasó con una línea del plan de medios',
  /** A correction (ADR 0160): a void entry; detail as above, kind 'void'. */
  'media_plan.entry_voided': 'Anuló un registro del plan de medios',
  /** A line withdrawn from the plan (ADR 0190): a void naming no entry; detail: the line's number, kind 'void', units 0. */
  'media_plan.line_withdrawn': 'Retiró una línea del plan de medios',
  /** A proof file downloaded from the plan (ADR 0163 addendum); no detail (never the file's name). */
  'media_plan.proof_downloaded': 'Descargó el archivo de una prueba de emisión',
  /** The holdings register (ADR 0215): detail: the event's kind and day, never an amount or a name. */
  'holding.viewed': 'Vio la participación del programa',
  'holding.event_recorded': 'Registró un evento de la participación',
  'holding.round_recorded': 'Registró una ronda de la compañía',
  'holding.event_voided': 'Anuló un evento de la participación',
  'holding.document_downloaded': 'Descargó un documento de la participación',
  'holding.exported': 'Exportó la tabla de capitalización (OCF)',
  'holding.mark_proposed': 'Propuso una valoración',
  'holding.mark_approved': 'Aprobó una valoración',
  'holding.mark_rejected': 'Rechazó una valoración',
  /** «Portafolio», the register of every holding (no application). */
  'portfolio.viewed': 'Vio el portafolio',
  'portfolio.report_exported': 'Exportó el informe trimestral del portafolio',
  /** The deal's owner reminded of an unpaid subscription; no member; detail: the days before the deadline. */
  'holding.payment_reminded': 'Se recordó un saldo de la suscripción sin pagar',
} as const satisfies Record<string, string>
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS
/** Every action, in the order the audit log's filter lists them. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]]

/**
 * The views the audit log folds (ADR 0201): a member's views of one application (or of a portfolio list,
 * with no application) on one Bogotá day are one line, with how many of each.
 */
export const VIEW_ACTIONS = [
  'application.viewed',
  'deal.viewed',
  'agreement.viewed',
  'media_plan.viewed',
  'follow_up.viewed',
  'follow_up.portfolio_viewed',
  'media_plan.portfolio_viewed',
  'holding.viewed',
  'portfolio.viewed',
] as const satisfies readonly AuditAction[]
export type ViewAction = (typeof VIEW_ACTIONS)[number]

/**
 * What a founder does themself, from their status page (ADR 0201): an entry of one of these with no
 * member is the founder's own (a withdrawal is a stage change with no member; the panel session's
 * changes with no member are the founder's, as the panel store writes them), and the audit log names
 * the founder instead of «Sistema». Entries with no member of any other action are the system's (the
 * retention job, the command line).
 */
export const FOUNDER_ACTIONS = [
  'stage.changed',
  'founder.link_requested',
  'founder.data_downloaded',
  'founder.deletion_requested',
  'panel.booked',
  'panel.rescheduled',
  'panel.cancelled',
  'panel.none_fits',
  'follow_up.check_in_submitted',
  'agreement.code_sent',
  'agreement.code_failed',
  'agreement.signed_founder',
  'agreement.declined',
] as const satisfies readonly AuditAction[]

/** Whether an entry is the founder's own action (see FOUNDER_ACTIONS). */
export const isFounderAction = (memberId: string | null, action: string): boolean =>
  memberId === null && (FOUNDER_ACTIONS as readonly string[]).includes(action)

/** Ids, counts, stages and formats only: never a name, an address or anything a founder wrote. */
export type AuditDetail = Record<string, string | number | boolean | null | readonly string[]>

