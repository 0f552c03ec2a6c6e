import { workspaceReturnPath } from '../../domain/workspace-api/return-path.ts'

/** Where the workspace lives; routes inside it are relative to this base (wouter). */
export const WORKSPACE_BASE = '/equipo'

export const paths = {
  signIn: '/entrar',
  overview: '/',
  applications: '/postulaciones',
  pending: '/pendientes',
  application: (id: string) => `/postulaciones/${encodeURIComponent(id)}`,
  members: '/miembros',
  dataRequests: '/datos-personales',
  audit: '/auditoria',
  founderMail: '/correos-por-enviar',
  rateCard: '/tarifario',
  sources: '/fuentes',
  followUp: '/seguimiento',
}

/** A same-workspace path to return to after signing in; anything else is ignored (no open redirect, ADR 0148). */
export function safeReturnPath(value: string | null): string {
  return workspaceReturnPath(value) ?? paths.overview
}
