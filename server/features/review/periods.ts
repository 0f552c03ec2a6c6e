/**
 * The overview's "this week" and "this month" in the programme's time zone,
 * America/Bogota: UTC−5 all year (Colombia has kept no daylight saving time
 * since 1993), so a fixed offset is exact. Weeks start on Monday, as in
 * Colombian calendars.
 */
const OFFSET_MS = -5 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** Midnight (Bogotá) starting the week and the month that contain `now`, as instants. */
export function bogotaPeriods(now: Date): { weekStart: Date; monthStart: Date } {
  const local = new Date(now.getTime() + OFFSET_MS)
  const y = local.getUTCFullYear()
  const m = local.getUTCMonth()
  const d = local.getUTCDate()
  const sinceMonday = (local.getUTCDay() + 6) % 7
  return {
    weekStart: new Date(Date.UTC(y, m, d) - sinceMonday * DAY_MS - OFFSET_MS),
    monthStart: new Date(Date.UTC(y, m, 1) - OFFSET_MS),
  }
}
