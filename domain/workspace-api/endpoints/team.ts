/**
 * The team's endpoints (docs/workspace.md "Sign-in", "Members"): the public
 * sign-in routes, the session, the passkeys and the member list.
 */
import { del, get, patch, post } from '../endpoint.ts'
import {
  AddPasskeySchema,
  InviteMemberSchema,
  LinkCompleteSchema,
  LinkRequestSchema,
  PasskeyVerifySchema,
  UpdateMemberSchema,
  type LinkRequested,
  type MemberAnswer,
  type MemberList,
  type PasskeyAdded,
  type PasskeyChallenge,
  type PasskeyList,
  type SessionInfo,
  type SignedIn,
} from '../team.ts'

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
