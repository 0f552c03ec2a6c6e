/** The review's endpoints (docs/workspace.md "Review"): overview, list, detail, stage changes, reviews, notes, exports, audit log. */
import { NOTE_MAX, ReviewInputSchema } from '../../review.ts'
import { get, pathOf, post, put, type FileAnswer } from '../endpoint.ts'
import {
  NoteSchema,
  TransitionSchema,
  type ApplicationDetail,
  type ApplicationPage,
  type AuditPage,
  type NoteAnswer,
  type Overview,
  type ReviewAnswer,
  type ExportFormat,
  type TransitionResult,
} from '../review.ts'

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
