/**
 * The offer form's values and their checks, without React: the rows of
 * date + time inputs read on Bogotá's clock, each field's Spanish error (the
 * words of domain/panel-sessions.ts, the server's own), and the warnings
 * shown while typing (after the stage's due date, a holiday or a weekend, a
 * panel member busy). A time at which a chosen member is busy is refused on
 * sending, as the server refuses it (the founder could not book it).
 */
import { bogotaClock, formatIsoDay, formatTime, formatWeekdayDateTime, sentence } from '../../../../domain/format.ts'
import {
  DEFAULT_PANEL_LENGTH_MINUTES,
  PANEL_MEMBERS_MAX,
  PANEL_MEMBERS_MIN,
  PANEL_MESSAGES,
  PANEL_WARNINGS,
  dayOffWarning,
  overlaps,
  placeProblem,
  sessionEnd,
  type PanelPlaceKind,
} from '../../../../domain/panel-sessions.ts'
import type { PanelState, SaveOfferRequest } from '../../../../domain/workspace-api/panel.ts'

export interface TimeRow {
  /** Stable across edits (React key, ids of the row's inputs). */
  key: string
  /** The date input's value, "2026-12-01". */
  day: string
  /** The time input's value, "10:00". */
  time: string
}

export interface OfferValues {
  memberIds: string[]
  lengthMinutes: number
  placeKind: PanelPlaceKind
  place: string
  rows: TimeRow[]
}

export interface OfferErrors {
  members?: string
  length?: string
  place?: string
  /** By row key. */
  rows: Record<string, string>
}

/** A panel candidate as the form shows them: their other sessions, so nobody is booked twice. */
export interface Candidate {
  id: string
  name: string
  otherSessions: PanelState['members'][number]['otherSessions']
}

export const MISSING_TIME = 'Escribe la fecha y la hora.'

let rowCount = 0
export function newRow(day = '', time = ''): TimeRow {
  rowCount += 1
  return { key: `t${rowCount}`, day, time }
}

/**
 * The instant a date and a time typed in Bogotá mean, whatever the browser's own zone. Bogotá keeps
 * UTC−5 all year (no daylight saving since 1993); the round trip through the one formatter refuses a
 * day that does not exist ("2026-02-31"). Undefined when either input is not a valid value.
 */
export function bogotaInstant(day: string, time: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return undefined
  const instant = new Date(`${day}T${time}:00-05:00`)
  if (Number.isNaN(instant.getTime())) return undefined
  const clock = bogotaClock(instant)
  const typed = `${clock?.hour.toString().padStart(2, '0')}:${clock?.minute.toString().padStart(2, '0')}`
  return formatIsoDay(instant) === day && typed === time ? instant : undefined
}

/** The inputs' values for an instant: the day and "HH:MM" on Bogotá's clock. */
export function bogotaInputs(input: string | Date): { day: string; time: string } {
  const clock = bogotaClock(input)
  if (!clock) return { day: '', time: '' }
  return { day: formatIsoDay(input), time: `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}` }
}

/** The form's first values: the current offer's when there is one, else one empty row. */
export function initialValues(state: PanelState, memberIds: readonly string[]): OfferValues {
  const offer = state.offer
  return {
    memberIds: [...memberIds],
    lengthMinutes: offer?.lengthMinutes ?? DEFAULT_PANEL_LENGTH_MINUTES,
    placeKind: offer?.placeKind ?? 'video',
    place: offer?.place ?? '',
    rows: offer && offer.times.length > 0 ? offer.times.map((t) => {
      const { day, time } = bogotaInputs(t.startsAt)
      return newRow(day, time)
    }) : [newRow()],
  }
}

/** The warnings of one row as it stands (shown while typing, never a refusal). */
export function rowWarnings(
  row: TimeRow,
  values: Pick<OfferValues, 'memberIds' | 'lengthMinutes'>,
  stageDueAt: string | null,
  candidates: readonly Candidate[],
): string[] {
  const start = bogotaInstant(row.day, row.time)
  if (!start) return []
  const end = sessionEnd(start, values.lengthMinutes)
  const warnings: string[] = []
  if (stageDueAt && end.getTime() > new Date(stageDueAt).getTime()) warnings.push(PANEL_WARNINGS.afterDue)
  const dayOff = dayOffWarning(start)
  if (dayOff) warnings.push(dayOff)
  for (const member of candidates) {
    if (!values.memberIds.includes(member.id)) continue
    const busy = member.otherSessions.find((s) => overlaps(start, end, new Date(s.startsAt), new Date(s.endsAt)))
    if (busy) {
      warnings.push(sentence(`${member.name} ya tiene otra sesión (${busy.reference}) de ${formatTime(busy.startsAt)} a ${formatTime(busy.endsAt)}`))
    }
  }
  return warnings
}

export type OfferCheck = { ok: true; request: SaveOfferRequest } | { ok: false; errors: OfferErrors }

/** Whether a chosen member has another session over [start, start + length). */
const chosenBusy = (start: Date, values: Pick<OfferValues, 'memberIds' | 'lengthMinutes'>, candidates: readonly Candidate[]) =>
  candidates.some(
    (m) => values.memberIds.includes(m.id) && m.otherSessions.some((s) => overlaps(start, sessionEnd(start, values.lengthMinutes), new Date(s.startsAt), new Date(s.endsAt))),
  )

/** Every field's error, or the request to send. The server checks all of it again (and conflicts, and the sessions the reader may not see). */
export function checkOfferValues(values: OfferValues, now: Date, candidates: readonly Candidate[] = []): OfferCheck {
  const errors: OfferErrors = { rows: {} }
  const members = new Set(values.memberIds)
  if (members.size < PANEL_MEMBERS_MIN || members.size > PANEL_MEMBERS_MAX) errors.members = PANEL_MESSAGES.noMembers
  const place = placeProblem({ kind: values.placeKind, value: values.place })
  if (place) errors.place = place
  const starts: { key: string; start: Date }[] = []
  for (const row of values.rows) {
    if (row.day.trim() === '' || row.time.trim() === '') {
      errors.rows[row.key] = MISSING_TIME
      continue
    }
    const start = bogotaInstant(row.day, row.time)
    if (!start) errors.rows[row.key] = PANEL_MESSAGES.badTime
    else if (start.getTime() <= now.getTime()) errors.rows[row.key] = PANEL_MESSAGES.timeInPast
    else if (chosenBusy(start, values, candidates)) errors.rows[row.key] = PANEL_MESSAGES.memberBusyRow
    else starts.push({ key: row.key, start })
  }
  for (const a of starts) {
    const clash = starts.some(
      (b) => b !== a && overlaps(a.start, sessionEnd(a.start, values.lengthMinutes), b.start, sessionEnd(b.start, values.lengthMinutes)),
    )
    if (clash) errors.rows[a.key] = PANEL_MESSAGES.duplicateTime
  }
  if (errors.members || errors.place || errors.length || Object.keys(errors.rows).length > 0) return { ok: false, errors }
  return {
    ok: true,
    request: {
      memberIds: [...members],
      lengthMinutes: values.lengthMinutes as SaveOfferRequest['lengthMinutes'],
      place: { kind: values.placeKind, value: values.place.trim() },
      times: starts.map((s) => s.start.toISOString()),
    },
  }
}

/** "martes 1 de diciembre de 2026, 10:00 a. m. a 11:00 a. m.": a session's span in Bogotá time, with its weekday. */
export function formatSpan(startsAt: string, endsAt: string): string {
  return `${formatWeekdayDateTime(startsAt)} a ${formatTime(endsAt)}`
}
