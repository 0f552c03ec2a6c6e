/**
 * The workspace API's review routes (docs/workspace.md "Review";
 * server/features/review/routes.ts and detail.ts): the overview,
 * the list, an application's detail, stage moves, reviews, notes and the
 * audit log. Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import { DealInputSchema } from './deals.ts'
import type { Application } from '../application.ts'
import type { ApplicationOrigin } from '../sources.ts'
import { AUDIT_ACTIONS } from '../audit.ts'
import type { MailKind } from '../machinery.ts'
import { STAGES, TRANSITION_REASON_MAX, type DueState, type Stage } from '../pipeline.ts'
import { MISSING_DOCUMENTS_REASON_MAX, type DocumentKey } from '../documents.ts'
import { NOTE_MAX, type ScoreSummary, ReviewInputSchema } from '../review.ts'
import type { Wire } from './wire.ts'
import type { MemberRef, Overview, ApplicationListRecord, ReviewRecord, NoteRecord, AuditRecord } from '../review-records.ts'
import { get, pathOf, post, put, type FileAnswer } from './endpoint.ts'

export type { MemberRef, Overview, ApplicationListRecord, ReviewRecord, NoteRecord, AuditRecord } from '../review-records.ts'

/** A row of GET /applications: the record and what the route computes. */
export type ApplicationListItem = Wire<
  ApplicationListRecord & {
    dueState: DueState
    /** The mean of the reviews' per-reviewer z-scores (ADR 0105); null when it does not apply or is hidden. */
    normalised: number | null
    /** "Para discutir". */
    discussion: boolean
    conflicted: false
  }
>

/** An application the viewer declared a conflict with: its reference only (ADR 0107). */
export interface ConflictedListItem {
  id: string
  reference: string
  conflicted: true
}

/** GET /applications */
export interface ApplicationPage {
  items: (ApplicationListItem | ConflictedListItem)[]
  total: number
  page: number
  pageSize: number
}

/** GET /exports/applications.<format> (admins): the list's export (ADR 0195). */
export const EXPORT_FORMATS = ['xlsx', 'csv', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]


/** One member's review (PUT /applications/:id/review answers `{ review }`). */
export type Review = Wire<ReviewRecord>

export interface ReviewAnswer {
  review: Review
}

export type Note = Wire<NoteRecord>

/** POST /applications/:id/notes: `201 { note }`. */
export const NoteSchema = v.strictObject({
  body: v.pipe(v.string(), v.trim(), v.minLength(1, 'La nota está vacía.'), v.maxLength(NOTE_MAX)),
})
export type NoteRequest = v.InferInput<typeof NoteSchema>
export interface NoteAnswer {
  note: Note
}

export type TimelineType =
  | 'received'
  | 'stage_changed'
  | 'review_submitted'
  | 'note_added'
  /** An e-mail sent or given up: detail.kind, detail.attempts, and detail.calendarMethod as EmailStatus has it. */
  | 'email_sent'
  | 'email_failed'
  /** A founder's status e-mail written to "Correos por enviar" (detail.status: draft, sent or discarded). */
  | 'founder_mail'

export interface TimelineEntry {
  at: string
  type: TimelineType
  member: MemberRef | null
  detail: Record<string, unknown>
}

/** An e-mail about the application, as the outbox holds it. */
export interface EmailStatus {
  kind: MailKind
  /** pending, sent or failed. */
  status: string
  attempts: number
  createdAt: string
  settledAt: string | null
  lastError: string | null
  /**
   * The METHOD of the calendar invitation the e-mail carries (RFC 5546): REQUEST books or moves the panel
   * session, CANCEL calls it off; absent from an e-mail without one. One kind (team_panel_invitation,
   * founder_panel_invitation) is both a booking's and a cancellation's e-mail: this tells them apart.
   */
  calendarMethod?: 'REQUEST' | 'CANCEL'
}

/** GET /applications/:id (the view is audited) */
export interface ApplicationDetail {
  id: string
  reference: string
  createdAt: string
  formData: Application
  consent: { policyVersion: string; acceptedAt: string }
  stage: Stage
  stageEnteredAt: string
  stageDueAt: string | null
  dueState: DueState
  allowedTransitions: Stage[]
  emails: EmailStatus[]
  /** The others' reviews and the summary stay null for a reviewer until they have submitted their own. */
  reviews: { mine: Review | null; others: Review[] | null; summary: ScoreSummary | null }
  notes: Note[]
  /** Oldest first. */
  timeline: TimelineEntry[]
  /** The member's e-mail domain is the founder's: a hint to declare a conflict, never a block. */
  suggestConflict: boolean
  /** Which source brought it and the founder's answer to «¿Dónde nos conociste?» (domain/sources.ts originText). */
  origin: ApplicationOrigin
}

/** POST /applications/:id/transitions: `409 { error: "conflict", stage }` when the stage is no longer `from`. */
/**
 * "Acuerdo firmado" with required due-diligence documents missing: the
 * member confirms it and says why (ADR 0139); the reason goes to the audit log.
 */
export const MissingDocumentsConfirmationSchema = v.strictObject({
  confirmed: v.literal(true),
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'Escribe por qué se firma sin esos documentos.'), v.maxLength(MISSING_DOCUMENTS_REASON_MAX)),
})
export type MissingDocumentsConfirmation = v.InferInput<typeof MissingDocumentsConfirmationSchema>

/** `409 { error: "documents_missing", message, missing }`: the move to acuerdo_firmado needs the confirmation; nothing changed. */
export interface DocumentsMissingRefusal {
  error: 'documents_missing'
  message: string
  missing: { key: DocumentKey; label: string }[]
}

export const TransitionSchema = v.strictObject({
  from: v.picklist(STAGES),
  to: v.picklist(STAGES),
  reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(TRANSITION_REASON_MAX)))),
  founderReason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(TRANSITION_REASON_MAX)))),
  missingDocuments: v.optional(v.nullable(MissingDocumentsConfirmationSchema)),
  /** To acuerdo_firmado: the deal (ADR 0159), admins only; refused with any other move. */
  deal: v.optional(v.nullable(DealInputSchema)),
  /**
   * Keep the panel session still ahead instead of cancelling it (domain/pipeline.ts STAGE_ENTAILS, ADR 0185): admins
   * only, and only on a move whose rule allows it (due diligence, the signature); refused otherwise.
   */
  keepPanelSession: v.optional(v.boolean()),
})
export type TransitionRequest = v.InferInput<typeof TransitionSchema>
export interface TransitionResult {
  stage: Stage
  stageEnteredAt: string
  stageDueAt: string | null
}

export type AuditEntry = Wire<AuditRecord>

const AUDIT_DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const auditDate = v.pipe(v.string(), v.regex(AUDIT_DATE_RE))

/**
 * GET /audit's query (admins): each filter optional, all of them together.
 * `member`: who acted (a member's id); `action`: one of AUDIT_ACTIONS;
 * `application`: a reference (any case) or an application's id; `from` and
 * `to`: days in Bogotá (YYYY-MM-DD), both included.
 */
export const AuditQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number), v.minValue(1))),
  member: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))),
  action: v.optional(v.picklist(AUDIT_ACTIONS)),
  application: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))),
  from: v.optional(auditDate),
  to: v.optional(auditDate),
})
export type AuditQuery = v.InferInput<typeof AuditQuerySchema>

/**
 * GET /audit (admins), newest first, with the names of the members the details name (detail.memberId).
 * Views are folded (one line per member, application and Bogotá day) before paging, so `total` counts
 * lines; entries about an application the reader has an active conflict of interest with are left out of
 * the items and the total, whatever the filter (ADR 0200).
 */
export interface AuditPage {
  items: AuditEntry[]
  total: number
  page: number
  pageSize: number
  memberNames: Record<string, string>
}

/** The review's endpoints (docs/workspace.md "Review"): overview, list, detail, stage changes, reviews, notes, exports, audit log. */
export const reviewEndpoints = {
  overview: get<Overview>()('/overview'),
  /** Query: the list's filter, search, sort and page (its URL's query string, passed through). */
  applications: get<ApplicationPage>()('/applications'),
  /** The list's export: the same query, every page (admins). */
  exportCsv: get<FileAnswer>()('/exports/applications.csv', { admin: true, answerKind: 'file' }),
  exportJson: get<FileAnswer>()('/exports/applications.json', { admin: true, answerKind: 'file' }),
  exportXlsx: get<FileAnswer>()('/exports/applications.xlsx', { admin: true, answerKind: 'file' }),
  application: get<ApplicationDetail>()('/applications/:id'),
  transition: post<TransitionResult>()('/applications/:id/transitions', { body: TransitionSchema, once: true }),
  review: put<ReviewAnswer>()('/applications/:id/review', { body: ReviewInputSchema, invalid: 'Revisa la evaluación: cada criterio va de 1 a 5.' }),
  addNote: post<NoteAnswer>()('/applications/:id/notes', { body: NoteSchema, invalid: `La nota debe tener entre 1 y ${NOTE_MAX} caracteres.`, status: 201 }),
  /** Query: AuditQuery (page, member, action, application, from, to). */
  audit: get<AuditPage>()('/audit', { admin: true }),
} as const

/** The list's export, per format. */
export const EXPORT_ENDPOINTS = {
  csv: reviewEndpoints.exportCsv,
  json: reviewEndpoints.exportJson,
  xlsx: reviewEndpoints.exportXlsx,
} as const satisfies Record<ExportFormat, unknown>

/**
 * The path of the export of what the list shows: GET /applications's own query (filter, search, sort)
 * without its page, so the export's rows are the list's, every page of them (the server reads the query
 * with the list's schema).
 */
export function applicationsExportPath(format: ExportFormat, listQuery: URLSearchParams): string {
  const query = new URLSearchParams(listQuery)
  query.delete('page')
  query.delete('pageSize')
  return pathOf(EXPORT_ENDPOINTS[format], {}, query.toString())
}
