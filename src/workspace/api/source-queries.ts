/** The sources (domain/workspace-api/sources.ts): every member reads, admins change. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SourceAnswer, SourceBody, SourceEditBody, SourceList, SourceOverviewAnswer } from '../../../domain/workspace-api/sources.ts'
import { api } from './client.ts'
import { useApiQuery } from './read.ts'

export const sourceKeys = {
  all: ['sources'] as const,
  list: ['sources', 'list'] as const,
  overview: (from: string, to: string) => ['sources', 'overview', from, to] as const,
}

export function useSources() {
  return useApiQuery<SourceList>(sourceKeys.list, '/sources')
}

export function useSourceOverview(from: string, to: string) {
  return useApiQuery<SourceOverviewAnswer>(sourceKeys.overview(from, to), `/sources/overview?${new URLSearchParams(from && to ? { from, to } : {})}`)
}

export function useSourceAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (a: { kind: 'create'; body: SourceBody } | { kind: 'edit'; id: string; body: SourceEditBody } | { kind: 'delete'; id: string }) =>
      a.kind === 'create'
        ? api<SourceAnswer>('/sources', { method: 'POST', body: a.body })
        : a.kind === 'edit'
          ? api<SourceAnswer>(`/sources/${encodeURIComponent(a.id)}`, { method: 'PUT', body: a.body })
          : api<null>(`/sources/${encodeURIComponent(a.id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: sourceKeys.all }),
  })
}
