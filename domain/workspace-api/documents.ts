/**
 * The team's side of the due-diligence documents (docs/workspace.md
 * "Documents"; server/features/documents/team-routes.ts). Times are ISO
 * strings (wire.ts).
 */
import * as v from 'valibot'
import { DOCUMENT_NOTE_MAX, type DocumentItem } from '../documents.ts'
import type { Wire } from './wire.ts'
import type { DocumentRecord } from '../documents-records.ts'
import { get, post, type FileAnswer } from './endpoint.ts'

export type { DocumentRecord } from '../documents-records.ts'

/** A document as the team sees it, and POST …/review's answer. */
export type TeamDocument = Wire<Omit<DocumentRecord, 'applicationId' | 'itemKey'>>

/** GET /applications/:id/documents: one item per SPEC §9 document. */
export interface DocumentChecklist {
  items: (DocumentItem & { document: TeamDocument | null })[]
}

/** POST /applications/:id/documents/:documentId/review (audited). */
export const DocumentReviewSchema = v.pipe(
  v.strictObject({
    status: v.picklist(['accepted', 'new_version_requested'], 'Elige aceptar o pedir una versión nueva.'),
    note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(DOCUMENT_NOTE_MAX, 'La nota es demasiado larga.')))),
  }),
  v.forward(
    v.check((r) => r.status !== 'new_version_requested' || !!r.note, 'Escribe qué debe cambiar en la nueva versión.'),
    ['note'],
  ),
)
export type DocumentReview = v.InferInput<typeof DocumentReviewSchema>

/** The due-diligence documents as the team sees them (docs/workspace.md "Documents"). */
export const documentEndpoints = {
  checklist: get<DocumentChecklist>()('/applications/:id/documents'),
  file: get<FileAnswer>()('/applications/:id/documents/:documentId/file', { answerKind: 'file' }),
  review: post<TeamDocument>()('/applications/:id/documents/:documentId/review', { body: DocumentReviewSchema }),
} as const
