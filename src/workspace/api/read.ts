/**
 * A read of the API as a query (docs/workspace.md): the GET `endpoint` of
 * the tables (./endpoints.ts) under `queryKey`, cancelled with the
 * component that asked (the query's signal). `options`: the rest of
 * useQuery's (enabled, retry, staleTime, refetchInterval, placeholderData).
 */
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { AnswerOf, AnyEndpoint } from '../../../domain/workspace-api/endpoint.ts'
import { call, type CallArgs, type CallInput } from './endpoints.ts'

export function useApiQuery<E extends AnyEndpoint, K extends QueryKey = QueryKey>(
  queryKey: K,
  endpoint: E,
  input?: Omit<CallInput<E>, 'signal'>,
  options: Omit<UseQueryOptions<AnswerOf<E>, Error, AnswerOf<E>, K>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => call(endpoint, ...([{ ...input, signal }] as CallArgs<E>)) })
}

/** Reads again every query under each key prefix given ('application', 'members'…); resolves once they are read. */
export function useInvalidate() {
  const client = useQueryClient()
  return (...prefixes: string[]) => Promise.all(prefixes.map((prefix) => client.invalidateQueries({ queryKey: [prefix] })))
}
