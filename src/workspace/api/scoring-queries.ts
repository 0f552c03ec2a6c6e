/** Server state for assignments, weights, "Para discutir", "Repartir" and bulk work (docs/workspace.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Stage } from '../../../domain/pipeline.ts'
import type { CriterionKey } from '../../../domain/programme.ts'
import type { CriterionWeights } from '../../../domain/scoring.ts'
import { api } from './client.ts'
import type { MemberRef } from './types.ts'

export interface ApplicationScoring {
  assignments: { member: MemberRef; assignedBy: MemberRef; assignedAt: string; reviewed: boolean }[]
  reviewers: { member: MemberRef; reviewedAt: string }[]
  scores: {
    weighted: number | null
    normalised: number | null
    reviews: { memberId: string; score: number; z: number | null }[]
    disagreements: CriterionKey[]
    discussion: boolean
  } | null
}

export type PlanItem = { applicationId: string; memberId: string }
export type BulkFilter = Record<string, string>
export type BulkAction = { type: 'move'; to: Stage } | { type: 'close'; reason: string } | { type: 'assign'; memberIds: string[] }
export interface BulkPreview {
  total: number
  eligible: number
  refused: { stage: Stage; count: number; message: string }[]
}

function useInvalidate() {
  const client = useQueryClient()
  return (...prefixes: string[]) => Promise.all(prefixes.map((prefix) => client.invalidateQueries({ queryKey: [prefix] })))
}

export function useWeights() {
  return useQuery({ queryKey: ['weights'], queryFn: ({ signal }) => api<{ weights: CriterionWeights }>('/weights', { signal }) })
}

export function useSaveWeights() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (weights: CriterionWeights) => api<{ weights: CriterionWeights }>('/weights', { method: 'PUT', body: { weights } }),
    onSuccess: () => invalidate('weights', 'applications', 'scoring'),
  })
}

export function useScoring(id: string) {
  return useQuery({
    queryKey: ['scoring', id],
    queryFn: ({ signal }) => api<ApplicationScoring>(`/applications/${encodeURIComponent(id)}/scoring`, { signal }),
  })
}

export function useAssign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberIds: string[]) => api(`/applications/${encodeURIComponent(id)}/assignments`, { method: 'POST', body: { memberIds } }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useUnassign(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (memberId: string) =>
      api(`/applications/${encodeURIComponent(id)}/assignments/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useTake(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => api(`/applications/${encodeURIComponent(id)}/take`, { method: 'POST', body: {} }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useClearDiscussion(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: () => api(`/applications/${encodeURIComponent(id)}/discussion/clear`, { method: 'POST', body: {} }),
    onSettled: () => invalidate('scoring', 'applications'),
  })
}

export function useProposal(enabled: boolean) {
  return useQuery({
    queryKey: ['proposal'],
    queryFn: ({ signal }) => api<{ plan: PlanItem[] }>('/assignments/proposal', { signal }),
    enabled,
    staleTime: 0,
  })
}

export function useConfirmProposal() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (plan: PlanItem[]) => api<{ added: number }>('/assignments/proposal/confirm', { method: 'POST', body: { plan } }),
    onSettled: () => invalidate('proposal', 'applications', 'scoring'),
  })
}

export function useBulkPreview() {
  return useMutation({
    mutationFn: (body: { filter: BulkFilter; action: BulkAction }) => api<BulkPreview>('/bulk/preview', { method: 'POST', body }),
  })
}

export function useBulkApply() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: { filter: BulkFilter; action: BulkAction; expected: number }) =>
      api<BulkPreview & { done: number }>('/bulk/apply', { method: 'POST', body }),
    onSettled: () => invalidate('applications', 'overview', 'application', 'scoring'),
  })
}
