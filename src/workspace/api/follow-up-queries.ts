/** The follow-up (domain/workspace-api/follow-up.ts): admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MilestoneMonth } from '../../../domain/follow-up.ts'
import type { ClosingBody, FollowUpAnswer, FollowUpPortfolio, MilestoneBody } from '../../../domain/workspace-api/follow-up.ts'
import { api } from './client.ts'
import { applicationPath, useApiQuery } from './read.ts'

export const followUpKeys = {
  portfolio: ['follow-up'] as const,
  one: (id: string) => ['follow-up', id] as const,
}

export function usePortfolio() {
  return useApiQuery<FollowUpPortfolio>(followUpKeys.portfolio, '/follow-up')
}

export function useFollowUp(applicationId: string) {
  return useApiQuery<FollowUpAnswer>(followUpKeys.one(applicationId), applicationPath(applicationId, '/follow-up'))
}

export function useFollowUpAction(applicationId: string) {
  const client = useQueryClient()
  const base = applicationPath(applicationId, '/follow-up')
  return useMutation({
    mutationFn: (a: { kind: 'milestone'; month: MilestoneMonth; body: MilestoneBody } | { kind: 'close'; body: ClosingBody }) =>
      a.kind === 'milestone'
        ? api<FollowUpAnswer>(`${base}/milestones/${a.month}`, { method: 'PUT', body: a.body })
        : api<FollowUpAnswer>(`${base}/closing`, { method: 'POST', body: a.body }),
    onSuccess: (answer) => {
      client.setQueryData(followUpKeys.one(applicationId), answer)
      void client.invalidateQueries({ queryKey: followUpKeys.portfolio, exact: true })
    },
  })
}
