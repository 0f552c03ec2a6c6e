/**
 * The shape of one workspace endpoint (docs/decisions/0209-one-endpoint-table.md):
 * its method, its path with `:params`, the valibot schema of its body and the
 * 422's message, its answer (a phantom type: never set, only read by the
 * compiler) and what the authorization rules say of it. The tables of
 * each area's module (./review.ts, ./sources.ts, …) list every endpoint of the workspace API once; the server
 * registers its routes from them (server/shared/http/route.ts), the
 * browser builds its calls and query keys from them (src/workspace/api/) and
 * the authorization suite walks them. Pure TypeScript: it runs on Deno too.
 */
import type * as v from 'valibot'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One offending field of a refused body, as the 422 lists it. */
export interface BodyIssue {
  /** Dotted path of the field, e.g. `scores.productoValidado`; empty for the body itself. */
  path: string
  message: string
}

/** The 422's `message`: fixed, or read from the issues (the first field's own message). */
export type InvalidMessage = string | ((issues: readonly BodyIssue[]) => string | undefined)

/** The 422's message is the first offending field's own (the form shows it on top). */
export const firstIssue = (issues: readonly BodyIssue[]): string | undefined => issues[0]?.message

/** The message of a 422 when the table names none (docs/workspace.md). */
export const INVALID_DEFAULT = 'Revisa los datos enviados.'

/** The bodies allowed past the workspace's default limit: a whole assignment plan, a ledger record with its proof file. */
export type LargerBody = 'assignmentPlan' | 'mediaPlanEntry' | 'holdingDocument'

/** How an answer comes: JSON (the default), a file to download, or nothing (204). */
export type AnswerKind = 'json' | 'file' | 'empty'

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The values of a path's `:params`, e.g. `{ id: string }` for `/applications/:id`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string }

export interface Endpoint<M extends Method = Method, P extends string = string, S extends v.GenericSchema | undefined = v.GenericSchema | undefined, A = unknown> {
  readonly method: M
  /** Under the API's base (/equipo/api), with Hono's `:param`s. */
  readonly path: P
  /** The body's schema; the server answers the one 422 shape when it refuses the body. */
  readonly body: S
  /** The 422's message for a refused body; INVALID_DEFAULT when absent. */
  readonly invalid?: InvalidMessage
  /** The body is a multipart form (a file with fields): the route reads it and checks its fields with `body`. */
  readonly form?: true
  /** A missing or unreadable body reads as `{}` (a body whose every field is optional). */
  readonly emptyBody?: true
  /** A body larger than the workspace's default limit is allowed: the limit of that name (server/shared/http/body-limit.ts). */
  readonly largerBody?: LargerBody
  /** Admins only: a reviewer is refused (403 forbidden) before anything else is read. */
  readonly admin: boolean
  /** Before the session: the sign-in routes, which check the Origin themselves. */
  readonly public: boolean
  /** One write per submission: the form's Idempotency-Key is honoured (ADR 0189). */
  readonly once: boolean
  /** The answer's status when allowed (200 unless said). */
  readonly status: number
  readonly answerKind: AnswerKind
  /** Phantom: the answer's type. Never set. */
  readonly answer?: A
}

/** Everything the tables need to say of any endpoint. */
export type AnyEndpoint = Endpoint<Method, string, v.GenericSchema | undefined, unknown>

/** The body an endpoint's caller sends (the schema's input). */
export type BodyOf<E extends AnyEndpoint> = E['body'] extends v.GenericSchema ? v.InferInput<E['body']> : undefined
/** The body the server reads (the schema's output). */
export type ParsedBodyOf<E extends AnyEndpoint> = E['body'] extends v.GenericSchema ? v.InferOutput<E['body']> : undefined
/** What an endpoint answers. */
export type AnswerOf<E extends AnyEndpoint> = E extends Endpoint<Method, string, v.GenericSchema | undefined, infer A> ? A : never
export type ParamsOf<E extends AnyEndpoint> = PathParams<E['path']>

interface Options<S extends v.GenericSchema | undefined> {
  body?: S
  invalid?: InvalidMessage
  form?: true
  emptyBody?: true
  largerBody?: LargerBody
  admin?: boolean
  public?: boolean
  once?: boolean
  status?: number
  answerKind?: AnswerKind
}

const make =
  <M extends Method>(method: M) =>
  <A>() =>
  <const P extends string, S extends v.GenericSchema | undefined = undefined>(path: P, options: Options<S> = {}): Endpoint<M, P, S, A> => ({
    method,
    path,
    body: options.body as S,
    ...(options.invalid === undefined ? {} : { invalid: options.invalid }),
    ...(options.form ? { form: true as const } : {}),
    ...(options.emptyBody ? { emptyBody: true as const } : {}),
    ...(options.largerBody ? { largerBody: options.largerBody } : {}),
    admin: options.admin ?? false,
    public: options.public ?? false,
    once: options.once ?? false,
    status: options.status ?? 200,
    answerKind: options.answerKind ?? 'json',
  })

/**
 * The declarations of the tables: `get<Answer>()('/path', { admin: true })`.
 * The answer type comes first and alone (TypeScript infers the rest).
 */
export const get = make('GET')
export const post = make('POST')
export const put = make('PUT')
export const patch = make('PATCH')
export const del = make('DELETE')

/** An answer that is a file (a CSV, an image): read as a Response, not JSON. */
export interface FileAnswer {
  readonly file: true
}

/** `endpoint`'s path with its params filled (each encoded) and an optional query string (without its `?`). */
export function pathOf<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E>, query = ''): string {
  const values = params as Record<string, string>
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`)
    return encodeURIComponent(value)
  })
  return query ? `${path}?${query}` : path
}

/** Whether the conflict-of-interest rule applies: the endpoint works on one application (ADR 0101). */
export const onApplication = (endpoint: AnyEndpoint): boolean => /^\/applications\/:id(\/|$)/.test(endpoint.path)

/** Whether the endpoint changes something (CSRF-checked; a GET to its path is not it). */
export const changes = (endpoint: AnyEndpoint): boolean => endpoint.method !== 'GET'

/** `METHOD /path`, the endpoint's name in messages and maps. */
export const routeName = (endpoint: Pick<AnyEndpoint, 'method' | 'path'>): string => `${endpoint.method} ${endpoint.path}`

/** An area's table: its endpoints by name (`sourceEndpoints`, in domain/workspace-api/sources.ts). */
export type EndpointTable = Readonly<Record<string, AnyEndpoint>>

/** Every endpoint of `tables` with its area and name (`review.transition`), in the tables' order. */
export function listEndpoints<T extends Readonly<Record<string, EndpointTable>>>(tables: T): readonly { area: keyof T & string; name: string; endpoint: AnyEndpoint }[] {
  return Object.entries(tables).flatMap(([area, table]) => Object.entries(table).map(([name, endpoint]) => ({ area, name: `${area}.${name}`, endpoint })))
}

/**
 * The tables some modules export, by export name: a table is an object exported under a name ending in `Endpoints` (`sourceEndpoints`).
 * The tests read every module of domain/workspace-api/ this way (Vite's `import.meta.glob`), so a table is
 * covered the day it is written, whichever list names it.
 */
export function tablesExportedBy(modules: Readonly<Record<string, unknown>>): Record<string, EndpointTable> {
  const tables: Record<string, EndpointTable> = {}
  for (const exports of Object.values(modules)) {
    for (const [name, value] of Object.entries(exports as Record<string, unknown>)) if (/^[a-z]\w*Endpoints$/.test(name) && typeof value === 'object' && value !== null) tables[name] = value as EndpointTable
  }
  return tables
}

/**
 * The path prefixes a guard covers beyond the endpoints it already guards one by one: so that a path the
 * tables do not name answers as its neighbours do (403 to a reviewer, 403 to a conflicted member, the
 * Origin check before a sign-in body is read). Declared here, beside the tables' shape, so no route path is
 * written anywhere else.
 */
export const GUARDED_SCOPES = {
  /** Every route under one application: the conflict-of-interest guard (ADR 0101). */
  application: '/applications/:id/*',
  /** Sign-in: the same-origin check and its body limit. */
  signIn: '/auth/*',
  /** «Estado del sistema»: admins only, itself and below. */
  machinery: ['/overview/machinery', '/overview/machinery/*'],
  /** Ley 1581 requests: admins only. */
  dataRequests: '/data-requests/*',
} as const
