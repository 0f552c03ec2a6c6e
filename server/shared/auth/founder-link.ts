/**
 * The one way from a founder's personal link token (/postulacion/<token>)
 * to their application, for the status page and the documents alike: a
 * token of the wrong shape is refused before hashing; otherwise its SHA-256
 * (hex) goes to FounderStore.resolveLink, which finds nothing for an unknown
 * or revoked link or an application reduced by retention. Callers answer
 * every failure the same way, so a guess learns nothing about which links exist.
 */
import { TOKEN_RE, sha256Hex } from './tokens.ts'
import type { FounderStore, FounderView } from '../../db/stores/founder-store.ts'

/** Only this is stored (founder_links.token_hash), never the token. */
export function hashFounderToken(token: string): string {
  return sha256Hex(token)
}

export function resolveFounderToken(founders: Pick<FounderStore, 'resolveLink'>, token: string): Promise<FounderView | null> {
  if (!TOKEN_RE.test(token)) return Promise.resolve(null)
  return founders.resolveLink(hashFounderToken(token))
}
