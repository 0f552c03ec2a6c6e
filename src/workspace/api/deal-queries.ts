/** The deal and the rate card (domain/workspace-api/deals.ts): admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DealAnswer, DealInputBody, RateCardAnswer, RateCardBody, RateCardList } from '../../../domain/workspace-api/deals.ts'
import { applicationPath, useApiQuery } from './read.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'

export const dealKeys = {
  deal: (id: string) => ['deal', id] as const,
  rateCards: ['rate-cards'] as const,
}

export function useDeal(applicationId: string) {
  return useApiQuery<DealAnswer>(dealKeys.deal(applicationId), applicationPath(applicationId, '/deal'))
}

export function useCorrectDeal(applicationId: string) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: DealInputBody) => submitOnce<DealAnswer>(keys, applicationPath(applicationId, '/deal'), { method: 'PUT', body }),
    onSuccess: (answer) => client.setQueryData(dealKeys.deal(applicationId), answer),
  })
}

/** «Responsable» (ADR 0162): a member, or null for nobody. */
export function useSetDealOwner(applicationId: string) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (memberId: string | null) => submitOnce<DealAnswer>(keys, applicationPath(applicationId, '/deal/owner'), { method: 'PUT', body: { memberId } }),
    onSuccess: (answer) => client.setQueryData(dealKeys.deal(applicationId), answer),
  })
}

export function useRateCards(enabled = true) {
  return useApiQuery<RateCardList>(dealKeys.rateCards, '/rate-cards', { enabled })
}

export function useRateCardAction() {
  const client = useQueryClient()
  // One write per submission (ADR 0189): a key per route (a draft, its edit, its publication).
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (a: { kind: 'create'; body: RateCardBody } | { kind: 'edit'; id: string; body: RateCardBody } | { kind: 'publish'; id: string }) =>
      a.kind === 'create'
        ? submitOnce<RateCardAnswer>(keys, '/rate-cards', { method: 'POST', body: a.body })
        : a.kind === 'edit'
          ? submitOnce<RateCardAnswer>(keys, `/rate-cards/${encodeURIComponent(a.id)}`, { method: 'PUT', body: a.body })
          : submitOnce<RateCardAnswer>(keys, `/rate-cards/${encodeURIComponent(a.id)}/publish`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: dealKeys.rateCards }),
  })
}
