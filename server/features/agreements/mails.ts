/**
 * The agreement's e-mails: to the founder (the document ready to sign, a new version after a change,
 * the one-time code, declined or expired) and to the team (the founder signed; the programme's code;
 * sealed; declined or expired). The founder's carry their personal link's placeholder, which the outbox
 * worker fills as they leave (ADR 0117); a code's e-mail carries no link, and its body is blanked once
 * sent. Pure: built before the step's transaction and written in it.
 */
import { formatDateTime } from '../../../domain/format.ts'
import type { AgreementRecord } from '../../../domain/agreements-records.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { StoredApplication } from '../../db/stores/application-store.ts'
import type { AgreementMail } from '../../db/stores/agreement-store.ts'
import { contactAndSignature, renderFounderMail, type MailBlock } from '../../shared/mail/founder-templates.ts'
import { applicationMailContext, founderMailContext, outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { escapeHtml, htmlDocument, oneLine, type RenderedMail } from '../../shared/mail/templates.ts'

/** Where the agreement lives under the founder's personal link. */
export const AGREEMENT_PATH = 'acuerdo'

const bogota = (d: Date) => `${formatDateTime(d)} (hora de Bogotá)`

/** The agreement is ready to sign (version n; `voided`: it replaces version n-1, whose numbers changed). */
export function agreementSentMail(app: StoredApplication, agreement: Pick<AgreementRecord, 'version' | 'code' | 'expiresAt'>, voided: boolean, config: FounderMailConfig): AgreementMail {
  const ctx = founderMailContext({ reference: app.reference, founderName: app.formData.founderName, tradeName: app.formData.tradeName }, config, `/${AGREEMENT_PATH}`)
  const trade = oneLine(ctx.tradeName)
  const said: MailBlock[] = [
    ...(voided
      ? [{ p: `Cambiaron los números del acuerdo de ${trade}: anulamos la versión que te enviamos antes, que ya no se puede firmar, y te enviamos la versión ${agreement.version}.` }]
      : [{ p: `El acuerdo de ${trade} con ${PROGRAMME_NAME} está listo para que lo leas y lo firmes.` }]),
    { p: 'Léelo completo en tu página: allí aceptas firmar electrónicamente, te enviamos un código de un solo uso a este correo y firmas. Después firma el programa y te avisamos.' },
    { p: `Código del documento: ${agreement.code}. Puedes firmarlo hasta el ${bogota(agreement.expiresAt)}.` },
    { link: { intro: 'Ábrelo con tu enlace personal, sin contraseña; funciona en el celular:', label: 'Leer y firmar el acuerdo' } },
    ...contactAndSignature(ctx),
  ]
  const subject = voided ? `Versión nueva de tu acuerdo para firmar (${ctx.reference})` : `Tu acuerdo está listo para firmar (${ctx.reference})`
  return { message: outboxMessage('founder_agreement', app.formData.email.trim(), renderFounderMail(subject, voided ? 'Te enviamos una versión nueva del acuerdo' : 'Tu acuerdo está listo para firmar', said, ctx), config) }
}

/** The one-time code: no link, blanked once it has left. */
export function codeMail(to: { name: string; email: string }, code: string, agreement: Pick<AgreementRecord, 'code'>, expiresAt: Date, config: FounderMailConfig, memberId: string | null): AgreementMail {
  const subject = `Tu código para firmar el acuerdo: ${code}`
  const lines = [
    `Hola, ${oneLine(to.name)}:`,
    `Tu código para firmar el acuerdo ${agreement.code} es ${code}.`,
    `Vence el ${bogota(expiresAt)}. Solo sirve una vez.`,
    'Si no pediste este código, no lo compartas con nadie y responde a este correo.',
    `El equipo de ${PROGRAMME_NAME}`,
  ]
  const html = htmlDocument(
    subject,
    `<p>${escapeHtml(lines[0]!)}</p><p>Tu código para firmar el acuerdo ${escapeHtml(agreement.code)} es:</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>${lines
      .slice(2)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}`,
  )
  return { message: outboxMessage('agreement_code', to.email, { subject, text: lines.join('\n\n'), html }, config), memberId, secret: true }
}

/** The founder's agreement closed without the programme's signature: declined by either side, or expired. */
export function founderClosedMail(app: StoredApplication, how: 'declined_by_founder' | 'declined_by_programme' | 'expired', agreement: Pick<AgreementRecord, 'version' | 'code'>, config: FounderMailConfig): AgreementMail {
  const ctx = applicationMailContext(app, config)
  const what =
    how === 'declined_by_founder'
      ? `Registramos que rechazaste la versión ${agreement.version} del acuerdo (${agreement.code}). El equipo del programa ya lo sabe y te escribirá.`
      : how === 'declined_by_programme'
        ? `El programa retiró la versión ${agreement.version} del acuerdo (${agreement.code}): ya no se puede firmar. El equipo te escribirá para contarte por qué y qué sigue.`
        : `Venció el plazo para firmar la versión ${agreement.version} del acuerdo (${agreement.code}) sin que la firmaran ambas partes: ya no se puede firmar. El equipo te escribirá para enviarte una versión nueva si sigue en pie.`
  const subject = how === 'expired' ? `Venció el plazo para firmar tu acuerdo (${ctx.reference})` : `Tu acuerdo no se firmará (${ctx.reference})`
  return { message: outboxMessage('founder_agreement', app.formData.email.trim(), renderFounderMail(subject, how === 'expired' ? 'Venció el plazo para firmar' : 'El acuerdo no se firmará', [{ p: what }, ...contactAndSignature(ctx)], ctx), config) }
}

/** A short e-mail to members (the signers, who sent it): what happened and where to see it. */
export function teamMail(to: { id: string; email: string }, subject: string, lines: readonly string[], url: string, config: FounderMailConfig): AgreementMail {
  const text = [...lines, `Ver en el espacio de trabajo: ${url}`].join('\n\n')
  const html = htmlDocument(subject, `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">Ver en el espacio de trabajo</a></p>`)
  const mail: RenderedMail = { subject, text, html }
  return { message: outboxMessage('team_agreement', to.email, mail, config), memberId: to.id }
}
