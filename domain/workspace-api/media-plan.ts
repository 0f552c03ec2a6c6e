/**
 * The workspace API's media plan and its ledger (ADRs 0160-0163;
 * server/features/media-plan/routes.ts). Admins only, like the
 * deal (ADR 0159): a reviewer is refused (403). Behind the conflict guard of
 * /applications/:id. Times are ISO strings (wire.ts); money in whole pesos.
 *
 * - GET /applications/:id/media-plan → MediaPlanAnswer (audited as
 *   media_plan.viewed when there is a deal); `plan` is null without a deal.
 * - POST /applications/:id/media-plan/lines (PlanLineSchema) → 201
 *   MediaPlanAnswer; 422 `invalid` with each field's message in `issues`;
 *   404 `no_deal`.
 * - POST /applications/:id/media-plan/entries (PlanEntrySchema) → 201
 *   MediaPlanAnswer; 422 `invalid` (a line of another application is
 *   `lineId`'s issue); 404 `no_deal`. As JSON, or as multipart/form-data
 *   with the same fields (text) and `proofFile`, the proof of a ran or
 *   make-good entry as a file (ADR 0163 addendum): PDF, JPEG, PNG or WebP
 *   by its bytes, up to PROOF_FILE_MAX_BYTES; a refused file is
 *   `proofFile`'s issue (422, or 413 beyond the cap) and nothing is stored.
 * - POST /applications/:id/media-plan/lines/:lineId/withdrawal
 *   (LineWithdrawalSchema: the reason) → 201 MediaPlanAnswer: the line
 *   withdrawn from the plan (a `void` naming no entry, on today; ADR 0190),
 *   only while nothing but bookings is recorded on it; 422 otherwise. A
 *   `void` sent to /entries must name the entry it cancels.
 * - Every POST above takes the form's Idempotency-Key (ADR 0189): the same
 *   key and body answered once, the first answer given again.
 * - GET /applications/:id/media-plan/proofs/:proofId → the file, as an
 *   attachment (audited as media_plan.proof_downloaded); 404 otherwise.
 */
import * as v from 'valibot'
import { OUTLETS, RATE_FORMAT_MAX, type RateCardItem } from '../deals.ts'
import { ENTRY_KINDS, ENTRY_REASON_MAX, PLAN_NOTE_MAX, PROOF_URL_MAX, type Balances, type Pacing } from '../media-plan.ts'
import type { Wire } from './wire.ts'
import type { PlanEntryRecord, PlanLineRecord } from '../media-plan-records.ts'
import { firstIssue, get, post, type FileAnswer } from './endpoint.ts'

export type { PlanEntryRecord, PlanLineRecord } from '../media-plan-records.ts'

const typed = v.pipe(v.string(), v.maxLength(40))
const day = v.pipe(v.string(), v.maxLength(10))
const id = v.pipe(v.string(), v.maxLength(64))

export const PlanLineSchema = v.strictObject({
  outlet: v.picklist(OUTLETS, 'Elige el medio.'),
  format: v.pipe(v.string(), v.maxLength(RATE_FORMAT_MAX + 80)),
  units: typed,
  flightFrom: day,
  flightTo: day,
  // The reading (domain/media-plan.ts readPlanLine) says «hasta 500 caracteres»; here only a bound.
  notes: v.optional(v.pipe(v.string(), v.maxLength(PLAN_NOTE_MAX * 2)), ''),
})
export type PlanLineBody = v.InferInput<typeof PlanLineSchema>

export const PlanEntrySchema = v.strictObject({
  lineId: id,
  kind: v.picklist(ENTRY_KINDS, 'Elige qué pasó con la línea.'),
  day,
  units: v.optional(typed, ''),
  proofUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(PROOF_URL_MAX * 2)))),
  reason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(ENTRY_REASON_MAX * 2)))),
  makeGoodFor: v.optional(v.nullable(id)),
  toLineId: v.optional(v.nullable(id)),
  voids: v.optional(v.nullable(id)),
})
export type PlanEntryBody = v.InferInput<typeof PlanEntrySchema>

export const LineWithdrawalSchema = v.strictObject({
  reason: v.pipe(v.string(), v.maxLength(ENTRY_REASON_MAX * 2)),
})
export type LineWithdrawalBody = v.InferInput<typeof LineWithdrawalSchema>

export interface MediaPlanView {
  applicationId: string
  /** The deal's media value, window and the rate card version the lines are priced from. */
  mediaValueCop: number
  windowStart: string
  windowEnd: string
  rateCardVersionId: string | null
  rateCardVersionNumber: number | null
  /** The version's items (what a new line may be), [] without a version. */
  rateCard: RateCardItem[]
  lines: Wire<PlanLineRecord>[]
  /** Oldest first. */
  entries: Wire<PlanEntryRecord>[]
  balances: Balances
  pacing: Pacing
  /** Behind by more than PACING_MARGIN_POINTS, or value left in the window's last month (behindPace). */
  behind: boolean
  today: string
}

export interface MediaPlanAnswer {
  plan: MediaPlanView | null
  /** The names of the members who added lines and recorded entries. */
  memberNames: Record<string, string>
}

/**
 * GET /media-plans/behind → BehindDeals (admins; audited as media_plan.portfolio_viewed): the signed deals
 * behind their pace (behindPace), for the overview's «Acuerdos atrasados». A deal the member has a conflict
 * with shows its reference only.
 */
export interface BehindDeal {
  applicationId: string
  reference: string
  /** '' when conflicted. */
  tradeName: string
  conflicted: boolean
  /** null when conflicted. */
  committed: number | null
  ran: number | null
  remaining: number | null
  pacing: Pacing | null
  windowEnd: string | null
}
export interface BehindDeals {
  today: string
  /** Every signed deal counted, behind or not. */
  deals: number
  items: BehindDeal[]
}

/** The media plan and its ledger (docs/workspace.md "Media plan"): admins only. */
export const mediaPlanEndpoints = {
  behind: get<BehindDeals>()('/media-plans/behind', { admin: true }),
  plan: get<MediaPlanAnswer>()('/applications/:id/media-plan', { admin: true }),
  addLine: post<MediaPlanAnswer>()('/applications/:id/media-plan/lines', { body: PlanLineSchema, invalid: firstIssue, admin: true, once: true, status: 201 }),
  /** A multipart form: the entry's fields and, for a proof, its file. */
  addEntry: post<MediaPlanAnswer>()('/applications/:id/media-plan/entries', { body: PlanEntrySchema, invalid: firstIssue, form: true, largerBody: 'mediaPlanEntry', admin: true, once: true, status: 201 }),
  withdrawLine: post<MediaPlanAnswer>()('/applications/:id/media-plan/lines/:lineId/withdrawal', {
    body: LineWithdrawalSchema,
    invalid: firstIssue,
    admin: true,
    once: true,
    status: 201,
  }),
  proof: get<FileAnswer>()('/applications/:id/media-plan/proofs/:proofId', { admin: true, answerKind: 'file' }),
} as const
