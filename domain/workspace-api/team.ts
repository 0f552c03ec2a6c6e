/**
 * The workspace API's sign-in, session, passkeys and members (docs/workspace.md
 * "Sign-in and session", "Members"; server/features/team/ and
 * members/). Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import { NormalizedEmailSchema } from '../email.ts'
import { ROLES, type Role } from '../team.ts'
import { del, get, patch, post } from './endpoint.ts'

/** The signed-in member (GET /session, the sign-in answers). */
export interface SessionMember {
  id: string
  email: string
  name: string
  role: Role
}

/** GET /session */
export interface SessionInfo {
  member: SessionMember
  csrfToken: string
}

/** POST /auth/link/complete and POST /auth/passkey/verify: the session cookie is set. */
export interface SignedIn {
  member: SessionMember
}

/**
 * POST /auth/link: `202 { ok: true }`, whether or not the address is a member's.
 * `returnTo`: the workspace path the member was opening (return-path.ts); the
 * e-mailed link brings them back to it. An unsafe one is dropped, not refused.
 */
export const LinkRequestSchema = v.object({ email: NormalizedEmailSchema, returnTo: v.optional(v.string()) })
export type LinkRequest = v.InferInput<typeof LinkRequestSchema>
export interface LinkRequested {
  ok: true
}

/** POST /auth/link/complete */
export const LinkCompleteSchema = v.object({ token: v.string() })
export type LinkComplete = v.InferInput<typeof LinkCompleteSchema>

/**
 * POST /auth/passkey/options and POST /passkeys/options: a WebAuthn
 * ceremony's options (the W3C JSON form; each side names it with its own
 * @simplewebauthn package's type) and the challenge to answer.
 */
export interface PasskeyChallenge<Options> {
  challengeId: string
  options: Options
}

/** POST /auth/passkey/verify */
export const PasskeyVerifySchema = v.object({ challengeId: v.string(), response: v.unknown() })
export type PasskeyVerify = v.InferInput<typeof PasskeyVerifySchema>

export interface Passkey {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

/** GET /passkeys */
export interface PasskeyList {
  passkeys: Passkey[]
}

/** POST /passkeys: `201 { passkey }`; an empty name becomes "Llave de acceso". */
export const AddPasskeySchema = v.object({
  challengeId: v.string(),
  response: v.unknown(),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'too_long')), ''),
})
export type AddPasskey = v.InferInput<typeof AddPasskeySchema>
export interface PasskeyAdded {
  passkey: Passkey
}

/** A member in the member list. */
export interface TeamMember extends SessionMember {
  active: boolean
  createdAt: string
  lastSignInAt: string | null
  /** May sign agreements for the programme (PUT /members/:id/signing-right, agreements.ts): the members' page's «Firmantes del programa». */
  canSign: boolean
}

/** GET /members */
export interface MemberList {
  members: TeamMember[]
}

/** POST /members (201) and PATCH /members/:id */
export interface MemberAnswer {
  member: TeamMember
}

const nameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(120, 'too_long'))

/** POST /members (admins): the invitation e-mail is queued. */
export const InviteMemberSchema = v.object({ email: NormalizedEmailSchema, name: nameSchema, role: v.picklist(ROLES, 'invalid_role') })
export type InviteMember = v.InferInput<typeof InviteMemberSchema>

/** PATCH /members/:id (admins) */
export const UpdateMemberSchema = v.pipe(
  v.object({ role: v.optional(v.picklist(ROLES, 'invalid_role')), active: v.optional(v.boolean()) }),
  v.check((b) => b.role !== undefined || b.active !== undefined, 'nothing_to_change'),
)
export type UpdateMember = v.InferInput<typeof UpdateMemberSchema>

// The team's endpoints (docs/workspace.md "Sign-in", "Members"): the public
// sign-in routes, the session, the passkeys and the member list.

/**
 * These routes' 422 names no message of its own: the words the browser shows
 * for any 422 without one, so the member reads what they always read (ADR 0209).
 */
const FIELDS = 'Revisa los datos: hay campos con errores.'

/** The WebAuthn options: the browser reads them with its own library's types (src/workspace/lib/passkeys.ts). */
type Challenge = PasskeyChallenge<unknown>

export const signInEndpoints = {
  requestLink: post<LinkRequested>()('/auth/link', { body: LinkRequestSchema, invalid: FIELDS, public: true, status: 202 }),
  completeLink: post<SignedIn>()('/auth/link/complete', { body: LinkCompleteSchema, invalid: FIELDS, public: true }),
  passkeyOptions: post<Challenge>()('/auth/passkey/options', { public: true }),
  verifyPasskey: post<SignedIn>()('/auth/passkey/verify', { body: PasskeyVerifySchema, invalid: FIELDS, public: true }),
} as const

export const sessionEndpoints = {
  session: get<SessionInfo>()('/session'),
  logout: post<void>()('/session/logout', { status: 204, answerKind: 'empty' }),
  logoutAll: post<void>()('/session/logout-all', { status: 204, answerKind: 'empty' }),
  passkeys: get<PasskeyList>()('/passkeys'),
  newPasskeyOptions: post<Challenge>()('/passkeys/options'),
  addPasskey: post<PasskeyAdded>()('/passkeys', { body: AddPasskeySchema, invalid: FIELDS, status: 201 }),
  removePasskey: del<void>()('/passkeys/:id', { status: 204, answerKind: 'empty' }),
} as const

export const memberEndpoints = {
  members: get<MemberList>()('/members'),
  invite: post<MemberAnswer>()('/members', { body: InviteMemberSchema, invalid: FIELDS, admin: true, status: 201 }),
  update: patch<MemberAnswer>()('/members/:id', { body: UpdateMemberSchema, invalid: FIELDS, admin: true }),
} as const
