/**
 * The panel session on the founder's status page: the offered
 * times to come in Bogotá time with their weekday, each free one with one
 * button (a POST form, no JavaScript) that books it; "Ninguno me sirve" with
 * a short note; the booked session with its reschedule (back to the free
 * offered times) and cancellation until the cut-off, at the panel stage only;
 * past it, a session the team kept is shown without them, and one in the past
 * reads «Realizada» (ADR 0185). Every value is escaped; times through the one
 * es-CO formatter.
 *
 * The page lists the times the e-mail of times listed: the offer holds only
 * times free when it was saved, and one a panel member's other booking took
 * since stays in the list, marked as no longer available, so the founder never
 * looks in vain for a time the e-mail gave them.
 */
import { requestKeyInput } from '../../shared/http/request-key-field.ts'
import { formatDateTime, formatWeekdayDateTime, sentence } from '../../../domain/format.ts'
import { NONE_FITS_NOTE_MAX, PANEL_MESSAGES, PANEL_PLACE_LABELS, beforeCutoff, founderDayNote, overlaps, sessionMinutes } from '../../../domain/panel-sessions.ts'
import { escapeHtml as e } from '../../shared/mail/templates.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import { HELD_LABEL, heldText, sessionTense } from '../../../domain/stage-confirmation.ts'
import type { PanelStore, PanelOffer, PanelSession } from '../../db/stores/panel-store.ts'

/** The `?hecho=` values of the panel's actions, and what the page says after each. */
export const PANEL_DONE = {
  'sesion-reservada': 'Reservamos tu sesión con el panel. Te enviamos la invitación para tu calendario por correo.',
  'sesion-cambiada': 'Cambiamos la hora de tu sesión. Te enviamos la invitación actualizada por correo.',
  'sesion-cancelada': 'Cancelamos tu sesión con el panel. Si aún hay horarios disponibles, puedes elegir otro aquí.',
  ninguno: 'Le avisamos al equipo que ningún horario te sirve. Te escribiremos con otras opciones.',
} as const
export type PanelDone = keyof typeof PANEL_DONE

export const panelNotice = (done: string | undefined): string | null => (done && done in PANEL_DONE ? PANEL_DONE[done as PanelDone] : null)

export interface PanelView {
  offer: PanelOffer | null
  session: PanelSession | null
  /** The offered times no panel member is booked at elsewhere, future only. */
  free: { id: string; startsAt: Date; endsAt: Date }[]
  /** The offered times to come that a panel member's other booking took after the offer: listed, not bookable. */
  taken: { id: string; startsAt: Date; endsAt: Date }[]
}

/** The stages before the panel's: no offer nor session can exist yet, and nothing is asked of the store. */
const BEFORE_PANEL: readonly Stage[] = ['recibida', 'validacion_preliminar']

/**
 * What the section shows, read only as far as the stage needs it: nothing before the panel stage (null);
 * at it, the offer, the session and, when the offer has times to come, the panel's other sessions; past
 * it, the session alone (only a booked one is shown).
 */
export async function panelView(panel: PanelStore, applicationId: string, stage: Stage, now: Date): Promise<PanelView | null> {
  if (BEFORE_PANEL.includes(stage)) return null
  const inStage = stage === 'sesion_panel'
  const [offer, session] = await Promise.all([inStage ? panel.offer(applicationId) : null, panel.session(applicationId)])
  const coming = (offer?.times ?? []).filter((t) => t.startsAt.getTime() > now.getTime())
  const busy = offer && coming.length > 0 ? await panel.busy(offer.members.map((m) => m.id), now, applicationId) : []
  const isTaken = (t: { startsAt: Date; endsAt: Date }) => busy.some((b) => overlaps(b.startsAt, b.endsAt, t.startsAt, t.endsAt))
  return { offer, session, free: coming.filter((t) => !isTaken(t)), taken: coming.filter(isTaken) }
}

/** The team called it off (a member's id), not the founder. */
const cancelledByTeam = (session: PanelSession) => session.changedBy !== null && session.changedBy !== 'founder'

/**
 * What «Qué sigue» says at the panel stage, by where the session stands: no times offered yet, times
 * offered, a session booked, the team's cancellation (new times to come).
 */
export function panelNext(view: PanelView, now: Date): string {
  const { offer, session } = view
  if (session?.status === 'booked' && sessionTense(session, now) !== 'ahead') {
    return sentence(
      `Tu sesión 1:1 con el panel de expertos fue el ${formatWeekdayDateTime(session.startsAt)} (hora de Bogotá). El equipo evalúa tu postulación y te escribiremos con el resultado`,
    )
  }
  if (session?.status === 'booked') {
    return sentence(
      `Tu sesión 1:1 con el panel de expertos está reservada para el ${formatWeekdayDateTime(session.startsAt)} (hora de Bogotá). Después de la sesión, el equipo evalúa tu postulación y te escribiremos con el resultado`,
    )
  }
  if (offer) return 'Elige abajo el horario de tu sesión 1:1 con el panel de expertos, con un clic. Si ninguno te sirve, dínoslo desde esta página.'
  if (session?.status === 'cancelled' && cancelledByTeam(session)) {
    return 'Cancelamos tu sesión con el panel de expertos. Te enviaremos nuevos horarios por correo; luego eliges uno aquí, con un clic.'
  }
  return 'Te enviaremos por correo los horarios para tu sesión 1:1 con el panel de expertos; luego eliges uno aquí, con un clic.'
}

const when = (startsAt: Date) => `${formatWeekdayDateTime(startsAt)} (hora de Bogotá)`

/** An offered time as the founder reads it, here and in the e-mail of times: its weekday, length and a holiday. */
const timeText = (t: { startsAt: Date; endsAt: Date }) => {
  const note = founderDayNote(t.startsAt)
  return `${when(t.startsAt)}, ${sessionMinutes(t)} minutos${note ? `, ${note}` : ''}`
}

/** What a time a panel member's other booking took after the offer says, in place of its button. */
export const TIME_NO_LONGER_FREE = 'Ya no está disponible: alguien del panel tiene otra sesión a esa hora.'

function timeForms(base: string, action: 'reservar' | 'cambiar', times: PanelView['free'], except: Date | null, label: string, taken: PanelView['taken'] = []): string {
  const items = [...times.map((t) => ({ t, free: true })), ...taken.map((t) => ({ t, free: false }))]
    .filter(({ t }) => except === null || t.startsAt.getTime() !== except.getTime())
    .sort((a, b) => a.t.startsAt.getTime() - b.t.startsAt.getTime())
    .map(({ t, free }) =>
      free
        ? `<li><form method="post" action="${e(base)}/sesion/${action}"><input type="hidden" name="time" value="${e(t.id)}">${requestKeyInput()}
<span>${e(timeText(t))}</span> <button type="submit" class="primary">${e(label)}</button></form></li>`
        : `<li class="unavailable"><span>${e(timeText(t))}</span>
<span class="muted">${e(TIME_NO_LONGER_FREE)}</span></li>`,
    )
  return items.length > 0 ? `<ul class="times">\n${items.join('\n')}\n</ul>` : ''
}

/** The section's HTML, or null when the application is not at the panel stage and has no session. */
export function panelSectionHtml(base: string, view: PanelView, options: { inStage: boolean; now: Date; cutoffHours: number }): string | null {
  const { offer, session, free, taken } = view
  const booked = session?.status === 'booked' ? session : null
  if (!options.inStage && !booked) return null
  const place = (s: { placeKind: 'video' | 'address'; place: string }) =>
    s.placeKind === 'video'
      ? `<dt>${e(PANEL_PLACE_LABELS.video)}</dt><dd><a href="${e(s.place)}" rel="noopener noreferrer">${e(s.place)}</a></dd>`
      : `<dt>${e(PANEL_PLACE_LABELS.address)}</dt><dd>${e(s.place)}</dd>`
  if (booked) {
    const tense = sessionTense(booked, options.now)
    const card = `<h2>Tu sesión con el panel</h2>
<div class="card"><dl>
<dt>Fecha y hora</dt><dd>${e(when(booked.startsAt))}${founderDayNote(booked.startsAt) ? `, ${e(founderDayNote(booked.startsAt)!)}` : ''}</dd>
<dt>Duración</dt><dd>${sessionMinutes(booked)} minutos</dd>
${tense === 'ahead' ? place(booked) : `<dt>Estado</dt><dd>${tense === 'held' ? HELD_LABEL : 'En curso'}</dd>`}
</dl></div>`
    // Past, it is shown as held (ADR 0185): nothing to change or cancel.
    if (tense === 'held') return `${card}\n<p class="muted">${e(heldText(booked.startsAt))}</p>`
    if (tense === 'under_way') return card
    // Past the panel stage, a session still ahead was kept on purpose by the team: the founder's page only shows it.
    if (!options.inStage) {
      return `${card}
<p class="muted">Tu postulación avanzó de etapa y la sesión sigue en pie. Si necesitas cambiarla o cancelarla, escríbenos.</p>`
    }
    const changeable = beforeCutoff(booked.startsAt, options.now, options.cutoffHours)
    const others = changeable ? timeForms(base, 'cambiar', free, booked.startsAt, 'Cambiar a este horario') : ''
    return `${card}
${
  changeable
    ? `${others ? `<h3>Cambiar de horario</h3>\n${others}` : ''}
<form method="get" action="${e(base)}/sesion/cancelar"><button type="submit" class="danger">Cancelar mi sesión</button></form>
<p class="muted">Puedes cambiarla o cancelarla hasta ${options.cutoffHours} horas antes.</p>`
    : `<p class="muted">${e(PANEL_MESSAGES.pastCutoff(options.cutoffHours))}</p>`
}`
  }
  const teamCancelled = session?.status === 'cancelled' && cancelledByTeam(session) ? session : null
  if (!offer) {
    if (!teamCancelled) return null
    return `<h2>Tu sesión con el panel</h2>
<div class="card">
<p style="margin-top:0">${e(sentence(`Cancelamos tu sesión del ${formatWeekdayDateTime(teamCancelled.startsAt)} (hora de Bogotá)`))}</p>
${teamCancelled.cancelReason ? `<p>Motivo: ${e(teamCancelled.cancelReason)}</p>` : ''}
<p style="margin-bottom:0">Los horarios que te ofrecimos ya no están disponibles.</p>
</div>`
  }
  const list = timeForms(base, 'reservar', free, null, 'Reservar', taken)
  const earlier =
    session?.status === 'cancelled'
      ? teamCancelled
        ? `<p class="muted">${e(sentence(`Cancelamos tu sesión anterior, del ${formatWeekdayDateTime(teamCancelled.startsAt)}`))} Estos son los nuevos horarios.</p>`
        : '<p class="muted">Tu sesión anterior quedó cancelada.</p>'
      : ''
  return `<h2>Elige el horario de tu sesión con el panel</h2>
${earlier}
<p>Sesión 1:1 con el panel de expertos, ${offer.lengthMinutes} minutos. ${offer.placeKind === 'video' ? 'Por videollamada.' : `En ${e(offer.place)}.`} Elige uno de estos horarios; te enviaremos la invitación para tu calendario.</p>
${list}
${free.length === 0 ? '<p class="status">Ya no quedan horarios disponibles. Cuéntanos abajo qué días te sirven.</p>' : ''}
<h3>Ninguno me sirve</h3>
${offer.noneFits ? `<p class="muted">${e(sentence(`Ya le avisamos al equipo el ${formatDateTime(offer.noneFits.at)}`))} Puedes escribirle de nuevo.</p>` : ''}
<form method="post" action="${e(base)}/sesion/ninguno">${requestKeyInput()}
<label for="nota">Cuéntanos qué días y horas te sirven (opcional)</label>
<textarea id="nota" name="nota" maxlength="${NONE_FITS_NOTE_MAX}" rows="3"></textarea>
<button type="submit">Ninguno me sirve</button>
</form>`
}

/** The page's own styles for the section (times as a list of forms, the note's box). */
export const PANEL_CSS = `
ul.times{list-style:none;padding:0;margin:0 0 1rem}
ul.times li{background:#fff;border:1px solid var(--ink-200);border-radius:.75rem;padding:.5rem 1rem;margin:0 0 .5rem}
ul.times form{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;margin:0}
ul.times li.unavailable{background:var(--ink-50)}
ul.times li.unavailable span{display:block}
textarea{font:inherit;width:100%;padding:.6rem .75rem;border:2px solid var(--ink-600);border-radius:.5rem;margin:0 0 .75rem}
h3{font-size:1rem;margin:1.25rem 0 .5rem}
`
