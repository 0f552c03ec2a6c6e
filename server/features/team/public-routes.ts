/**
 * The public sign-in routes (no session): ask for a link, complete it,
 * sign in with a passkey. Every one is a POST checked for Origin; none ever
 * tells whether an address belongs to the team.
 */
import { Hono, type Context } from 'hono'
import { now, type WorkspaceDeps } from './deps.ts'
import { BODY_LIMITS } from '../../shared/http/body-limit.ts'
import { audit, limitJsonBodies, sessionMemberJson } from './http.ts'
import { route } from '../../shared/http/route.ts'
import { signInEndpoints as E, type LinkRequested, type SignedIn } from '../../../domain/workspace-api/team.ts'
import { workspaceReturnPath } from '../../../domain/workspace-api/return-path.ts'
import { signInMessage } from './sign-in-message.ts'
import type { Member, Session } from '../../db/stores/team-store.ts'
import { requireSameOrigin } from '../../shared/auth/csrf.ts'
import { allowedOrigin } from '../../shared/auth/origin.ts'
import { finishAuthentication, relyingParty, startAuthentication } from './passkeys.ts'
import { DEFAULT_SIGN_IN_LIMITS, rateLimited } from '../../shared/auth/rate-limit.ts'
import { newSession, setSessionCookie } from './sessions.ts'
import { newSignInLink } from './sign-in-links.ts'
import { sha256Hex, TOKEN_RE } from '../../shared/auth/tokens.ts'
import { GUARDED_SCOPES } from '../../../domain/workspace-api/endpoint.ts'

const HOUSEKEEPING_EVERY_MS = 10 * 60_000

/** Open a session for `member` and answer with it (cookie + member). */
export async function signedIn(c: Context, deps: WorkspaceDeps, member: Member, token: string, session: Omit<Session, 'memberId'>) {
  setSessionCookie(c, token, session, deps.session)
  await audit(deps, { memberId: member.id, action: 'session.signed_in', detail: { method: session.authMethod } })
  return c.json({ member: sessionMemberJson(member) } satisfies SignedIn)
}

export function publicAuthRoutes(deps: WorkspaceDeps): Hono {
  const app = new Hono()
  const limits = deps.rateLimits ?? DEFAULT_SIGN_IN_LIMITS
  let lastHousekeeping = 0

  // Expired sessions, links, challenges and counters go now and then, from whichever instance is asked.
  const housekeeping = async (at: Date) => {
    if (at.getTime() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return
    lastHousekeeping = at.getTime()
    await deps.team.deleteExpired(at, new Date(at.getTime() - 2 * limits.windowMs))
  }

  // Open to anyone: the Origin first, then no more body than signing in needs (ADR 0118).
  app.use(GUARDED_SCOPES.signIn, requireSameOrigin(deps.siteOrigin), limitJsonBodies(BODY_LIMITS.signIn))

  route(app, E.requestLink, async (c, body) => {
    const { email } = body
    const refused = await rateLimited(c, deps, [
      { purpose: 'link-address', value: email, max: limits.perAddress },
      { purpose: 'link-ip', value: deps.clientIp(c), max: limits.perIp },
    ])
    if (refused) return refused
    const at = now(deps)
    const member = await deps.team.findMemberByEmail(email)
    if (member?.active) {
      const { token, link } = newSignInLink(member.id, at)
      // Back to the page they were opening; an unsafe path is dropped (ADR 0148).
      const returnTo = workspaceReturnPath(body.returnTo)
      await deps.team.createSignInLink(link, signInMessage(deps.mail, member, token, undefined, returnTo))
      deps.onMailQueued?.()
    }
    await housekeeping(at)
    return c.json({ ok: true } satisfies LinkRequested, 202)
  })

  route(app, E.completeLink, async (c, body) => {
    const invalid = () => c.json({ error: 'invalid_link', message: 'El enlace no es válido, ya se usó o venció. Pide uno nuevo.' }, 400)
    if (!TOKEN_RE.test(body.token)) return invalid()
    const { token, session } = newSession('link', now(deps), deps.session)
    const member = await deps.team.completeSignIn(sha256Hex(body.token), session)
    if (!member) return invalid()
    return signedIn(c, deps, member, token, session)
  })

  route(app, E.passkeyOptions, async (c) => {
    const origin = allowedOrigin(c, deps.siteOrigin)!
    const refused = await rateLimited(c, deps, [{ purpose: 'passkey-ip', value: deps.clientIp(c), max: limits.passkeyPerIp }])
    if (refused) return refused
    return c.json(await startAuthentication(deps.team, relyingParty(origin), now(deps)))
  })

  route(app, E.verifyPasskey, async (c, body) => {
    const origin = allowedOrigin(c, deps.siteOrigin)!
    const at = now(deps)
    const proved = await finishAuthentication(deps.team, relyingParty(origin), body, at)
    if (!proved) return c.json({ error: 'invalid_passkey', message: 'No pudimos verificar tu llave de acceso.' }, 400)
    const { token, session } = newSession('passkey', at, deps.session)
    await deps.team.createSession({ ...session, memberId: proved.member.id })
    return signedIn(c, deps, proved.member, token, session)
  })

  return app
}
