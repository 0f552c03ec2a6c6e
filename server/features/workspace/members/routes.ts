/**
 * The team's members: everyone may list them; admins invite, change roles,
 * deactivate and reactivate. Behind the session and CSRF middleware (api.ts).
 */
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { WorkspaceEnv } from '../../../shared/auth/context.ts'
import { ROLES } from '../../../../domain/team.ts'
import { now, type WorkspaceDeps } from '../deps.ts'
import { audit, emailSchema, memberJson, readBody } from '../http.ts'
import { requireAdmin } from '../../../shared/auth/require-admin.ts'
import { inviteMember } from './invite.ts'

const nameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(120, 'too_long'))

export function memberRoutes(app: Hono<WorkspaceEnv>, deps: WorkspaceDeps): void {
  app.get('/members', async (c) => c.json({ members: (await deps.team.listMembers()).map(memberJson) }))

  app.post('/members', requireAdmin, async (c) => {
    const body = await readBody(c, v.object({ email: emailSchema, name: nameSchema, role: v.picklist(ROLES, 'invalid_role') }))
    if (!body.ok) return body.response
    const outcome = await inviteMember(deps.team, deps.mail, body.value, c.get('member'), now(deps))
    if (outcome.status === 'member_exists') {
      return c.json({ error: 'member_exists', message: 'Ya hay una persona del equipo con ese correo.' }, 409)
    }
    deps.onMailQueued?.()
    return c.json({ member: memberJson(outcome.member) }, 201)
  })

  app.patch('/members/:id', requireAdmin, async (c) => {
    const body = await readBody(
      c,
      v.pipe(
        v.object({ role: v.optional(v.picklist(ROLES, 'invalid_role')), active: v.optional(v.boolean()) }),
        v.check((b) => b.role !== undefined || b.active !== undefined, 'nothing_to_change'),
      ),
    )
    if (!body.ok) return body.response
    const outcome = await deps.team.updateMember(c.req.param('id'), body.value, now(deps))
    if (outcome.status === 'not_found') return c.json({ error: 'not_found' }, 404)
    if (outcome.status === 'last_admin') {
      return c.json({ error: 'last_admin', message: 'El equipo necesita al menos una persona con rol de administración activa.' }, 409)
    }
    const { member, before } = outcome
    const actor = c.get('member').id
    if (before.role !== member.role) {
      await audit(deps, { memberId: actor, action: 'member.role_changed', detail: { memberId: member.id, from: before.role, to: member.role } })
    }
    if (before.active !== member.active) {
      await audit(deps, { memberId: actor, action: member.active ? 'member.reactivated' : 'member.deactivated', detail: { memberId: member.id } })
    }
    return c.json({ member: memberJson(member) })
  })
}
