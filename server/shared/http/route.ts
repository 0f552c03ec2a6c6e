/**
 * A workspace route registered from its endpoint table (domain/workspace-api/,
 * docs/decisions/0209-one-endpoint-table.md): the method and path are the
 * table's, an admin endpoint is guarded before anything else is read, and
 * the body is checked against the table's schema, a refusal being the one
 * 422 shape `{ error: 'invalid', message, issues }`.
 */
import type { Context, Env, Hono, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { INVALID_DEFAULT, type AnyEndpoint, type LargerBody, type ParsedBodyOf } from '../../../domain/workspace-api/endpoint.ts'
import { requireAdmin } from '../auth/require-admin.ts'
import { BODY_LIMITS, allowLargerBody } from './body-limit.ts'
import { invalid, jsonBody, toIssues } from './json.ts'

/** Each larger body a table may name, with its limit. */
const LARGER_BODIES = { assignmentPlan: BODY_LIMITS.assignmentPlan, mediaPlanEntry: BODY_LIMITS.mediaPlanEntry, holdingDocument: BODY_LIMITS.holdingDocument } satisfies Record<LargerBody, number>

export type BodyRead<E extends AnyEndpoint> = { ok: true; value: ParsedBodyOf<E> } | { ok: false; response: Response }

/** The request's JSON body checked against `endpoint`'s schema; a refusal is the 422 with the table's message. */
export async function readBody<E extends AnyEndpoint>(c: Context, endpoint: E): Promise<BodyRead<E>> {
  return checkBody(c, endpoint, endpoint.body === undefined ? undefined : await jsonBody(c))
}

/** `input` (a form's fields, or a JSON body already read) checked against `endpoint`'s schema, as readBody does. */
export function checkBody<E extends AnyEndpoint>(c: Context, endpoint: E, input: unknown): BodyRead<E> {
  const schema = endpoint.body
  if (schema === undefined) return { ok: true, value: undefined as ParsedBodyOf<E> }
  const result = v.safeParse(schema, input === undefined && endpoint.emptyBody ? {} : input)
  if (result.success) return { ok: true, value: result.output as ParsedBodyOf<E> }
  const issues = toIssues(result.issues)
  const message = typeof endpoint.invalid === 'function' ? endpoint.invalid(issues) : endpoint.invalid
  return { ok: false, response: invalid(c, issues, message ?? INVALID_DEFAULT) }
}

type Handler<Ev extends Env, P extends string, Args extends unknown[]> = (c: Context<Ev, P>, ...args: Args) => Response | Promise<Response>

function register<Ev extends Env>(app: Hono<Ev>, endpoint: AnyEndpoint, before: MiddlewareHandler<Ev>[], last: Handler<Ev, string, []>): void {
  const guards = [
    ...(endpoint.admin ? [requireAdmin as unknown as MiddlewareHandler] : []),
    ...(endpoint.largerBody ? [allowLargerBody(LARGER_BODIES[endpoint.largerBody])] : []),
    ...(before as MiddlewareHandler[]),
  ]
  // Hono's `on` types its handlers per call site; the table's method and path are plain strings here.
  const on = app as unknown as { on: (method: string, path: string, ...handlers: MiddlewareHandler[]) => unknown }
  on.on(endpoint.method, endpoint.path, ...guards, last as unknown as MiddlewareHandler)
}

/**
 * Registers `endpoint` on `app`: `handler` runs with the body already read
 * and checked (undefined for an endpoint without one). `before`: middleware
 * after the admin guard and the table's larger body limit.
 */
export function route<Ev extends Env, E extends AnyEndpoint>(
  app: Hono<Ev>,
  endpoint: E,
  handler: Handler<Ev, E['path'], [body: ParsedBodyOf<E>]>,
  ...before: MiddlewareHandler<Ev>[]
): void {
  if (endpoint.form) throw new Error(`${endpoint.method} ${endpoint.path} takes a form: register it with routeReadingBody`)
  register(app, endpoint, before, async (c) => {
    const body = await readBody(c, endpoint)
    return body.ok ? handler(c as Context<Ev, E['path']>, body.value) : body.response
  })
}

/**
 * Registers `endpoint` on `app` for a handler that reads its body itself,
 * with `readBody(c, endpoint)`: a form, or a route that refuses something
 * else (an unknown id, a month) before it looks at the body.
 */
export function routeReadingBody<Ev extends Env, E extends AnyEndpoint>(app: Hono<Ev>, endpoint: E, handler: Handler<Ev, E['path'], []>, ...before: MiddlewareHandler<Ev>[]): void {
  register(app, endpoint, before, handler as Handler<Ev, string, []>)
}
