/**
 * The founder's e-mails about the panel session: the times offered (ADR 0152)
 * and the invitation, change, cancellation and reminder of the session booked
 * (ADR 0153), whose calendar file panel-session.ts adds. Pure; the frame is
 * server/shared/mail/founder-templates.ts.
 */
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { contactAndSignature, renderFounderMail, statusLink, type FounderMailContext, type MailBlock } from '../../shared/mail/founder-templates.ts'
import { oneLine, type RenderedMail } from '../../shared/mail/templates.ts'

/** What the founder's invitation, change, cancellation and reminder of the panel session say (ADR 0153). */
export interface PanelMailFacts {
  /**
   * closed: cancelled by a stage change (ADR 0185). The founder is told inside the stage's own e-mail; this one
   * goes only if that e-mail is discarded or replaced unsent, so it names no stage and no decision.
   */
  kind: 'booked' | 'changed' | 'cancelled' | 'closed' | 'reminder'
  /** "jueves 3 de diciembre de 2026, 10:00 a. m." (formatWeekdayDateTime, Bogotá). */
  when: string
  /** "día festivo en Colombia" when the session falls on a holiday (founderDayNote), else null. */
  dayNote?: string | null
  /** changed: the time it had ("miércoles 2 de diciembre de 2026, 10:00 a. m."), and who moved it. */
  before?: string
  movedBy?: 'founder' | 'team'
  lengthMinutes: number
  place: { kind: 'video' | 'address'; value: string }
  /** The founder may change or cancel from the status page until this many hours before. */
  cutoffHours: number
  /** cancelled: the team called it off (then the offer is closed and new times come by e-mail), and its «Motivo». */
  byTeam?: boolean
  reason?: string | null
}

/** The founder's e-mail about the panel session; its calendar file travels beside it (server/features/panel/panel-session.ts). */
export function renderPanelSessionMail(ctx: FounderMailContext, facts: PanelMailFacts): RenderedMail {
  const trade = oneLine(ctx.tradeName)
  const ref = `(${ctx.reference})`
  const when: MailBlock = { p: `Fecha y hora: ${facts.when} (hora de Bogotá), ${facts.lengthMinutes} minutos${facts.dayNote ? `, ${facts.dayNote}` : ''}.` }
  const where: MailBlock =
    facts.place.kind === 'video' ? { url: { label: 'Videollamada:', href: oneLine(facts.place.value) } } : { p: `Dirección: ${oneLine(facts.place.value)}` }
  const change = statusLink(
    `Si necesitas cambiarla o cancelarla, hazlo desde tu página de estado hasta ${facts.cutoffHours} horas antes; después, escríbenos a ${ctx.company.contactEmail}:`,
  )
  switch (facts.kind) {
    case 'booked':
      return renderFounderMail(
        `Sesión con el panel de expertos: ${facts.when} ${ref}`,
        'Tu sesión con el panel quedó reservada',
        [{ p: `Quedó reservada la sesión de ${trade} con nuestro panel de expertos.` }, when, where, { p: 'Te enviamos la invitación para tu calendario con este correo.' }, change, ...contactAndSignature(ctx)],
        ctx,
      )
    case 'changed':
      return renderFounderMail(
        `Nueva hora de tu sesión con el panel: ${facts.when} ${ref}`,
        'Tu sesión con el panel cambió de hora',
        [
          { p: `La sesión de ${trade} con nuestro panel de expertos cambió. Esta es la nueva hora:` },
          when,
          ...(facts.before ? [{ p: `Antes era el ${facts.before} (hora de Bogotá).` }] : []),
          ...(facts.movedBy ? [{ p: facts.movedBy === 'founder' ? 'La cambiaste tú, desde tu página de estado.' : `La cambió el equipo de ${PROGRAMME_NAME}.` }] : []),
          where,
          { p: 'La invitación de tu calendario se actualiza con este correo.' },
          change,
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'cancelled':
      if (facts.byTeam) {
        return renderFounderMail(
          `Sesión con el panel cancelada ${ref}`,
          'Cancelamos tu sesión con el panel',
          [
            { p: `Tuvimos que cancelar la sesión de ${trade} con nuestro panel de expertos del ${facts.when} (hora de Bogotá). La invitación se retira de tu calendario con este correo.` },
            ...(facts.reason ? [{ p: `Motivo: ${oneLine(facts.reason)}` }] : []),
            { p: 'Los horarios que te ofrecimos ya no están disponibles. Te enviaremos nuevos horarios por correo para que elijas otro.' },
            statusLink('Puedes ver el estado de tu postulación en tu página de estado:'),
            ...contactAndSignature(ctx),
          ],
          ctx,
        )
      }
      return renderFounderMail(
        `Sesión con el panel cancelada ${ref}`,
        'Tu sesión con el panel quedó cancelada',
        [
          { p: `Cancelamos la sesión de ${trade} con nuestro panel de expertos del ${facts.when} (hora de Bogotá). La invitación se retira de tu calendario con este correo.` },
          statusLink('Si aún hay horarios disponibles, puedes elegir otro desde tu página de estado:'),
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'closed':
      return renderFounderMail(
        `Sesión con el panel cancelada ${ref}`,
        'Tu sesión con el panel quedó cancelada',
        [
          { p: `Cancelamos la sesión de ${trade} con nuestro panel de expertos del ${facts.when} (hora de Bogotá). La invitación se retira de tu calendario con este correo.` },
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'reminder':
      return renderFounderMail(
        `Mañana: tu sesión con el panel de expertos ${ref}`,
        'Mañana es tu sesión con el panel',
        [{ p: `Te recordamos la sesión de ${trade} con nuestro panel de expertos.` }, when, where, change, ...contactAndSignature(ctx)],
        ctx,
      )
  }
}

/** The times the team offers for the panel session (ADR 0152): sent at once when an admin saves or replaces the offer. */
export interface PanelTimesFacts {
  /** Each "jueves 3 de diciembre de 2026, 10:00 a. m." (formatWeekdayDateTime, Bogotá), soonest first, a holiday said. */
  times: readonly string[]
  lengthMinutes: number
  place: { kind: 'video' | 'address'; value: string }
  /** It replaces times offered before, which no longer hold. */
  replaced: boolean
}

export function renderPanelTimesMail(ctx: FounderMailContext, facts: PanelTimesFacts): RenderedMail {
  const trade = oneLine(ctx.tradeName)
  const ref = `(${ctx.reference})`
  const where: MailBlock =
    facts.place.kind === 'video'
      ? { url: { label: 'Por videollamada:', href: oneLine(facts.place.value) } }
      : { p: `En esta dirección: ${oneLine(facts.place.value)}` }
  return renderFounderMail(
    `${facts.replaced ? 'Nuevos horarios' : 'Horarios'} para tu sesión con el panel de expertos ${ref}`,
    'Elige el horario de tu sesión con el panel',
    [
      {
        p: facts.replaced
          ? `Cambiamos los horarios que te ofrecemos para la sesión de ${trade} con nuestro panel de expertos; los anteriores ya no están disponibles. Estos son los nuevos (hora de Bogotá):`
          : `Estos son los horarios que te ofrecemos para la sesión de ${trade} con nuestro panel de expertos (hora de Bogotá):`,
      },
      { list: facts.times },
      { p: `La sesión dura ${facts.lengthMinutes} minutos.` },
      where,
      statusLink('Elige uno con un clic en tu página de estado, sin contraseña; te llegará la invitación para tu calendario. Si ninguno te sirve, dínoslo desde la misma página:'),
      ...contactAndSignature(ctx),
    ],
    ctx,
  )
}
