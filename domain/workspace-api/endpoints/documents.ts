/** The due-diligence documents as the team sees them (docs/workspace.md "Documents"). */
import { get, post, type FileAnswer } from '../endpoint.ts'
import { DocumentReviewSchema, type DocumentChecklist, type TeamDocument } from '../documents.ts'

export const documentEndpoints = {
  checklist: get<DocumentChecklist>()('/applications/:id/documents'),
  file: get<FileAnswer>()('/applications/:id/documents/:documentId/file', { answerKind: 'file' }),
  review: post<TeamDocument>()('/applications/:id/documents/:documentId/review', { body: DocumentReviewSchema }),
} as const
