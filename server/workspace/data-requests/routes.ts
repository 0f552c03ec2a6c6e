/**
 * A founder's Ley 1581 request, answered by an admin from the workspace as
 * `npm run applications -- show | export | delete` does: see everything held,
 * export it, delete it. Addresses travel in POST bodies, never in URLs (which
 * end up in logs and browser history). Each answer is written to the audit
 * log with the applications' ids, never the address.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { NormalizedEmailSchema } from '../../../domain/email.ts'
import { founderRecords, toCsv } from '../../exports/applications.ts'
import { normalizeEmail, type ApplicationStore } from '../../storage/store.ts'
import type { WorkspaceEnv } from '../context.ts'
import { adminOnly, attachment, bogotaDate, invalid, jsonBody, parseWith } from '../review/http.ts'
import type { AuditAction, AuditDetail, ReviewStore } from '../storage/review-store.ts'

export interface DataRequestDeps {
  store: ApplicationStore
  reviews: ReviewStore
  now: () => Date
}

// The one e-mail rule (domain/email.ts): the form accepts o'brien@… and josé@…, so must this.
const email = NormalizedEmailSchema

const LookupSchema = v.strictObject({ email })
const ExportSchema = v.strictObject({ email, format: v.picklist(['json', 'csv']) })
const DeleteSchema = v.strictObject({ email, confirm: v.string() })

export function dataRequestRoutes(deps: DataRequestDeps): Hono<WorkspaceEnv> {
  const { store, reviews, now } = deps
  const app = new Hono<WorkspaceEnv>()
  app.use('/data-requests/*', adminOnly)

  /** One entry per application concerned, or one without an application when none was found. */
  async function audit(memberId: string, action: AuditAction, applicationIds: string[], detail: AuditDetail = {}) {
    const at = now()
    if (applicationIds.length === 0) {
      await reviews.appendAudit({ at, memberId, action, applicationId: null, detail: { ...detail, found: 0 } })
      return
    }
    for (const applicationId of applicationIds) {
      await reviews.appendAudit({ at, memberId, action, applicationId, detail: { ...detail, found: applicationIds.length } })
    }
  }

  app.post('/data-requests/lookup', async (c) => {
    const parsed = parseWith(LookupSchema, await jsonBody(c))
    if (!parsed.ok) return invalid(c, parsed.issues)
    const records = await founderRecords(store, parsed.value.email)
    await audit(c.get('member').id, 'data_request.looked_up', records.map((r) => r.id))
    return c.json(records)
  })

  app.post('/data-requests/export', async (c) => {
    const parsed = parseWith(ExportSchema, await jsonBody(c))
    if (!parsed.ok) return invalid(c, parsed.issues)
    const { format } = parsed.value
    const filename = `datos-titular-${bogotaDate(now())}.${format}`
    if (format === 'json') {
      const records = await founderRecords(store, parsed.value.email)
      await audit(c.get('member').id, 'data_request.exported', records.map((r) => r.id), { format })
      return attachment(JSON.stringify(records, null, 2) + '\n', 'application/json; charset=utf-8', filename)
    }
    const apps = await store.findByEmail(parsed.value.email)
    await audit(c.get('member').id, 'data_request.exported', apps.map((a) => a.id), { format })
    return attachment(toCsv(apps), 'text/csv; charset=utf-8', filename)
  })

  app.post('/data-requests/delete', async (c) => {
    const parsed = parseWith(DeleteSchema, await jsonBody(c))
    if (!parsed.ok) return invalid(c, parsed.issues)
    if (normalizeEmail(parsed.value.confirm) !== normalizeEmail(parsed.value.email)) {
      return invalid(c, [{ path: 'confirm', message: 'confirmation does not match' }], 'Escribe de nuevo el mismo correo para confirmar.')
    }
    const memberId = c.get('member').id
    // The deletion answers the titular's open requests (a deletion request from the status page): closed by this admin.
    const report = await store.deleteByEmail(parsed.value.email, { by: memberId, at: now() })
    const { pending, sent, failed } = report.messages
    await audit(
      memberId,
      'data_request.deleted',
      report.applications.map((a) => a.id),
      { emails: pending + sent + failed, idempotencyKeys: report.idempotencyKeys, dataRequestsClosed: report.dataRequestsClosed },
    )
    return c.json(report)
  })

  return app
}
