/**
 * The workspace's calls, built from the endpoint tables
 * (domain/workspace-api/, docs/decisions/0209-one-endpoint-table.md):
 * the method, the path with its params filled, the body's type and the
 * answer's type are the table's, so no path is written by hand here or in
 * a screen. One style for reads (`useQuery(endpointQuery(...))`, read.ts:
 * an endpoint under the key its path gives, query-keys.ts), one for writes
 * (`call`, or `submitOnce` for a form's one write, inside `useMutation`).
 */
import type { AnswerOf, AnyEndpoint, BodyOf, ParamsOf } from '../../../domain/workspace-api/endpoint.ts'
import { pathOf } from '../../../domain/workspace-api/endpoint.ts'
import { API_BASE, api, request } from './client.ts'

type ParamsInput<E extends AnyEndpoint> = keyof ParamsOf<E> extends never ? { params?: ParamsOf<E> } : { params: ParamsOf<E> }
type BodyInput<E extends AnyEndpoint> = E['body'] extends undefined
  ? { body?: Record<string, never> }
  : // A form with a file (an endpoint whose table says `form`) goes as FormData.
    { body: BodyOf<E> | FormData }

/** What a call of `E` needs: its params, its body, and optionally a query string, a signal and the form's key. */
export type CallInput<E extends AnyEndpoint> = ParamsInput<E> &
  BodyInput<E> & {
    /** The query string, without its `?`. */
    query?: string
    signal?: AbortSignal
    /** The form's key for this submission (ADR 0189). */
    idempotencyKey?: string
  }

/** The arguments after the endpoint: optional when the endpoint needs nothing. */
export type CallArgs<E extends AnyEndpoint> = Record<string, never> extends ParamsInput<E> & BodyInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]

/** The endpoint's path under the API, params filled. */
export function endpointPath<E extends AnyEndpoint>(endpoint: E, ...[input]: CallArgs<E>): string {
  return pathOf(endpoint, (input?.params ?? {}) as ParamsOf<E>, input?.query ?? '')
}

/** The endpoint's address for a link (a file the browser opens or downloads). */
export function endpointHref<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): string {
  return `${API_BASE}${endpointPath(endpoint, ...args)}`
}

function options<E extends AnyEndpoint>(endpoint: E, input: CallInput<E> | undefined) {
  return {
    method: endpoint.method,
    ...(input?.body === undefined ? {} : { body: input.body }),
    ...(input?.signal ? { signal: input.signal } : {}),
    ...(input?.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    ...(endpoint.public ? { public: true } : {}),
  }
}

/** One call of `endpoint`: its answer, typed by the table (undefined for a 204). */
export function call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<E>> {
  const [input] = args
  return api<AnswerOf<E>>(endpointPath(endpoint, ...args), options(endpoint, input))
}

/** One call of an endpoint whose answer is a file: the Response, to save. */
export function callForFile<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Response> {
  const [input] = args
  return request(endpointPath(endpoint, ...args), options(endpoint, input))
}
