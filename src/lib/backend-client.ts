/**
 * The site's one call (SPEC §7): invoke the `send-application-email` function
 * with the Supabase Functions wire protocol, so the same build talks to our
 * own server and to a Supabase project. Only the functions client is used
 * (about 1.5 kB): supabase-js would bring auth, realtime and storage, and a
 * session in localStorage, none of which this site needs.
 */
import { FunctionsClient, FunctionsHttpError, FunctionsRelayError } from '@supabase/functions-js'
import type { FieldErrors } from '../../domain/application.ts'
import {
  FUNCTION_NAME,
  IDEMPOTENCY_HEADER,
  type ConsentError,
  type SubmissionBody,
  type SubmissionResponse,
} from '../../domain/submission.ts'
import { backendConfig } from '../config/backend.ts'

/** After this long without an answer the attempt fails and the founder can retry. */
export const REQUEST_TIMEOUT_MS = 30_000

export type SendOutcome =
  | { ok: true; reference?: string }
  | {
      ok: false
      /** validation: a 422 with per-field codes; http: any other error status; network: no answer at all. */
      reason: 'validation' | 'http' | 'network'
      status?: number
      fieldErrors?: FieldErrors
      consentError?: ConsentError
      /** What went wrong, for console.error: never shown to the founder. */
      cause: unknown
    }

export async function sendApplication(body: SubmissionBody, idempotencyKey: string): Promise<SendOutcome> {
  const { functionsUrl, anonKey } = backendConfig()
  const client = new FunctionsClient(functionsUrl, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  })
  const { data, error } = await client.invoke<Partial<SubmissionResponse> | string>(FUNCTION_NAME, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeout: REQUEST_TIMEOUT_MS,
  })
  if (!error) {
    const reference = typeof data === 'object' && data && typeof data.reference === 'string' ? data.reference : undefined
    return reference ? { ok: true, reference } : { ok: true }
  }
  if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
    const response = error.context as Response
    const answer = await readJson(response)
    if (response.status === 422 && answer?.error === 'validation_failed') {
      return {
        ok: false,
        reason: 'validation',
        status: 422,
        fieldErrors: isRecord(answer.fieldErrors) ? (answer.fieldErrors as FieldErrors) : {},
        ...(answer.consentError === 'consent_required' || answer.consentError === 'consent_outdated'
          ? { consentError: answer.consentError }
          : {}),
        cause: answer,
      }
    }
    return { ok: false, reason: 'http', status: response.status, cause: answer ?? error }
  }
  return { ok: false, reason: 'network', cause: error }
}

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = await response.json()
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A fresh Idempotency-Key: 128 random bits in hex. getRandomValues works in
 * every context, unlike randomUUID, which needs HTTPS (or localhost).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
