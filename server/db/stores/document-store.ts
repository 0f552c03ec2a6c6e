/**
 * The documents' rows (schema v8) on the ApplicationStore's database, and
 * their bytes in document_blobs when DOCUMENT_STORAGE=database, once for both
 * engines (ADR 0124). A new file
 * for an item replaces the previous row in the same transaction; with the
 * database storage its bytes commit in that transaction too.
 *
 * The uploads in progress (schema v15, document_uploads) are counted here
 * against the application's caps (ADR 0119): admitted under the
 * application's lock, and released in the transaction that takes the upload
 * in, so an upload is counted once, as in progress or as a document.
 */
import { sql, type Selectable } from 'kysely'
import { servedFileName, type DocumentKey, type DocumentStatus } from '../../../domain/documents.ts'
import type { DocumentRecord } from '../../../domain/documents-records.ts'
import { admit, type Admission, type UploadCaps } from '../../../domain/document-limits.ts'
import { db, firstOrNull, type Engine } from '../engine.ts'
import { fromRow, toNumber, toRow, type Database, type Int64Text, type Row } from '../schema.ts'
import { isUuid } from '../time-ordered-id.ts'

export type { DocumentRecord } from '../../../domain/documents-records.ts'

export type NewDocument = Omit<DocumentRecord, 'status' | 'reviewNote' | 'reviewedBy' | 'reviewedAt'>

export interface DocumentReview {
  status: Exclude<DocumentStatus, 'received'>
  note: string | null
  memberId: string
  at: Date
}

/** An upload in progress (document_uploads's row; `id` is tus's). */
export type NewUpload = Row<'document_uploads'> & { itemKey: DocumentKey }

export type UploadRow = Pick<Row<'document_uploads'>, 'applicationId' | 'itemKey' | 'createdAt'>

export interface DocumentStore {
  list(applicationId: string): Promise<DocumentRecord[]>
  /** Null unless the document exists AND belongs to the application. */
  get(applicationId: string, documentId: string): Promise<DocumentRecord | null>
  /**
   * Insert `doc` in place of the item's previous row (if any); `content` goes
   * to document_blobs. With `uploadId`, the upload's row goes in the same
   * transaction, and nothing is stored (null) when it is already gone: that
   * upload was replaced by a newer one of the item, ended or expired.
   */
  put(doc: NewDocument, options?: { content?: Buffer; uploadId?: string }): Promise<{ replacedId: string | null } | null>
  /**
   * Admit a new upload against the caps, counting the application's uploads
   * created after `liveSince` and its stored documents, under the
   * application's lock. Admitted, its row is in and the item's unfinished
   * uploads it replaces (limits.ts admit) are released; null when the
   * application is gone.
   */
  reserveUpload(upload: NewUpload, caps: UploadCaps, liveSince: Date): Promise<Admission | null>
  /** The upload's row, or null when it was taken in, refused, replaced, ended or expired. */
  pendingUpload(uploadId: string): Promise<UploadRow | null>
  releaseUpload(uploadId: string): Promise<void>
  /** Release the rows of uploads created before `cutoff` (expired, wherever their bytes were); how many. */
  releaseUploadsCreatedBefore(cutoff: Date): Promise<number>
  review(applicationId: string, documentId: string, review: DocumentReview): Promise<DocumentRecord | null>
  /** The bytes kept in document_blobs, or null. */
  readBlob(documentId: string): Promise<Buffer | null>
}

const toDocument = (r: Selectable<Database['documents']>): DocumentRecord => ({
  ...fromRow('documents', r),
  itemKey: r.item_key as DocumentKey,
  // Rows stored before names followed the checked type (ADR 0120) are mended as they are read.
  fileName: servedFileName(r.file_name, r.media_type),
})

/** Ids come from URLs: only ours (UUIDs) can name a row. */
const plausible = (...ids: string[]) => ids.every(isUuid)

export function openDocumentStore(e: Engine): DocumentStore {
  const q = {
    list: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('documents').selectAll().where('application_id', '=', p.applicationId).orderBy('uploaded_at').orderBy('id'),
    ),
    get: e.prepare((p: { applicationId: string; documentId: string }) =>
      db.selectFrom('documents').selectAll().where('id', '=', p.documentId).where('application_id', '=', p.applicationId),
    ),
    takeUpload: e.prepare((p: { uploadId: string; applicationId: string }) =>
      db.deleteFrom('document_uploads').where('id', '=', p.uploadId).where('application_id', '=', p.applicationId),
    ),
    replace: e.prepare((p: { applicationId: string; itemKey: string }) =>
      db.deleteFrom('documents').where('application_id', '=', p.applicationId).where('item_key', '=', p.itemKey).returning('id'),
    ),
    insert: e.prepare((p: NewDocument) =>
      db.insertInto('documents').values(toRow(p, ['id', 'application_id', 'item_key', 'file_name', 'media_type', 'size_bytes', 'sha256', 'uploaded_at'])),
    ),
    insertBlob: e.prepare((p: { documentId: string; content: Uint8Array }) => db.insertInto('document_blobs').values(toRow(p, ['document_id', 'content']))),
    review: e.prepare((p: { applicationId: string; documentId: string; status: DocumentReview['status']; note: string | null; memberId: string; at: Date }) =>
      db
        .updateTable('documents')
        .set({ status: p.status, review_note: p.note, reviewed_by: p.memberId, reviewed_at: p.at })
        .where('id', '=', p.documentId)
        .where('application_id', '=', p.applicationId)
        .returningAll(),
    ),
    blob: e.prepare((p: { documentId: string }) => db.selectFrom('document_blobs').select('content').where('document_id', '=', p.documentId)),
    // The application's row lock serialises admissions across instances. No key update: the
    // foreign-key checks of other writers (key share) do not wait for it. SQLite's write holds the database.
    lockApplication: e.prepare((p: { applicationId: string }) => db.selectFrom('applications').select('id').where('id', '=', p.applicationId).$call(e.forNoKeyUpdate)),
    // Read committed: these see every admission committed before the lock was granted.
    pending: e.prepare((p: { applicationId: string; liveSince: Date }) =>
      db
        .selectFrom('document_uploads')
        .select(['id', 'item_key as itemKey', 'size_bytes'])
        .where('application_id', '=', p.applicationId)
        .where('created_at', '>', p.liveSince)
        .orderBy('created_at')
        .orderBy('id'),
    ),
    stored: e.prepare((p: { applicationId: string; itemKey: string }) =>
      db
        .selectFrom('documents')
        .select(sql<number | Int64Text>`coalesce(sum(size_bytes), 0)`.as('bytes'))
        .where('application_id', '=', p.applicationId)
        .where('item_key', '<>', p.itemKey),
    ),
    releaseMany: e.prepare((p: { ids: string[] }) => db.deleteFrom('document_uploads').where(e.inList('id', p.ids, 'text'))),
    reserve: e.prepare((p: NewUpload) =>
      db.insertInto('document_uploads').values(toRow(p, ['id', 'application_id', 'item_key', 'size_bytes', 'created_at'])),
    ),
    upload: e.prepare((p: { uploadId: string }) => db.selectFrom('document_uploads').select(['application_id', 'item_key', 'created_at']).where('id', '=', p.uploadId)),
    release: e.prepare((p: { uploadId: string }) => db.deleteFrom('document_uploads').where('id', '=', p.uploadId)),
    releaseBefore: e.prepare((p: { cutoff: Date }) => db.deleteFrom('document_uploads').where('created_at', '<', p.cutoff)),
  }

  return {
    async list(applicationId) {
      if (!plausible(applicationId)) return []
      return (await e.all(q.list({ applicationId }))).map(toDocument)
    },
    async get(applicationId, documentId) {
      if (!plausible(applicationId, documentId)) return null
      return firstOrNull(e, q.get({ applicationId, documentId }), toDocument)
    },
    put(doc, { content, uploadId } = {}) {
      return e.transaction(function* (tx) {
        if (uploadId !== undefined && (yield* tx.run(q.takeUpload({ uploadId, applicationId: doc.applicationId }))) === 0) return null
        const previous = yield* tx.first(q.replace({ applicationId: doc.applicationId, itemKey: doc.itemKey }))
        yield* tx.run(q.insert(doc))
        if (content) yield* tx.run(q.insertBlob({ documentId: doc.id, content }))
        return { replacedId: previous?.id ?? null }
      })
    },
    async review(applicationId, documentId, review) {
      if (!plausible(applicationId, documentId)) return null
      const [row] = await e.runReturning(q.review({ applicationId, documentId, status: review.status, note: review.note, memberId: review.memberId, at: review.at }))
      return row ? toDocument(row) : null
    },
    async readBlob(documentId) {
      const row = await e.first(q.blob({ documentId }))
      // Both drivers hand a blob / bytea back as a Buffer.
      return row ? (row.content as Buffer) : null
    },
    reserveUpload(upload, caps, liveSince) {
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.lockApplication({ applicationId: upload.applicationId })))) return null
        const pending = (yield* tx.all(q.pending({ applicationId: upload.applicationId, liveSince }))).map((r) => ({
          id: r.id,
          itemKey: r.itemKey,
          sizeBytes: toNumber(r.size_bytes),
        }))
        const stored = (yield* tx.first(q.stored({ applicationId: upload.applicationId, itemKey: upload.itemKey })))!
        const admission = admit(caps, pending, toNumber(stored.bytes), upload.itemKey, upload.sizeBytes)
        if (!admission.ok) return admission
        if (admission.replaces.length > 0) yield* tx.run(q.releaseMany({ ids: admission.replaces }))
        yield* tx.run(q.reserve(upload))
        return admission
      })
    },
    async pendingUpload(uploadId) {
      const row = await e.first(q.upload({ uploadId }))
      return row ? fromRow('document_uploads', row) : null
    },
    async releaseUpload(uploadId) {
      await e.run(q.release({ uploadId }))
    },
    releaseUploadsCreatedBefore(cutoff) {
      return e.run(q.releaseBefore({ cutoff }))
    },
  }
}
