/** For tests and benches (no test runner imported): the terms of a signed deal. */
import type { DealTerms } from '../../../domain/deals.ts'

/** A deal's terms (money in integers, ADR 0157); its follow-up starts on 2026-12-01. */
export const SIGNED_DEAL: DealTerms = {
  equityBp: 450,
  instrument: 'acciones',
  discountBp: null,
  valuationUsdCents: 150_000_000,
  mediaValueCop: 1_500_000_000,
  investmentValueCop: 500_000_000,
  windowStart: '2027-01-15',
  windowMonths: 9,
  followUpStart: '2026-12-01',
  rateCardVersionId: null,
}
