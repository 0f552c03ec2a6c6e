/**
 * One submission, one write (ADR 0189): the guard in front of every
 * route a form writes through (the media plan and its ledger, the deal, the
 * rate card, the panel session, the founder's booking, cancellation and
 * monthly check-in).
 *
 * The form sends a key it made when it opened (domain/request-keys.ts): the
 * workspace as the Idempotency-Key header, the founder's pages as a hidden
 * field. The guard fingerprints the request (the route, the application and
 * the body, read as its fields: a multipart body's boundary changes with
 * every send), then claims the key for who sent it and the route
 * (RequestKeyStore):
 * - claimed: the route runs; an answer below 400 is kept and the claim
 *   answered; a refusal (4xx) releases the claim, so the corrected form can be
 *   sent under the same key; a failure (5xx, or a throw) releases it only if
 *   the write did not commit (the stores that take the key mark it in their
 *   own transaction: `requestKeyOf(c)` and requestKeyWriter);
 * - answered with the same body: the first answer again (status, type,
 *   Location, body, and `Idempotent-Replayed: true`), nothing written;
 * - running with the same body: waits for its answer (two identical requests
 *   at once: one writes, both get its answer); past `waitMs`, or when the
 *   first one's request died, a 409 that says to reload;
 * - another body under the same key: refused (422).
 * Without a key the route runs as before (other clients; ADR 0189 says why).
 *
 * The founder's link is a key too and never stored readable: `secret` names
 * it, and the kept answer carries a placeholder in its place, put back from
 * the repeated request's own path when given again.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { REPLAYED_HEADER, REQUEST_KEY_ERRORS, REQUEST_KEY_FIELD, REQUEST_KEY_HEADER, REQUEST_KEY_MESSAGES, REQUEST_KEY_RE } from '../../../domain/request-keys.ts'
import type { RequestKey, RequestKeyStore } from '../../db/stores/request-key-store.ts'

export type RequestKeyRefusal = keyof typeof REQUEST_KEY_MESSAGES

export interface RequestOnceOptions {
  keys: Pick<RequestKeyStore, 'claim' | 'answer' | 'release' | 'prune'>
  now: () => Date
  /** Where the form puts its key: the header (the workspace) or a hidden field (the founder's pages). */
  from: 'header' | 'field'
  /** Whose key: 'member:<id>', 'founder:<application id>'; null lets the route answer (no session, a dead link). */
  principal: (c: Context) => string | null | Promise<string | null>
  /** The application the request is about: its keys go with it. */
  applicationId?: (c: Context) => string | null
  /** A text the kept answer must not hold (the founder's link in a Location): replaced, and put back on replay. */
  secret?: (c: Context) => string | null
  /** The refusal as the route's callers read it (JSON for the workspace, a page for the founder). */
  refuse: (c: Context, status: 400 | 409 | 422, why: RequestKeyRefusal) => Response | Promise<Response>
  /** How long a repeated request waits for the first one's answer. */
  waitMs?: number
}

const SECRET_PLACEHOLDER = '\u0000secret\u0000'
const POLL_MS = 25
/** A claim this old without an answer belongs to a request that died: no use waiting for it. */
const STALE_MS = 60_000
const KEEP_MS = 24 * 3_600_000
const PRUNE_EVERY_MS = 10 * 60_000

const claimed = new WeakMap<Context, RequestKey>()

/** The key this request claimed, for a store that marks it in the write's own transaction (requestKeyWriter); null without one. */
export const requestKeyOf = (c: Context): RequestKey | null => claimed.get(c) ?? null

/** The JSON refusal of the workspace's routes: `{ error, message }`. */
export function refuseAsJson(c: Context, status: 400 | 409 | 422, why: RequestKeyRefusal): Response {
  return c.json({ error: REQUEST_KEY_ERRORS[why], message: REQUEST_KEY_MESSAGES[why] }, status)
}

/**
 * The guard, made once per group of routes: `once('POST /applications/:id/media-plan/entries')` is the
 * middleware of that route (its pattern names the scope: never the path, which may hold a founder's link).
 */
export function requestOnce(options: RequestOnceOptions): (route: string, overrides?: Pick<RequestOnceOptions, 'applicationId'>) => MiddlewareHandler {
  const waitMs = options.waitMs ?? 10_000
  let lastPrune = 0
  return (route, overrides = {}) => async (c, next) => {
    const key = await readKey(c, options.from)
    if (key === undefined) return next()
    if (key === null) return options.refuse(c, 400, 'invalid')
    const principal = await options.principal(c)
    if (principal === null) return next()
    const k: RequestKey = { principal, route, key }
    const applicationId = (overrides.applicationId ?? options.applicationId)?.(c) ?? null
    const hash = await fingerprint(route, applicationId, await canonicalBody(c))
    const at = options.now()
    if (at.getTime() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = at.getTime()
      await options.keys.prune(new Date(at.getTime() - KEEP_MS))
    }

    const deadline = Date.now() + waitMs
    for (let poll = POLL_MS; ; poll = Math.min(poll * 2, 250)) {
      const claim = await options.keys.claim(k, { hash, applicationId, at: options.now() })
      if (claim.status === 'reused') return options.refuse(c, 422, 'reused')
      if (claim.status === 'answered') return replay(c, claim.answer, options.secret?.(c) ?? null)
      if (claim.status === 'claimed') break
      if (Date.now() >= deadline || options.now().getTime() - claim.since.getTime() > STALE_MS) return options.refuse(c, 409, claim.written ? 'written' : 'inProgress')
      await new Promise((resolve) => setTimeout(resolve, poll))
    }

    claimed.set(c, k)
    const secret = options.secret?.(c) ?? null
    const keep = async (res: Response) => {
      const hide = (text: string) => (secret ? text.split(secret).join(SECRET_PLACEHOLDER) : text)
      const location = res.headers.get('location')
      const body = hide(await res.clone().text())
      await options.keys.answer(k, { status: res.status, type: res.headers.get('content-type'), location: location === null ? null : hide(location), body }, options.now())
    }
    let answered = false
    try {
      await next()
      if (c.res.status < 400) {
        await keep(c.res)
        answered = true
      }
    } finally {
      // A refusal changed nothing: the corrected form may be sent under the same key. A failure whose write
      // committed (the store marked the key in its transaction) is not released: sent again, it is told it was saved.
      if (!answered && !(await options.keys.release(k))) await keep(await options.refuse(c, 409, 'written'))
    }
  }
}

/** The key as the form sent it: undefined without one, null when it is not a key. */
async function readKey(c: Context, from: 'header' | 'field'): Promise<string | null | undefined> {
  let value: string | undefined
  if (from === 'header') value = c.req.header(REQUEST_KEY_HEADER)
  else {
    const field = (await formFields(c))?.[REQUEST_KEY_FIELD]
    value = typeof field === 'string' ? field : undefined
  }
  if (value === undefined) return undefined
  return REQUEST_KEY_RE.test(value) ? value : null
}

const isForm = (c: Context) => /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(c.req.header('content-type') ?? '')

/** The body's fields when it is a form (read once: Hono keeps the body for the route). */
async function formFields(c: Context): Promise<Record<string, string | File | (string | File)[]> | null> {
  if (!isForm(c)) return null
  try {
    return (await c.req.parseBody({ all: true })) as Record<string, string | File | (string | File)[]>
  } catch {
    return null
  }
}

/**
 * The body as its fields, so that a retry of the same submission reads the same: a form's fields by name
 * (a file by its name, type and SHA-256), the key's own field left out; JSON with its keys sorted; anything
 * else as text.
 */
async function canonicalBody(c: Context): Promise<string> {
  const fields = await formFields(c)
  if (fields) {
    const out: [string, unknown[]][] = []
    for (const name of Object.keys(fields).sort()) {
      if (name === REQUEST_KEY_FIELD) continue
      const values = ([] as (string | File)[]).concat(fields[name]!)
      out.push([name, await Promise.all(values.map(async (v) => (typeof v === 'string' ? v : { file: v.name, type: v.type, sha256: await sha256(new Uint8Array(await v.arrayBuffer())) })))])
    }
    return JSON.stringify(out)
  }
  const text = c.req.raw.body === null ? '' : await c.req.text()
  try {
    return JSON.stringify(sorted(JSON.parse(text)))
  } catch {
    return text
  }
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted)
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]))
  return value
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

const fingerprint = (route: string, applicationId: string | null, body: string) => sha256(new TextEncoder().encode(JSON.stringify([route, applicationId, body])))

function replay(c: Context, answer: { status: number; type: string | null; location: string | null; body: string }, secret: string | null): Response {
  const put = (text: string) => (secret ? text.split(SECRET_PLACEHOLDER).join(secret) : text)
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' })
  if (answer.type) headers.set('content-type', answer.type)
  if (answer.location) headers.set('location', put(answer.location))
  // A 204 or a redirect carries no body of its own.
  const body = answer.status === 204 || answer.status === 304 ? null : put(answer.body)
  return c.newResponse(body, answer.status as 200, Object.fromEntries(headers))
}
