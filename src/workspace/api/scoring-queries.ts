/** Server state for assignments, weights, "Para discutir", "Repartir" and bulk work (docs/workspace.md). */
import { useMutation } from '@tanstack/react-query'
import type { CriterionWeights } from '../../../domain/scoring.ts'
import type {
  ApplicationScoring,
  AssignAnswer,
  AssignOutcome,
  AssignRequest,
  BulkApplied,
  BulkApplyRequest,
  BulkPreview,
  BulkPreviewRequest,
  DiscussionCleared,
  PlanItem,
  PlanRequest,
  Proposal,
  Taken,
  Unassigned,
  WeightsAnswer,
  WeightsRequest,
} from '../../../domain/workspace-api/scoring.ts'
import { api } from './client.ts'
import { applicationPath, useApiQuery, useInvalidate } from './read.ts'

export function useWeights() {
  return useApiQuery<WeightsAnswer>(['weights'], '/weights')
}

export function useSaveWeights() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (weights: CriterionWeights) => api<WeightsAnswer>('/weights', { method: 'PUT', body: { weights } satisfies WeightsRequest }),
    onSuccess: () => invalidate('weights', 'applications', 'scoring'),
  })
}

export function useScoring(id: string) {
  return useApiQuery<ApplicationScoring>(['scoring', id], applicationPath(id, '/scoring'))
}

export function useAssign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberIds: string[]) => api<AssignAnswer>(applicationPath(id, '/assignments'), { method: 'POST', body: { memberIds } satisfies AssignRequest }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useUnassign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberId: string) =>
      api<Unassigned>(`/applications/${encodeURIComponent(id)}/assignments/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useTake(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => api<Taken>(applicationPath(id, '/take'), { method: 'POST', body: {} }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useClearDiscussion(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => api<DiscussionCleared>(applicationPath(id, '/discussion/clear'), { method: 'POST', body: {} }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useProposal(enabled: boolean) {
  return useApiQuery<Proposal>(['proposal'], '/assignments/proposal', { enabled, staleTime: 0 })
}

export function useConfirmProposal() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (plan: PlanItem[]) => api<AssignOutcome>('/assignments/proposal/confirm', { method: 'POST', body: { plan } satisfies PlanRequest }),
    onSettled: () => invalidate('proposal', 'applications', 'scoring'),
  })
}

export function useBulkPreview() {
  return useMutation({
    mutationFn: (body: BulkPreviewRequest) => api<BulkPreview>('/bulk/preview', { method: 'POST', body }),
  })
}

export function useBulkApply() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: BulkApplyRequest) => api<BulkApplied>('/bulk/apply', { method: 'POST', body }),
    onSettled: () => invalidate('applications', 'overview', 'application', 'scoring'),
  })
}
