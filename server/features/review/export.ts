/**
 * The export of the list an admin takes away (routes.ts): audited (format, count, whether
 * filtered; never the data), then sent as an .xlsx, a CSV (the Colombian Excel's) or JSON download
 * named after Bogotá's date, streamed as it is read and written (server/features/review/export-content.ts).
 */
import { exportApplications, type ExportFormat, type ExportedRow } from './export-content.ts'
import { bogotaDate } from '../../shared/http/json.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'

export async function auditedExport(
  deps: { reviews: Pick<ReviewStore, 'appendAudit'>; store: ApplicationStore },
  request: { memberId: string; isAdmin: boolean; format: ExportFormat; at: Date; filtered: boolean },
  rows: readonly ExportedRow[],
): Promise<Response> {
  const { memberId, format, at, filtered } = request
  await deps.reviews.appendAudit({
    at,
    memberId,
    action: 'applications.exported',
    applicationId: null,
    detail: filtered ? { format, count: rows.length, filtered: true } : { format, count: rows.length },
  })
  const filename = `postulaciones${filtered ? '-filtradas' : ''}-${bogotaDate(at)}.${format}`
  const { contentType, body } = exportApplications(deps.store, rows, { isAdmin: request.isAdmin }, format)
  return new Response(byteStream(body), {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** The parts as bytes, pulled one at a time: the next batch is read only when the client has taken the last. */
function byteStream(parts: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = parts[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : new Uint8Array(next.value))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}
