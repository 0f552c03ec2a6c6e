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
import {
  sessionEndpoints as session,
  signInEndpoints as signIn,
  type AddPasskey,
  type Passkey,
  type PasskeyChallenge,
  type PasskeyVerify,
  type SessionMember,
} from '../../../domain/workspace-api/team.ts'
import { call } from '../api/endpoints.ts'

export async function signInWithPasskey(): Promise<SessionMember> {
  // The options are WebAuthn's, read with the browser library's own types (the table says `unknown`).
  const { challengeId, options } = (await call(signIn.passkeyOptions, { body: {} })) as PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON>
  const response = await startAuthentication({ optionsJSON: options })
  const { member } = await call(signIn.verifyPasskey, { body: { challengeId, response } satisfies PasskeyVerify })
  return member
}

export async function addPasskey(name: string): Promise<Passkey> {
  const { challengeId, options } = (await call(session.newPasskeyOptions, { body: {} })) as PasskeyChallenge<PublicKeyCredentialCreationOptionsJSON>
  const response = await startRegistration({ optionsJSON: options })
  const { passkey } = await call(session.addPasskey, { body: { challengeId, response, name } satisfies AddPasskey })
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
