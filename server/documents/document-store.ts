/**
 * The documents' rows (schema v8) on the ApplicationStore's database, and
 * their bytes in document_blobs when DOCUMENT_STORAGE=database. A new file
 * for an item replaces the previous row in the same transaction; with the
 * database storage its bytes commit in that transaction too.
 */
import { servedFileName, type DocumentKey, type DocumentStatus } from '../../domain/documents.ts'
import type { PostgresStore } from '../storage/postgres-store.ts'
import type { SqliteStore } from '../storage/sqlite-store.ts'
import type { ApplicationStore } from '../storage/store.ts'

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

export interface DocumentStore {
  list(applicationId: string): Promise<DocumentRecord[]>
  /** Null unless the document exists AND belongs to the application. */
  get(applicationId: string, documentId: string): Promise<DocumentRecord | null>
  /** Insert `doc` in place of the item's previous row (if any); `content` goes to document_blobs. */
  put(doc: NewDocument, content?: Buffer): Promise<{ replacedId: string | null }>
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
  // Rows stored before names followed the checked type (ADR 0118) are mended as they are read.
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
    put(doc, content) {
      return store.write(() => {
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
    async put(doc, content) {
      return sql.begin(async (tx) => {
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
  }
}
