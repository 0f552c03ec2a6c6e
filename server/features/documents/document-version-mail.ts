/**
 * The founder's e-mail when the team asks for a new version of a
 * due-diligence document: a draft, or sent at once when its kind is set so.
 * Pure; the frame is server/shared/mail/founder-templates.ts.
 */
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { StoredApplication } from '../../db/stores/application-store.ts'
import type { FounderMailWrite } from '../../db/stores/founder-store.ts'
import { renderFounderMail, statusLink, type FounderMailContext } from '../../shared/mail/founder-templates.ts'
import { applicationMailContext, founderMailWrite, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { oneLine, type RenderedMail } from '../../shared/mail/templates.ts'

/**
 * The team asked for a new version of a due-diligence document: which one,
 * the team's note as the founder will read it, and the way to upload it
 * (the status page, through the personal link the worker adds as it leaves).
 */
export function renderDocumentVersionMail(ctx: FounderMailContext, request: { documentLabel: string; note: string | null }): RenderedMail {
  const note = request.note?.trim()
  return renderFounderMail(
    `Te pedimos una versión nueva de un documento (${ctx.reference})`,
    'Te pedimos una versión nueva de un documento',
    [
      { p: `Revisamos los documentos de due diligence de ${oneLine(ctx.tradeName)} (${ctx.reference}) y necesitamos una versión nueva de este: ${request.documentLabel}.` },
      ...(note ? [{ p: `Lo que nos falta: ${note}` }] : []),
      statusLink('Súbela desde la página de tu postulación, en «Documentos de due diligence»; reemplaza a la anterior:'),
      { p: `Si tienes dudas, responde a este correo. El equipo de ${PROGRAMME_NAME}` },
    ],
    ctx,
  )
}

/** The founder's e-mail when the team asks for a new version of a document: a draft, or sent at once when its kind is set so. */
export function documentVersionMailWrite(
  app: StoredApplication,
  config: FounderMailConfig,
  options: { documentLabel: string; note: string | null; sendNow: boolean },
): FounderMailWrite {
  return founderMailWrite('documento_nueva_version', app, renderDocumentVersionMail(applicationMailContext(app, config), options), config, options.sendNow)
}
