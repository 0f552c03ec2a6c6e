/**
 * A read of the API as a query (docs/workspace.md): `endpointQuery` gives
 * the GET `endpoint` of the tables (./endpoints.ts) under the key its path
 * gives (./query-keys.ts), cancelled with the component that asked (the
 * query's signal). A screen reads with `useQuery(endpointQuery(...))`,
 * spreading in the rest of useQuery's options (enabled, retry, staleTime,
 * refetchInterval, placeholderData); a write refreshes with `useInvalidate`
 * and the filters of ./query-keys.ts, or sets `endpointQuery(...).queryKey`.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { AnswerOf, AnyEndpoint, ParamsOf } from '../../../domain/workspace-api/endpoint.ts'
import { call, type CallArgs } from './endpoints.ts'
import { queryKeyOf, type EndpointFilter, type EndpointKey } from './query-keys.ts'

/** The params and query string of a read: the params may be left out when the path has none. */
export type QueryArgs<E extends AnyEndpoint> = keyof ParamsOf<E> extends never ? [params?: ParamsOf<E>, search?: string] : [params: ParamsOf<E>, search?: string]

/** A read of `endpoint` as TanStack Query's options: its key (the path's) and the call that fetches it. */
export function endpointQuery<E extends AnyEndpoint>(endpoint: E, ...[params, search = '']: QueryArgs<E>) {
  const filled = (params ?? {}) as ParamsOf<E>
  return queryOptions<AnswerOf<E>, Error, AnswerOf<E>, EndpointKey>({
    queryKey: queryKeyOf(endpoint, filled, search),
    queryFn: ({ signal }) => call(endpoint, ...([{ params: filled, query: search, signal }] as unknown as CallArgs<E>)),
  })
}

/** Reads again every query each filter matches (queriesOf, queriesUnder); resolves once they are read. */
export function useInvalidate() {
  const client = useQueryClient()
  return (...filters: EndpointFilter[]) => Promise.all(filters.map((filter) => client.invalidateQueries(filter)))
}
