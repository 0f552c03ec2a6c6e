/**
 * The send-application-email function: validates a founder's application,
 * stores it with its consent evidence and its two e-mails in one transaction
 * (a transactional outbox), and answers `{ id, reference }`.
 *
 * Runtime-agnostic: built from injected dependencies with Web-standard APIs,
 * hono, valibot and domain/ only — no node: imports here or in anything it
 * imports — so the Node server mounts it at /functions/v1/send-application-email
 * and the Supabase Edge Function (Deno) serves the very same module.
 *
 * Wire protocol: Supabase Functions (POST with `apikey` and/or
 * `Authorization: Bearer <anon key>`, JSON body, CORS preflight).
 * Answers: 200 { id, reference } · 400 invalid_json (not JSON, or not UTF-8) |
 * invalid_idempotency_key · 401 unauthorized · 405 (Allow) · 408 request_timeout ·
 * 413 payload_too_large · 415 unsupported_media_type (not JSON, or a charset other
 * than UTF-8) · 422 validation_failed (fieldErrors, consentError?) |
 * idempotency_key_reused · 429 rate_limited (Retry-After) · 500 internal_error.
 * Never a stack trace.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { APPLICATION_FIELDS, type Application } from '../../../domain/application.ts'
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_RE,
  MAX_BODY_BYTES,
  readAttribution,
  validateSubmission,
  type SubmissionResponse,
  type ValidationErrorResponse,
} from '../../../domain/submission.ts'
import { isHeaderSafeAddress } from '../../shared/mail/templates.ts'
import { renderSubmissionMails, type MailConfig, type MailContext } from './mails.ts'
import { DuplicateReferenceError, type ApplicationStore, type NewOutboxMessage, type SaveOutcome } from '../../db/stores/application-store.ts'
import { messageIdDomain, webIds, type Ids } from '../../shared/ids.ts'
import type { RateLimiter } from './rate-limiter.ts'
import { readBody } from './read-body.ts'

/** What the function tells the request log: never personal data. */
export interface FunctionVariables {
  applicationId?: string
  outcome?: string
}
export type FunctionEnv = { Variables: FunctionVariables }

export interface SendApplicationEmailDeps {
  store: ApplicationStore
  clock?: () => Date
  ids?: Ids
  rateLimiter: RateLimiter
  mail: MailConfig
  /** The public anon key the site sends (apikey / Authorization: Bearer). */
  anonKey: string
  /** Extra origins allowed by CORS; the site's own origin always is. */
  allowedOrigins: readonly string[]
  /** The key to rate-limit a request by: the client IP, as the runtime knows it. */
  clientKey: (c: Context) => string
  /** Called after an application is committed, e.g. to wake the outbox worker. */
  onCommitted?: () => void
  /** Structured log for events outside the request line (e.g. a 500). */
  log?: (entry: Record<string, unknown>) => void
  /** How long the whole body may take to arrive (BODY_READ_TIMEOUT_MS). */
  bodyReadTimeoutMs?: number
}

export const CORS_ALLOW_HEADERS = ['authorization', 'apikey', 'content-type', 'x-client-info', 'idempotency-key']
const REFERENCE_ATTEMPTS = 5
/**
 * 64 kB (the most a body may be) at 20 kbit/s, a poor 2G link, takes about
 * 26 s: a founder's phone stays well inside this, a client that stalls does not.
 */
export const BODY_READ_TIMEOUT_MS = 30_000
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Build the function as a Hono app whose single route is `/`; mount it where the runtime routes it. */
export function createSendApplicationEmail(deps: SendApplicationEmailDeps): Hono<FunctionEnv> {
  const clock = deps.clock ?? (() => new Date())
  const ids = deps.ids ?? webIds
  const allowed = new Set(deps.allowedOrigins.map((o) => o.replace(/\/+$/, '')))
  const bodyLimits = { maxBytes: MAX_BODY_BYTES, timeoutMs: deps.bodyReadTimeoutMs ?? BODY_READ_TIMEOUT_MS }
  const domain = messageIdDomain(deps.mail.from)
  const app = new Hono<FunctionEnv>()

  app.use(corsOnTheAnswer((origin, c) => (isAllowedOrigin(origin, c, allowed) ? origin : null)))
  app.use(async (c, next) => {
    await next()
    // On the answer itself, not through c.header(), which would copy a finished answer first.
    c.res.headers.set('Cache-Control', 'no-store')
  })

  app.post(
    '/',
    async (c, next) => {
      if (!isAuthorized(c.req.raw.headers, deps.anonKey)) {
        c.set('outcome', 'unauthorized')
        return c.json({ error: 'unauthorized' }, 401)
      }
      const decision = deps.rateLimiter.consume(deps.clientKey(c), clock())
      if (!decision.allowed) {
        c.set('outcome', 'rate_limited')
        c.header('Retry-After', String(decision.retryAfterSeconds))
        return c.json({ error: 'rate_limited' }, 429)
      }
      if (!isJsonInUtf8(c.req.header('content-type') ?? '')) return c.json({ error: 'unsupported_media_type' }, 415)
      const key = c.req.header(IDEMPOTENCY_HEADER)
      if (key !== undefined && !IDEMPOTENCY_KEY_RE.test(key)) return c.json({ error: 'invalid_idempotency_key' }, 400)
      await next()
    },
    async (c) => {
      const body = await readBody(c.req.raw, bodyLimits)
      if (!body.ok && body.error === 'payload_too_large') return c.json({ error: body.error }, 413)
      if (!body.ok) {
        // The rest of the body may still come: do not read it on this connection.
        c.header('Connection', 'close')
        c.set('outcome', 'timeout')
        return c.json({ error: body.error }, 408)
      }
      let input: unknown
      try {
        // JSON between systems is UTF-8 (RFC 8259 §8.1): bytes that are not are refused, not patched with U+FFFD.
        input = JSON.parse(utf8.decode(body.bytes))
      } catch {
        return c.json({ error: 'invalid_json' }, 400)
      }
      const checked = validateSubmission(input)
      if (!checked.ok) {
        const body: ValidationErrorResponse = {
          error: 'validation_failed',
          fieldErrors: checked.errors,
          ...(checked.consentError ? { consentError: checked.consentError } : {}),
        }
        c.set('outcome', 'invalid')
        return c.json(body, 422)
      }
      const now = clock()
      if (checked.honeypotFilled) {
        // Look like a success so the bot learns nothing; store and send nothing.
        c.set('outcome', 'honeypot')
        return c.json({ id: ids.uuid(), reference: ids.reference(now) } satisfies SubmissionResponse, 200)
      }

      const formData = checked.value.formData
      const policyVersion = checked.value.consent.policyVersion
      const key = c.req.header(IDEMPOTENCY_HEADER)
      const requestHash = key ? await fingerprint(formData, policyVersion) : ''
      const id = ids.uuid()
      const attribution = readAttribution(checked.value.attribution)

      let outcome: SaveOutcome | undefined
      for (let attempt = 1; !outcome; attempt++) {
        const reference = ids.reference(now)
        const messages = renderMessages({ formData, reference, receivedAt: now, policyVersion, heardFrom: attribution.heardFrom }, deps.mail, ids, domain)
        try {
          outcome = await deps.store.saveSubmission({
            application: { id, reference, createdAt: now, formData, consent: { policyVersion, acceptedAt: now } },
            messages,
            ...(key ? { idempotency: { key, requestHash } } : {}),
            attribution,
          })
        } catch (err) {
          if (!(err instanceof DuplicateReferenceError) || attempt >= REFERENCE_ATTEMPTS) throw err
        }
      }

      c.set('outcome', outcome.status)
      if (outcome.status === 'key_reused') return c.json({ error: 'idempotency_key_reused' }, 422)
      c.set('applicationId', outcome.id)
      if (outcome.status === 'created') deps.onCommitted?.()
      else c.header('Idempotent-Replayed', 'true')
      return c.json({ id: outcome.id, reference: outcome.reference } satisfies SubmissionResponse, 200)
    },
  )

  app.all('/', (c) => {
    c.header('Allow', 'POST, OPTIONS')
    return c.json({ error: 'method_not_allowed' }, 405)
  })

  app.onError((err, c) => {
    deps.log?.({ level: 'error', msg: 'send-application-email failed', error: err.name, applicationId: c.get('applicationId') })
    return c.json({ error: 'internal_error' }, 500)
  })

  return app
}

const EXPOSED_HEADERS = ['Retry-After', 'Idempotent-Replayed']

/**
 * CORS with the headers hono/cors gives, written on the answer once it is
 * made. hono/cors writes a simple request's headers before the handler runs,
 * on an answer of its own that Hono then merges into the handler's: on Node
 * that turns @hono/node-server's lightweight Response into a full one whose
 * body is streamed out (about 0.1 ms a request, ADR 0126). A preflight is
 * hono/cors's own.
 */
function corsOnTheAnswer(origin: (origin: string, c: Context) => string | null): MiddlewareHandler {
  const preflight = cors({ origin, allowMethods: ['POST', 'OPTIONS'], allowHeaders: CORS_ALLOW_HEADERS, exposeHeaders: EXPOSED_HEADERS, maxAge: 600 })
  const exposed = EXPOSED_HEADERS.join(',')
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    await next()
    const headers = c.res.headers
    const allowOrigin = origin(c.req.header('origin') || '', c)
    if (allowOrigin) headers.set('Access-Control-Allow-Origin', allowOrigin)
    headers.set('Access-Control-Expose-Headers', exposed)
    headers.append('Vary', 'Origin')
  }
}

/** `application/json`, with no charset or UTF-8 (how `utf-8` is spelled and quoted does not matter). */
function isJsonInUtf8(contentType: string): boolean {
  const [essence = '', ...parameters] = contentType.split(';')
  if (essence.trim().toLowerCase() !== 'application/json') return false
  return parameters.every((parameter) => {
    const [name = '', value = ''] = parameter.split('=')
    if (name.trim().toLowerCase() !== 'charset') return true
    return /^(?:"utf-?8"|utf-?8)$/i.test(value.trim())
  })
}

/**
 * A configured origin (the site's public one among them) or the origin the
 * request itself was made to: scheme, host and port all equal, never the
 * host alone (https://host:port must not pass for http://host:port).
 */
function isAllowedOrigin(origin: string, c: Context, allowed: ReadonlySet<string>): boolean {
  if (!origin) return false
  if (allowed.has(origin)) return true
  try {
    return new URL(c.req.url).origin === origin
  } catch {
    return false
  }
}

function isAuthorized(headers: Headers, anonKey: string): boolean {
  return headers.get('apikey') === anonKey || headers.get('authorization') === `Bearer ${anonKey}`
}

/** A fingerprint of what was submitted, to tell a retry from a reused Idempotency-Key. */
async function fingerprint(formData: Application, policyVersion: string): Promise<string> {
  const canonical = JSON.stringify([APPLICATION_FIELDS.map((f) => formData[f]), policyVersion])
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

function renderMessages(
  ctx: MailContext,
  mail: MailConfig,
  ids: Ids,
  domain: string,
): NewOutboxMessage[] {
  const applicant = ctx.formData.email.trim()
  const messages: NewOutboxMessage[] = []
  const { confirmation, notification } = renderSubmissionMails(ctx, mail)
  // The schema already refuses such addresses; this keeps a header clean even if it ever changes.
  const safe = isHeaderSafeAddress(applicant)
  if (safe) {
    messages.push({
      id: ids.uuid(),
      kind: 'applicant_confirmation',
      messageId: ids.messageId(domain),
      from: mail.from,
      to: applicant,
      ...confirmation,
    })
  }
  messages.push({
    id: ids.uuid(),
    kind: 'team_notification',
    messageId: ids.messageId(domain),
    from: mail.from,
    to: mail.teamEmail,
    ...(safe ? { replyTo: applicant } : {}),
    ...notification,
  })
  return messages
}
