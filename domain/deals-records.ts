/**
 * The records the deals store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/deals.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { DealTerms, RateCardItem } from './deals.ts'

/** The deal as the server holds it (server/db/stores/deal-store.ts). */
export interface DealRecord extends DealTerms {
  applicationId: string
  /** The number of the rate card version it was signed with (null: none published then). */
  rateCardVersionNumber: number | null
  signedBy: string | null
  signedAt: Date
  updatedBy: string | null
  updatedAt: Date
  /** «Responsable» (ADR 0162): the member whose daily reminder carries the deal when behind its pace; null: none. */
  ownerId: string | null
}

/** A rate card version as the server holds it. */
export interface RateCardVersionRecord {
  id: string
  number: number
  note: string
  status: 'draft' | 'published'
  createdBy: string
  createdAt: Date
  updatedAt: Date
  publishedBy: string | null
  publishedAt: Date | null
  items: (RateCardItem & { id: string })[]
}
