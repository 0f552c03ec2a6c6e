/**
 * What the workspace API needs, passed in (server/compose.ts builds it from
 * the configuration; tests build it with real stores of their choosing).
 */
import type { Context, Hono } from 'hono'
import type { Log } from '../../shared/log.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { SessionPolicy } from './sessions.ts'
import type { SignInRateLimits } from '../../shared/auth/rate-limit.ts'
import type { TeamMailConfig } from './sign-in-message.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'

export interface WorkspaceDeps {
  team: TeamStore
  /** The site's public origin (VITE_SITE_URL): links in e-mails, and an allowed Origin. */
  siteOrigin: string
  session: SessionPolicy
  mail: TeamMailConfig
  /** The client's IP for rate limits (server/shared/http/client-ip.ts: X-Forwarded-For only with TRUST_PROXY). */
  clientIp: (c: Context) => string
  log: Log
  clock?: () => Date
  /** Called once a sign-in e-mail is queued (the server wakes its outbox worker). */
  onMailQueued?: () => void
  rateLimits?: SignInRateLimits
  /**
   * Mounts more routes behind the session and CSRF middleware (the review
   * routes): every route added here gets 401 without a live session, 403 on
   * a forged Origin or a missing X-CSRF-Token, and c.get('member') /
   * c.get('session'). Use requireAdmin (auth/require-admin.ts) on admin routes.
   */
  mountProtected?: (app: Hono<WorkspaceEnv>) => void
}

export const now = (deps: Pick<WorkspaceDeps, 'clock'>) => (deps.clock ? deps.clock() : new Date())
