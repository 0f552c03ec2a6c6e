/** The deal and the rate card (domain/workspace-api/deals.ts): admins only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { dealEndpoints as deals, type DealInputBody, type RateCardBody } from '../../../domain/workspace-api/deals.ts'
import { endpointQuery } from './read.ts'
import { queriesOf } from './query-keys.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'

export function useDeal(applicationId: string) {
  return useQuery(endpointQuery(deals.deal, { id: applicationId }))
}

export function useCorrectDeal(applicationId: string) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: DealInputBody) => submitOnce(keys, deals.correct, { params: { id: applicationId }, body }),
    onSuccess: (answer) => client.setQueryData(endpointQuery(deals.deal, { id: applicationId }).queryKey, answer),
  })
}

/** «Responsable» (ADR 0162): a member, or null for nobody. */
export function useSetDealOwner(applicationId: string) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (memberId: string | null) => submitOnce(keys, deals.setOwner, { params: { id: applicationId }, body: { memberId } }),
    onSuccess: (answer) => client.setQueryData(endpointQuery(deals.deal, { id: applicationId }).queryKey, answer),
  })
}

export function useRateCards(enabled = true) {
  return useQuery({ ...endpointQuery(deals.rateCards), enabled })
}

export function useRateCardAction() {
  const client = useQueryClient()
  // One write per submission (ADR 0189): a key per route (a draft, its edit, its publication).
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (a: { kind: 'create'; body: RateCardBody } | { kind: 'edit'; id: string; body: RateCardBody } | { kind: 'publish'; id: string }) =>
      a.kind === 'create'
        ? submitOnce(keys, deals.createRateCard, { body: a.body })
        : a.kind === 'edit'
          ? submitOnce(keys, deals.editRateCard, { params: { id: a.id }, body: a.body })
          : submitOnce(keys, deals.publishRateCard, { params: { id: a.id }, body: {} }),
    onSettled: () => client.invalidateQueries(queriesOf(deals.rateCards)),
  })
}
