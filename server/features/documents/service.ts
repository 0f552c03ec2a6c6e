/**
 * The documents' life: a resumable upload (tus, @tus/server with its file
 * store under DATA_DIR/documents/incoming), admitted against the
 * application's caps and rate (ADR 0119), then, once the last byte is in,
 * the content check, the SHA-256, the durable copy (disk or database, ADR
 * 0095) and the row under a name with the checked type's extension (ADR
 * 0120), all before the server acknowledges the upload as complete. A
 * refused file is deleted on the spot.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'
import { cleanFileName, isDocumentKey, servedFileName, type DocumentKey } from '../../../domain/documents.ts'
import { fsyncPath, sha256OfFile } from '../../shared/files.ts'
import type { Log } from '../../shared/log.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { countHits } from '../../shared/auth/rate-limit.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'
import { checkContent } from '../../shared/content-check.ts'
import { type DocumentRecord, type DocumentStore } from '../../db/stores/document-store.ts'
import {
  applicationFullMessage,
  applicationMaxBytes,
  MAX_UNFINISHED_UPLOADS,
  TOO_MANY_UPLOADS_MESSAGE,
  UPLOAD_CREATIONS_PER_WINDOW,
  UPLOAD_RATE_MESSAGE,
  UPLOAD_RATE_WINDOW_MS,
} from '../../../domain/document-limits.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'

/** What the founder's page and the workspace both show of a stored document; each adds its own. */
export function documentFields(doc: DocumentRecord) {
  return {
    id: doc.id,
    fileName: doc.fileName,
    mediaType: doc.mediaType,
    sizeBytes: doc.sizeBytes,
    sha256: doc.sha256,
    uploadedAt: doc.uploadedAt.toISOString(),
    status: doc.status,
  }
}

export const DOCUMENT_STORAGES = ['disk', 'database'] as const
export type DocumentStorage = (typeof DOCUMENT_STORAGES)[number]

export interface DocumentsOptions {
  store: ApplicationStore
  /** DATA_DIR/documents */
  root: string
  maxBytes: number
  storage: DocumentStorage
  now: () => Date
  log: Log
  /** The database's rate-limit counters (ADR 0051), shared by every instance: new uploads per application. */
  rateLimits: Pick<TeamStore, 'hitRateLimits'>
  /** How long an unfinished upload may wait to be resumed before deleteExpiredUploads removes it (ADR 0097). */
  incompleteUploadTtlMs?: number
  /**
   * Called once a document is stored (the team is told, ADR 0142). Its failure is logged and never
   * fails the upload: the document is safely in.
   */
  onStored?: (doc: DocumentRecord) => Promise<void>
  /** The documents' rows, when the caller has the store open already (default: opened on `store`'s database). */
  docs?: DocumentStore
}

/** A day: a founder whose phone lost the connection comes back to it the same day or starts over. */
export const INCOMPLETE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000

/** What the founder's request carries into tus's hooks (set by the founder routes per request), and back. */
export interface UploadContext {
  applicationId: string
  /** Set once a creation holds its place (a row in document_uploads): the routes give it back if tus then fails. */
  admittedUploadId?: string
  /** Set when a creation was refused for the rate: the routes send it as Retry-After. */
  retryAfterSeconds?: number
}

export class RefusedUpload extends Error {
  constructor(
    readonly status_code: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
  get body(): string {
    return JSON.stringify({ error: this.code, message: this.message })
  }
}

export const UPLOAD_ID = /^[0-9a-f]{32}$/

export interface Documents {
  docs: DocumentStore
  tus: Server
  /** Set by the founder routes before handing a request to tus. */
  contexts: WeakMap<Request, UploadContext>
  maxBytes: number
  /** The metadata of an upload in progress (or complete and not yet taken in), or null. */
  incoming(uploadId: string): Promise<Upload | null>
  /** Take in a complete upload (idempotent: a second call finds nothing). */
  ingest(upload: Upload): Promise<DocumentRecord>
  /** An upload's bytes and tus's record leave this disk, and its row the database. */
  discard(uploadId: string): Promise<void>
  /** The document's bytes. */
  read(doc: DocumentRecord): Promise<Buffer>
  fileOf(doc: DocumentRecord): string
  /**
   * Delete stored files whose document row is gone (a founder's data deleted on
   * request or by retention, or a crash between the file's rename and its row's
   * commit). Files younger than `minAgeMs` are left alone: their row may be on
   * its way. Returns how many went.
   */
  sweepOrphanFiles(minAgeMs?: number): Promise<number>
  /**
   * Delete uploads in incoming/ created more than the TTL ago (their bytes and
   * tus's .json): unfinished ones, and complete ones a crash kept from being
   * taken in whose founder never came back; and those whose row is gone
   * (replaced by a newer upload of the item, possibly through another
   * instance). Their rows go too, wherever the bytes were. Returns how many
   * uploads of this disk went.
   */
  deleteExpiredUploads(): Promise<number>
}

/**
 * tus's file store with its directory made synchronously. @tus/file-store's constructor starts an fs.mkdir it
 * does not await and throws that call's error from inside its callback (an uncaught exception, later). Made
 * here at once, a directory that cannot be made stops the start with its reason, and no mkdir is left running
 * to make the directory again after DATA_DIR was removed (a test's teardown failed with ENOTEMPTY when it ran
 * late on a loaded machine). Its private `checkOrCreateDirectory` is replaced: incoming-uploads.test.ts fails
 * if a tus update stops calling it.
 */
export class IncomingUploads extends FileStore {}
Object.defineProperty(IncomingUploads.prototype, 'checkOrCreateDirectory', {
  value(this: FileStore) {
    mkdirSync(this.directory, { recursive: true })
  },
})

export function createDocuments(options: DocumentsOptions): Documents {
  const { store, root, maxBytes, storage, now, log, rateLimits } = options
  const incomingDir = join(root, 'incoming')
  const filesDir = join(root, 'files')
  const docs = options.docs ?? openWorkspaceStores(store).documents
  // With an expiry, tus also answers 410 to a PATCH on an upload past it, and tells clients Upload-Expires.
  const ttlMs = options.incompleteUploadTtlMs ?? INCOMPLETE_UPLOAD_TTL_MS
  const datastore = new IncomingUploads({ directory: incomingDir, expirationPeriodInMilliseconds: ttlMs })
  const contexts = new WeakMap<Request, UploadContext>()

  const fileOf = (doc: Pick<DocumentRecord, 'applicationId' | 'id'>) => join(filesDir, doc.applicationId, doc.id)

  async function incoming(uploadId: string): Promise<Upload | null> {
    if (!UPLOAD_ID.test(uploadId)) return null
    try {
      return await datastore.getUpload(uploadId)
    } catch {
      return null
    }
  }

  async function discardBytes(uploadId: string) {
    await rm(join(incomingDir, uploadId), { force: true })
    await rm(join(incomingDir, `${uploadId}.json`), { force: true })
  }

  async function discard(uploadId: string) {
    await discardBytes(uploadId)
    await docs.releaseUpload(uploadId)
  }

  const caps = { maxUnfinished: MAX_UNFINISHED_UPLOADS, maxBytes: applicationMaxBytes(maxBytes) }

  /** Count the creation in the application's rate, then hold its place under the caps; throws the refusal. */
  async function admitUpload(context: UploadContext, upload: { id: string; itemKey: DocumentKey; size: number }) {
    const at = now()
    const counted = await countHits(
      rateLimits,
      [{ purpose: 'document-upload:application', value: context.applicationId, max: UPLOAD_CREATIONS_PER_WINDOW }],
      at,
      UPLOAD_RATE_WINDOW_MS,
    )
    if (!counted.allowed) throw new RefusedUpload(429, 'rate_limited', UPLOAD_RATE_MESSAGE, counted.retryAfterSeconds)
    const admission = await docs.reserveUpload(
      { id: upload.id, applicationId: context.applicationId, itemKey: upload.itemKey, sizeBytes: upload.size, createdAt: at },
      caps,
      new Date(at.getTime() - ttlMs),
    )
    if (!admission) throw new RefusedUpload(404, 'not_found', 'Este enlace no es válido o ya no está activo. Pide uno nuevo desde la página de tu postulación.')
    if (!admission.ok) {
      log({ level: 'info', msg: 'upload refused over a cap', applicationId: context.applicationId, cap: admission.reason })
      throw admission.reason === 'count'
        ? new RefusedUpload(429, 'too_many_uploads', TOO_MANY_UPLOADS_MESSAGE)
        : new RefusedUpload(413, 'application_full', applicationFullMessage(maxBytes))
    }
    context.admittedUploadId = upload.id
    // The replaced uploads' bytes, when on this disk; on another instance's, its cleanup finds them without a row.
    for (const id of admission.replaces) await discardBytes(id)
  }

  async function ingest(upload: Upload): Promise<DocumentRecord> {
    const meta = upload.metadata ?? {}
    const applicationId = meta.applicationId ?? ''
    const itemKey = meta.itemKey ?? ''
    const fileName = meta.fileName ?? ''
    const path = join(incomingDir, upload.id)
    if (!isDocumentKey(itemKey) || !applicationId || !fileName) {
      await discard(upload.id)
      throw new RefusedUpload(400, 'invalid', 'La subida no es válida. Vuelve a intentarlo.')
    }
    // Replaced by a newer upload of the item, ended or expired while its last bytes came in.
    if ((await docs.pendingUpload(upload.id))?.applicationId !== applicationId) {
      await discardBytes(upload.id)
      throw new RefusedUpload(404, 'upload_gone', UPLOAD_GONE_MESSAGE)
    }
    const verdict = await checkContent(path, fileName)
    if (!verdict.ok) {
      await discard(upload.id)
      throw new RefusedUpload(415, 'unsupported_type', verdict.message)
    }
    const { size } = await stat(path)
    if (size > maxBytes || size === 0) {
      await discard(upload.id)
      throw new RefusedUpload(413, 'too_large', tooLargeMessage(maxBytes))
    }
    const sha256 = await sha256OfFile(path)
    const doc = {
      id: crypto.randomUUID(),
      applicationId,
      itemKey: itemKey as DocumentKey,
      fileName: servedFileName(fileName, verdict.mediaType),
      mediaType: verdict.mediaType,
      sizeBytes: size,
      sha256,
      uploadedAt: now(),
    }
    let stored: { replacedId: string | null } | null
    if (storage === 'database') {
      stored = await docs.put(doc, { content: await readFile(path), uploadId: upload.id })
    } else {
      const target = fileOf(doc)
      await mkdir(dirname(target), { recursive: true })
      await fsyncPath(path)
      await rename(path, target)
      await fsyncPath(dirname(target))
      await fsyncPath(incomingDir)
      // The row commits (durably) only once the bytes are on disk: a crash in
      // between leaves an orphan file, never a row without its file.
      stored = await docs.put(doc, { uploadId: upload.id })
      if (!stored) await rm(target, { force: true })
    }
    await discardBytes(upload.id)
    if (!stored) throw new RefusedUpload(404, 'upload_gone', UPLOAD_GONE_MESSAGE)
    const { replacedId } = stored
    if (replacedId && storage === 'disk') await rm(fileOf({ applicationId, id: replacedId }), { force: true })
    log({ level: 'info', msg: 'document stored', applicationId, documentId: doc.id, itemKey, sizeBytes: size })
    const record = (await docs.get(applicationId, doc.id))!
    if (options.onStored) {
      try {
        await options.onStored(record)
      } catch (err) {
        log({ level: 'error', msg: 'telling the team of a stored document failed', applicationId, documentId: doc.id, error: (err as Error).message })
      }
    }
    return record
  }

  const tus = new Server({
    path: '/postulacion/api/subidas',
    datastore,
    maxSize: maxBytes,
    // The upload URL carries the founder's token, like every founder path.
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/subidas(\/.*)?$/, '/subidas')}/${id}`,
    getFileIdFromRequest: (req) => {
      const match = /\/subidas\/([0-9a-f]{32})$/.exec(new URL(req.url).pathname)
      return match?.[1]
    },
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, upload) => {
      const context = contexts.get(req as unknown as Request)
      if (!context) throw new RefusedUpload(403, 'forbidden', 'No tienes acceso a esta postulación.')
      const itemKey = upload.metadata?.itemKey
      if (!isDocumentKey(itemKey)) throw new RefusedUpload(422, 'invalid', 'Elige un documento de la lista.')
      const rawName = upload.metadata?.filename ?? ''
      // Browsers send a bare name; a folder or a control character means a crafted request.
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      if (/[/\\\u0000-\u001f\u007f]/.test(rawName)) {
        throw new RefusedUpload(422, 'invalid_name', 'El nombre del archivo no puede incluir carpetas ni caracteres de control.')
      }
      const fileName = cleanFileName(rawName)
      if (!fileName) throw new RefusedUpload(422, 'invalid', 'El archivo necesita un nombre.')
      if (upload.size === undefined) throw new RefusedUpload(422, 'invalid', 'No pudimos saber el tamaño del archivo.')
      await admitUpload(context, { id: upload.id, itemKey, size: upload.size })
      return { metadata: { itemKey, fileName, applicationId: context.applicationId } }
    },
    onUploadFinish: async (_req, upload) => {
      const doc = await ingest(upload)
      return { status_code: 204, headers: { 'X-Document-Id': doc.id } }
    },
    onResponseError: (req, err) => {
      if (err instanceof RefusedUpload) {
        const context = contexts.get(req as unknown as Request)
        if (context && err.retryAfterSeconds !== undefined) context.retryAfterSeconds = err.retryAfterSeconds
        return { status_code: err.status_code, body: err.body }
      }
      if ('status_code' in err && err.status_code === 413) {
        return { status_code: 413, body: JSON.stringify({ error: 'too_large', message: tooLargeMessage(maxBytes) }) }
      }
      return undefined
    },
  })

  async function sweepOrphanFiles(minAgeMs = 10 * 60_000): Promise<number> {
    let removed = 0
    const applications = await readdir(filesDir).catch(() => [] as string[])
    for (const applicationId of applications) {
      const dir = join(filesDir, applicationId)
      const files = await readdir(dir).catch(() => [] as string[])
      for (const id of files) {
        const path = join(dir, id)
        const info = await stat(path).catch(() => null)
        if (!info || now().getTime() - info.mtime.getTime() < minAgeMs) continue
        if (await docs.get(applicationId, id)) continue
        await rm(path, { force: true })
        removed++
      }
      if ((await readdir(dir).catch(() => ['?'])).length === 0) await rm(dir, { recursive: true, force: true })
    }
    if (removed > 0) log({ level: 'info', msg: 'orphan document files removed', count: removed })
    return removed
  }

  // Not FileStore.deleteExpired: it stops at the first upload whose bytes are
  // already gone (a crash between discard's two rm) and reads the real clock.
  async function deleteExpiredUploads(): Promise<number> {
    const cutoff = now().getTime() - ttlMs
    const ids = new Set((await readdir(incomingDir).catch(() => [] as string[])).map((name) => name.replace(/\.json$/, '')))
    let removed = 0
    for (const id of ids) {
      if (!UPLOAD_ID.test(id)) continue
      const created = await createdAt(id)
      // A young upload without its row may be between the row's release and its bytes' removal.
      const replaced = created < now().getTime() - UNROWED_UPLOAD_GRACE_MS && !(await docs.pendingUpload(id))
      if (created >= cutoff && !replaced) continue
      await discard(id)
      removed++
    }
    // The rows of expired uploads whose bytes were on another disk, or never reached one.
    await docs.releaseUploadsCreatedBefore(new Date(cutoff))
    if (removed > 0) log({ level: 'info', msg: 'expired uploads removed', count: removed })
    return removed
  }

  /** When tus created the upload; for bytes without their .json, when they were last written. */
  async function createdAt(id: string): Promise<number> {
    try {
      const info = JSON.parse(await readFile(join(incomingDir, `${id}.json`), 'utf8')) as { creation_date?: unknown }
      const created = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : NaN
      if (!Number.isNaN(created)) return created
    } catch {
      // no readable .json: fall back on the bytes' age
    }
    const info = await stat(join(incomingDir, id)).catch(() => null)
    return info ? info.mtime.getTime() : 0
  }

  return {
    sweepOrphanFiles,
    deleteExpiredUploads,
    docs,
    tus,
    contexts,
    maxBytes,
    incoming,
    ingest,
    discard,
    fileOf,
    async read(doc) {
      if (storage === 'database') {
        const blob = await docs.readBlob(doc.id)
        if (blob) return blob
      }
      return readFile(fileOf(doc))
    },
  }
}

const UPLOAD_GONE_MESSAGE = 'Esta subida ya no está activa: elegiste otro archivo para este documento o pasó más de un día. Vuelve a elegir el archivo.'

/** How old an upload on this disk without its row must be before the cleanup takes it for replaced (ADR 0119). */
const UNROWED_UPLOAD_GRACE_MS = 10 * 60_000

export function tooLargeMessage(maxBytes: number): string {
  return `El archivo pesa más de ${Math.floor(maxBytes / 1_048_576)} MB, el máximo. Comprímelo o divídelo e inténtalo de nuevo.`
}

