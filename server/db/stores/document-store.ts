/**
 * The documents' rows (schema v8) on the ApplicationStore's database, and
 * their bytes in document_blobs when DOCUMENT_STORAGE=database. A new file
 * for an item replaces the previous row in the same transaction; with the
 * database storage its bytes commit in that transaction too.
 *
 * The uploads in progress (schema v15, document_uploads) are counted here
 * against the application's caps (ADR 0119): admitted under the
 * application's lock, and released in the transaction that takes the upload
 * in, so an upload is counted once, as in progress or as a document.
 */
import { servedFileName, type DocumentKey, type DocumentStatus } from '../../../domain/documents.ts'
import { admit, type Admission, type PendingUpload, type UploadCaps } from '../../../domain/document-limits.ts'
import type { PostgresStore } from '../postgres-store.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import type { ApplicationStore } from './application-store.ts'

export interface DocumentRecord {
  id: string
  applicationId: string
  itemKey: DocumentKey
  fileName: string
  mediaType: string
  sizeBytes: number
  sha256: string
  uploadedAt: Date
  status: DocumentStatus
  reviewNote: string | null
  reviewedBy: string | null
  reviewedAt: Date | null
}

export type NewDocument = Omit<DocumentRecord, 'status' | 'reviewNote' | 'reviewedBy' | 'reviewedAt'>

export interface DocumentReview {
  status: Exclude<DocumentStatus, 'received'>
  note: string | null
  memberId: string
  at: Date
}

export interface NewUpload {
  /** tus's id */
  id: string
  applicationId: string
  itemKey: DocumentKey
  /** What the client announced (Upload-Length); tus takes no byte beyond it. */
  sizeBytes: number
  createdAt: Date
}

export interface UploadRow {
  applicationId: string
  itemKey: string
  createdAt: Date
}

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

interface Row {
  id: string
  application_id: string
  item_key: string
  file_name: string
  media_type: string
  size_bytes: number | string | bigint
  sha256: string
  uploaded_at: string | Date
  status: string
  review_note: string | null
  reviewed_by: string | null
  reviewed_at: string | Date | null
}

const fromRow = (r: Row): DocumentRecord => ({
  id: r.id,
  applicationId: String(r.application_id),
  itemKey: r.item_key as DocumentKey,
  // Rows stored before names followed the checked type (ADR 0120) are mended as they are read.
  fileName: servedFileName(r.file_name, r.media_type),
  mediaType: r.media_type,
  sizeBytes: Number(r.size_bytes),
  sha256: r.sha256,
  uploadedAt: new Date(r.uploaded_at),
  status: r.status as DocumentStatus,
  reviewNote: r.review_note,
  reviewedBy: r.reviewed_by === null ? null : String(r.reviewed_by),
  reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at),
})

interface UploadCountRow {
  id: string
  item_key: string
  size_bytes: number | string | bigint
}

const pendingFromRow = (r: UploadCountRow): PendingUpload => ({ id: r.id, itemKey: r.item_key, sizeBytes: Number(r.size_bytes) })

interface UploadRowShape {
  application_id: string
  item_key: string
  created_at: string | Date
}

const uploadFromRow = (r: UploadRowShape): UploadRow => ({ applicationId: String(r.application_id), itemKey: r.item_key, createdAt: new Date(r.created_at) })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Ids come from URLs: only ours (UUIDs) can name a row. */
const plausible = (...ids: string[]) => ids.every((id) => UUID.test(id))

export function openDocumentStore(store: ApplicationStore): DocumentStore {
  if (store.kind === 'sqlite') return sqliteDocumentStore(store as SqliteStore)
  if (store.kind === 'postgres') return postgresDocumentStore(store as PostgresStore)
  throw new Error(`Documents need the SQLite or PostgreSQL store, not ${store.kind}`)
}

function sqliteDocumentStore(store: SqliteStore): DocumentStore {
  const { db } = store
  const iso = (d: Date) => d.toISOString()
  return {
    async list(applicationId) {
      if (!plausible(applicationId)) return []
      return (db.prepare('SELECT * FROM documents WHERE application_id = ? ORDER BY uploaded_at, id').all(applicationId) as Row[]).map(fromRow)
    },
    async get(applicationId, documentId) {
      if (!plausible(applicationId, documentId)) return null
      const row = db.prepare('SELECT * FROM documents WHERE id = ? AND application_id = ?').get(documentId, applicationId) as Row | undefined
      return row ? fromRow(row) : null
    },
    put(doc, { content, uploadId } = {}) {
      return store.write(() => {
        if (uploadId !== undefined && db.prepare('DELETE FROM document_uploads WHERE id = ? AND application_id = ?').run(uploadId, doc.applicationId).changes === 0) {
          return null
        }
        const previous = db
          .prepare('SELECT id FROM documents WHERE application_id = ? AND item_key = ?')
          .get(doc.applicationId, doc.itemKey) as { id: string } | undefined
        if (previous) db.prepare('DELETE FROM documents WHERE id = ?').run(previous.id)
        db.prepare(
          `INSERT INTO documents (id, application_id, item_key, file_name, media_type, size_bytes, sha256, uploaded_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(doc.id, doc.applicationId, doc.itemKey, doc.fileName, doc.mediaType, doc.sizeBytes, doc.sha256, iso(doc.uploadedAt))
        if (content) db.prepare('INSERT INTO document_blobs (document_id, content) VALUES (?, ?)').run(doc.id, content)
        return { replacedId: previous?.id ?? null }
      })
    },
    async review(applicationId, documentId, review) {
      if (!plausible(applicationId, documentId)) return null
      const changed = await store.write(
        () =>
          db
            .prepare(
              `UPDATE documents SET status = ?, review_note = ?, reviewed_by = ?, reviewed_at = ?
               WHERE id = ? AND application_id = ?`,
            )
            .run(review.status, review.note, review.memberId, iso(review.at), documentId, applicationId).changes,
      )
      return changed ? this.get(applicationId, documentId) : null
    },
    async readBlob(documentId) {
      const row = db.prepare('SELECT content FROM document_blobs WHERE document_id = ?').get(documentId) as { content: Buffer } | undefined
      return row?.content ?? null
    },
    reserveUpload(upload, caps, liveSince) {
      // One write at a time (the group commit's transaction, BEGIN IMMEDIATE across processes): the count and the insert cannot interleave.
      return store.write(() => {
        if (!db.prepare('SELECT 1 FROM applications WHERE id = ?').get(upload.applicationId)) return null
        const pending = (
          db
            .prepare('SELECT id, item_key, size_bytes FROM document_uploads WHERE application_id = ? AND created_at > ? ORDER BY created_at, id')
            .all(upload.applicationId, iso(liveSince)) as UploadCountRow[]
        ).map(pendingFromRow)
        const { stored } = db
          .prepare('SELECT COALESCE(SUM(size_bytes), 0) AS stored FROM documents WHERE application_id = ? AND item_key <> ?')
          .get(upload.applicationId, upload.itemKey) as { stored: number }
        const admission = admit(caps, pending, Number(stored), upload.itemKey, upload.sizeBytes)
        if (!admission.ok) return admission
        const release = db.prepare('DELETE FROM document_uploads WHERE id = ?')
        for (const id of admission.replaces) release.run(id)
        db.prepare('INSERT INTO document_uploads (id, application_id, item_key, size_bytes, created_at) VALUES (?, ?, ?, ?, ?)').run(
          upload.id,
          upload.applicationId,
          upload.itemKey,
          upload.sizeBytes,
          iso(upload.createdAt),
        )
        return admission
      })
    },
    async pendingUpload(uploadId) {
      const row = db.prepare('SELECT application_id, item_key, created_at FROM document_uploads WHERE id = ?').get(uploadId) as UploadRowShape | undefined
      return row ? uploadFromRow(row) : null
    },
    async releaseUpload(uploadId) {
      await store.write(() => db.prepare('DELETE FROM document_uploads WHERE id = ?').run(uploadId))
    },
    releaseUploadsCreatedBefore(cutoff) {
      return store.write(() => db.prepare('DELETE FROM document_uploads WHERE created_at < ?').run(iso(cutoff)).changes)
    },
  }
}

function postgresDocumentStore(store: PostgresStore): DocumentStore {
  const { sql } = store
  return {
    async list(applicationId) {
      if (!plausible(applicationId)) return []
      return (await sql<Row[]>`SELECT * FROM documents WHERE application_id = ${applicationId} ORDER BY uploaded_at, id`).map(fromRow)
    },
    async get(applicationId, documentId) {
      if (!plausible(applicationId, documentId)) return null
      const [row] = await sql<Row[]>`SELECT * FROM documents WHERE id = ${documentId} AND application_id = ${applicationId}`
      return row ? fromRow(row) : null
    },
    async put(doc, { content, uploadId } = {}) {
      return sql.begin(async (tx) => {
        if (uploadId !== undefined) {
          const [released] = await tx`DELETE FROM document_uploads WHERE id = ${uploadId} AND application_id = ${doc.applicationId} RETURNING id`
          if (!released) return null
        }
        const [previous] = await tx<{ id: string }[]>`
          DELETE FROM documents WHERE application_id = ${doc.applicationId} AND item_key = ${doc.itemKey} RETURNING id`
        await tx`INSERT INTO documents (id, application_id, item_key, file_name, media_type, size_bytes, sha256, uploaded_at)
          VALUES (${doc.id}, ${doc.applicationId}, ${doc.itemKey}, ${doc.fileName}, ${doc.mediaType}, ${doc.sizeBytes}, ${doc.sha256}, ${doc.uploadedAt})`
        if (content) await tx`INSERT INTO document_blobs (document_id, content) VALUES (${doc.id}, ${content})`
        return { replacedId: previous?.id ?? null }
      })
    },
    async review(applicationId, documentId, review) {
      if (!plausible(applicationId, documentId)) return null
      const [row] = await sql<Row[]>`
        UPDATE documents SET status = ${review.status}, review_note = ${review.note}, reviewed_by = ${review.memberId}, reviewed_at = ${review.at}
        WHERE id = ${documentId} AND application_id = ${applicationId} RETURNING *`
      return row ? fromRow(row) : null
    },
    async readBlob(documentId) {
      const [row] = await sql<{ content: Buffer }[]>`SELECT content FROM document_blobs WHERE document_id = ${documentId}`
      return row?.content ?? null
    },
    async reserveUpload(upload, caps, liveSince) {
      return sql.begin(async (tx) => {
        // The application's row lock serialises admissions across instances. NO KEY UPDATE: the
        // foreign-key checks of other writers (KEY SHARE) do not wait for it.
        const [application] = await tx`SELECT id FROM applications WHERE id = ${upload.applicationId} FOR NO KEY UPDATE`
        if (!application) return null
        // Read committed: these see every admission committed before the lock was granted.
        const pending = (
          await tx<UploadCountRow[]>`
            SELECT id, item_key, size_bytes FROM document_uploads
            WHERE application_id = ${upload.applicationId} AND created_at > ${liveSince} ORDER BY created_at, id`
        ).map(pendingFromRow)
        const [stored] = await tx<{ bytes: string }[]>`
          SELECT COALESCE(SUM(size_bytes), 0)::text AS bytes FROM documents
          WHERE application_id = ${upload.applicationId} AND item_key <> ${upload.itemKey}`
        const admission = admit(caps, pending, Number(stored?.bytes ?? 0), upload.itemKey, upload.sizeBytes)
        if (!admission.ok) return admission
        if (admission.replaces.length > 0) await tx`DELETE FROM document_uploads WHERE id = ANY(${tx.array(admission.replaces)})`
        await tx`INSERT INTO document_uploads (id, application_id, item_key, size_bytes, created_at)
          VALUES (${upload.id}, ${upload.applicationId}, ${upload.itemKey}, ${upload.sizeBytes}, ${upload.createdAt})`
        return admission
      })
    },
    async pendingUpload(uploadId) {
      const [row] = await sql<UploadRowShape[]>`SELECT application_id, item_key, created_at FROM document_uploads WHERE id = ${uploadId}`
      return row ? uploadFromRow(row) : null
    },
    async releaseUpload(uploadId) {
      await sql`DELETE FROM document_uploads WHERE id = ${uploadId}`
    },
    async releaseUploadsCreatedBefore(cutoff) {
      const released = await sql`DELETE FROM document_uploads WHERE created_at < ${cutoff}`
      return released.count
    },
  }
}
