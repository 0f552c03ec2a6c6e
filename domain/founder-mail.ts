/**
 * The founder's e-mails of stage changes ("Correos por enviar", ADR 0090):
 * which stage changes write to the founder, and how the team names each kind.
 * Shared by the stores, the server's templates and the workspace's screens.
 */

/** The stage changes that write to the founder: the stage the application moved to. */
export const STATUS_MAIL_KINDS = ['sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada'] as const
export type StatusMailKind = (typeof STATUS_MAIL_KINDS)[number]

export function isStatusMailKind(value: string): value is StatusMailKind {
  return (STATUS_MAIL_KINDS as readonly string[]).includes(value)
}

/** How the team names each kind in "Correos por enviar" and its settings. */
export const STATUS_MAIL_LABELS: Record<StatusMailKind, string> = {
  sesion_panel: 'Avanza a la sesión con el panel',
  due_diligence: 'Inicio de due diligence',
  acuerdo_firmado: 'Acuerdo firmado',
  no_seleccionada: 'No seleccionada',
  retirada: 'Retiro confirmado',
}
