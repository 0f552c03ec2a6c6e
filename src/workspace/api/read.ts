/**
 * A read of the API as a query (docs/workspace.md): GET `path` under
 * `queryKey`, cancelled with the component that asked (the query's signal).
 * `options`: the rest of useQuery's (enabled, retry, staleTime,
 * refetchInterval, placeholderData).
 */
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { api } from './client.ts'

export function useApiQuery<T, K extends QueryKey = QueryKey>(queryKey: K, path: string, options: Omit<UseQueryOptions<T, Error, T, K>, 'queryKey' | 'queryFn'> = {}) {
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => api<T>(path, { signal }) })
}

/** Reads again every query under each key prefix given ('application', 'members'…); resolves once they are read. */
export function useInvalidate() {
  const client = useQueryClient()
  return (...prefixes: string[]) => Promise.all(prefixes.map((prefix) => client.invalidateQueries({ queryKey: [prefix] })))
}

/** The path of one application's resource: `/applications/<id>` and `rest`. */
export function applicationPath(id: string, rest = ''): string {
  return `/applications/${encodeURIComponent(id)}${rest}`
}
