/** The follow-up (domain/workspace-api/follow-up.ts): admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MilestoneMonth } from '../../../domain/follow-up.ts'
import type { ClosingBody, MilestoneBody } from '../../../domain/workspace-api/follow-up.ts'
import { call } from './endpoints.ts'
import { useApiQuery } from './read.ts'
import { WORKSPACE_API } from '../../../domain/workspace-api/endpoints/all.ts'

const { followUp } = WORKSPACE_API

export const followUpKeys = {
  portfolio: ['follow-up'] as const,
  one: (id: string) => ['follow-up', id] as const,
}

export function usePortfolio() {
  return useApiQuery(followUpKeys.portfolio, followUp.portfolio)
}

export function useFollowUp(applicationId: string) {
  return useApiQuery(followUpKeys.one(applicationId), followUp.followUp, { params: { id: applicationId } })
}

export function useFollowUpAction(applicationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (a: { kind: 'milestone'; month: MilestoneMonth; body: MilestoneBody } | { kind: 'close'; body: ClosingBody }) =>
      a.kind === 'milestone'
        ? call(followUp.milestone, { params: { id: applicationId, month: String(a.month) }, body: a.body })
        : call(followUp.closing, { params: { id: applicationId }, body: a.body }),
    onSuccess: (answer) => {
      client.setQueryData(followUpKeys.one(applicationId), answer)
      void client.invalidateQueries({ queryKey: followUpKeys.portfolio, exact: true })
    },
  })
}
