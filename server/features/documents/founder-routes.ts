/**
 * The founder's side of the documents, under their personal link:
 *   GET  /postulacion/:token/documentos                 the page (server-rendered, works without JS for reading)
 *   GET  /postulacion/:token/api/documentos             the checklist with what is in, as JSON
 *   GET  /postulacion/:token/api/documentos/:id/archivo the founder's own file, as an attachment
 *   POST /postulacion/:token/api/subidas, HEAD|PATCH|DELETE …/subidas/:uploadId   tus
 * Its upload script is a static asset of the build (/assets/documentos-<hash>.js, ADR 0098).
 * A wrong, revoked or unknown token is one and the same 404; uploads are
 * refused outside due diligence.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { DOCUMENT_ITEMS } from '../../../domain/documents.ts'
import { resolveFounderToken } from '../../shared/auth/founder-link.ts'
import type { FounderStore, FounderView } from '../../db/stores/founder-store.ts'
import { allowedOrigin } from '../../shared/auth/origin.ts'
import type { DocumentRecord } from '../../db/stores/document-store.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import { documentsPage } from './page.ts'
import { documentFields, UPLOAD_ID, type Documents, type UploadContext } from './service.ts'

export const FOUNDER_PATH = '/postulacion'

export interface FounderDocumentRouteDeps {
  documents: Documents
  founders: Pick<FounderStore, 'resolveLink'>
  siteOrigin: string
  /** The built upload script's URL path (server/features/documents/upload-script.ts). */
  scriptPath: string
}

type FounderEnv = { Variables: { founder: FounderView } }

const NOT_FOUND = { error: 'not_found', message: 'Este enlace no es válido o ya no está activo. Pide uno nuevo desde la página de tu postulación.' }
const UPLOAD_NOT_FOUND = { error: 'not_found', message: 'No encontramos esta subida. Vuelve a elegir el archivo.' }
const WRONG_STAGE = {
  error: 'wrong_stage',
  message: 'Los documentos se suben en la etapa de due diligence. Te escribiremos cuando tu postulación llegue a ella.',
}

export function founderView(doc: DocumentRecord) {
  return { ...documentFields(doc), reviewNote: doc.status === 'new_version_requested' ? doc.reviewNote : null }
}

export function founderDocumentRoutes(deps: FounderDocumentRouteDeps): Hono<FounderEnv> {
  const { documents, founders, siteOrigin, scriptPath } = deps
  const app = new Hono<FounderEnv>()

  // Only the documents' own paths: the status pages beside them resolve their token themselves, and
  // the founder app that mounts both (server/features/founder-page/founder-app.ts) makes every answer private.
  const guard: MiddlewareHandler<FounderEnv> = async (c, next) => {
    const founder = await resolveFounderToken(founders, c.req.param('token') ?? '')
    if (!founder) {
      return c.req.path.includes('/api/') ? c.json(NOT_FOUND, 404) : c.html(notFoundPage(), 404)
    }
    // The token in the path is the credential, so no cookie can be forged
    // across sites; still, only our own pages may change anything.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && !allowedOrigin(c, siteOrigin)) {
      return c.json({ error: 'forbidden', message: 'Esta solicitud no viene de nuestra página.' }, 403)
    }
    c.set('founder', founder)
    await next()
  }
  app.use('/:token/documentos', guard)
  app.use('/:token/api/*', guard)

  const checklist = async (founder: FounderView) => {
    const docs = await documents.docs.list(founder.applicationId)
    return {
      reference: founder.reference,
      stage: founder.stage,
      canUpload: founder.stage === 'due_diligence',
      maxBytes: documents.maxBytes,
      items: DOCUMENT_ITEMS.map((item) => {
        const doc = docs.find((d) => d.itemKey === item.key)
        return { ...item, document: doc ? founderView(doc) : null }
      }),
    }
  }

  app.get('/:token/documentos', async (c) => {
    const token = c.req.param('token')
    return c.html(documentsPage({ base: `${FOUNDER_PATH}/${token}`, scriptPath, ...(await checklist(c.get('founder'))) }))
  })

  app.get('/:token/api/documentos', async (c) => c.json(await checklist(c.get('founder'))))

  app.get('/:token/api/documentos/:id/archivo', async (c) => {
    const doc = await documents.docs.get(c.get('founder').applicationId, c.req.param('id'))
    if (!doc) return c.json({ error: 'not_found', message: 'No encontramos este documento.' }, 404)
    return c.body(new Uint8Array(await documents.read(doc)), 200, attachmentHeaders(doc))
  })

  const tus = async (c: Context<FounderEnv>) => {
    const founder = c.get('founder')
    // Hono answers HEAD through the GET route; the raw request keeps the real method.
    const method = c.req.raw.method
    if (method === 'GET') return c.json({ error: 'method_not_allowed' }, 405)
    if (method !== 'OPTIONS' && founder.stage !== 'due_diligence') return c.json(WRONG_STAGE, 409)
    const uploadId = c.req.param('uploadId')
    if (uploadId !== undefined) {
      // Another founder's upload, or none: the same 404.
      const upload = UPLOAD_ID.test(uploadId) ? await documents.incoming(uploadId) : null
      if (!upload || upload.metadata?.applicationId !== founder.applicationId) {
        return c.json(UPLOAD_NOT_FOUND, 404)
      }
      // Its row gone: replaced by a newer upload of the item (perhaps through another instance), or
      // expired. It takes no more bytes; the client, told 404, starts over.
      if ((await documents.docs.pendingUpload(uploadId))?.applicationId !== founder.applicationId) {
        await documents.discard(uploadId)
        return c.json(UPLOAD_NOT_FOUND, 404)
      }
      // Complete but not taken in (the server stopped in between): take it in now,
      // since the client, seeing every byte there, will not send another PATCH.
      if (method === 'HEAD' && upload.size !== undefined && upload.offset === upload.size) {
        try {
          await documents.ingest(upload)
        } catch {
          return c.body(null, 404)
        }
        return c.body(null, 200, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(upload.size), 'Upload-Length': String(upload.size) })
      }
    }
    const context: UploadContext = { applicationId: founder.applicationId }
    documents.contexts.set(c.req.raw, context)
    const res = await documents.tus.handleWeb(c.req.raw)
    if (method === 'POST' && res.status >= 400 && context.admittedUploadId) {
      // Admitted, then not created (or refused at once): its place goes back.
      await documents.discard(context.admittedUploadId)
    }
    if (method === 'DELETE' && uploadId !== undefined && res.status === 204) await documents.discard(uploadId)
    if (res.status === 429 && context.retryAfterSeconds !== undefined) res.headers.set('Retry-After', String(context.retryAfterSeconds))
    return res
  }
  app.on(['POST', 'OPTIONS'], '/:token/api/subidas', tus)
  app.on(['GET', 'PATCH', 'DELETE', 'OPTIONS'], '/:token/api/subidas/:uploadId', tus)

  return app
}

function notFoundPage(): string {
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Enlace no válido · Catalítico</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>Este enlace no es válido o ya no está activo</h1><p>Pide un enlace nuevo desde la página de tu postulación.</p></body></html>`
}
