/**
 * What a founder did that the team should know (ADR 0142): a short e-mail to
 * the members concerned (the admins and the application's assigned
 * reviewers, never one with a conflict of interest on it) and a badge on the
 * application until each of them opens it.
 */
import { keysOf } from './labels.ts'

/** How the workspace names each (badges, e-mails). */
export const FOUNDER_ACTIVITY_LABELS = {
  document_uploaded: 'Subió un documento',
  withdrawn: 'Retiró su postulación',
  deletion_requested: 'Pidió suprimir sus datos',
  panel_none_fits: 'Ningún horario le sirve',
  panel_cancelled: 'Canceló la sesión con el panel',
} satisfies Record<string, string>
export const FOUNDER_ACTIVITY_KINDS = keysOf(FOUNDER_ACTIVITY_LABELS)
export type FounderActivityKind = (typeof FOUNDER_ACTIVITY_KINDS)[number]
