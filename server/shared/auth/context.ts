/**
 * What every workspace route can rely on once the session middleware
 * (auth/session-middleware.ts) has let a request through: the signed-in
 * member and their session. Routes read them with c.get('member').
 */
import type { Member, Session } from '../../db/stores/team-store.ts'

export type { Member, Session }
export type WorkspaceEnv = {
  Variables: {
    member: Member
    session: Session
  }
}

/** Where the workspace API is mounted, and the page's own path. */
export const WORKSPACE_API_PATH = '/equipo/api'
export const WORKSPACE_PAGE_PATH = '/equipo'
