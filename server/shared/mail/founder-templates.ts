/**
 * The founder's e-mails after the submission: one per stage change the team
 * makes (STATUS_MAIL_KINDS) and the new link a founder who lost theirs asks
 * for. Like templates.ts: pure, Spanish, every value escaped in the HTML part
 * and flattened in the subject; the programme's facts come from domain/.
 *
 * Each e-mail is written as blocks (paragraphs, lists, the link) so that its
 * plain text and its HTML say the same thing. A member may edit the text of
 * a draft in "Correos por enviar": htmlFromEditedText turns it back into HTML.
 */
import { COMMITMENT_MONTHS, DUE_DILIGENCE_DOCUMENTS, MEDIA_PLAN_MONTHS, PROCESS_STAGES, PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { CompanyInfo } from '../../../domain/company.ts'
import type { StatusMailKind } from '../../../domain/founder-mail.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { CHECK_IN_COUNT, nextCheckIn, openCheckIn } from '../../../domain/follow-up.ts'
import { formatDay, periodEnd } from '../../../domain/deals.ts'
import { formatMonth, formatWeekdayDateTime } from '../../../domain/format.ts'
import type { StageSessionFacts } from '../../../domain/pipeline.ts'
import {
  ACCENT,
  companyFooterHtml,
  companyFooterText,
  escapeHtml,
  headerSafe,
  htmlDocument,
  oneLine,
  type RenderedMail,
} from './templates.ts'

export interface FounderMailContext {
  reference: string
  founderName: string
  tradeName: string
  /**
   * Where the founder's personal status page goes: the placeholder
   * (domain/personal-link.ts) in every stored e-mail, which the outbox worker
   * replaces with a link it creates as the e-mail leaves.
   */
  statusUrl: string
  /** Only for no_seleccionada: what the team chose to tell the founder (never the internal reason). */
  founderReason?: string | null
  company: CompanyInfo
  policyVersion: string
}

/** `url`: a line that ends with an address, which the HTML part makes a link (a video call's). */
type Block = { p: string } | { list: readonly string[] } | { link: { intro: string; label: string } } | { h: string } | { url: { label: string; href: string } }

/** Every e-mail opens with «Hola, name:» before what it `said`. */
function render(subject: string, heading: string, said: Block[], ctx: FounderMailContext): RenderedMail {
  const blocks: Block[] = [{ p: `Hola, ${oneLine(ctx.founderName)}:` }, ...said]
  const safeSubject = headerSafe(subject)
  const text =
    blocks
      .map((b) =>
        'p' in b
          ? b.p
          : 'h' in b
            ? b.h
            : 'list' in b
              ? b.list.map((item) => `- ${item}`).join('\n')
              : 'url' in b
                ? `${b.url.label} ${b.url.href}`
                : `${b.link.intro}\n${ctx.statusUrl}`,
      )
      .join('\n\n') + `\n\n${companyFooterText(ctx.company, ctx.policyVersion)}\n`
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p>${escapeHtml(b.p)}</p>`
      if ('h' in b) return `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(b.h)}</h2>`
      if ('url' in b) return `<p>${escapeHtml(b.url.label)} <a href="${escapeHtml(b.url.href)}">${escapeHtml(b.url.href)}</a></p>`
      if ('list' in b) return `<ul style="padding-left:20px;margin:0">\n${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ul>`
      return `<p>${escapeHtml(b.link.intro)}</p>
<p><a href="${escapeHtml(ctx.statusUrl)}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(b.link.label)}</a></p>`
    })
    .join('\n')
  const html = htmlDocument(
    safeSubject,
    `<p style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${ACCENT};margin:0 0 8px">${escapeHtml(PROGRAMME_NAME)}</p>
<h1 style="font-size:24px;line-height:1.25;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
${companyFooterHtml(ctx.company, ctx.policyVersion)}`,
  )
  return { subject: safeSubject, text, html }
}

const signature: Block = { p: `El equipo de ${PROGRAMME_NAME}` }
/** How most e-mails end: where to write with questions, then the signature. */
const contactAndSignature = (ctx: FounderMailContext): Block[] => [
  { p: `Si tienes preguntas, responde a este correo o escríbenos a ${ctx.company.contactEmail} con tu referencia ${ctx.reference}.` },
  signature,
]

const statusLink = (intro = 'Puedes ver en qué etapa va tu postulación cuando quieras, sin contraseña:'): Block => ({
  link: { intro, label: 'Ver el estado de mi postulación' },
})

/** What a stage e-mail says besides its stage: what the move did to the panel session, and (the signature) the deal's dates. */
export interface StatusMailFacts {
  /** What the stage change did to the panel session (domain/pipeline.ts STAGE_ENTAILS, ADR 0185); absent: nothing to say. */
  session?: StageSessionFacts
  /** acuerdo_firmado: the deal's dates, for the plan and the monthly report, and the Bogotá day it was recorded. */
  deal?: { windowStart: string; windowMonths: number; followUpStart: string; today: string }
}

/** The founder's session, as the stage e-mail tells it: cancelled with this very e-mail (its CANCEL rides along), or kept. */
function sessionBlocks(session: StageSessionFacts | undefined): Block[] {
  if (!session || session.state === 'none' || session.state === 'held') return []
  const when = `${formatWeekdayDateTime(session.startsAt)} (hora de Bogotá)`
  return session.state === 'cancelled'
    ? [{ p: `Con este cambio cancelamos tu sesión con el panel de expertos del ${when}: la invitación se retira de tu calendario con este correo.` }]
    : [{ p: `Tu sesión con el panel de expertos del ${when} sigue en pie: te esperamos.` }]
}

/** The welcome's plan and monthly report: when the exposure runs and when the first check-in opens. */
function signedBlocks(deal: StatusMailFacts['deal']): Block[] {
  const plan: Block = deal
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
      return render(
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
      return render(
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
      return render(
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
      return render(
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
      return render(
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

/** The answer to "perdí mi enlace": sent only to the address on file. */
export function renderNewLinkMail(ctx: FounderMailContext): RenderedMail {
  return render(
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

/**
 * The HTML of a draft whose text a member edited: paragraphs escaped, http(s)
 * addresses as links, and the founder's link placeholder as a link the worker
 * fills in when the e-mail leaves.
 */
export function htmlFromEditedText(subject: string, text: string): string {
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => {
      const escaped = escapeHtml(p).replace(/\n/g, '<br>')
      const linked = escaped
        .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
        .split(PERSONAL_LINK_PLACEHOLDER)
        .join(`<a href="${PERSONAL_LINK_PLACEHOLDER}">${PERSONAL_LINK_PLACEHOLDER}</a>`)
      return `<p>${linked}</p>`
    })
  return htmlDocument(headerSafe(subject), paragraphs.join('\n'))
}

/**
 * The titular's confirmation that an admin deleted their data (Ley 1581, a
 * reclamo de supresión answered). It holds no link: there is nothing left to open.
 */
export function renderDataDeletedMail(ctx: { founderName: string; references: readonly string[]; company: CompanyInfo; policyVersion: string }): RenderedMail {
  const several = ctx.references.length > 1
  const refs = ctx.references.join(', ')
  return render(
    `Eliminamos tus datos personales (${refs})`,
    'Eliminamos tus datos personales',
    [
      {
        p: several
          ? `Tal como lo pediste, eliminamos los datos personales de tus postulaciones ${refs}: el formulario, los documentos, las evaluaciones, las notas y los correos.`
          : `Tal como lo pediste, eliminamos los datos personales de tu postulación ${refs}: el formulario, los documentos, las evaluaciones, las notas y los correos.`,
      },
      { p: 'Conservamos solo el registro de que lo hicimos (la referencia y la fecha), sin tus datos, como lo exige la Ley 1581 de 2012. Tu enlace personal ya no abre nada.' },
      { p: `Si tienes preguntas, responde a este correo o escríbenos a ${ctx.company.contactEmail}.` },
      signature,
    ],
    { reference: refs, founderName: ctx.founderName, tradeName: '', statusUrl: '', company: ctx.company, policyVersion: ctx.policyVersion },
  )
}

/**
 * The team asked for a new version of a due-diligence document: which one,
 * the team's note as the founder will read it, and the way to upload it
 * (the status page, through the personal link the worker adds as it leaves).
 */
export function renderDocumentVersionMail(ctx: FounderMailContext, request: { documentLabel: string; note: string | null }): RenderedMail {
  const note = request.note?.trim()
  return render(
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
  const when: Block = { p: `Fecha y hora: ${facts.when} (hora de Bogotá), ${facts.lengthMinutes} minutos${facts.dayNote ? `, ${facts.dayNote}` : ''}.` }
  const where: Block =
    facts.place.kind === 'video' ? { url: { label: 'Videollamada:', href: oneLine(facts.place.value) } } : { p: `Dirección: ${oneLine(facts.place.value)}` }
  const change = statusLink(
    `Si necesitas cambiarla o cancelarla, hazlo desde tu página de estado hasta ${facts.cutoffHours} horas antes; después, escríbenos a ${ctx.company.contactEmail}:`,
  )
  switch (facts.kind) {
    case 'booked':
      return render(
        `Sesión con el panel de expertos: ${facts.when} ${ref}`,
        'Tu sesión con el panel quedó reservada',
        [{ p: `Quedó reservada la sesión de ${trade} con nuestro panel de expertos.` }, when, where, { p: 'Te enviamos la invitación para tu calendario con este correo.' }, change, ...contactAndSignature(ctx)],
        ctx,
      )
    case 'changed':
      return render(
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
        return render(
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
      return render(
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
      return render(
        `Sesión con el panel cancelada ${ref}`,
        'Tu sesión con el panel quedó cancelada',
        [
          { p: `Cancelamos la sesión de ${trade} con nuestro panel de expertos del ${facts.when} (hora de Bogotá). La invitación se retira de tu calendario con este correo.` },
          ...contactAndSignature(ctx),
        ],
        ctx,
      )
    case 'reminder':
      return render(
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
  const where: Block =
    facts.place.kind === 'video'
      ? { url: { label: 'Por videollamada:', href: oneLine(facts.place.value) } }
      : { p: `En esta dirección: ${oneLine(facts.place.value)}` }
  return render(
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
  const link: Block = { link: { intro: 'Ábrelo con tu enlace personal, sin contraseña; funciona en el celular:', label: `Enviar mi reporte de ${facts.month}` } }
  const what: Block[] = [
    { p: `Son seis cifras de ${facts.month} y tres preguntas cortas; toma unos tres minutos. Cada cifra tiene su definición en la página:` },
    { list: facts.metrics },
    { p: 'Y tres preguntas: qué salió bien, qué salió mal y qué necesitas del programa.' },
  ]
  switch (facts.kind) {
    case 'invitation':
      return render(
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
      return render(
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
      return render(
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
