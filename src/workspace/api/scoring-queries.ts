/** Server state for assignments, weights, "Para discutir", "Repartir" and bulk work (docs/workspace.md). */
import { useMutation } from '@tanstack/react-query'
import type { CriterionWeights } from '../../../domain/scoring.ts'
import type {
  AssignRequest,
  BulkApplyRequest,
  BulkPreviewRequest,
  PlanItem,
  PlanRequest,
  WeightsRequest,
} from '../../../domain/workspace-api/scoring.ts'
import { call } from './endpoints.ts'
import { useApiQuery, useInvalidate } from './read.ts'
import type { BodyOf } from '../../../domain/workspace-api/endpoint.ts'
import { WORKSPACE_API } from '../../../domain/workspace-api/endpoints/all.ts'

const { scoring } = WORKSPACE_API

export const scoringKeys = {
  weights: ['weights'] as const,
  scoring: (id: string) => ['scoring', id] as const,
  proposal: ['proposal'] as const,
}

/**
 * The list's filter goes as its URL holds it (BulkFilter: the query string's
 * pairs, passed through); the server checks it with the list's own schema.
 */
const bulkBody = <B extends BulkPreviewRequest | BulkApplyRequest>(body: B) => body as unknown as BodyOf<typeof scoring.bulkApply> & BodyOf<typeof scoring.bulkPreview>

export function useWeights() {
  return useApiQuery(scoringKeys.weights, scoring.weights)
}

export function useSaveWeights() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (weights: CriterionWeights) => call(scoring.setWeights, { body: { weights } satisfies WeightsRequest }),
    onSuccess: () => invalidate('weights', 'applications', 'scoring'),
  })
}

export function useScoring(id: string) {
  return useApiQuery(scoringKeys.scoring(id), scoring.scoring, { params: { id } })
}

export function useAssign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberIds: string[]) => call(scoring.assign, { params: { id }, body: { memberIds } satisfies AssignRequest }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useUnassign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberId: string) =>
      call(scoring.unassign, { params: { id, memberId } }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useTake(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => call(scoring.take, { params: { id }, body: {} }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useClearDiscussion(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => call(scoring.clearDiscussion, { params: { id }, body: {} }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useProposal(enabled: boolean) {
  return useApiQuery(scoringKeys.proposal, scoring.proposal, {}, { enabled, staleTime: 0 })
}

export function useConfirmProposal() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (plan: PlanItem[]) => call(scoring.confirmProposal, { body: { plan } satisfies PlanRequest }),
    onSettled: () => invalidate('proposal', 'applications', 'scoring'),
  })
}

export function useBulkPreview() {
  return useMutation({
    mutationFn: (body: BulkPreviewRequest) => call(scoring.bulkPreview, { body: bulkBody(body) }),
  })
}

export function useBulkApply() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: BulkApplyRequest) => call(scoring.bulkApply, { body: bulkBody(body) }),
    onSettled: () => invalidate('applications', 'overview', 'application', 'scoring'),
  })
}
