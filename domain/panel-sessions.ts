/**
 * The panel session of stage 2 (ADRs 0152-0156): the rules both
 * sides apply to an offer of times, a founder's booking and a change, and the
 * Spanish words of every refusal. Times are UTC instants everywhere (the
 * database, the wire, the iCalendar file); people read them in Bogotá time
 * through domain/format.ts (`formatDateTime`), the one es-CO formatter.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import { bogotaDay, colombianHolidays, isBusinessDay } from './business-days.ts'

/** How long a session may last, in minutes: the workspace offers these. */
export const PANEL_LENGTHS_MINUTES = [30, 45, 60, 90, 120] as const
export type PanelLengthMinutes = (typeof PANEL_LENGTHS_MINUTES)[number]
export const DEFAULT_PANEL_LENGTH_MINUTES: PanelLengthMinutes = 60

/** How many times an offer holds. */
export const PANEL_TIMES_MIN = 1
export const PANEL_TIMES_MAX = 8

/** How many people sit on a panel. */
export const PANEL_MEMBERS_MIN = 1
export const PANEL_MEMBERS_MAX = 8

/** A video-call link or a street address; each at most this long. */
export const PANEL_PLACE_KINDS = ['video', 'address'] as const
export type PanelPlaceKind = (typeof PANEL_PLACE_KINDS)[number]
export const PANEL_PLACE_MAX = 500

export const PANEL_PLACE_LABELS: Record<PanelPlaceKind, string> = {
  video: 'Videollamada',
  address: 'Dirección',
}

/** The founder's "Ninguno me sirve" note. */
export const NONE_FITS_NOTE_MAX = 500

/** A founder may change or cancel until this many hours before the session (PANEL_CHANGE_CUTOFF_HOURS). */
export const DEFAULT_PANEL_CHANGE_CUTOFF_HOURS = 24

/** A booked session, or one called off (then its invitation was withdrawn with METHOD:CANCEL). */
export const PANEL_SESSION_STATUSES = ['booked', 'cancelled'] as const
export type PanelSessionStatus = (typeof PANEL_SESSION_STATUSES)[number]

/** Who booked, moved or cancelled: the founder from their page, or a member of the team. */
export type PanelActor = { kind: 'founder' } | { kind: 'member'; memberId: string }

export const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** Spanish words of every refusal, for the workspace's errors and the founder's page. */
export const PANEL_MESSAGES = {
  notInStage: 'La postulación no está en la etapa de sesión con panel de expertos.',
  adminOnly: 'Solo un administrador puede ofrecer horarios, reprogramar o cancelar la sesión.',
  noTimes: `Ofrece entre ${PANEL_TIMES_MIN} y ${PANEL_TIMES_MAX} horarios.`,
  duplicateTime: 'Hay dos horarios iguales o que se cruzan.',
  timeInPast: 'Ese horario ya pasó. Elige uno en el futuro.',
  badTime: 'Uno de los horarios no es una fecha y hora válida.',
  badLength: 'Elige una duración de la lista.',
  noMembers: `Elige entre ${PANEL_MEMBERS_MIN} y ${PANEL_MEMBERS_MAX} personas para el panel.`,
  unknownMember: 'Una de las personas del panel no existe o ya no está activa.',
  memberConflict: 'Una de las personas del panel declaró un conflicto de interés con esta postulación.',
  badVideoLink: 'El enlace de la videollamada debe empezar por https://.',
  badAddress: 'Escribe la dirección de la sesión.',
  placeTooLong: `El lugar admite hasta ${PANEL_PLACE_MAX} caracteres.`,
  sessionBooked: 'Ya hay una sesión reservada: reprográmala o cancélala antes de cambiar los horarios.',
  noOffer: 'Todavía no hay horarios ofrecidos para esta postulación.',
  timeTaken: 'Ese horario ya no está disponible: alguien del panel lo reservó para otra sesión. Elige otro.',
  timeNotOffered: 'Ese horario no está entre los ofrecidos.',
  alreadyBooked: 'Ya reservaste una sesión. Puedes reprogramarla o cancelarla.',
  noSession: 'No hay una sesión reservada.',
  pastCutoff: (hours: number) =>
    `Faltan menos de ${hours} horas para la sesión: ya no se puede cambiar desde aquí. Escríbenos si necesitas ayuda.`,
  noteTooLong: `La nota admite hasta ${NONE_FITS_NOTE_MAX} caracteres.`,
  sameTime: 'La sesión ya está en ese horario.',
  /** The offer names a time at which a panel member already has another booked session: the founder could not book it. */
  offerTimeTaken: (whens: readonly string[]) =>
    whens.length === 1
      ? `Alguien del panel ya tiene otra sesión que se cruza con el horario del ${whens[0]}: quítalo o cambia el panel.`
      : `Alguien del panel ya tiene otra sesión que se cruza con los horarios del ${whens.join('; del ')}: quítalos o cambia el panel.`,
  /** A row of the offer form at which a chosen panel member is busy (the same rule, before sending). */
  memberBusyRow: 'Alguien del panel ya tiene otra sesión a esa hora: cambia el horario o el panel.',
  /** The founder's page after too many bookings, changes and cancellations, or «Ninguno me sirve», in a short time. */
  tooManyChanges: 'Hiciste muchos cambios en poco tiempo. Espera unos minutos y vuelve a intentarlo; si necesitas ayuda, escríbenos.',
} as const

/** A warning, not a refusal: the offer is saved all the same. */
export const PANEL_WARNINGS = {
  afterDue: 'Este horario queda después de la fecha límite de la etapa.',
  memberBusy: 'Alguien del panel ya tiene otra sesión que se cruza con este horario.',
  holiday: 'Este horario cae en un día festivo en Colombia.',
  weekend: 'Este horario cae en fin de semana.',
} as const

/**
 * A time on a Colombian holiday or a weekend, on Bogotá's calendar (domain/business-days.ts): a warning for
 * the team, never a refusal (a founder may prefer a Saturday). Null on a working day.
 */
export function dayOffWarning(startsAt: Date): string | null {
  const day = bogotaDay(startsAt)
  if (isBusinessDay(day)) return null
  return colombianHolidays(Number(day.slice(0, 4))).has(day) ? PANEL_WARNINGS.holiday : PANEL_WARNINGS.weekend
}

/**
 * What the founder reads beside an offered time on a holiday (the e-mail of times and the status page alike):
 * the weekday already says "sábado" or "domingo", but not that a Tuesday is a holiday.
 */
export const FOUNDER_HOLIDAY_NOTE = 'día festivo en Colombia'

/** The founder's words for a time: null, or the holiday note. */
export const founderDayNote = (startsAt: Date): string | null => (dayOffWarning(startsAt) === PANEL_WARNINGS.holiday ? FOUNDER_HOLIDAY_NOTE : null)

export interface PanelPlace {
  kind: PanelPlaceKind
  value: string
}

/** A video-call link must be an https URL; an address any non-empty text. Null when fine, else the message. */
export function placeProblem(place: PanelPlace): string | null {
  const value = place.value.trim()
  if (value.length > PANEL_PLACE_MAX) return PANEL_MESSAGES.placeTooLong
  if (place.kind === 'address') return value === '' ? PANEL_MESSAGES.badAddress : null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' ? null : PANEL_MESSAGES.badVideoLink
  } catch {
    return PANEL_MESSAGES.badVideoLink
  }
}

export const sessionEnd = (startsAt: Date, lengthMinutes: number): Date => new Date(startsAt.getTime() + lengthMinutes * MINUTE_MS)

/** A session's (or an offered time's) length in whole minutes: the one reading of `sessionEnd`. */
export const sessionMinutes = (s: { startsAt: Date; endsAt: Date }): number => Math.round((s.endsAt.getTime() - s.startsAt.getTime()) / MINUTE_MS)

/** Whether [aStart, aEnd) and [bStart, bEnd) share an instant. */
export const overlaps = (aStart: Date, aEnd: Date, bStart: Date, bEnd: Date): boolean =>
  aStart.getTime() < bEnd.getTime() && bStart.getTime() < aEnd.getTime()

export interface OfferDraft {
  memberIds: readonly string[]
  lengthMinutes: number
  place: PanelPlace
  /** ISO instants (the wire) or Dates. */
  times: readonly (string | Date)[]
}

export type OfferCheck =
  | { ok: true; times: Date[]; warnings: { startsAt: Date; message: string }[] }
  | { ok: false; message: string }

/**
 * The checks of an offer that need nothing from the database: the counts, the
 * length, the place, times valid, in the future, not overlapping each other,
 * and the warnings for a time ending after the stage's due date or falling on
 * a holiday or a weekend. The server adds the members' existence, conflicts
 * and other sessions.
 */
export function checkOffer(draft: OfferDraft, now: Date, stageDueAt: Date | null): OfferCheck {
  const memberIds = new Set(draft.memberIds)
  if (memberIds.size < PANEL_MEMBERS_MIN || memberIds.size > PANEL_MEMBERS_MAX) return { ok: false, message: PANEL_MESSAGES.noMembers }
  if (!(PANEL_LENGTHS_MINUTES as readonly number[]).includes(draft.lengthMinutes)) return { ok: false, message: PANEL_MESSAGES.badLength }
  const place = placeProblem(draft.place)
  if (place) return { ok: false, message: place }
  if (draft.times.length < PANEL_TIMES_MIN || draft.times.length > PANEL_TIMES_MAX) return { ok: false, message: PANEL_MESSAGES.noTimes }
  const times = draft.times.map((t) => (t instanceof Date ? t : new Date(t)))
  if (times.some((t) => Number.isNaN(t.getTime()))) return { ok: false, message: PANEL_MESSAGES.badTime }
  if (times.some((t) => t.getTime() <= now.getTime())) return { ok: false, message: PANEL_MESSAGES.timeInPast }
  times.sort((a, b) => a.getTime() - b.getTime())
  for (let i = 1; i < times.length; i++) {
    if (overlaps(times[i - 1]!, sessionEnd(times[i - 1]!, draft.lengthMinutes), times[i]!, sessionEnd(times[i]!, draft.lengthMinutes))) {
      return { ok: false, message: PANEL_MESSAGES.duplicateTime }
    }
  }
  const warnings = times.flatMap((startsAt) => {
    const dayOff = dayOffWarning(startsAt)
    return [
      ...(stageDueAt !== null && sessionEnd(startsAt, draft.lengthMinutes).getTime() > stageDueAt.getTime() ? [{ startsAt, message: PANEL_WARNINGS.afterDue }] : []),
      ...(dayOff ? [{ startsAt, message: dayOff }] : []),
    ]
  })
  return { ok: true, times, warnings }
}

/** Whether a founder may still move or cancel a session starting at `startsAt`. */
export function beforeCutoff(startsAt: Date, now: Date, cutoffHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= cutoffHours * HOUR_MS
}
