/**
 * What every workspace route can rely on once the session middleware
 * (auth/session-middleware.ts) has let a request through: the signed-in
 * member and their session. Routes read them with c.get('member').
 */
export const ROLES = ['admin', 'reviewer'] as const
export type Role = (typeof ROLES)[number]

export interface Member {
  id: string
  /** Normalised: trimmed, lower case. */
  email: string
  name: string
  role: Role
  active: boolean
  createdAt: Date
  lastSignInAt: Date | null
}

export interface Session {
  /** SHA-256 (hex) of the cookie's token. */
  id: string
  memberId: string
  csrfToken: string
  authMethod: 'link' | 'passkey'
  createdAt: Date
  lastSeenAt: Date
  idleExpiresAt: Date
  expiresAt: Date
}

export type WorkspaceEnv = {
  Variables: {
    member: Member
    session: Session
  }
}

/** Where the workspace API is mounted, and the page's own path. */
export const WORKSPACE_API_PATH = '/equipo/api'
export const WORKSPACE_PAGE_PATH = '/equipo'
