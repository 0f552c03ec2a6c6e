/**
 * WebAuthn ceremonies with @simplewebauthn/server (v14): registration of a
 * discoverable credential for a signed-in member, and discoverable sign-in
 * (no address typed). The challenge lives in webauthn_challenges and is
 * deleted when used. The relying party is the origin the browser is on,
 * once allowOrigin (auth/origin.ts) has accepted it.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Member, Passkey, TeamStore } from '../../db/stores/team-store.ts'
import type { PasskeyChallenge } from '../../../domain/workspace-api/team.ts'

export const RP_NAME = 'Catalítico Media for Equity'
export const CHALLENGE_TTL_MS = 5 * 60_000

export interface RelyingParty {
  /** The page's origin, e.g. https://catalitico.co */
  origin: string
  /** Its host name, e.g. catalitico.co */
  rpID: string
}

export const relyingParty = (origin: string): RelyingParty => ({ origin, rpID: new URL(origin).hostname })

/** The ceremony's options and their challenge, stored for CHALLENGE_TTL_MS and used once. */
async function challenged<O extends { challenge: string }>(team: TeamStore, options: O, purpose: 'register' | 'authenticate', memberId: string | null, now: Date): Promise<PasskeyChallenge<O>> {
  const challengeId = crypto.randomUUID()
  await team.createChallenge({ id: challengeId, challenge: options.challenge, purpose, memberId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
  return { challengeId, options }
}

/** The library's verification, or null when it refuses the response (or throws on it). */
async function verifiedOrNull<V extends { verified: boolean }>(verify: () => Promise<V>): Promise<V | null> {
  try {
    const verified = await verify()
    return verified.verified ? verified : null
  } catch {
    return null
  }
}

export async function startRegistration(
  team: TeamStore,
  member: Member,
  rp: RelyingParty,
  now: Date,
): Promise<PasskeyChallenge<PublicKeyCredentialCreationOptionsJSON>> {
  const existing = await team.listPasskeys(member.id)
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: member.email,
    userDisplayName: member.name,
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  return challenged(team, options, 'register', member.id, now)
}

/** The new passkey, or null when the challenge or the response does not hold up. */
export async function finishRegistration(
  team: TeamStore,
  member: Member,
  rp: RelyingParty,
  input: { challengeId: string; response: unknown; name: string },
  now: Date,
): Promise<Passkey | null> {
  const challenge = await team.takeChallenge(input.challengeId, 'register', now)
  if (!challenge || challenge.memberId !== member.id) return null
  const verified = await verifiedOrNull(() =>
    verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }),
  )
  if (!verified?.registrationInfo) return null
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
  if (await team.getPasskey(credential.id)) return null
  const passkey: Passkey = {
    id: credential.id,
    memberId: member.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: input.name,
    createdAt: now,
    lastUsedAt: null,
  }
  await team.addPasskey(passkey)
  return passkey
}

export async function startAuthentication(team: TeamStore, rp: RelyingParty, now: Date): Promise<PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' })
  return challenged(team, options, 'authenticate', null, now)
}

/**
 * A ceremony for one member's own passkeys (the programme signer's signature, server/features/agreements/):
 * only their credentials are allowed, and the challenge is theirs.
 */
export async function startMemberAuthentication(team: TeamStore, member: Member, rp: RelyingParty, now: Date): Promise<PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON> | null> {
  const passkeys = await team.listPasskeys(member.id)
  if (passkeys.length === 0) return null
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred', allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports })) })
  return challenged(team, options, 'authenticate', member.id, now)
}

/** The active member the assertion proves, or null. Records the authenticator's new counter. */
export async function finishAuthentication(
  team: TeamStore,
  rp: RelyingParty,
  input: { challengeId: string; response: unknown },
  now: Date,
): Promise<{ member: Member; passkey: Passkey } | null> {
  const challenge = await team.takeChallenge(input.challengeId, 'authenticate', now)
  if (!challenge) return null
  const response = input.response as AuthenticationResponseJSON
  const passkey = typeof response?.id === 'string' ? await team.getPasskey(response.id) : null
  if (!passkey) return null
  const verified = await verifiedOrNull(() =>
    verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    }),
  )
  if (!verified) return null
  const member = await team.getMember(passkey.memberId)
  if (!member?.active) return null
  await team.recordPasskeyUse(passkey.id, verified.authenticationInfo.newCounter, now)
  return { member, passkey }
}
