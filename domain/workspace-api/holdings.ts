/**
 * The workspace API's holdings register and portfolio (ADR 0215; server/features/portfolio/routes.ts).
 * Admins only, like the deal: a reviewer is refused (403); a member with a conflict never reaches
 * /applications/:id/holding (the conflict guard) and sees a conflicted company's row in «Portafolio»
 * as its reference alone. Every read is audited (holding.viewed, portfolio.viewed); every write is
 * checked against the whole register inside its transaction (domain/holdings.ts eventProblem): a
 * refusal is a 422 in Spanish and changes nothing.
 *
 * - GET /applications/:id/holding → HoldingAnswer (holding null before a deal is signed).
 * - POST /applications/:id/holding/events (HoldingEventSchema, JSON or a form with `document`) → 201.
 * - POST /applications/:id/holding/events/:eventId/void ({ reason }) → 201.
 * - POST /applications/:id/holding/rounds/preview (RoundSchema) → RoundPreview: the pro-forma; writes nothing.
 * - POST /applications/:id/holding/rounds (RoundSchema, JSON or a form with `document`) → 201: the round, its
 *   conversions and top-up, computed again by the same function the preview used.
 * - POST /applications/:id/holding/marks (MarkSchema, a form with the evidence `document`, required) → 201.
 * - POST /applications/:id/holding/marks/:markId/approve | reject → HoldingAnswer; 409 `same_member`.
 * - GET /applications/:id/holding/documents/:documentId → the file (attachment, audited).
 * - GET /applications/:id/holding/ocf → the company's cap table as an OCF package (.zip, audited).
 * - GET /portfolio → PortfolioAnswer; GET /portfolio/report.xlsx → the quarterly report (audited).
 */
import * as v from 'valibot'
import {
  HOLDING_INSTRUMENTS,
  HOLDING_TEXT_MAX,
  MARK_METHODS,
  PAYMENT_MODES,
  RECORDABLE_KINDS,
  type HoldingEventRecord,
  type HoldingFigures,
  type LedgerPayment,
  type OwnershipFigures,
  type Payment,
  type ValuationMarkRecord,
} from '../holdings.ts'
import { firstIssue, get, post, type FileAnswer } from './endpoint.ts'
import type { Wire } from './wire.ts'

export type { HoldingEventRecord, ValuationMarkRecord } from '../holdings.ts'

const typed = v.optional(v.pipe(v.string(), v.maxLength(40)))
const day = v.pipe(v.string(), v.maxLength(10))
const text = v.optional(v.pipe(v.string(), v.maxLength(HOLDING_TEXT_MAX * 2)))
const formBool = v.union([v.boolean(), v.pipe(v.picklist(['true', 'false', 'on']), v.transform((s) => s !== 'false'))])

export const HoldingEventSchema = v.strictObject({
  kind: v.picklist(RECORDABLE_KINDS, 'Elige qué registrar.'),
  day,
  note: text,
  instrument: v.optional(v.picklist(HOLDING_INSTRUMENTS, 'Elige el instrumento.')),
  shareClass: v.optional(v.pipe(v.string(), v.maxLength(200))),
  shares: typed,
  subscribedCop: typed,
  discountPercent: typed,
  capCop: typed,
  targetPercent: typed,
  companyShares: typed,
  fullyDilutedShares: typed,
  paymentMode: v.optional(v.picklist(PAYMENT_MODES, 'Elige cómo se paga la suscripción.')),
  termMonths: typed,
  splitFrom: typed,
  splitTo: typed,
  price: typed,
  buyer: v.optional(v.pipe(v.string(), v.maxLength(300))),
})
export type HoldingEventBody = v.InferInput<typeof HoldingEventSchema>

export const VoidSchema = v.strictObject({ reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'Escribe por qué anulas el evento.'), v.maxLength(HOLDING_TEXT_MAX, `Máximo ${HOLDING_TEXT_MAX} caracteres.`)) })

export const RoundSchema = v.strictObject({
  day,
  name: v.pipe(v.string(), v.maxLength(200)),
  preMoneyCop: typed,
  price: typed,
  amountCop: v.pipe(v.string(), v.maxLength(40)),
  newShares: typed,
  poolShares: typed,
  joined: formBool,
  programmeCashCop: typed,
  note: text,
})
export type RoundBody = v.InferInput<typeof RoundSchema>

export const MarkSchema = v.strictObject({
  method: v.picklist(MARK_METHODS, 'Elige el método de la valoración.'),
  day,
  price: v.pipe(v.string(), v.maxLength(40)),
  note: text,
})
export type MarkBody = v.InferInput<typeof MarkSchema>

/** What the issuance's form starts from: the deal's and the signed agreement's numbers, as text to edit. */
export interface IssuanceDefaults {
  instrument: (typeof HOLDING_INSTRUMENTS)[number]
  shareClass: string
  shares: string
  subscribedCop: string
  discountPercent: string
  day: string
  termMonths: string
}

export interface HoldingView {
  applicationId: string
  reference: string
  tradeName: string
  companyName: string
  today: string
  deal: { mediaValueCop: number; investmentValueCop: number; signedOn: string; equityBp: number }
  issuanceDefaults: IssuanceDefaults
  /** Every event as recorded (voids too), oldest first; `voided` when a live void names it (or its round). */
  events: (Wire<HoldingEventRecord> & { voided: boolean })[]
  marks: Wire<ValuationMarkRecord>[]
  /** Null before the issuance is recorded. */
  figures: HoldingFigures | null
  payment: Payment | null
  ledger: LedgerPayment
  /** The day of the latest price when older than 12 months with no round since. */
  staleSince: string | null
  impairment: string[]
}

export interface HoldingAnswer {
  holding: HoldingView | null
}

export interface RoundPreview {
  before: OwnershipFigures | null
  after: OwnershipFigures
  price: string
  preMoneyCop: number
  newShares: number
  programmeShares: number
  conversions: { noteId: string; price: string; shares: number; principalCop: number }[]
  topUp: number
}

export interface PortfolioRow {
  applicationId: string
  reference: string
  /** A conflicted member sees the reference and nothing else. */
  conflicted: boolean
  tradeName: string
  outlet: string
  signedYear: number | null
  companyStage: string
  media: { committedCop: number; ranCop: number; forfeitedCop: number } | null
  figures: HoldingFigures | null
  payment: Payment | null
  lastMark: { method: string; day: string; price: string } | null
  staleSince: string | null
  impairment: string[]
}

export interface PortfolioTotals {
  holdings: number
  committedCop: number
  ranCop: number
  forfeitedCop: number
  costCop: number
  rateCardCop: number
  fairValueCop: number
  proceedsCop: number
  subscribedCop: number
  paidCop: number
  unpaidCop: number
  moic: string | null
}

export interface PortfolioGroup extends PortfolioTotals {
  key: string
  label: string
}

export interface PortfolioAnswer {
  today: string
  /** «4.º trimestre de 2026». */
  quarter: string
  rows: PortfolioRow[]
  /** The sum of the rows a member may see (conflicted rows are left out of every total). */
  totals: PortfolioTotals
  byOutlet: PortfolioGroup[]
  byYear: PortfolioGroup[]
  byStage: PortfolioGroup[]
  /** Not recorded yet: signed deals without an issuance. */
  withoutIssuance: number
}

/** The register of the stakes and the portfolio (docs/workspace.md «Portafolio»): admins only. */
export const holdingEndpoints = {
  holding: get<HoldingAnswer>()('/applications/:id/holding', { admin: true }),
  recordEvent: post<HoldingAnswer>()('/applications/:id/holding/events', { body: HoldingEventSchema, invalid: firstIssue, form: true, largerBody: 'holdingDocument', admin: true, once: true, status: 201 }),
  voidEvent: post<HoldingAnswer>()('/applications/:id/holding/events/:eventId/void', { body: VoidSchema, invalid: firstIssue, admin: true, once: true, status: 201 }),
  previewRound: post<RoundPreview>()('/applications/:id/holding/rounds/preview', { body: RoundSchema, invalid: firstIssue, admin: true }),
  recordRound: post<HoldingAnswer>()('/applications/:id/holding/rounds', { body: RoundSchema, invalid: firstIssue, form: true, largerBody: 'holdingDocument', admin: true, once: true, status: 201 }),
  proposeMark: post<HoldingAnswer>()('/applications/:id/holding/marks', { body: MarkSchema, invalid: firstIssue, form: true, largerBody: 'holdingDocument', admin: true, once: true, status: 201 }),
  approveMark: post<HoldingAnswer>()('/applications/:id/holding/marks/:markId/approve', { admin: true, once: true }),
  rejectMark: post<HoldingAnswer>()('/applications/:id/holding/marks/:markId/reject', { admin: true, once: true }),
  document: get<FileAnswer>()('/applications/:id/holding/documents/:documentId', { admin: true, answerKind: 'file' }),
  ocf: get<FileAnswer>()('/applications/:id/holding/ocf', { admin: true, answerKind: 'file' }),
  portfolio: get<PortfolioAnswer>()('/portfolio', { admin: true }),
  report: get<FileAnswer>()('/portfolio/report.xlsx', { admin: true, answerKind: 'file' }),
} as const
