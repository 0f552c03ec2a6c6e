/** The follow-up (domain/workspace-api/follow-up.ts): admins only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MilestoneMonth } from '../../../domain/follow-up.ts'
import { followUpEndpoints as followUp, type ClosingBody, type MilestoneBody } from '../../../domain/workspace-api/follow-up.ts'
import { call } from './endpoints.ts'
import { endpointQuery } from './read.ts'
import { queriesOf } from './query-keys.ts'

export function usePortfolio() {
  return useQuery(endpointQuery(followUp.portfolio))
}

export function useFollowUp(applicationId: string) {
  return useQuery(endpointQuery(followUp.followUp, { id: applicationId }))
}

export function useFollowUpAction(applicationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (a: { kind: 'milestone'; month: MilestoneMonth; body: MilestoneBody } | { kind: 'close'; body: ClosingBody }) =>
      a.kind === 'milestone'
        ? call(followUp.milestone, { params: { id: applicationId, month: String(a.month) }, body: a.body })
        : call(followUp.closing, { params: { id: applicationId }, body: a.body }),
    onSuccess: (answer) => {
      client.setQueryData(endpointQuery(followUp.followUp, { id: applicationId }).queryKey, answer)
      void client.invalidateQueries(queriesOf(followUp.portfolio))
    },
  })
}
