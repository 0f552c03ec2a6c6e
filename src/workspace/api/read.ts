/**
 * A read of the API as a query (docs/workspace.md): GET `path` under
 * `queryKey`, cancelled with the component that asked (the query's signal).
 * `options`: the rest of useQuery's (enabled, retry, staleTime,
 * refetchInterval, placeholderData).
 */
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { api } from './client.ts'

export function useApiQuery<T, K extends QueryKey = QueryKey>(queryKey: K, path: string, options: Omit<UseQueryOptions<T, Error, T, K>, 'queryKey' | 'queryFn'> = {}) {
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => api<T>(path, { signal }) })
}

/** Reads again every query under each key prefix given ('application', 'members'…); resolves once they are read. */
export function useInvalidate() {
  const client = useQueryClient()
  return (...prefixes: string[]) => Promise.all(prefixes.map((prefix) => client.invalidateQueries({ queryKey: [prefix] })))
}

/**
 * A change through the API, then the queries under `refresh`'s key prefixes
 * read again: once it succeeded (`after: 'success'`), or once it is done,
 * refused or not (`after: 'settled'`).
 */
export function useApiChange<V, T>(mutationFn: (variables: V) => Promise<T>, after: 'success' | 'settled', ...refresh: string[]) {
  const invalidate = useInvalidate()
  const reread = () => invalidate(...refresh)
  return useMutation({ mutationFn, ...(after === 'success' ? { onSuccess: reread } : { onSettled: reread }) })
}

/** The path of one application's resource: `/applications/<id>` and `rest`. */
export function applicationPath(id: string, rest = ''): string {
  return `/applications/${encodeURIComponent(id)}${rest}`
}
