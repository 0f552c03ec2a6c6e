/**
 * Bogotá calendar days written "AAAA-MM-DD" (a deal's window, the audit log's
 * filters): the one rule of what such a day is, and where it starts. Bogotá is
 * UTC−5 all year (Colombia has kept no daylight saving time since 1993), so a
 * fixed offset is exact.
 */

const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** A real calendar day "AAAA-MM-DD" (no 31 de febrero). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const t = Date.parse(`${text}T00:00:00.000Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text
}

/** Midnight in Bogotá starting the calendar day `day` plus `plusDays`, as an instant; null for a day the calendar does not have. */
export function bogotaDayStart(day: string, plusDays = 0): Date | null {
  if (!isCalendarDay(day)) return null
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + plusDays * DAY_MS + BOGOTA_OFFSET_MS)
}
