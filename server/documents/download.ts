/** The headers of every document download, for the founder and for the team alike. */
import type { DocumentRecord } from './document-store.ts'

export function attachmentHeaders(doc: DocumentRecord): Record<string, string> {
  // ASCII fallback plus the UTF-8 name (RFC 6266): accents survive, quotes cannot break out.
  const ascii = doc.fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'documento'
  return {
    'Content-Type': doc.mediaType,
    'Content-Length': String(doc.sizeBytes),
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
}
