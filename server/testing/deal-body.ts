import type { DealTerms } from '../../domain/deals.ts'
import type { NewSubmission } from '../db/stores/application-store.ts'
import { SIGNED_DEAL } from '../db/testing/signed-deal.ts'
import { newSubmission } from './fixtures.ts'
import type { SignedIn, WorkspaceHarness } from './workspace-harness.ts'

/** A deal as an admin types it in the signature's dialog: what the API tests send to sign. */
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

/** DEAL_BODY as the API reads it into integers (ADR 0157): SIGNED_DEAL's figures, as a convertible note at a 20 % discount. */
export const DEAL_BODY_TERMS: DealTerms = { ...SIGNED_DEAL, instrument: 'nota_convertible', discountBp: 2000 }

/**
 * An application submitted and moved to «Acuerdo firmado» through the workspace's API by `admin`, its deal
 * DEAL_BODY (with `rateCardVersionId` when given), the missing documents confirmed: how the route tests of
 * the follow-up, the media plan and the founder's pages get a signed startup.
 */
export async function signedThroughApi(
  h: WorkspaceHarness,
  admin: SignedIn,
  options: { email?: string; tradeName?: string; rateCardVersionId?: string | null } = {},
): Promise<NewSubmission['application']> {
  const s = newSubmission({ createdAt: h.now(), ...(options.email ? { email: options.email } : {}) })
  if (options.tradeName) s.application.formData.tradeName = options.tradeName
  await h.store.saveSubmission(s)
  const id = s.application.id
  const moves = [
    { from: 'recibida', to: 'validacion_preliminar' },
    { from: 'validacion_preliminar', to: 'sesion_panel' },
    { from: 'sesion_panel', to: 'due_diligence' },
    {
      from: 'due_diligence',
      to: 'acuerdo_firmado',
      missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' },
      deal: { ...DEAL_BODY, rateCardVersionId: options.rateCardVersionId ?? null },
    },
  ]
  for (const body of moves) {
    const res = await h.call('POST', `/applications/${id}/transitions`, { as: admin, body })
    if (res.status !== 200) throw new Error(`${body.from} → ${body.to}: HTTP ${res.status} ${await res.text()}`)
  }
  return s.application
}
