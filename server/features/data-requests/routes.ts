/**
 * A founder's Ley 1581 request, answered by an admin from the workspace as
 * `npm run applications -- show | export | delete` does: see everything held,
 * export it, delete it. Addresses travel in POST bodies, never in URLs (which
 * end up in logs and browser history). Each answer is written to the audit
 * log with the applications' ids, never the address.
 *
 * An admin with an active conflict of interest on any of the titular's
 * applications (ADR 0101) learns only that they exist, by reference, and that
 * another admin must answer: no contents, no export, no deletion
 * (docs/decisions/0123-data-requests-and-conflicts.md).
 */
import { route } from '../../shared/http/route.ts'
import {
  dataRequestEndpoints as E,
  type DataRequestLookup,
  type DataRequestRowLookup,
  type DeletionReport,
  type OpenDataRequests,
} from '../../../domain/workspace-api/data-requests.ts'
import { Hono } from 'hono'
import { wire } from '../../../domain/workspace-api/wire.ts'
import { DATA_REQUEST_KIND_LABELS } from '../../../domain/data-requests.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { dataDeletedMessage } from './data-deleted-mail.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import { attributionsOf, founderCsv, founderRecords } from '../review/export-content.ts'
import { normalizeEmail, type ApplicationStore } from '../../db/stores/application-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { adminOnly, attachment, bogotaDate, invalid } from '../../shared/http/json.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { AuditAction, AuditDetail, ReviewStore } from '../../db/stores/review-store.ts'
import { isUuid } from '../../db/time-ordered-id.ts'
import { GUARDED_SCOPES } from '../../../domain/workspace-api/endpoint.ts'

export interface DataRequestDeps {
  store: ApplicationStore
  reviews: ReviewStore
  conflicts: Pick<ConflictStore, 'conflictedApplications'>
  /** The record of requests (the open ones and their due dates) and the founder's e-mails' settings. */
  founders: { store: Pick<FounderStore, 'listOpenDataRequests'>; mail: FounderMailConfig }
  now: () => Date
  /** Called once an e-mail is in the outbox (the server wakes its worker). */
  onMailQueued?: () => void
}

/** The refusal of an export or a deletion, in the words of the conflict guard (conflicts/guard.ts). */
export const dataRequestConflictRefusal = {
  error: 'conflict_of_interest',
  message:
    'Tienes un conflicto de interés con una postulación de este titular: no puedes ver, exportar ni eliminar sus datos. Otra persona administradora sin conflicto debe atender esta solicitud.',
} as const

export function dataRequestRoutes(deps: DataRequestDeps): Hono<WorkspaceEnv> {
  const { store, reviews, conflicts, founders, now } = deps
  const app = new Hono<WorkspaceEnv>()
  app.use(GUARDED_SCOPES.dataRequests, adminOnly)

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

  /** The titular's applications the member has an active conflict with: empty when they may answer. */
  async function conflictedAmong(memberId: string, applicationIds: string[]): Promise<Set<string>> {
    if (applicationIds.length === 0) return new Set()
    const mine = await conflicts.conflictedApplications(memberId)
    return new Set(applicationIds.filter((id) => mine.has(id)))
  }

  /** The open requests with the date each must be answered by; references only (no personal data). */
  route(app, E.open, async (c) => {
    const at = now()
    const open = await founders.store.listOpenDataRequests()
    const mine = open.length > 0 ? await conflicts.conflictedApplications(c.get('member').id) : new Set<string>()
    return c.json(
      wire({
        checkedAt: at,
        items: open.map((r) => ({
          id: r.id,
          reference: r.reference,
          kind: r.kind,
          kindLabel: DATA_REQUEST_KIND_LABELS[r.kind],
          openedAt: r.openedAt,
          dueAt: r.dueAt,
          overdue: r.dueAt.getTime() < at.getTime(),
          conflicted: r.applicationId !== null && mine.has(r.applicationId),
        })),
      }) satisfies OpenDataRequests,
    )
  })

  /** What the titular's address finds (audited): everything held, or to a conflicted admin the references only. */
  async function lookUp(memberId: string, email: string): Promise<DataRequestLookup> {
    const records = await founderRecords(store, email)
    const ids = records.map((r) => r.id)
    const conflicted = await conflictedAmong(memberId, ids)
    if (conflicted.size > 0) {
      // That the titular has applications, by reference, and who must answer; nothing of their contents.
      await audit(memberId, 'data_request.looked_up', ids, { conflicted: conflicted.size })
      return {
        conflictOfInterest: true,
        message: dataRequestConflictRefusal.message,
        applications: records.map((r) => ({ id: r.id, reference: r.reference, conflicted: conflicted.has(r.id) })),
      }
    }
    await audit(memberId, 'data_request.looked_up', ids)
    return records
  }

  route(app, E.lookup, async (c, body) => {
    return c.json((await lookUp(c.get('member').id, body.email)) satisfies DataRequestLookup)
  })

  /**
   * An open request's row (the list above links to it): the titular's data found by the address of the
   * request's application, so the admin types nothing and the address never travels in a URL (the
   * request's id does). The address comes back to export and delete with; never to a conflicted admin.
   */
  route(app, E.lookupRequest, async (c) => {
    const id = c.req.param('id')
    const request = isUuid(id) ? (await founders.store.listOpenDataRequests()).find((r) => r.id === id) : undefined
    const held = request?.applicationId ? await reviews.getApplication(request.applicationId) : null
    if (!held) return c.json({ error: 'not_found', message: 'Esa solicitud ya no está abierta: alguien la atendió o la postulación ya no existe.' }, 404)
    const email = held.application.formData.email
    const lookup = await lookUp(c.get('member').id, email)
    return c.json({ email: Array.isArray(lookup) ? email : null, lookup } satisfies DataRequestRowLookup)
  })

  /** Refuse (403, audited) an export or a deletion when the member is conflicted on any of the titular's applications. */
  async function refusedForConflict(memberId: string, email: string, request: 'export' | 'delete'): Promise<boolean> {
    const ids = (await store.findByEmail(email)).map((a) => a.id)
    const conflicted = await conflictedAmong(memberId, ids)
    if (conflicted.size === 0) return false
    await audit(memberId, 'data_request.refused', ids, { request, reason: 'conflict_of_interest', conflicted: conflicted.size })
    return true
  }

  route(app, E.export, async (c, body) => {
    const { format } = body
    if (await refusedForConflict(c.get('member').id, body.email, 'export')) return c.json(dataRequestConflictRefusal, 403)
    const filename = `datos-titular-${bogotaDate(now())}.${format}`
    if (format === 'json') {
      const records = await founderRecords(store, body.email)
      await audit(c.get('member').id, 'data_request.exported', records.map((r) => r.id), { format })
      return attachment(JSON.stringify(records, null, 2) + '\n', 'application/json; charset=utf-8', filename)
    }
    const apps = await store.findByEmail(body.email)
    await audit(c.get('member').id, 'data_request.exported', apps.map((a) => a.id), { format })
    return attachment(founderCsv(apps, await attributionsOf(store, apps)), 'text/csv; charset=utf-8', filename)
  })

  route(app, E.delete, async (c, body) => {
    if (normalizeEmail(body.confirm) !== normalizeEmail(body.email)) {
      return invalid(c, [{ path: 'confirm', message: 'confirmation does not match' }], 'Escribe de nuevo el mismo correo para confirmar.')
    }
    const memberId = c.get('member').id
    if (await refusedForConflict(memberId, body.email, 'delete')) return c.json(dataRequestConflictRefusal, 403)
    // The titular is told it is done, at the address on file, in the deletion's own transaction (written
    // only when something is deleted); the e-mail names the references and holds no link.
    const confirmation = dataDeletedMessage(await store.findByEmail(body.email), founders.mail)
    // The deletion answers the titular's open requests (a deletion request from the status page): closed by this admin.
    const report = await store.deleteByEmail(body.email, { by: memberId, at: now(), ...(confirmation ? { confirmation } : {}) })
    if (confirmation && report.applications.length > 0) deps.onMailQueued?.()
    const { pending, sent, failed } = report.messages
    await audit(
      memberId,
      'data_request.deleted',
      report.applications.map((a) => a.id),
      { emails: pending + sent + failed, idempotencyKeys: report.idempotencyKeys, dataRequestsClosed: report.dataRequestsClosed },
    )
    return c.json(wire(report) satisfies DeletionReport)
  })

  return app
}
