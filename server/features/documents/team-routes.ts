/**
 * The team's side of the documents (docs/workspace.md "Documents"), behind
 * the session and CSRF middleware:
 *   GET  /applications/:id/documents                    the checklist with size, time and SHA-256
 *   GET  /applications/:id/documents/:documentId/file   the file, as an attachment (audited)
 *   POST /applications/:id/documents/:documentId/review { status: accepted | new_version_requested, note } (audited)
 */
import { route } from '../../shared/http/route.ts'
import { documentEndpoints as E, type DocumentChecklist, type TeamDocument } from '../../../domain/workspace-api/documents.ts'
import { Hono } from 'hono'
import { DOCUMENT_ITEMS } from '../../../domain/documents.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { notFound } from '../../shared/http/json.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { DocumentRecord } from '../../db/stores/document-store.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { documentVersionMailWrite } from './document-version-mail.ts'
import { documentFields, type Documents } from './service.ts'

export interface TeamDocumentRouteDeps {
  documents: Documents
  reviews: ReviewStore
  /** The founder's e-mail when a new version is asked for (ADR 0142); without it none is written. */
  founders?: { store: Pick<FounderStore, 'sendImmediately' | 'writeFounderMail'>; mail: FounderMailConfig }
  now: () => Date
  onMailQueued?: () => void
}

const documentNotFound = { error: 'not_found', message: 'No encontramos este documento.' }

export function teamView(doc: DocumentRecord): TeamDocument {
  return {
    ...documentFields(doc),
    reviewNote: doc.reviewNote,
    reviewedBy: doc.reviewedBy,
    reviewedAt: doc.reviewedAt?.toISOString() ?? null,
  }
}

export function teamDocumentRoutes(deps: TeamDocumentRouteDeps): Hono<WorkspaceEnv> {
  const { documents, reviews, founders, now } = deps
  const app = new Hono<WorkspaceEnv>()

  route(app, E.checklist, async (c) => {
    const application = await reviews.getApplication(c.req.param('id'))
    if (!application) return notFound(c)
    const docs = await documents.docs.list(application.application.id)
    return c.json({
      items: DOCUMENT_ITEMS.map((item) => {
        const doc = docs.find((d) => d.itemKey === item.key)
        return { ...item, document: doc ? teamView(doc) : null }
      }),
    } satisfies DocumentChecklist)
  })

  route(app, E.file, async (c) => {
    const doc = await documents.docs.get(c.req.param('id'), c.req.param('documentId'))
    if (!doc) return c.json(documentNotFound, 404)
    const bytes = await documents.read(doc)
    await reviews.appendAudit({
      at: now(),
      memberId: c.get('member').id,
      action: 'document.downloaded',
      applicationId: doc.applicationId,
      detail: { documentId: doc.id, itemKey: doc.itemKey, sha256: doc.sha256 },
    })
    return c.body(new Uint8Array(bytes), 200, attachmentHeaders(doc))
  })

  route(app, E.review, async (c, body) => {
    const at = now()
    const memberId = c.get('member').id
    const { status, note } = body
    const doc = await documents.docs.review(c.req.param('id'), c.req.param('documentId'), {
      status,
      note: status === 'new_version_requested' ? (note ?? null) : null,
      memberId,
      at,
    })
    if (!doc) return c.json(documentNotFound, 404)
    await reviews.appendAudit({
      at,
      memberId,
      action: 'document.reviewed',
      applicationId: doc.applicationId,
      detail: { documentId: doc.id, itemKey: doc.itemKey, status },
    })
    const application = founders && status === 'new_version_requested' ? (await reviews.getApplication(doc.applicationId))?.application : undefined
    if (founders && application) {
      // "Correos por enviar" like a stage change's e-mail, or at once when an admin set the kind so.
      const sendNow = (await founders.store.sendImmediately()).documento_nueva_version
      const label = DOCUMENT_ITEMS.find((i) => i.key === doc.itemKey)?.label ?? doc.itemKey
      await founders.store.writeFounderMail(doc.applicationId, documentVersionMailWrite(application, founders.mail, { documentLabel: label, note: doc.reviewNote, sendNow }), at)
      if (sendNow) deps.onMailQueued?.()
    }
    return c.json(teamView(doc) satisfies TeamDocument)
  })

  return app
}
