/**
 * Test data for the backup tests and the benchmark: applications through the
 * real store and documents as the server keeps them (a row in documents and
 * the file under DATA_DIR/documents/files/<application>/<document>).
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOCUMENT_KEYS, type DocumentKey } from '../../../../domain/documents.ts'
import { engineOf } from '../../../db/engine-of.ts'
import { openDocumentStore } from '../../../db/stores/document-store.ts'
import type { ApplicationStore } from '../../../db/stores/application-store.ts'
import { newSubmission } from '../../../testing/fixtures.ts'

export async function addApplication(store: ApplicationStore, createdAt = new Date()): Promise<string> {
  const sub = newSubmission({ createdAt })
  const outcome = await store.saveSubmission(sub)
  if (outcome.status !== 'created') throw new Error(`not stored: ${outcome.status}`)
  return sub.application.id
}

/** A document of `bytes` random bytes for the application, file first, then its row (as the server does). */
export async function addDocument(store: ApplicationStore, dataDir: string, applicationId: string, bytes: number, itemKey: DocumentKey = DOCUMENT_KEYS[0]): Promise<{ id: string; sha256: string }> {
  const content = randomBytes(bytes)
  const id = crypto.randomUUID()
  const sha256 = createHash('sha256').update(content).digest('hex')
  const dir = join(dataDir, 'documents', 'files', applicationId)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, id), content)
  await openDocumentStore(engineOf(store)).put({
    id,
    applicationId,
    itemKey,
    fileName: 'documento.pdf',
    mediaType: 'application/pdf',
    sizeBytes: bytes,
    sha256,
    uploadedAt: new Date(),
  })
  return { id, sha256 }
}
