/**
 * The founder's e-mails of stage changes ("Correos por enviar", ADR 0090):
 * which stage changes write to the founder, and how the team names each kind.
 * Shared by the stores, the server's templates and the workspace's screens.
 */
import { formatDateTime } from './format.ts'
import { isOneOf, keysOf } from './labels.ts'
import { STAGE_ENTAILS, STAGE_LABELS, type Stage } from './pipeline.ts'

/** The stages whose move writes to the founder, as the pipeline's table says (STAGE_ENTAILS.founderMail). */
type MailedStage = { [S in Stage]: (typeof STAGE_ENTAILS)[S]['founderMail'] extends true ? S : never }[Stage]

/** The stage changes that write to the founder: the stage the application moved to. */
/** How the team names each kind in "Correos por enviar" and its settings. */
export const STATUS_MAIL_LABELS = {
  sesion_panel: 'Avanza a la sesión con el panel',
  due_diligence: 'Inicio de due diligence',
  acuerdo_firmado: 'Acuerdo firmado',
  no_seleccionada: 'No seleccionada',
  retirada: 'Retiro confirmado',
} satisfies Record<MailedStage, string>
export const STATUS_MAIL_KINDS = keysOf(STATUS_MAIL_LABELS)
export type StatusMailKind = (typeof STATUS_MAIL_KINDS)[number]

export function isStatusMailKind(value: string): value is StatusMailKind {
  return isOneOf(STATUS_MAIL_KINDS, value)
}

/**
 * Every founder e-mail that waits in "Correos por enviar" (or goes at once when
 * its kind is set so): the stage changes', and the team's request for a new
 * version of a due-diligence document (no stage change: the application stays
 * where it is).
 */
export const FOUNDER_MAIL_KINDS = [...STATUS_MAIL_KINDS, 'documento_nueva_version'] as const
export type FounderMailKind = (typeof FOUNDER_MAIL_KINDS)[number]

export const FOUNDER_MAIL_LABELS: Record<FounderMailKind, string> = {
  ...STATUS_MAIL_LABELS,
  documento_nueva_version: 'Nueva versión de un documento',
}

/**
 * What the team reads of a draft a later stage change replaced (ADR 0138):
 * "Reemplazado por el cambio a «No seleccionada» el 23 de noviembre de 2026, 10:05 a. m.; no se envió."
 * (the time never ends the sentence: "a. m." has its own period).
 */
export function supersededNote(to: Stage, at: Date): string {
  return `Reemplazado por el cambio a «${STAGE_LABELS[to]}» el ${formatDateTime(at)}; no se envió.`
}

/** Why a waiting draft cannot be sent: its application is now at `stage`, not at the stage it announces. */
export function staleDraftMessage(kind: FounderMailKind, stage: Stage): string {
  return `Este correo anuncia «${FOUNDER_MAIL_LABELS[kind]}», pero la postulación ahora está en «${STAGE_LABELS[stage]}». No se envió: descártalo.`
}
