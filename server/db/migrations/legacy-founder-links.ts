/**
 * Before ADR 0117, a founder's link was written into the e-mail when the
 * draft was made, so waiting drafts and unsent e-mails held live links. The
 * migration that ends this (SQLite 14; its PostgreSQL twin does the same in
 * SQL) finds those links with these two functions: the hashes of their tokens,
 * to revoke them, and the text with each link replaced by the placeholder.
 */
import { createHash } from 'node:crypto'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'

/** The same pattern as the PostgreSQL migration's: an absolute link to /postulacion/<token>, nothing after the token. */
const LEGACY_LINK = /https?:\/\/[^\s"'<>]+\/postulacion\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g

export function legacyFounderLinkHashes(text: string): string[] {
  return [...text.matchAll(LEGACY_LINK)].map((m) => createHash('sha256').update(m[1]!).digest('hex'))
}

export function withoutLegacyFounderLinks(text: string): string {
  return text.replace(LEGACY_LINK, PERSONAL_LINK_PLACEHOLDER)
}
