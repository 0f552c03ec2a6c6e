/**
 * The monthly check-in's e-mail as the follow-up store queues it (ADR 0165):
 * the invitation on the month's opening day, the reminder before the due
 * day, the one after it. It goes at once (no draft: the code writes it, there
 * are no words of the team to review) and holds the personal link's
 * placeholder followed by /seguimiento, which the outbox worker fills as it
 * leaves (ADR 0117): stored, it opens nothing. Pure: it runs inside the
 * store's transaction.
 */
import { formatDay } from '../../../domain/deals.ts'
import { CHECK_IN_COUNT, METRICS, METRIC_KEYS } from '../../../domain/follow-up.ts'
import { formatMonth } from '../../../domain/format.ts'
import type { ComposeCheckInMail } from '../../db/stores/follow-up-store.ts'
import { contactAndSignature, renderFounderMail, signature, type FounderMailContext, type MailBlock } from '../../shared/mail/founder-templates.ts'
import { founderMailContext, outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { oneLine, type RenderedMail } from '../../shared/mail/templates.ts'

/** Where the check-in lives under the founder's personal link. */
export const CHECK_IN_PATH = 'seguimiento'

export function composeCheckInMail(config: FounderMailConfig): ComposeCheckInMail {
  return (facts) => {
    if (!facts.email) return null
    const rendered = renderCheckInMail(
      founderMailContext({ reference: facts.reference, founderName: facts.founderName, tradeName: facts.tradeName }, config, `/${CHECK_IN_PATH}`),
      {
        kind: facts.kind,
        month: formatMonth(facts.month.period),
        number: facts.month.number,
        dueOn: formatDay(facts.month.dueOn),
        closesOn: formatDay(facts.month.closesOn),
        metrics: METRIC_KEYS.map((k) => METRICS[k].label + (METRICS[k].optional ? ' (si lo mides)' : '')),
      },
    )
    return outboxMessage('founder_check_in', facts.email, rendered, config)
  }
}

/** What the monthly check-in's e-mails say (ADR 0165): which month, its days, which of the three. */
export interface CheckInMailFacts {
  kind: 'invitation' | 'reminder' | 'late'
  /** "marzo de 2027" (formatMonth): the month the check-in reports. */
  month: string
  /** 1 to 12. */
  number: number
  /** "10 de abril de 2027": the due day; "30 de abril de 2027": the last day it can be sent or corrected. */
  dueOn: string
  closesOn: string
  /** The metrics' names, in the form's order. */
  metrics: readonly string[]
}

/**
 * The monthly check-in's invitation and its reminders: the link is the founder's personal one (the
 * placeholder, filled as it leaves) followed by /seguimiento, the check-in page under it.
 */
export function renderCheckInMail(ctx: FounderMailContext, facts: CheckInMailFacts): RenderedMail {
  const trade = oneLine(ctx.tradeName)
  const ref = `(${ctx.reference})`
  const link: MailBlock = { link: { intro: 'Ábrelo con tu enlace personal, sin contraseña; funciona en el celular:', label: `Enviar mi reporte de ${facts.month}` } }
  const what: MailBlock[] = [
    { p: `Son seis cifras de ${facts.month} y tres preguntas cortas; toma unos tres minutos. Cada cifra tiene su definición en la página:` },
    { list: facts.metrics },
    { p: 'Y tres preguntas: qué salió bien, qué salió mal y qué necesitas del programa.' },
  ]
  switch (facts.kind) {
    case 'invitation':
      return renderFounderMail(
        `Tu reporte de ${facts.month}: tres minutos ${ref}`,
        `¿Cómo le fue a ${trade} en ${facts.month}?`,
        [
          { p: `Es hora del reporte mensual del seguimiento de ${trade}: el mes ${facts.number} de ${CHECK_IN_COUNT}.` },
          ...what,
          { p: `Envíalo antes del ${facts.dueOn}. Si después necesitas corregir algo, puedes hacerlo hasta el ${facts.closesOn}.` },
          link,
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'reminder':
      return renderFounderMail(
        `Recordatorio: tu reporte de ${facts.month} vence el ${facts.dueOn} ${ref}`,
        `Tu reporte de ${facts.month} vence pronto`,
        [
          { p: `Te recordamos el reporte mensual de ${trade} (mes ${facts.number} de ${CHECK_IN_COUNT}): vence el ${facts.dueOn}.` },
          ...what,
          link,
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'late':
      return renderFounderMail(
        `Tu reporte de ${facts.month} está pendiente ${ref}`,
        `Todavía no recibimos tu reporte de ${facts.month}`,
        [
          { p: `El reporte mensual de ${trade} (mes ${facts.number} de ${CHECK_IN_COUNT}) venció el ${facts.dueOn} y todavía no lo recibimos. Aún puedes enviarlo hasta el ${facts.closesOn}; después queda sin respuesta.` },
          ...what,
          link,
          { p: 'Si algo te impide enviarlo, respóndenos este correo y lo resolvemos juntos.' },
          signature,
        ],
        ctx,
      )
  }
}
