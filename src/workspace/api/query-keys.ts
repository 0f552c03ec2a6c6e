/**
 * The workspace's query keys, derived from the endpoint tables
 * (docs/decisions/0209-one-endpoint-table.md): a read's key is its path's
 * segments with the params filled, then `{ search }` when it sends a query
 * string. GET /applications/:id/media-plan for `a1` is
 * `['applications', 'a1', 'media-plan']`; GET /applications?page=2 is
 * `['applications', { search: 'page=2' }]`. No key is written by hand.
 *
 * A key's prefix is its path's: `queriesUnder(endpoint)` matches the
 * endpoint's reads and every read below its path (GET /overview and
 * /overview/on-time). `queriesOf(endpoint)` matches one endpoint's reads
 * only (every application's detail, not their sections), narrowed to the
 * params given. Pure: no React, no client.
 */
import type { AnyEndpoint, ParamsOf } from '../../../domain/workspace-api/endpoint.ts'

/** What a read sends after its path: the query string, without its `?`. */
export interface SearchPart {
  readonly search: string
}

export type EndpointKey = readonly (string | SearchPart)[]

/** The filter of invalidateQueries, resetQueries…: a key prefix and, when a param is left open, a test of the whole key. */
export interface EndpointFilter {
  readonly queryKey: EndpointKey
  readonly predicate?: (query: { readonly queryKey: readonly unknown[] }) => boolean
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean)
const paramName = (segment: string): string | undefined => (segment.startsWith(':') ? segment.slice(1) : undefined)

/** The filled segments of `endpoint`'s path, up to the first param with no value (all of them when every param has one). */
function filledPrefix(endpoint: AnyEndpoint, params: Partial<Record<string, string>>): { prefix: string[]; complete: boolean } {
  const prefix: string[] = []
  for (const segment of segmentsOf(endpoint.path)) {
    const name = paramName(segment)
    if (name === undefined) prefix.push(segment)
    else if (params[name] !== undefined) prefix.push(params[name])
    else return { prefix, complete: false }
  }
  return { prefix, complete: true }
}

/** The key of a read of `endpoint` with these params and query string. */
export function queryKeyOf<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E>, search = ''): EndpointKey {
  const values = params as Record<string, string>
  const { prefix, complete } = filledPrefix(endpoint, values)
  if (!complete) throw new Error(`${endpoint.method} ${endpoint.path}: a query key needs every param`)
  return search ? [...prefix, { search }] : prefix
}

const isSearch = (part: unknown): part is SearchPart => typeof part === 'object' && part !== null && typeof (part as SearchPart).search === 'string'

/** Whether `key` is a read of `endpoint` (with these params, any query string). */
export function isKeyOf(endpoint: AnyEndpoint, key: readonly unknown[], params: Partial<Record<string, string>> = {}): boolean {
  const segments = segmentsOf(endpoint.path)
  const path = isSearch(key.at(-1)) ? key.slice(0, -1) : key
  if (path.length !== segments.length) return false
  return segments.every((segment, i) => {
    const part = path[i]
    if (typeof part !== 'string') return false
    const name = paramName(segment)
    return name === undefined ? part === segment : params[name] === undefined || part === params[name]
  })
}

/** Every read of `endpoint` (narrowed to the params given), none below its path. */
export function queriesOf<E extends AnyEndpoint>(endpoint: E, params: Partial<ParamsOf<E>> = {}): EndpointFilter {
  const values = params as Partial<Record<string, string>>
  const { prefix } = filledPrefix(endpoint, values)
  return { queryKey: prefix, predicate: (query) => isKeyOf(endpoint, query.queryKey, values) }
}

/** Every read at or below `endpoint`'s path (its params filled): the key prefix. */
export function queriesUnder<E extends AnyEndpoint>(endpoint: E, params?: ParamsOf<E>): EndpointFilter {
  return { queryKey: queryKeyOf(endpoint, params ?? ({} as ParamsOf<E>)) }
}

/** The path (and query string) a key reads: the inverse of queryKeyOf, as pathOf writes it unencoded. */
export function pathOfKey(key: readonly unknown[]): string {
  const last = key.at(-1)
  const path = `/${(isSearch(last) ? key.slice(0, -1) : key).join('/')}`
  return isSearch(last) ? `${path}?${last.search}` : path
}
