/**
 * The one conflict-of-interest guard (docs/decisions/0101-conflicts-of-interest.md).
 * Registered on `/applications/:id/*` — which in Hono also matches
 * `/applications/:id` itself — before any route group is mounted, so every
 * route under an application's path, present or added later, answers 403
 * to a member with an active conflict before its handler runs.
 */
import type { Hono, MiddlewareHandler } from 'hono'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import { GUARDED_SCOPES } from '../../../domain/workspace-api/endpoint.ts'

export const APPLICATION_SCOPE = GUARDED_SCOPES.application

export const conflictRefusal = {
  error: 'conflict_of_interest',
  message: 'Tienes un conflicto de interés con esta postulación: no puedes verla ni trabajar en ella.',
} as const

export function conflictGuard(conflicts: Pick<ConflictStore, 'isConflicted'>): MiddlewareHandler<WorkspaceEnv> {
  return async (c, next) => {
    const applicationId = c.req.param('id')
    if (applicationId && (await conflicts.isConflicted(c.get('member').id, applicationId))) {
      return c.json(conflictRefusal, 403)
    }
    await next()
  }
}

/** Call first, before mounting any route group on `app`. */
export function guardApplicationsAgainstConflicts(app: Hono<WorkspaceEnv>, conflicts: Pick<ConflictStore, 'isConflicted'>): void {
  app.use(APPLICATION_SCOPE, conflictGuard(conflicts))
}
