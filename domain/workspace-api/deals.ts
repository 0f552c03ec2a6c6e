/**
 * The workspace API's deal and rate card (ADRs 0157-0159;
 * server/features/deals/routes.ts and the signature in
 * review/routes.ts). Admins only: a reviewer is refused (403) and the
 * workspace shows them no "Acuerdo" section. Times are ISO strings (wire.ts).
 *
 * - POST /applications/:id/transitions to acuerdo_firmado carries `deal`
 *   (DealInputSchema): 422 `deal_required` without it, 422 `invalid` with
 *   each field's message in `issues` (path `deal.<field>`).
 * - GET /applications/:id/deal → DealAnswer (audited as deal.viewed).
 * - PUT /applications/:id/deal (DealInputSchema) → DealAnswer; 404
 *   `no_deal` when the application was never signed with one.
 * - GET /rate-cards → RateCardList; POST /rate-cards (RateCardSchema) → 201
 *   RateCardAnswer; PUT /rate-cards/:id (RateCardSchema) → RateCardAnswer,
 *   409 `published`; POST /rate-cards/:id/publish → RateCardAnswer, 409
 *   `published`.
 */
import * as v from 'valibot'
import { INSTRUMENTS, OUTLETS, RATE_CARD_ITEMS_MAX, RATE_CARD_NOTE_MAX } from '../deals.ts'
import type { Wire } from './wire.ts'
import type { DealRecord, RateCardVersionRecord } from '../deals-records.ts'
import { firstIssue, get, post, put } from './endpoint.ts'

export type { DealRecord, RateCardVersionRecord } from '../deals-records.ts'

/** Text fields as typed: short, the reading is domain/deals.ts readDeal's. */
const typed = v.pipe(v.string(), v.maxLength(40))
const day = v.pipe(v.string(), v.maxLength(10))

export const DealInputSchema = v.strictObject({
  equityPercent: typed,
  instrument: v.picklist(INSTRUMENTS),
  discountPercent: v.optional(v.nullable(typed)),
  valuationUsd: typed,
  mediaValueCop: typed,
  investmentValueCop: typed,
  windowStart: day,
  // Out of 6..12 is readDeal's refusal, with its Spanish message; here only a whole number.
  windowMonths: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
  followUpStart: day,
  rateCardVersionId: v.nullable(v.pipe(v.string(), v.uuid())),
  /** The admin confirmed a follow-up start before today (domain/deals.ts pastFollowUpStartProblem); 422 on followUpStart without it. */
  confirmPastFollowUpStart: v.optional(v.boolean()),
})
export type DealInputBody = v.InferInput<typeof DealInputSchema>

export type Deal = Wire<DealRecord>

/** PUT /applications/:id/deal/owner → DealAnswer (audited deal.owner_set): an active member, or null for nobody. */
export const DealOwnerSchema = v.strictObject({ memberId: v.nullable(v.pipe(v.string(), v.uuid('Elige a una persona del equipo.'))) })

export interface DealAnswer {
  deal: Deal | null
  /** The names of the members the deal names (who signed, who corrected last). */
  memberNames: Record<string, string>
}

export const RateCardSchema = v.strictObject({
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(RATE_CARD_NOTE_MAX)), ''),
  items: v.pipe(
    v.array(v.strictObject({ outlet: v.picklist(OUTLETS), format: v.pipe(v.string(), v.maxLength(200)), unitPriceCop: typed })),
    v.maxLength(RATE_CARD_ITEMS_MAX),
  ),
})
export type RateCardBody = v.InferInput<typeof RateCardSchema>

export type RateCardVersion = Wire<RateCardVersionRecord>

export interface RateCardList {
  /** Newest first. */
  versions: RateCardVersion[]
  memberNames: Record<string, string>
}
export interface RateCardAnswer {
  version: RateCardVersion
}

/** The deal signed and the rate card it is priced with (docs/workspace.md "Deals"): admins only. */
export const dealEndpoints = {
  deal: get<DealAnswer>()('/applications/:id/deal', { admin: true }),
  correct: put<DealAnswer>()('/applications/:id/deal', { body: DealInputSchema, admin: true, once: true }),
  setOwner: put<DealAnswer>()('/applications/:id/deal/owner', { body: DealOwnerSchema, invalid: firstIssue, admin: true, once: true }),
  rateCards: get<RateCardList>()('/rate-cards', { admin: true }),
  createRateCard: post<RateCardAnswer>()('/rate-cards', { body: RateCardSchema, admin: true, once: true, status: 201 }),
  editRateCard: put<RateCardAnswer>()('/rate-cards/:id', { body: RateCardSchema, admin: true, once: true }),
  publishRateCard: post<RateCardAnswer>()('/rate-cards/:id/publish', { admin: true, once: true }),
} as const
