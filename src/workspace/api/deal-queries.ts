/** The deal and the rate card (issue 20; domain/workspace-api/deals.ts): admins only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DealAnswer, DealInputBody, RateCardAnswer, RateCardBody, RateCardList } from '../../../domain/workspace-api/deals.ts'
import { api } from './client.ts'

export const dealKeys = {
  deal: (id: string) => ['deal', id] as const,
  rateCards: ['rate-cards'] as const,
}

export function useDeal(applicationId: string) {
  return useQuery({
    queryKey: dealKeys.deal(applicationId),
    queryFn: ({ signal }) => api<DealAnswer>(`/applications/${encodeURIComponent(applicationId)}/deal`, { signal }),
  })
}

export function useCorrectDeal(applicationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: DealInputBody) => api<DealAnswer>(`/applications/${encodeURIComponent(applicationId)}/deal`, { method: 'PUT', body }),
    onSuccess: (answer) => client.setQueryData(dealKeys.deal(applicationId), answer),
  })
}

/** «Responsable» (ADR 0162): a member, or null for nobody. */
export function useSetDealOwner(applicationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (memberId: string | null) => api<DealAnswer>(`/applications/${encodeURIComponent(applicationId)}/deal/owner`, { method: 'PUT', body: { memberId } }),
    onSuccess: (answer) => client.setQueryData(dealKeys.deal(applicationId), answer),
  })
}

export function useRateCards(enabled = true) {
  return useQuery({ queryKey: dealKeys.rateCards, queryFn: ({ signal }) => api<RateCardList>('/rate-cards', { signal }), enabled })
}

export function useRateCardAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (a: { kind: 'create'; body: RateCardBody } | { kind: 'edit'; id: string; body: RateCardBody } | { kind: 'publish'; id: string }) =>
      a.kind === 'create'
        ? api<RateCardAnswer>('/rate-cards', { method: 'POST', body: a.body })
        : a.kind === 'edit'
          ? api<RateCardAnswer>(`/rate-cards/${encodeURIComponent(a.id)}`, { method: 'PUT', body: a.body })
          : api<RateCardAnswer>(`/rate-cards/${encodeURIComponent(a.id)}/publish`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: dealKeys.rateCards }),
  })
}
