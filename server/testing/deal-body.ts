/** A deal as an admin types it in the signature's dialog (issue 20): what the API tests send to sign. */
export const DEAL_BODY = {
  equityPercent: '4,5',
  instrument: 'nota_convertible',
  discountPercent: '20',
  valuationUsd: '1.500.000',
  mediaValueCop: '1.500.000.000',
  investmentValueCop: '500.000.000',
  windowStart: '2027-01-15',
  windowMonths: 9,
  followUpStart: '2026-12-01',
  rateCardVersionId: null as string | null,
}
