/**
 * What a document (server/features/documents) or a media plan's proof file
 * (server/features/media-plan) is, decided by its bytes (file-type's magic numbers), not
 * by its name: PDF, images, spreadsheets and office documents only (ADR 0096).
 * CSV and plain text have no signature, so they pass only as text (valid
 * UTF-8, no control bytes) named .csv or .txt; legacy Office files (.doc,
 * .xls, .ppt) share the OLE container with installers, so the container
 * passes only under those names.
 */
import { open } from 'node:fs/promises'
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'
import { extensionOf } from '../../domain/documents.ts'

const ALLOWED: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'imagen',
  'image/png': 'imagen',
  'image/webp': 'imagen',
  'image/heic': 'imagen',
  'image/heif': 'imagen',
  'image/tiff': 'imagen',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'documento',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'hoja de cálculo',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'presentación',
  'application/vnd.oasis.opendocument.text': 'documento',
  'application/vnd.oasis.opendocument.spreadsheet': 'hoja de cálculo',
  'application/vnd.oasis.opendocument.presentation': 'presentación',
  'application/rtf': 'documento',
}

const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
}

const TEXT: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' }
const TEXT_SNIFF_BYTES = 64 * 1024

/** Every media type a verdict may carry (each needs its extension in domain/documents.ts EXTENSIONS_OF_TYPE). */
export const ALLOWED_TYPES: readonly string[] = [...Object.keys(ALLOWED), ...Object.values(LEGACY_OFFICE), ...Object.values(TEXT)]

export type ContentVerdict = { ok: true; mediaType: string } | { ok: false; message: string }

export const REFUSED_TYPE_MESSAGE =
  'Este archivo no es un PDF, una imagen, una hoja de cálculo ni un documento. Sube uno de esos formatos.'

export async function checkContent(path: string, fileName: string): Promise<ContentVerdict> {
  const detected = await fileTypeFromFile(path)
  const ext = extensionOf(fileName)
  if (detected) {
    if (ALLOWED[detected.mime]) return { ok: true, mediaType: detected.mime }
    if (detected.mime === 'application/x-cfb' && LEGACY_OFFICE[ext]) return { ok: true, mediaType: LEGACY_OFFICE[ext] }
    return { ok: false, message: REFUSED_TYPE_MESSAGE }
  }
  if (TEXT[ext] && (await looksLikeText(path))) return { ok: true, mediaType: TEXT[ext] }
  return { ok: false, message: REFUSED_TYPE_MESSAGE }
}

async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(TEXT_SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SNIFF_BYTES, 0)
    const head = buffer.subarray(0, bytesRead)
    // Control bytes other than tab, LF, CR mean binary.
    if (head.some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f)) return false
    // A cut multi-byte character at the sniff's end is not an error: decode with stream semantics.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: bytesRead === TEXT_SNIFF_BYTES })
    return true
  } catch {
    return false
  } finally {
    await handle.close()
  }
}

/**
 * The same check on bytes held in memory, narrowed to `accepted` (the media plan's proof files, ADR 0163
 * addendum: PDF and the images a browser shows). No text, no office files: only what file-type recognizes
 * by its magic numbers and `accepted` lists.
 */
export async function checkBytes(bytes: Uint8Array, accepted: readonly string[]): Promise<{ ok: true; mediaType: string } | { ok: false }> {
  const detected = await fileTypeFromBuffer(bytes)
  if (detected && ALLOWED[detected.mime] && accepted.includes(detected.mime)) return { ok: true, mediaType: detected.mime }
  return { ok: false }
}
