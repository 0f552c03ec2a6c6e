/**
 * The answer to "perdí mi enlace" (the status page's form): a new personal
 * link, sent only to the address on file, created by the outbox worker as the
 * e-mail leaves (ADR 0117). Pure; the frame is server/shared/mail/founder-templates.ts.
 */
import type { NewOutboxMessage, StoredApplication } from '../../db/stores/application-store.ts'
import { renderFounderMail, signature, statusLink, type FounderMailContext } from '../../shared/mail/founder-templates.ts'
import { applicationMailContext, outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { oneLine, type RenderedMail } from '../../shared/mail/templates.ts'

/** The answer to "perdí mi enlace": sent only to the address on file. */
export function renderNewLinkMail(ctx: FounderMailContext): RenderedMail {
  return renderFounderMail(
    `Tu enlace para ver el estado de tu postulación (${ctx.reference})`,
    'Tu nuevo enlace',
    [
      { p: `Pediste un enlace nuevo para seguir la postulación de ${oneLine(ctx.tradeName)} (${ctx.reference}).` },
      statusLink('Este es tu enlace personal; no lo compartas, pues abre tu postulación sin contraseña:'),
      { p: 'Si no lo pediste tú, puedes ignorar este correo: nadie más lo recibió.' },
      signature,
    ],
    ctx,
  )
}

/** The e-mail answering "perdí mi enlace"; its link is created as it leaves. */
export function newLinkMessage(app: StoredApplication, config: FounderMailConfig): NewOutboxMessage {
  return outboxMessage('founder_link', app.formData.email.trim(), renderNewLinkMail(applicationMailContext(app, config)), config)
}
