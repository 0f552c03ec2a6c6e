/**
 * The records the documents store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/documents.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { DocumentKey, UploadedFile } from './documents.ts'

/** A stored document (server/db/stores/document-store.ts): the file as uploaded, whose it is, who reviewed it. */
export interface DocumentRecord extends Omit<UploadedFile, 'uploadedAt'> {
  id: string
  applicationId: string
  itemKey: DocumentKey
  uploadedAt: Date
  reviewedBy: string | null
  reviewedAt: Date | null
}
