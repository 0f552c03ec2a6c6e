/**
 * Passkeys with @simplewebauthn/browser (the browser half of the server's
 * @simplewebauthn/server): sign in with a discoverable credential, or add
 * one to the signed-in member.
 */
import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { api } from '../api/client.ts'
import type {
  AddPasskey,
  Passkey,
  PasskeyAdded,
  PasskeyChallenge,
  PasskeyVerify,
  SessionMember,
  SignedIn,
} from '../../../domain/workspace-api/team.ts'

export async function signInWithPasskey(): Promise<SessionMember> {
  const { challengeId, options } = await api<PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON>>(
    '/auth/passkey/options',
    { method: 'POST', body: {}, public: true },
  )
  const response = await startAuthentication({ optionsJSON: options })
  const { member } = await api<SignedIn>('/auth/passkey/verify', {
    method: 'POST',
    body: { challengeId, response } satisfies PasskeyVerify,
    public: true,
  })
  return member
}

export async function addPasskey(name: string): Promise<Passkey> {
  const { challengeId, options } = await api<PasskeyChallenge<PublicKeyCredentialCreationOptionsJSON>>(
    '/passkeys/options',
    { method: 'POST', body: {} },
  )
  const response = await startRegistration({ optionsJSON: options })
  const { passkey } = await api<PasskeyAdded>('/passkeys', { method: 'POST', body: { challengeId, response, name } satisfies AddPasskey })
  return passkey
}

/** The Spanish reason a WebAuthn ceremony did not finish, or null when it is not a WebAuthn error. */
export function passkeyErrorMessage(err: unknown): string | null {
  const name = err instanceof WebAuthnError ? (err.cause as Error | undefined)?.name : (err as Error | undefined)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Se canceló o se agotó el tiempo. Inténtalo de nuevo.'
  if (name === 'InvalidStateError') return 'Esta llave ya está registrada en tu cuenta.'
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'Este navegador o dispositivo no permite usar passkeys aquí.'
  if (err instanceof WebAuthnError) return 'El dispositivo no pudo completar la operación con la passkey.'
  return null
}
