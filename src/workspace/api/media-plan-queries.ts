/** The media plan and its ledger (issue 20; domain/workspace-api/media-plan.ts): admins only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BehindDeals, MediaPlanAnswer, PlanEntryBody, PlanLineBody } from '../../../domain/workspace-api/media-plan.ts'
import { api } from './client.ts'

export const mediaPlanKeys = {
  plan: (id: string) => ['media-plan', id] as const,
}

export function useMediaPlan(applicationId: string) {
  return useQuery({
    queryKey: mediaPlanKeys.plan(applicationId),
    queryFn: ({ signal }) => api<MediaPlanAnswer>(`/applications/${encodeURIComponent(applicationId)}/media-plan`, { signal }),
  })
}

/** A line added, or an entry recorded: the answer is the whole plan again. */
export function useMediaPlanWrite(applicationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (w: { what: 'lines'; body: PlanLineBody } | { what: 'entries'; body: PlanEntryBody }) =>
      api<MediaPlanAnswer>(`/applications/${encodeURIComponent(applicationId)}/media-plan/${w.what}`, { method: 'POST', body: w.body }),
    onSuccess: (answer) => client.setQueryData(mediaPlanKeys.plan(applicationId), answer),
  })
}

/** «Acuerdos atrasados» (the overview): the signed deals behind their pace. */
export function useBehindDeals() {
  return useQuery({ queryKey: ['media-plans', 'behind'] as const, queryFn: ({ signal }) => api<BehindDeals>('/media-plans/behind', { signal }) })
}
