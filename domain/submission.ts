/**
 * The body of a call to the send-application-email function:
 * `{ formData, consent, [HONEYPOT_FIELD] }`. formData holds exactly the 21
 * fields (SPEC §7); the consent evidence travels next to it, not inside it.
 */
import * as v from 'valibot'
import { ApplicationSchema, collectErrors, type Application, type ErrorCode, type FieldErrors } from './application.ts'
import { PRIVACY_POLICY_VERSION } from './privacy.ts'
import { isSourceOutlet, isSourceSlug, type SourceOutlet } from './sources.ts'

export const FUNCTION_NAME = 'send-application-email'
/**
 * The public anonymous key the form sends and the server expects when neither
 * is configured (VITE_SUPABASE_ANON_KEY, PUBLIC_ANON_KEY). Clearly fictitious
 * and not a secret; a Supabase deployment sets its project's own.
 */
export const DEFAULT_ANON_KEY = 'catalitico-public-anon-key-not-a-secret'
/** The largest body the function accepts, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024
/**
 * A field hidden from people (off-screen, aria-hidden, tabindex -1, autocomplete off)
 * that bots fill in. Not a field of the Application. See docs/decisions.
 */
export const HONEYPOT_FIELD = 'faxNumber'
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** 8 to 128 characters from the safe URL alphabet, e.g. a UUID. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,128}$/

export interface Consent {
  /** The founder ticked the data-processing authorisation (Ley 1581 de 2012). */
  accepted: true
  /** The version of the privacy notice and policy they agreed to. */
  policyVersion: string
}

/**
 * Where the founder came from (ADR 0168), beside formData as the
 * consent is: the first source the browser kept (a short path's slug) and the
 * answer to «¿Dónde nos conociste?». Both optional; anything malformed is
 * ignored, never refused (readAttribution), and the server records a slug
 * only if it names a known source.
 */
export interface Attribution {
  source?: string
  heardFrom?: SourceOutlet
}

export interface SubmissionBody {
  formData: Application
  consent: Consent
  attribution?: Attribution
  [HONEYPOT_FIELD]?: unknown
}

/** The attribution a body carries, each part dropped unless well formed: a bad one never fails the application. */
export function readAttribution(value: unknown): { sourceSlug: string | null; heardFrom: SourceOutlet | null } {
  if (typeof value !== 'object' || value === null) return { sourceSlug: null, heardFrom: null }
  const { source, heardFrom } = value as { source?: unknown; heardFrom?: unknown }
  return { sourceSlug: isSourceSlug(source) ? source : null, heardFrom: isSourceOutlet(heardFrom) ? heardFrom : null }
}

export const ConsentSchema = v.strictObject(
  {
    accepted: v.literal(true, 'consent_required'),
    policyVersion: v.pipe(v.string('consent_required'), v.check((s) => s === PRIVACY_POLICY_VERSION, 'consent_outdated')),
  },
  'invalid_type',
)

export const SubmissionBodySchema = v.object({
  formData: ApplicationSchema,
  consent: ConsentSchema,
  // Read leniently by readAttribution: where a founder came from never stands between them and their application.
  attribution: v.optional(v.unknown()),
  // Any value at all: a bot that fills the field with a number or a novel must
  // get the same fake success as one that types a fax number (isHoneypotHit).
  [HONEYPOT_FIELD]: v.optional(v.unknown()),
})

/** Anything but absent or blank in the hidden field: only a bot puts it there. */
export function isHoneypotHit(value: unknown): boolean {
  return value !== undefined && !(typeof value === 'string' && value.trim() === '')
}

export type ConsentError = 'consent_required' | 'consent_outdated'

export type SubmissionValidation =
  | { ok: true; value: SubmissionBody; honeypotFilled: boolean }
  | { ok: false; errors: FieldErrors; consentError?: ConsentError; formError?: ErrorCode }

/** Validate a parsed JSON body. Field errors carry one code per field of formData. */
export function validateSubmission(input: unknown): SubmissionValidation {
  const result = v.safeParse(SubmissionBodySchema, input, { abortPipeEarly: true })
  if (result.success) {
    const value = result.output as SubmissionBody
    return { ok: true, value, honeypotFilled: isHoneypotHit(value[HONEYPOT_FIELD]) }
  }
  const { errors } = collectErrors(result.issues, ['formData'])
  let consentError: ConsentError | undefined
  let formError: ErrorCode | undefined
  for (const issue of result.issues) {
    const top = issue.path?.[0]?.key
    if (top === 'consent') consentError ??= issue.message === 'consent_outdated' ? 'consent_outdated' : 'consent_required'
    else if (top !== 'formData') formError ??= 'invalid_type'
    else if (issue.path?.length === 1) formError ??= 'invalid_type'
  }
  return {
    ok: false,
    errors,
    ...(consentError ? { consentError } : {}),
    ...(formError ? { formError } : {}),
  }
}

/** The JSON answer of a 422. */
export interface ValidationErrorResponse {
  error: 'validation_failed'
  fieldErrors: FieldErrors
  consentError?: ConsentError
}

/** The JSON answer of a 200. */
export interface SubmissionResponse {
  id: string
  reference: string
}
