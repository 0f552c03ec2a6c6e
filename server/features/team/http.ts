/**
 * Small helpers every workspace route uses: the limit on a body's size
 * (413), the audit trail, and the member as JSON. Bodies are read from the
 * endpoint tables (server/shared/http/route.ts).
 */
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'
import type { MiddlewareHandler } from 'hono'
import { limitBodies } from '../../shared/http/body-limit.ts'
import type { SessionMember, TeamMember } from '../../../domain/workspace-api/team.ts'
import type { Member } from '../../db/stores/team-store.ts'
import { now, type WorkspaceDeps } from './deps.ts'

/**
 * The workspace's limit on request bodies (server/shared/http/body-limit.ts), for
 * every route registered after it: 413 with the workspace's error shape.
 */
export const limitJsonBodies = (maxBytes: number): MiddlewareHandler =>
  limitBodies(maxBytes, (c) =>
    c.json({ error: 'payload_too_large', message: 'Lo que enviaste es demasiado grande. Acórtalo e inténtalo de nuevo.' }, 413),
  )

/** One line of the audit log: ids and codes only, never personal data. */
export async function audit(
  deps: Pick<WorkspaceDeps, 'team' | 'clock'>,
  entry: { memberId: string | null; action: AuditAction; applicationId?: string | null; detail?: AuditDetail },
): Promise<void> {
  // The store gives it a time-ordered id: entries written in the same millisecond list in the order they happened.
  await deps.team.appendAudit({
    at: now(deps),
    memberId: entry.memberId,
    action: entry.action,
    applicationId: entry.applicationId ?? null,
    detail: entry.detail ?? {},
  })
}

/** The signed-in member as the browser sees it (GET /session, sign-in answers). */
export const sessionMemberJson = (m: Member): SessionMember => ({ id: m.id, email: m.email, name: m.name, role: m.role })

/** A member in the member list. */
export const memberJson = (m: Member, canSign = false): TeamMember => ({
  canSign,
  id: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  active: m.active,
  createdAt: m.createdAt.toISOString(),
  lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
})
