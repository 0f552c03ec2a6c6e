/**
 * Sign-in links: single use, 15 minutes (an invitation's link: 7 days, ADR
 * 0147), stored as SHA-256 only. The token
 * travels in the URL's fragment (#token=…), which browsers never send to a
 * server, and the page at /equipo/entrar completes the sign-in only when the
 * member presses its button (a POST): mail scanners that fetch links cannot
 * use one up. See docs/decisions/0052-sign-in-link-button-page.md.
 */
import type { NewSignInLink } from '../../db/stores/team-store.ts'
import { WORKSPACE_PAGE_PATH } from '../../shared/auth/context.ts'
import { randomToken, sha256Hex } from '../../shared/auth/tokens.ts'

export const SIGN_IN_LINK_MINUTES = 15
/** An invitation waits for someone who may not read their mail today (ADR 0147). */
export const INVITATION_LINK_DAYS = 7

export type SignInLinkKind = 'sign_in' | 'invitation'

/** How long a link of `kind` lasts, in milliseconds. */
export function linkLifetimeMs(kind: SignInLinkKind): number {
  return kind === 'invitation' ? INVITATION_LINK_DAYS * 24 * 60 * 60_000 : SIGN_IN_LINK_MINUTES * 60_000
}

export function newSignInLink(memberId: string, now: Date, kind: SignInLinkKind = 'sign_in'): { token: string; link: NewSignInLink } {
  const token = randomToken()
  return {
    token,
    link: {
      tokenHash: sha256Hex(token),
      memberId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + linkLifetimeMs(kind)),
    },
  }
}

/**
 * The address in the e-mail, on the site's public origin; with `returnTo`
 * (already checked by workspaceReturnPath), the page opens it once signed in.
 */
export function signInUrl(siteOrigin: string, token: string, returnTo: string | null = null): string {
  const back = returnTo === null ? '' : `?volver=${encodeURIComponent(returnTo)}`
  return `${siteOrigin}${WORKSPACE_PAGE_PATH}/entrar${back}#token=${token}`
}

/** Where a member asks for a new link. */
export function workspaceUrl(siteOrigin: string): string {
  return `${siteOrigin}${WORKSPACE_PAGE_PATH}`
}
