/** Server state for assignments, weights, "Para discutir", "Repartir" and bulk work (docs/workspace.md). */
import { useMutation, useQuery } from '@tanstack/react-query'
import type { CriterionWeights } from '../../../domain/scoring.ts'
import {
  scoringEndpoints as scoring,
  type AssignRequest,
  type BulkApplyRequest,
  type BulkPreviewRequest,
  type PlanItem,
  type PlanRequest,
  type WeightsRequest,
} from '../../../domain/workspace-api/scoring.ts'
import { call } from './endpoints.ts'
import { endpointQuery, useInvalidate } from './read.ts'
import { queriesOf, queriesUnder } from './query-keys.ts'
import type { BodyOf } from '../../../domain/workspace-api/endpoint.ts'
import { reviewEndpoints as review } from '../../../domain/workspace-api/review.ts'

/**
 * The list's filter goes as its URL holds it (BulkFilter: the query string's
 * pairs, passed through); the server checks it with the list's own schema.
 */
const bulkBody = <B extends BulkPreviewRequest | BulkApplyRequest>(body: B) => body as unknown as BodyOf<typeof scoring.bulkApply> & BodyOf<typeof scoring.bulkPreview>

export function useWeights() {
  return useQuery(endpointQuery(scoring.weights))
}

export function useSaveWeights() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (weights: CriterionWeights) => call(scoring.setWeights, { body: { weights } satisfies WeightsRequest }),
    onSuccess: () => invalidate(queriesOf(scoring.weights), queriesOf(review.applications), queriesOf(scoring.scoring)),
  })
}

export function useScoring(id: string) {
  return useQuery(endpointQuery(scoring.scoring, { id }))
}

/** Who scores an application changed: its assignment panel and the list read again. */
const afterAssignment = () => [queriesOf(scoring.scoring), queriesOf(review.applications)]

export function useAssign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberIds: string[]) => call(scoring.assign, { params: { id }, body: { memberIds } satisfies AssignRequest }),
    onSettled: () => invalidate(...afterAssignment()),
  })
}

export function useUnassign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberId: string) =>
      call(scoring.unassign, { params: { id, memberId } }),
    onSettled: () => invalidate(...afterAssignment()),
  })
}

export function useTake(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => call(scoring.take, { params: { id }, body: {} }),
    onSettled: () => invalidate(...afterAssignment()),
  })
}

export function useClearDiscussion(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => call(scoring.clearDiscussion, { params: { id }, body: {} }),
    onSettled: () => invalidate(...afterAssignment()),
  })
}

export function useProposal(enabled: boolean) {
  return useQuery({ ...endpointQuery(scoring.proposal), enabled, staleTime: 0 })
}

export function useConfirmProposal() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (plan: PlanItem[]) => call(scoring.confirmProposal, { body: { plan } satisfies PlanRequest }),
    onSettled: () => invalidate(queriesOf(scoring.proposal), queriesOf(review.applications), queriesOf(scoring.scoring)),
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
    onSettled: () => invalidate(queriesOf(review.applications), queriesUnder(review.overview), queriesOf(review.application), queriesOf(scoring.scoring)),
  })
}
