/**
 * The founder's e-mail of a stage change (STATUS_MAIL_KINDS), written by the
 * pipeline with the move (pipeline.ts, docs/decisions/0208-the-pipeline-owns-the-stage-change.md),
 * as a draft or, when an admin set its kind to go straight away, as an outbox
 * message: every capability that moves a stage (the panel, the data requests,
 * the founder's withdrawal) moves it through the pipeline. Pure; the frame is
 * server/shared/mail/founder-templates.ts.
 */
import { COMMITMENT_MONTHS, DUE_DILIGENCE_DOCUMENTS, MEDIA_PLAN_MONTHS, PROCESS_STAGES, PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { StatusMailKind } from '../../../domain/founder-mail.ts'
import { CHECK_IN_COUNT, nextCheckIn, openCheckIn } from '../../../domain/follow-up.ts'
import { formatDay, periodEnd, type DealTerms } from '../../../domain/deals.ts'
import { formatIsoDay, formatMonth, formatWeekdayDateTime } from '../../../domain/format.ts'
import type { StageSessionFacts } from '../../../domain/pipeline.ts'
import type { StoredApplication } from '../../db/stores/application-store.ts'
import type { FounderMailWrite } from '../../db/stores/founder-store.ts'
import { contactAndSignature, renderFounderMail, statusLink, type FounderMailContext, type MailBlock } from '../../shared/mail/founder-templates.ts'
import { applicationMailContext, founderMailWrite, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { oneLine, type RenderedMail } from '../../shared/mail/templates.ts'

/** What a stage e-mail says besides its stage: what the move did to the panel session, and (the signature) the deal's dates. */
export interface StatusMailFacts {
  /** What the stage change did to the panel session (domain/pipeline.ts STAGE_ENTAILS, ADR 0185); absent: nothing to say. */
  session?: StageSessionFacts
  /** acuerdo_firmado: the deal's dates, for the plan and the monthly report, and the Bogotá day it was recorded. */
  deal?: { windowStart: string; windowMonths: number; followUpStart: string; today: string }
}

/** The founder's session, as the stage e-mail tells it: cancelled with this very e-mail (its CANCEL rides along), or kept. */
function sessionBlocks(session: StageSessionFacts | undefined): MailBlock[] {
  if (!session || session.state === 'none' || session.state === 'held') return []
  const when = `${formatWeekdayDateTime(session.startsAt)} (hora de Bogotá)`
  return session.state === 'cancelled'
    ? [{ p: `Con este cambio cancelamos tu sesión con el panel de expertos del ${when}: la invitación se retira de tu calendario con este correo.` }]
    : [{ p: `Tu sesión con el panel de expertos del ${when} sigue en pie: te esperamos.` }]
}

/** The welcome's plan and monthly report: when the exposure runs and when the first check-in opens. */
function signedBlocks(deal: StatusMailFacts['deal']): MailBlock[] {
  const plan: MailBlock = deal
    ? {
        p: `Tu exposición en medios va del ${formatDay(deal.windowStart)} al ${formatDay(periodEnd(deal.windowStart, deal.windowMonths))} (${deal.windowMonths} meses). En tu página de estado, en «Tu plan de medios», ves lo comprometido, lo que ya salió al aire, con sus pruebas, y lo que falta.`,
      }
    : { p: `Tu exposición en medios dura de ${MEDIA_PLAN_MONTHS.min} a ${MEDIA_PLAN_MONTHS.max} meses. En tu página de estado, en «Tu plan de medios», verás lo comprometido, lo que ya salió al aire, con sus pruebas, y lo que falta.` }
  const open = deal ? openCheckIn(deal.followUpStart, deal.today) : null
  const next = deal ? nextCheckIn(deal.followUpStart, deal.today) : null
  const first = open
    ? `El primero, el de ${formatMonth(open.period)}, ya está abierto: te enviaremos el enlace por correo; ${
        // As the status page says it: its due day, or (a month that opened before the deal, never late) its last day.
        open.dueOn >= deal!.today ? `vence el ${formatDay(open.dueOn)} y puedes corregirlo hasta el ${formatDay(open.closesOn)}` : `puedes enviarlo hasta el ${formatDay(open.closesOn)}`
      }.`
    : next
      ? `El primero, el de ${formatMonth(next.period)}, se abre el ${formatDay(next.opensOn)}, cuando te enviamos el enlace por correo, y vence el ${formatDay(next.dueOn)}.`
      : 'Te enviaremos el enlace de cada uno por correo el día que se abre.'
  return [
    { h: 'Tu plan de medios' },
    plan,
    { h: 'Tu reporte mensual' },
    {
      p: `Durante ${CHECK_IN_COUNT} meses${deal ? `, desde el ${formatDay(deal.followUpStart)},` : ''} nos cuentas cada mes cómo va tu startup: un reporte corto (ventas, clientes, equipo y lo que necesitas del programa) que llenas en tres minutos desde tu página. ${first} A los meses 3, 6 y 12 lo revisamos juntos.`,
    },
  ]
}

export function renderStatusMail(kind: StatusMailKind, ctx: FounderMailContext, facts: StatusMailFacts = {}): RenderedMail {
  const trade = oneLine(ctx.tradeName)
  const ref = `(${ctx.reference})`
  const panel = PROCESS_STAGES[1]!
  const dd = PROCESS_STAGES[2]!
  const session = sessionBlocks(facts.session)
  // "After the session" only once it took place (ADR 0185): cancelled, kept or never booked, it says no such thing.
  const afterSession = facts.session?.state === 'held'
  switch (kind) {
    case 'sesion_panel':
      return renderFounderMail(
        `${trade} avanza a la sesión con nuestro panel de expertos ${ref}`,
        'Avanzas a la sesión con el panel de expertos',
        [
          { p: `Terminamos la validación preliminar de ${trade} y queremos conocerte: tu postulación pasa a la etapa 2, ${panel.title.toLowerCase()}.` },
          { p: `${panel.description} En esa conversación, cuéntanos el problema que resuelves, tus clientes y tus números, y qué esperas de una alianza de medios.` },
          { p: `Cómo la agendamos: en los próximos días te enviaremos por correo los horarios que te ofrecemos dentro de esta etapa (${panel.duration.toLowerCase()}), con la duración de la sesión y el lugar o el enlace de la videollamada. Elige el que te sirva en tu página de estado, con un clic; te llegará la invitación para tu calendario. Si ninguno te sirve, dínoslo desde la misma página.` },
          statusLink('Elige el horario de tu sesión desde tu página de estado, sin contraseña:'),
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'due_diligence':
      return renderFounderMail(
        `${trade} pasa a due diligence: documentos a preparar ${ref}`,
        'Empezamos la due diligence',
        [
          { p: `${afterSession ? `Después de la sesión con el panel, ${trade}` : trade} pasa a la etapa 3: ${dd.title.toLowerCase()} (${dd.duration.toLowerCase()}).` },
          ...session,
          { h: 'Documentos que necesitamos' },
          { list: DUE_DILIGENCE_DOCUMENTS },
          statusLink('Súbelos desde tu página de estado, donde también verás cuáles ya recibimos:'),
          { p: `Al terminar firmamos el acuerdo media for equity y definimos un plan de exposición de ${MEDIA_PLAN_MONTHS.min} a ${MEDIA_PLAN_MONTHS.max} meses.` },
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'acuerdo_firmado':
      return renderFounderMail(
        `Te damos la bienvenida a ${PROGRAMME_NAME}: acuerdo firmado ${ref}`,
        '¡Acuerdo firmado!',
        [
          { p: `El acuerdo media for equity con ${trade} quedó firmado. Te damos la bienvenida a ${PROGRAMME_NAME}.` },
          ...session,
          { p: `En los próximos días te presentamos al equipo que estará contigo durante los ${COMMITMENT_MONTHS} meses de acompañamiento y seguimiento: tu plan de exposición en medios y tus reportes mensuales.` },
          ...signedBlocks(facts.deal),
          statusLink('Tu plan y tus reportes están en tu página de estado, sin contraseña:'),
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'no_seleccionada': {
      const reason = ctx.founderReason?.trim()
      return renderFounderMail(
        `Sobre tu postulación a ${PROGRAMME_NAME} ${ref}`,
        'Gracias por postular',
        [
          { p: `Gracias por contarnos sobre ${trade} y por el tiempo que dedicaste a tu postulación. Después de revisarla con cuidado, esta vez no fue seleccionada para continuar en ${PROGRAMME_NAME}.` },
          ...(reason ? [{ p: 'Queremos compartirte lo que más pesó en la decisión:' }, { p: reason }] : []),
          ...session,
          { p: 'No es un juicio sobre tu capacidad ni sobre el futuro de tu startup: acompañamos pocas startups a la vez y el encaje con nuestros medios cuenta mucho. La convocatoria está abierta todo el año: puedes volver a postular cuando tu startup haya avanzado.' },
          statusLink('Tu página de estado sigue disponible; desde ella puedes descargar o pedir que borremos tus datos:'),
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    }
    case 'retirada':
      return renderFounderMail(
        `Confirmamos el retiro de tu postulación ${ref}`,
        'Tu postulación quedó retirada',
        [
          { p: `Confirmamos que la postulación de ${trade} (${ctx.reference}) quedó retirada de ${PROGRAMME_NAME}. No seguiremos evaluándola.` },
          ...session,
          { p: 'Si fue un error o cambias de opinión, escríbenos y lo conversamos; la convocatoria está abierta todo el año y puedes volver a postular cuando quieras.' },
          statusLink('Desde tu página de estado puedes descargar o pedir que borremos tus datos:'),
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
  }
}

/**
 * The stage e-mail of a move: what the move did to the panel session (ADR 0185) and, to acuerdo_firmado,
 * the deal's dates (the plan, the first monthly report) are in it; `at` is the move's instant.
 */
export function statusMailWrite(
  kind: StatusMailKind,
  app: StoredApplication,
  config: FounderMailConfig,
  options: { sendNow: boolean; founderReason?: string | null; session?: StageSessionFacts; deal?: DealTerms; at?: Date },
): FounderMailWrite {
  const facts: StatusMailFacts = {
    ...(options.session ? { session: options.session } : {}),
    ...(options.deal ? { deal: { ...options.deal, today: formatIsoDay(options.at ?? new Date()) } } : {}),
  }
  return founderMailWrite(kind, app, renderStatusMail(kind, applicationMailContext(app, config, options.founderReason), facts), config, options.sendNow)
}
