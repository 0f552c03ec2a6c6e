/** The deal and the rate card (domain/workspace-api/deals.ts): admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DealInputBody, RateCardBody } from '../../../domain/workspace-api/deals.ts'
import { useApiQuery } from './read.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'
import { WORKSPACE_API } from '../../../domain/workspace-api/endpoints/all.ts'

const { deals } = WORKSPACE_API

export const dealKeys = {
  deal: (id: string) => ['deal', id] as const,
  rateCards: ['rate-cards'] as const,
}

export function useDeal(applicationId: string) {
  return useApiQuery(dealKeys.deal(applicationId), deals.deal, { params: { id: applicationId } })
}

export function useCorrectDeal(applicationId: string) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: DealInputBody) => submitOnce(keys, deals.correct, { params: { id: applicationId }, body }),
    onSuccess: (answer) => client.setQueryData(dealKeys.deal(applicationId), answer),
  })
}

/** «Responsable» (ADR 0162): a member, or null for nobody. */
export function useSetDealOwner(applicationId: string) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (memberId: string | null) => submitOnce(keys, deals.setOwner, { params: { id: applicationId }, body: { memberId } }),
    onSuccess: (answer) => client.setQueryData(dealKeys.deal(applicationId), answer),
  })
}

export function useRateCards(enabled = true) {
  return useApiQuery(dealKeys.rateCards, deals.rateCards, {}, { enabled })
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
    onSettled: () => client.invalidateQueries({ queryKey: dealKeys.rateCards }),
  })
}
