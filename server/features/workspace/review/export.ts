/**
 * Every export of applications an admin takes away (the whole list in
 * routes.ts, the filtered one in bulk-routes.ts): audited, then sent as a
 * CSV (Excel-ready) or JSON download named after Bogotá's date.
 */
import { toCsv, toJson, type Attributions } from '../../../shared/exports.ts'
import { attachment, bogotaDate } from '../../../shared/http/json.ts'
import type { StoredApplication } from '../../../db/stores/application-store.ts'
import type { ReviewStore } from '../../../db/stores/review-store.ts'

export async function auditedExport(
  reviews: Pick<ReviewStore, 'appendAudit'>,
  request: { memberId: string; format: 'csv' | 'json'; at: Date; filtered: boolean },
  apps: StoredApplication[],
  attributions: Attributions,
): Promise<Response> {
  const { memberId, format, at, filtered } = request
  await reviews.appendAudit({
    at,
    memberId,
    action: 'applications.exported',
    applicationId: null,
    detail: filtered ? { format, count: apps.length, filtered: true } : { format, count: apps.length },
  })
  const filename = `postulaciones${filtered ? '-filtradas' : ''}-${bogotaDate(at)}.${format}`
  return format === 'csv'
    ? attachment(toCsv(apps, attributions), 'text/csv; charset=utf-8', filename)
    : attachment(toJson(apps, attributions), 'application/json; charset=utf-8', filename)
}
