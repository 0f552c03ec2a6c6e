/**
 * Everything the sign-in, session and member routes keep in the database:
 * members, sessions, sign-in links, passkeys, WebAuthn challenges, the
 * rate-limit counters shared by every instance, and the audit log.
 *
 * Two implementations share the ApplicationStore's connection:
 * sqlite-team-store.ts and postgres-team-store.ts. The semantics both honour
 * are pinned down by team-store-contract.ts.
 */
import type { Role } from '../../../domain/team.ts'
import type { NewOutboxMessage } from './application-store.ts'


export interface Member {
  id: string
  /** Normalised: trimmed, lower case. */
  email: string
  name: string
  role: Role
  active: boolean
  createdAt: Date
  lastSignInAt: Date | null
}

export interface Session {
  /** SHA-256 (hex) of the cookie's token. */
  id: string
  memberId: string
  csrfToken: string
  authMethod: 'link' | 'passkey'
  createdAt: Date
  lastSeenAt: Date
  idleExpiresAt: Date
  expiresAt: Date
}

export interface NewMember {
  /** A UUID. */
  id: string
  /** Normalised (trimmed, lower case). */
  email: string
  name: string
  role: Role
  invitedBy: string | null
  createdAt: Date
}

export interface NewSignInLink {
  /** SHA-256 (hex) of the link's token. */
  tokenHash: string
  memberId: string
  createdAt: Date
  expiresAt: Date
}

export interface Passkey {
  /** The WebAuthn credential id, base64url. */
  id: string
  memberId: string
  /** COSE public key, base64url. */
  publicKey: string
  counter: number
  transports: string[]
  deviceType: string
  backedUp: boolean
  name: string
  createdAt: Date
  lastUsedAt: Date | null
}

export type ChallengePurpose = 'register' | 'authenticate'

export interface WebAuthnChallenge {
  /** A UUID, handed to the browser with the options. */
  id: string
  challenge: string
  purpose: ChallengePurpose
  /** The member registering a passkey; null for a (discoverable) sign-in. */
  memberId: string | null
  expiresAt: Date
}

export interface RateLimitHit {
  /** A hash (never the address or IP itself). */
  bucket: string
  max: number
}

import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'

export interface AuditEntry {
  /** A UUID. */
  id: string
  at: Date
  /** Who acted; null for the system or the command line. */
  memberId: string | null
  action: AuditAction
  applicationId: string | null
  /** Ids and codes only, never personal data. */
  detail: AuditDetail
}

export interface AuditPage {
  items: (AuditEntry & { memberName: string | null })[]
  total: number
}

export type MemberChange = { role?: Role; active?: boolean }

export type MemberChangeOutcome =
  | { status: 'updated'; member: Member; before: Member }
  | { status: 'not_found' }
  /** The change would leave no active admin: nothing changed. */
  | { status: 'last_admin' }

export interface Invitation {
  link: NewSignInLink
  message: NewOutboxMessage
}

export interface TeamStore {
  // --- Members ---------------------------------------------------------------
  /**
   * Add a member and, in the same transaction, their invitation (a sign-in
   * link and its e-mail). False, and nothing stored, when the address is taken.
   */
  createMember(member: NewMember, invitation?: Invitation): Promise<boolean>
  getMember(id: string): Promise<Member | null>
  findMemberByEmail(email: string): Promise<Member | null>
  /** Every member, by name then e-mail. */
  listMembers(): Promise<Member[]>
  /**
   * Change role and/or active flag. Deactivating ends every session of the
   * member in the same transaction. Refuses (and changes nothing) when no
   * active admin would remain.
   */
  updateMember(id: string, change: MemberChange, at: Date): Promise<MemberChangeOutcome>

  // --- Sign-in links ---------------------------------------------------------
  /** In ONE transaction: the link row and its outbox e-mail (redacted once sent). */
  createSignInLink(link: NewSignInLink, message: NewOutboxMessage): Promise<void>
  /**
   * Atomically use the link and open the session: only an unused, unexpired
   * link of an active member works, and only once, even under concurrent calls.
   * Null, and nothing changed, otherwise.
   */
  completeSignIn(tokenHash: string, session: Omit<Session, 'memberId'>): Promise<Member | null>

  // --- Sessions --------------------------------------------------------------
  /** Open a session and record the member's sign-in time. */
  createSession(session: Session): Promise<void>
  /** The session and its member, whatever their state (the caller checks expiry and `active`). */
  getSession(id: string): Promise<{ session: Session; member: Member } | null>
  /** Slide the idle expiry. */
  touchSession(id: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void>
  deleteSession(id: string): Promise<void>
  /** End every session of a member; says how many ended. */
  deleteMemberSessions(memberId: string): Promise<number>

  // --- Passkeys and WebAuthn ceremonies -------------------------------------
  addPasskey(passkey: Passkey): Promise<void>
  getPasskey(id: string): Promise<Passkey | null>
  listPasskeys(memberId: string): Promise<Passkey[]>
  /** After a successful assertion: the authenticator's new counter and the time. */
  recordPasskeyUse(id: string, counter: number, at: Date): Promise<void>
  /** Only the member's own passkey; false when there is none with that id. */
  deletePasskey(id: string, memberId: string): Promise<boolean>
  createChallenge(challenge: WebAuthnChallenge): Promise<void>
  /** Delete the challenge (used once) and return it if it had the purpose and had not expired. */
  takeChallenge(id: string, purpose: ChallengePurpose, now: Date): Promise<WebAuthnChallenge | null>

  // --- Rate limits -----------------------------------------------------------
  /**
   * Count one request in every bucket of the fixed window starting at
   * `windowStart`, all or nothing: when any bucket already holds its max,
   * nothing is counted and the answer is false.
   */
  hitRateLimits(hits: RateLimitHit[], windowStart: Date): Promise<boolean>

  // --- Housekeeping ----------------------------------------------------------
  /** Remove expired sessions, links, challenges and rate-limit windows that ended before `now`. */
  deleteExpired(now: Date, rateWindowsBefore: Date): Promise<void>

  // --- Audit log -------------------------------------------------------------
  appendAudit(entry: AuditEntry): Promise<void>
  /** Newest first. */
  listAudit(page: { offset: number; limit: number }): Promise<AuditPage>
}
