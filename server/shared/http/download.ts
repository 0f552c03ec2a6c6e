/**
 * The headers of every file download: the documents (founder and team alike) and the media plan's
 * proof files (ADR 0163 addendum).
 */
import { extensionOf } from '../../../domain/documents.ts'

/** Kept by the site's security headers (server/shared/http/security-headers.ts): nothing loads, nothing runs. */
export const DOWNLOAD_CSP = "default-src 'none'; sandbox"

export function attachmentHeaders(doc: { mediaType: string; sizeBytes: number; fileName: string }): Record<string, string> {
  return {
    'Content-Type': doc.mediaType,
    'Content-Length': String(doc.sizeBytes),
    'Content-Disposition': contentDisposition(doc.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': DOWNLOAD_CSP,
  }
}

/**
 * RFC 6266: an ASCII fallback plus the UTF-8 name (RFC 8187), so accents
 * survive and quotes cannot break out. `fileName` is a served name
 * (domain/documents.ts servedFileName), whose extension the fallback keeps.
 */
export function contentDisposition(fileName: string): string {
  const ext = extensionOf(fileName)
  // No '%' in the fallback either: some browsers decode it.
  let ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_').trim()
  if (ascii.replace(/\.[^.]*$/, '').trim() === '') ascii = ext ? `documento.${ext}` : 'documento'
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 8187's attr-char has no ' ( ) *.
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`
}
