/** The sources (domain/workspace-api/sources.ts): every member reads, admins change. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sourceEndpoints as sources, type SourceAnswer, type SourceBody, type SourceEditBody } from '../../../domain/workspace-api/sources.ts'
import { call } from './endpoints.ts'
import { endpointQuery } from './read.ts'
import { queriesUnder } from './query-keys.ts'

export function useSources() {
  return useQuery(endpointQuery(sources.sources))
}

export function useSourceOverview(from: string, to: string) {
  return useQuery(endpointQuery(sources.overview, {}, `${new URLSearchParams(from && to ? { from, to } : {})}`))
}

export function useSourceAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (a: { kind: 'create'; body: SourceBody } | { kind: 'edit'; id: string; body: SourceEditBody } | { kind: 'delete'; id: string }): Promise<SourceAnswer | void> =>
      a.kind === 'create'
        ? call(sources.create, { body: a.body })
        : a.kind === 'edit'
          ? call(sources.edit, { params: { id: a.id }, body: a.body })
          : call(sources.remove, { params: { id: a.id } }),
    // The list and every period's overview (below /sources).
    onSettled: () => client.invalidateQueries(queriesUnder(sources.sources)),
  })
}
