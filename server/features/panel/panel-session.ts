/**
 * The panel session's e-mails (ADR 0153): each change of a session
 * writes one e-mail to every panel member and one to the founder, each with
 * the same iCalendar file built by ical-generator:
 *
 * - METHOD:REQUEST on booking and on every change, METHOD:CANCEL (and
 *   STATUS:CANCELLED) on the cancellation; one UID per session, SEQUENCE as
 *   the store raised it; DTSTAMP the change's time (a retry is the same file);
 * - ORGANIZER the programme's sending mailbox (MAIL_FROM), every panel member
 *   and the founder an ATTENDEE with RSVP=TRUE;
 * - DTSTART and DTEND in UTC (no named time zone, whose missing definition
 *   shifts the event in some clients); the Bogotá time, with its weekday
 *   (formatWeekdayDateTime), is written in the Spanish text of the e-mail and
 *   of the event's description.
 *
 * The e-mail carries the file as its text/calendar part, whose method= the
 * sender reads from the file itself (server/shared/mail/mail-options.ts).
 * The founder's e-mail holds the personal link's placeholder, filled as it
 * leaves (ADR 0117); the calendar file holds no link of the founder's.
 * Pure code: `compose` runs inside the store's transaction.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { formatWeekdayDateTime } from '../../../domain/format.ts'
import { PANEL_PLACE_LABELS, founderDayNote, sessionMinutes } from '../../../domain/panel-sessions.ts'
import { STAGE_LABELS, type Stage } from '../../../domain/pipeline.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { MessageKind } from '../../db/stores/application-store.ts'
import type { Compose, ComposeLeave, ComposeOffer, PanelMember, SessionMail, SessionMessage } from '../../db/stores/panel-store.ts'
import { renderPanelSessionMail, renderPanelTimesMail, type PanelMailFacts } from './panel-mails.ts'
import { mailboxParts } from '../../shared/mail/mail-options.ts'
import { escapeHtml, headerSafe, htmlDocument, oneLine, type RenderedMail } from '../../shared/mail/templates.ts'
import { workspaceApplicationUrl } from '../team/founder-activity.ts'
import { founderMailContext, outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'

export type PanelMailKind = PanelMailFacts['kind']

export interface PanelMailConfig {
  founders: FounderMailConfig
  /** PANEL_CHANGE_CUTOFF_HOURS */
  cutoffHours: number
}

const placeLine = (mail: SessionMail) => `${PANEL_PLACE_LABELS[mail.session.placeKind]}: ${oneLine(mail.session.place)}`
/** The same line in HTML: a video call's address is a link. */
const placeHtml = (mail: SessionMail) =>
  mail.session.placeKind === 'video'
    ? `${escapeHtml(PANEL_PLACE_LABELS.video)}: <a href="${escapeHtml(oneLine(mail.session.place))}">${escapeHtml(oneLine(mail.session.place))}</a>`
    : escapeHtml(placeLine(mail))
/** The team called the session off (not the founder, not the application's closing). */
const byTeam = (mail: SessionMail) => mail.session.changedBy !== null && mail.session.changedBy !== 'founder'
const companyOf = (mail: SessionMail) => oneLine(mail.founder.tradeName || mail.founder.companyName)

/**
 * The iCalendar file (RFC 5545/5546) of the session as it is now; the same for every attendee. With
 * `leaving` (ADR 0172): the METHOD:CANCEL that takes the event out of that member's calendar alone,
 * naming only them as ATTENDEE (RFC 5546 3.2.5: an uninvitation lists the attendees removed), and
 * only the application's reference (they have declared a conflict on it).
 */
export function panelCalendar(mail: SessionMail, organizerMailbox: string, leaving: PanelMember | null = null): string {
  const { session } = mail
  const organizer = mailboxParts(organizerMailbox)
  const attendee = (m: { name: string; email: string }) => ({
    name: oneLine(m.name) || null,
    email: m.email,
    rsvp: true,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.NEEDSACTION,
  })
  const when = `${formatWeekdayDateTime(session.startsAt)} (hora de Bogotá)`
  const calendar = ical({
    prodId: { company: 'Catalitico', product: 'media-for-equity', language: 'ES' },
    method: mail.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    events: [
      {
        id: session.uid,
        sequence: session.sequence,
        stamp: session.changedAt ?? session.bookedAt,
        start: session.startsAt,
        end: session.endsAt,
        summary: leaving ? `Sesión con el panel de expertos (${mail.reference})` : `Sesión con el panel de expertos: ${companyOf(mail)} (${mail.reference})`,
        description: `Sesión 1:1 con el panel de expertos de ${PROGRAMME_NAME}, postulación ${mail.reference}.\n${when}.\n${placeLine(mail)}`,
        location: oneLine(session.place),
        ...(session.placeKind === 'video' ? { url: session.place } : {}),
        status: mail.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        organizer: { name: organizer.name ?? PROGRAMME_NAME, email: organizer.email },
        attendees: leaving ? [attendee(leaving)] : [...session.members.map(attendee), attendee({ name: mail.founder.name, email: mail.founder.email })],
      },
    ],
  })
  return calendar.toString()
}

/** A move's two lines: the time it had, and who moved it; for the team, a member by name. */
function teamMovedLines(mail: SessionMail): string[] {
  if (!mail.moved) return []
  const by = mail.moved.by.kind === 'founder' ? 'la persona fundadora, desde su página de estado' : oneLine(mail.moved.by.name) || 'un administrador del equipo'
  return [`Antes era el ${formatWeekdayDateTime(mail.moved.from.startsAt)} (hora de Bogotá).`, `La cambió ${by}.`]
}

function teamMail(member: PanelMember, mail: SessionMail, kind: PanelMailKind, url: string, movedTo: Stage | null): RenderedMail {
  const when = formatWeekdayDateTime(mail.session.startsAt)
  const company = companyOf(mail)
  const minutes = sessionMinutes(mail.session)
  const subjects: Record<PanelMailKind, string> = {
    booked: `Sesión con el panel: ${company} (${mail.reference}), ${when}`,
    changed: `Nueva hora de la sesión con el panel: ${company} (${mail.reference}), ${when}`,
    cancelled: `Sesión con el panel cancelada: ${company} (${mail.reference})`,
    closed: `Sesión con el panel cancelada: ${company} (${mail.reference})`,
    reminder: `Mañana: sesión con el panel de ${company} (${mail.reference})`,
  }
  const leads: Record<PanelMailKind, string> = {
    booked: `Quedó reservada la sesión con el panel de la postulación ${mail.reference} (${company}), en la que participas:`,
    changed: `La sesión con el panel de la postulación ${mail.reference} (${company}) cambió de hora:`,
    cancelled: `Se canceló la sesión con el panel de la postulación ${mail.reference} (${company}) que estaba para esta fecha:`,
    closed: `La postulación ${mail.reference} (${company}) pasó a «${STAGE_LABELS[movedTo ?? 'no_seleccionada']}»; se canceló su sesión con el panel, que estaba para esta fecha:`,
    reminder: `Te recordamos la sesión con el panel de la postulación ${mail.reference} (${company}):`,
  }
  const reason = kind === 'cancelled' && mail.session.cancelReason ? [`Motivo: ${oneLine(mail.session.cancelReason)}`] : []
  const calendarLine =
    kind === 'reminder' ? [] : [kind === 'cancelled' || kind === 'closed' ? 'La invitación se retira de tu calendario con este correo.' : 'La invitación para tu calendario va con este correo.']
  const moved = kind === 'changed' ? teamMovedLines(mail) : []
  const lines = [`${when} (hora de Bogotá), ${minutes} minutos.`, placeLine(mail), ...moved, ...reason, ...calendarLine]
  const htmlLines = [escapeHtml(lines[0]!), placeHtml(mail), ...[...moved, ...reason, ...calendarLine].map(escapeHtml)]
  const subject = headerSafe(subjects[kind])
  const where = 'La postulación en el espacio de trabajo:'
  const text = `Hola, ${oneLine(member.name)}:\n\n${leads[kind]}\n${lines.join('\n')}\n\n${where}\n${url}\n\n${PROGRAMME_NAME}\n`
  const html = htmlDocument(
    subject,
    `<p>Hola, ${escapeHtml(oneLine(member.name))}:</p>
<p>${escapeHtml(leads[kind])}</p>
<p>${htmlLines.join('<br>')}</p>
<p>${escapeHtml(where)} <a href="${escapeHtml(url)}">abrir la postulación ${escapeHtml(mail.reference)}</a></p>`,
  )
  return { subject, text, html }
}

/** What a founder's panel e-mail says of them; the link is the placeholder the outbox worker fills as the e-mail leaves. */
function founderOf(mail: { reference: string; founder: { name: string; tradeName: string; companyName: string } }, config: PanelMailConfig) {
  return founderMailContext({ reference: mail.reference, founderName: mail.founder.name, tradeName: mail.founder.tradeName || mail.founder.companyName }, config.founders)
}

function founderMail(mail: SessionMail, kind: PanelMailKind, config: PanelMailConfig): RenderedMail {
  return renderPanelSessionMail(
    founderOf(mail, config),
    {
      kind,
      when: formatWeekdayDateTime(mail.session.startsAt),
      dayNote: founderDayNote(mail.session.startsAt),
      ...(kind === 'changed' && mail.moved
        ? { before: formatWeekdayDateTime(mail.moved.from.startsAt), movedBy: mail.moved.by.kind === 'founder' ? ('founder' as const) : ('team' as const) }
        : {}),
      lengthMinutes: sessionMinutes(mail.session),
      place: { kind: mail.session.placeKind, value: mail.session.place },
      cutoffHours: config.cutoffHours,
      byTeam: kind === 'cancelled' && byTeam(mail),
      reason: mail.session.cancelReason,
    },
  )
}

/**
 * The founder's e-mail with the offered times (ADR 0152), queued with the offer in its transaction. It
 * goes at once, like the session's invitations: it says only what the admin just saved (times, length,
 * place), written by the code, with no words of the team to review in «Correos por enviar». It holds the
 * personal link's placeholder, filled as it leaves (ADR 0117).
 */
export function composeOfferMail(config: PanelMailConfig): ComposeOffer {
  return (mail) => {
    if (!mail.founder.email) return []
    const rendered = renderPanelTimesMail(
      founderOf(mail, config),
      {
        // Each with its weekday, and a holiday said (the status page lists the same times the same way).
        times: mail.times.map((t) => {
          const note = founderDayNote(t)
          return `${formatWeekdayDateTime(t)}${note ? ` (${note})` : ''}`
        }),
        lengthMinutes: mail.lengthMinutes,
        place: { kind: mail.placeKind, value: mail.place },
        replaced: mail.replaced,
      },
    )
    return [outboxMessage('founder_panel_times', mail.founder.email.trim(), rendered, config.founders)]
  }
}

/**
 * The e-mails of one change (`kind`), for the store to queue in its transaction: invitations
 * (with the calendar) for booked, changed and cancelled; reminders (without) the day before.
 * `closed`: a stage change to `movedTo` cancelled the session (ADR 0185); the founder's e-mail is
 * then the one that goes alone if the stage e-mail carrying its calendar is never sent.
 */
export function composePanelMail(config: PanelMailConfig, kind: PanelMailKind, movedTo: Stage | null = null): Compose {
  return (mail) => {
    const calendar = kind === 'reminder' ? undefined : panelCalendar(mail, config.founders.from)
    const teamKind: MessageKind = kind === 'reminder' ? 'team_panel_reminder' : 'team_panel_invitation'
    const founderKind: MessageKind = kind === 'reminder' ? 'founder_panel_reminder' : 'founder_panel_invitation'
    const url = workspaceApplicationUrl(config.founders.siteOrigin, mail.session.applicationId)
    const messages: SessionMessage[] = mail.session.members.map((m) => ({
      ...outboxMessage(teamKind, m.email, teamMail(m, mail, kind, url, movedTo), config.founders),
      ...(calendar ? { calendar } : {}),
      memberId: m.id,
    }))
    if (mail.founder.email) {
      messages.push({
        ...outboxMessage(founderKind, mail.founder.email.trim(), founderMail(mail, kind, config), config.founders),
        ...(calendar ? { calendar } : {}),
        memberId: null,
      })
    }
    return messages
  }
}

/**
 * The e-mail to a member who declared a conflict on the application after its session was booked
 * (ADR 0172): the session's METHOD:CANCEL for them alone (same UID, the raised SEQUENCE), so the event
 * leaves their calendar. Only the reference: the rest of the application is no longer theirs to see,
 * nor is the workspace's page of it. The others on the panel and the founder get nothing: their event
 * has not changed.
 */
export function composeLeaveMail(config: PanelMailConfig): ComposeLeave {
  return (mail) => {
    const member = mail.leaving
    const when = formatWeekdayDateTime(mail.session.startsAt)
    const subject = headerSafe(`Ya no participas en la sesión con el panel (${mail.reference})`)
    const lines = [
      `Quedó registrado tu conflicto de interés con la postulación ${mail.reference}: ya no participas en su sesión con el panel del ${when} (hora de Bogotá).`,
      'La invitación se retira de tu calendario con este correo.',
    ]
    const text = `Hola, ${oneLine(member.name)}:\n\n${lines.join('\n')}\n\n${PROGRAMME_NAME}\n`
    const html = htmlDocument(subject, `<p>Hola, ${escapeHtml(oneLine(member.name))}:</p>\n<p>${lines.map(escapeHtml).join('<br>')}</p>`)
    return [
      {
        ...outboxMessage('team_panel_invitation', member.email, { subject, text, html }, config.founders),
        calendar: panelCalendar(mail, config.founders.from, member),
        memberId: member.id,
      },
    ]
  }
}
