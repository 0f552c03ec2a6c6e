/**
 * Conflicts of interest: the kinds a member can declare, and the
 * e-mail-domain hint the workspace shows. The hint is only a suggestion:
 * sharing a domain proves nothing (docs/decisions/0101-conflicts-of-interest.md).
 */
import { keysOf } from './labels.ts'

export const CONFLICT_KIND_LABELS = {
  personal: 'Relación personal o familiar',
  comercial: 'Inversión o relación comercial',
  competencia: 'Competencia',
  otra: 'Otra',
} satisfies Record<string, string>
export const CONFLICT_KINDS = keysOf(CONFLICT_KIND_LABELS)
export type ConflictKind = (typeof CONFLICT_KINDS)[number]

export const CONFLICT_NOTE_MAX = 1000
export const LIFT_REASON_MAX = 1000

/** Mailbox providers anyone can use: sharing one says nothing about a relation. */
export const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.es',
  'outlook.com',
  'outlook.es',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.es',
  'icloud.com',
  'me.com',
  'protonmail.com',
  'proton.me',
  'aol.com',
])

export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@')
  if (at < 0) return null
  const domain = email.slice(at + 1).trim().toLowerCase()
  return domain === '' ? null : domain
}

/** True when the member and the founder write from the same organisation's domain. */
export function suggestsConflict(memberEmail: string, founderEmail: string): boolean {
  const mine = emailDomain(memberEmail)
  const theirs = emailDomain(founderEmail)
  if (mine === null || theirs === null) return false
  return mine === theirs && !PUBLIC_EMAIL_DOMAINS.has(mine)
}
