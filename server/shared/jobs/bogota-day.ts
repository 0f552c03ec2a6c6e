/** The programme's calendar: Bogotá, UTC−5 all year (Colombia has no daylight saving time). */
const OFFSET_MS = 5 * 60 * 60 * 1000

export interface BogotaMoment {
  /** YYYY-MM-DD in Bogotá: the reminder's day. */
  day: string
  hour: number
  /** 0 Sunday … 6 Saturday. */
  weekday: number
}

export function bogotaMoment(at: Date): BogotaMoment {
  const local = new Date(at.getTime() - OFFSET_MS)
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours(), weekday: local.getUTCDay() }
}

export const isWeekend = (m: BogotaMoment) => m.weekday === 0 || m.weekday === 6
