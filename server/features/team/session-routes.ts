/**
 * The signed-in member's own session and passkeys. Mounted behind the
 * session and CSRF middleware (api.ts).
 */
import type { Hono } from 'hono'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { now, type WorkspaceDeps } from './deps.ts'
import { audit, sessionMemberJson } from './http.ts'
import { route } from '../../shared/http/route.ts'
import {
  sessionEndpoints as E,
  type Passkey as PasskeyJson,
  type PasskeyAdded,
  type PasskeyList,
  type SessionInfo,
} from '../../../domain/workspace-api/team.ts'
import type { Passkey } from '../../db/stores/team-store.ts'
import { allowedOrigin } from '../../shared/auth/origin.ts'
import { finishRegistration, relyingParty, startRegistration } from './passkeys.ts'
import { clearSessionCookie } from './sessions.ts'

const passkeyJson = (p: Passkey): PasskeyJson => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
})

const DEFAULT_PASSKEY_NAME = 'Llave de acceso'

export function sessionRoutes(app: Hono<WorkspaceEnv>, deps: WorkspaceDeps): void {
  route(app, E.session, (c) => c.json({ member: sessionMemberJson(c.get('member')), csrfToken: c.get('session').csrfToken } satisfies SessionInfo))

  route(app, E.logout, async (c) => {
    await deps.team.deleteSession(c.get('session').id)
    clearSessionCookie(c, deps.session)
    return c.body(null, 204)
  })

  route(app, E.logoutAll, async (c) => {
    const member = c.get('member')
    const ended = await deps.team.deleteMemberSessions(member.id)
    await audit(deps, { memberId: member.id, action: 'session.signed_out_everywhere', detail: { sessions: ended } })
    clearSessionCookie(c, deps.session)
    return c.body(null, 204)
  })

  route(app, E.passkeys, async (c) => {
    const passkeys = await deps.team.listPasskeys(c.get('member').id)
    return c.json({ passkeys: passkeys.map(passkeyJson) } satisfies PasskeyList)
  })

  route(app, E.newPasskeyOptions, async (c) => {
    // The CSRF middleware has already accepted the Origin.
    const origin = allowedOrigin(c, deps.siteOrigin)!
    return c.json(await startRegistration(deps.team, c.get('member'), relyingParty(origin), now(deps)))
  })

  route(app, E.addPasskey, async (c, body) => {
    const member = c.get('member')
    const origin = allowedOrigin(c, deps.siteOrigin)!
    const passkey = await finishRegistration(
      deps.team,
      member,
      relyingParty(origin),
      { ...body, name: body.name || DEFAULT_PASSKEY_NAME },
      now(deps),
    )
    if (!passkey) return c.json({ error: 'invalid_passkey', message: 'No pudimos registrar la llave de acceso.' }, 400)
    await audit(deps, { memberId: member.id, action: 'passkey.added', detail: { passkeyId: passkey.id } })
    return c.json({ passkey: passkeyJson(passkey) } satisfies PasskeyAdded, 201)
  })

  route(app, E.removePasskey, async (c) => {
    const member = c.get('member')
    const id = c.req.param('id')
    if (!(await deps.team.deletePasskey(id, member.id))) return c.json({ error: 'not_found' }, 404)
    await audit(deps, { memberId: member.id, action: 'passkey.removed', detail: { passkeyId: id } })
    return c.body(null, 204)
  })
}
