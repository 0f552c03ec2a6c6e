/**
 * Conflicts of interest (docs/workspace.md "Conflicts"): a member declares
 * one, an admin records one for a member or lifts one with a reason. Outside
 * `/applications/:id` on purpose: a member must be able to declare a conflict
 * with an application the guard will refuse them from then on.
 */
import { route } from '../../shared/http/route.ts'
import {
  conflictEndpoints as E,
  ConflictListQuerySchema,
  type Conflict as ConflictJson,
  type ConflictAnswer,
  type ConflictList,
} from '../../../domain/workspace-api/conflicts.ts'
import { Hono } from 'hono'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { invalid, parseWith } from '../../shared/http/json.ts'
import type { Conflict, ConflictStore } from '../../db/stores/conflict-store.ts'
import type { PanelActions } from '../panel/panel-actions.ts'

export interface ConflictRouteDeps {
  conflicts: ConflictStore
  now: () => Date
  /** A member declaring a conflict on a booked session's application leaves its panel (ADR 0172); without it, not told. */
  panel?: Pick<PanelActions, 'leaving' | 'onMailQueued'>
}

export const conflictJson = (c: Conflict): ConflictJson => wire({ ...c })

export function conflictRoutes(deps: ConflictRouteDeps): Hono<WorkspaceEnv> {
  const { conflicts, now } = deps
  const app = new Hono<WorkspaceEnv>()

  route(app, E.declare, async (c, body) => {
    const member = c.get('member')
    const memberId = body.memberId ?? member.id
    if (memberId !== member.id && member.role !== 'admin') {
      return c.json({ error: 'forbidden', message: 'Solo un administrador puede registrar un conflicto por otra persona.' }, 403)
    }
    const outcome = await conflicts.declare({
      applicationId: body.applicationId,
      memberId,
      kind: body.kind,
      note: body.note,
      declaredBy: member.id,
      at: now(),
      ...(deps.panel ? { panelLeave: deps.panel.leaving } : {}),
    })
    if (outcome.status === 'not_found') return c.json({ error: 'not_found', message: 'No encontramos esa postulación o esa persona.' }, 404)
    if (outcome.status === 'exists') {
      return c.json({ error: 'conflict_exists', message: 'Ya hay un conflicto declarado.', conflict: conflictJson(outcome.conflict) }, 409)
    }
    deps.panel?.onMailQueued?.()
    return c.json({ conflict: conflictJson(outcome.conflict) } satisfies ConflictAnswer, 201)
  })

  // A reviewer sees their own; an admin everyone's (filtered by application or member).
  route(app, E.conflicts, async (c) => {
    const parsed = parseWith(ConflictListQuerySchema, c.req.query())
    if (!parsed.ok) return invalid(c, parsed.issues)
    const member = c.get('member')
    const memberId = member.role === 'admin' ? parsed.value.memberId : member.id
    const items = await conflicts.list({
      ...(parsed.value.applicationId ? { applicationId: parsed.value.applicationId } : {}),
      ...(memberId ? { memberId } : {}),
    })
    return c.json({ items: items.map(conflictJson) } satisfies ConflictList)
  })

  route(app, E.lift, async (c, body) => {
    const member = c.get('member')
    const conflict = await conflicts.get(c.req.param('conflictId'))
    if (!conflict) return c.json({ error: 'not_found', message: 'No encontramos ese conflicto.' }, 404)
    // Lifting one's own conflict would defeat it: another admin decides.
    if (conflict.memberId === member.id) {
      return c.json({ error: 'forbidden', message: 'Otro administrador debe levantar tu propio conflicto.' }, 403)
    }
    const outcome = await conflicts.lift(conflict.id, { memberId: member.id, reason: body.reason, at: now() })
    if (outcome.status === 'not_found') return c.json({ error: 'not_found', message: 'No encontramos ese conflicto.' }, 404)
    if (outcome.status === 'already_lifted') return c.json({ error: 'already_lifted', message: 'Este conflicto ya fue levantado.' }, 409)
    return c.json({ conflict: conflictJson(outcome.conflict) } satisfies ConflictAnswer)
  })

  return app
}
