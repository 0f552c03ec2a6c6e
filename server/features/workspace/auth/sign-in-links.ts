/**
 * Sign-in links: single use, 15 minutes, stored as SHA-256 only. The token
 * travels in the URL's fragment (#token=…), which browsers never send to a
 * server, and the page at /equipo/entrar completes the sign-in only when the
 * member presses its button (a POST): mail scanners that fetch links cannot
 * use one up. See docs/decisions/0052-sign-in-link-button-page.md.
 */
import type { NewSignInLink } from '../../../db/stores/team-store.ts'
import { WORKSPACE_PAGE_PATH } from '../../../shared/auth/context.ts'
import { randomToken, sha256Hex } from '../../../shared/auth/tokens.ts'

export const SIGN_IN_LINK_MINUTES = 15

export function newSignInLink(memberId: string, now: Date): { token: string; link: NewSignInLink } {
  const token = randomToken()
  return {
    token,
    link: {
      tokenHash: sha256Hex(token),
      memberId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
    },
  }
}

/** The address in the e-mail, on the site's public origin. */
export function signInUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}${WORKSPACE_PAGE_PATH}/entrar#token=${token}`
}

/** Where a member asks for a new link. */
export function workspaceUrl(siteOrigin: string): string {
  return `${siteOrigin}${WORKSPACE_PAGE_PATH}`
}
