/** The deal signed and the rate card it is priced with (docs/workspace.md "Deals"): admins only. */
import { firstIssue, get, post, put } from '../endpoint.ts'
import { DealInputSchema, DealOwnerSchema, RateCardSchema, type DealAnswer, type RateCardAnswer, type RateCardList } from '../deals.ts'

export const dealEndpoints = {
  deal: get<DealAnswer>()('/applications/:id/deal', { admin: true }),
  correct: put<DealAnswer>()('/applications/:id/deal', { body: DealInputSchema, admin: true, once: true }),
  setOwner: put<DealAnswer>()('/applications/:id/deal/owner', { body: DealOwnerSchema, invalid: firstIssue, admin: true, once: true }),
  rateCards: get<RateCardList>()('/rate-cards', { admin: true }),
  createRateCard: post<RateCardAnswer>()('/rate-cards', { body: RateCardSchema, admin: true, once: true, status: 201 }),
  editRateCard: put<RateCardAnswer>()('/rate-cards/:id', { body: RateCardSchema, admin: true, once: true }),
  publishRateCard: post<RateCardAnswer>()('/rate-cards/:id/publish', { admin: true, once: true }),
} as const
