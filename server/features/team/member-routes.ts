/**
 * The team's members: everyone may list them; admins invite, change roles,
 * deactivate and reactivate. Behind the session and CSRF middleware (api.ts).
 */
import type { Hono } from 'hono'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { memberEndpoints as E, type MemberAnswer, type MemberList } from '../../../domain/workspace-api/team.ts'
import { now, type WorkspaceDeps } from './deps.ts'
import { audit, memberJson } from './http.ts'
import { route } from '../../shared/http/route.ts'
import { inviteMember } from './invite.ts'

export function memberRoutes(app: Hono<WorkspaceEnv>, deps: WorkspaceDeps): void {
  route(app, E.members, async (c) => {
    const [members, signers] = await Promise.all([deps.team.listMembers(), deps.team.signerIds()])
    return c.json({ members: members.map((m) => memberJson(m, signers.has(m.id))) } satisfies MemberList)
  })

  route(app, E.invite, async (c, body) => {
    const outcome = await inviteMember(deps.team, deps.mail, body, c.get('member'), now(deps))
    if (outcome.status === 'member_exists') {
      return c.json({ error: 'member_exists', message: 'Ya hay una persona del equipo con ese correo.' }, 409)
    }
    deps.onMailQueued?.()
    return c.json({ member: memberJson(outcome.member) } satisfies MemberAnswer, 201)
  })

  route(app, E.update, async (c, body) => {
    const outcome = await deps.team.updateMember(c.req.param('id'), body, now(deps))
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
    return c.json({ member: memberJson(member) } satisfies MemberAnswer)
  })
}
