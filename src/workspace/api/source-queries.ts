/** The sources (domain/workspace-api/sources.ts): every member reads, admins change. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SourceAnswer, SourceBody, SourceEditBody } from '../../../domain/workspace-api/sources.ts'
import { call } from './endpoints.ts'
import { useApiQuery } from './read.ts'
import { WORKSPACE_API } from '../../../domain/workspace-api/endpoints/all.ts'

const { sources } = WORKSPACE_API

export const sourceKeys = {
  all: ['sources'] as const,
  list: ['sources', 'list'] as const,
  overview: (from: string, to: string) => ['sources', 'overview', from, to] as const,
}

export function useSources() {
  return useApiQuery(sourceKeys.list, sources.sources)
}

export function useSourceOverview(from: string, to: string) {
  return useApiQuery(sourceKeys.overview(from, to), sources.overview, { query: `${new URLSearchParams(from && to ? { from, to } : {})}` })
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
    onSettled: () => client.invalidateQueries({ queryKey: sourceKeys.all }),
  })
}
