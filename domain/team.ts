/**
 * The team's roles: what the server checks and the workspace shows, one
 * list for both (the browser used to keep a copy).
 */
export const ROLES = ['admin', 'reviewer'] as const
export type Role = (typeof ROLES)[number]

/** How the workspace names each role. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', reviewer: 'Evaluador' }
