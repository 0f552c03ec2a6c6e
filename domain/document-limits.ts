/**
 * What one application may hold and start (ADR 0119): its founder's link is
 * a key anyone holding it can turn, so the disk it opens has limits.
 * Unfinished uploads are counted in document_uploads, on the database every
 * instance shares, and a new one is admitted under the application's lock
 * (SQLite's single writer, PostgreSQL's row lock), so parallel creations,
 * on one instance or several, cannot go over.
 */
import { DOCUMENT_KEYS } from './documents.ts'

/** Unfinished uploads at once: the whole checklist in flight, and three more for a retry from another device or a file chosen again. */
export const MAX_UNFINISHED_UPLOADS = 10

/**
 * Stored documents and unfinished uploads together, in units of the largest
 * document (DOCUMENT_MAX_MB): the whole checklist at the largest size, and all
 * of it again in flight (every item being replaced at once). 350 MB with the
 * default 25 MB; no real founder comes near it.
 */
export const APPLICATION_BYTES_IN_DOCUMENTS = 2 * DOCUMENT_KEYS.length

export const applicationMaxBytes = (documentMaxBytes: number) => APPLICATION_BYTES_IN_DOCUMENTS * documentMaxBytes

/**
 * New uploads per application and window (rate_limit_counters, ADR 0051): the
 * checklist twice over with room for retries. The window must stay within
 * the sign-in housekeeping's reach (it deletes windows older than two of its
 * own 15 minutes), or a window would be forgotten while it runs.
 */
export const UPLOAD_CREATIONS_PER_WINDOW = 20
export const UPLOAD_RATE_WINDOW_MS = 15 * 60_000

export const TOO_MANY_UPLOADS_MESSAGE = `Tienes ${MAX_UNFINISHED_UPLOADS} subidas sin terminar, el máximo a la vez. Para continuar una, vuelve a elegir el mismo archivo en ese documento; las que no termines se borran a las 24 horas.`

export const UPLOAD_RATE_MESSAGE = 'Empezaste demasiadas subidas en poco tiempo. Espera unos minutos y vuelve a intentarlo.'

export function applicationFullMessage(documentMaxBytes: number): string {
  const mb = Math.floor(applicationMaxBytes(documentMaxBytes) / 1_048_576)
  return `Este archivo no cabe: tus documentos y las subidas sin terminar ya suman casi ${mb} MB, el máximo por postulación. Termina las subidas pendientes o sube un archivo más liviano.`
}

export interface UploadCaps {
  maxUnfinished: number
  maxBytes: number
}

export interface PendingUpload {
  id: string
  itemKey: string
  sizeBytes: number
}

export type Admission = { ok: true; replaces: string[] } | { ok: false; reason: 'count' | 'bytes' }

/**
 * Whether a new upload of `sizeBytes` for `itemKey` fits beside the
 * application's live unfinished uploads (`pending`) and the bytes of its
 * stored documents other than this item's (`storedBytesOfOtherItems`: the
 * item's own document goes when the new one is taken in, so a new version
 * fits whenever the old one did).
 *
 * Over a cap, the item's own unfinished uploads give way to it: a founder who
 * chooses another file for an item means that file, as a finished one would
 * replace the item's document. Only if it still does not fit is it refused.
 */
export function admit(caps: UploadCaps, pending: readonly PendingUpload[], storedBytesOfOtherItems: number, itemKey: string, sizeBytes: number): Admission {
  const fits = (uploads: readonly PendingUpload[]) =>
    uploads.length < caps.maxUnfinished && storedBytesOfOtherItems + uploads.reduce((sum, u) => sum + u.sizeBytes, 0) + sizeBytes <= caps.maxBytes
  if (fits(pending)) return { ok: true, replaces: [] }
  const others = pending.filter((u) => u.itemKey !== itemKey)
  if (fits(others)) return { ok: true, replaces: pending.filter((u) => u.itemKey === itemKey).map((u) => u.id) }
  return { ok: false, reason: others.length >= caps.maxUnfinished ? 'count' : 'bytes' }
}
