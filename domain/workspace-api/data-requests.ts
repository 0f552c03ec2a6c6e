/**
 * A founder's Ley 1581 request, answered by an admin from the workspace
 * (docs/workspace.md "Data requests"; server/features/data-requests/routes.ts).
 * Addresses travel in POST bodies, never in URLs. Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import type { Instrument, Outlet } from '../deals.ts'
import type { EntryKind } from '../media-plan.ts'
import type { Application } from '../application.ts'
import { NormalizedEmailSchema } from '../email.ts'
import type { CheckInValues } from '../follow-up.ts'
import type { MailKind } from '../machinery.ts'
import type { DataRequestKind } from '../data-requests.ts'
import type { Wire } from './wire.ts'
import type { DeletionReportRecord } from '../data-requests-records.ts'
import { get, post, type FileAnswer } from './endpoint.ts'

export type { DeletionReportRecord } from '../data-requests-records.ts'

// The one e-mail rule (domain/email.ts): the form accepts o'brien@… and josé@…, so must these.
const email = NormalizedEmailSchema

/** POST /data-requests/lookup → DataRequestLookup */
export const LookupSchema = v.strictObject({ email })
export type LookupRequest = v.InferInput<typeof LookupSchema>

/** POST /data-requests/export → the file, as an attachment. */
export const ExportSchema = v.strictObject({ email, format: v.picklist(['json', 'csv']) })
export type ExportRequest = v.InferInput<typeof ExportSchema>

/** POST /data-requests/delete → DeletionReport; `confirm` is the same address, typed again. */
export const DeleteSchema = v.strictObject({ email, confirm: v.string() })
export type DeleteRequest = v.InferInput<typeof DeleteSchema>

/** An e-mail about an application, as the export lists it. */
export interface HeldEmail {
  kind: MailKind
  to: string
  /** pending, sent or failed. */
  status: string
  attempts: number
  messageId: string
  settledAt: string | null
}

/** One application of the titular: what `npm run applications -- show` prints (server/features/review/export-content.ts). */
export interface HeldApplication {
  id: string
  reference: string
  receivedAt: string
  consent: { policyVersion: string; acceptedAt: string }
  formData: Application
  emails: HeldEmail[]
  /** The deal signed with the programme, or null; integers with their units in the names (ADR 0157). */
  deal: HeldDeal | null
  /** Where it came from: the outlet's name whose short path the browser kept, and the answer to «¿Dónde nos conociste?». */
  origin: { source: string | null; heardFrom: string | null }
  /** The twelve months of follow-up after the signature, or null without a deal. */
  followUp: HeldFollowUp | null
  /** The media plan and what ran (ADR 0160), or null without a deal. */
  mediaPlan: HeldMediaPlan | null
  /** Every agreement sent for signature (docs/decisions/0213), newest first, with the evidence of each signature. */
  agreements: HeldAgreement[]
  /** The programme's stake in the company (docs/decisions/0215): the register's events and the valuation marks; null without a deal. */
  holding: HeldHolding | null
}

/**
 * The holdings register as the titular's copy holds it: every event as recorded (voided ones marked), its
 * numbers as stored (shares whole, pesos whole, prices as decimal text), and the valuation marks with their
 * state; never who on the team.
 */
export interface HeldHolding {
  events: { id: string; kind: string; label: string; day: string; detail: Record<string, unknown>; note: string; voided: boolean; recordedAt: string }[]
  marks: { method: string; day: string; price: string; status: string; proposedAt: string; decidedAt: string | null }[]
}

/**
 * An agreement as the titular's copy holds it: its code, version, state and the documents' SHA-256; each signature
 * with its evidence (name, e-mail, how it was verified, the e-signature text accepted, IP, browser, time). The
 * programme signer's evidence is theirs and the programme's: only their name and time are shown.
 */
export interface HeldAgreement {
  code: string
  version: number
  status: string
  sentAt: string
  documentSha256: string
  signedSha256: string | null
  /** The sealed PDF itself, base64, once signed by both: the titular keeps their copy of the document. */
  signedPdfBase64: string | null
  signatures: { role: 'founder' | 'programme'; name: string; email: string | null; method: string; consentVersion: number | null; consentText: string | null; ip: string | null; userAgent: string | null; signedAt: string }[]
}

/**
 * The media plan as the titular's copy holds it: every line at its rate-card price (whole pesos) and every
 * entry of its ledger, corrections included (ADR 0160), with the proof links; never who on the team.
 */
export interface HeldMediaPlan {
  lines: { number: number; outlet: Outlet; format: string; units: number; unitPriceCop: number; flightFrom: string; flightTo: string; notes: string }[]
  entries: {
    id: string
    line: number
    kind: EntryKind
    day: string
    units: number
    proofUrl: string | null
    reason: string | null
    makeGoodFor: string | null
    toLine: number | null
    voids: string | null
    recordedAt: string
  }[]
}

/**
 * The follow-up as the titular's copy holds it (ADR 0167): every version of every monthly check-in they
 * sent (figures in integers, sales in US cents), the days of the reviews with the team, when it closed.
 * The team's own notes of the reviews and of the closing are its assessments and stay out, as the
 * stage changes' reasons do (ADR 0143).
 */
export interface HeldFollowUp {
  start: string
  checkIns: ({
    month: number
    /** The calendar month reported, "AAAA-MM". */
    period: string
    version: number
    submittedAt: string
  } & CheckInValues)[]
  milestones: { month: number; heldOn: string }[]
  closedAt: string | null
}

/** The deal as the titular's copy holds it: its terms, never the team's ids. */
export interface HeldDeal {
  equityBasisPoints: number
  instrument: Instrument
  discountBasisPoints: number | null
  valuationUsdCents: number
  mediaValueCop: number
  investmentValueCop: number
  exposureStart: string
  exposureMonths: number
  followUpStart: string
  rateCardVersion: number | null
  signedAt: string
}

/** The lookup's answer to an admin with a conflict of interest on one of them: references only (ADR 0123). */
export interface DataRequestConflict {
  conflictOfInterest: true
  message: string
  applications: { id: string; reference: string; conflicted: boolean }[]
}

export type DataRequestLookup = HeldApplication[] | DataRequestConflict

/**
 * POST /data-requests/:id/lookup, from an open request's row: the look-up by the address of
 * the request's application, and that address, to export and delete with; null to an admin with a
 * conflict of interest, who gets the references only.
 */
export interface DataRequestRowLookup {
  email: string | null
  lookup: DataRequestLookup
}

export type DeletionReport = Wire<DeletionReportRecord>

/** One open request, as "Datos personales" lists it: GET /data-requests/open → OpenDataRequests. */
export interface OpenDataRequest {
  id: string
  reference: string
  kind: DataRequestKind
  kindLabel: string
  openedAt: string
  /** The end (23:59:59.999 in Bogotá) of the last business day the law gives (domain/data-requests.ts). */
  dueAt: string
  /** Past dueAt at the time of the answer. */
  overdue: boolean
  /** The asking admin declared a conflict of interest on its application: another admin must answer (ADR 0123). */
  conflicted: boolean
}

export interface OpenDataRequests {
  checkedAt: string
  items: OpenDataRequest[]
}

/** A founder's Ley 1581 requests, answered by an admin (docs/workspace.md "Data requests"). */
export const dataRequestEndpoints = {
  open: get<OpenDataRequests>()('/data-requests/open', { admin: true }),
  lookup: post<DataRequestLookup>()('/data-requests/lookup', { body: LookupSchema, admin: true }),
  lookupRequest: post<DataRequestRowLookup>()('/data-requests/:id/lookup', { admin: true }),
  export: post<FileAnswer>()('/data-requests/export', { body: ExportSchema, admin: true, answerKind: 'file' }),
  delete: post<DeletionReport>()('/data-requests/delete', { body: DeleteSchema, admin: true }),
} as const
