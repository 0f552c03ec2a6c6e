/**
 * Colombian business days (días hábiles), the unit of Ley 1581's terms:
 * Monday to Friday, less the national holidays — the fixed ones, those Ley 51
 * de 1983 moves to the following Monday, and those that follow Easter — all
 * in Bogotá's calendar (UTC−5 all year: Colombia has no daylight saving time).
 * Days the company closes for other reasons (a collective vacation) are not known here.
 */

const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** Midnight UTC of a calendar date: the arithmetic below works on these. */
const utcDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day)
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10)
const weekday = (t: number) => new Date(t).getUTCDay()

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
function easterSunday(year: number): number {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return utcDay(year, month, day)
}

/** The day itself if a Monday, else the next Monday (Ley 51 de 1983). */
const nextMonday = (t: number) => t + ((8 - weekday(t)) % 7) * DAY_MS

const cache = new Map<number, ReadonlySet<string>>()

/** The national holidays of a year, as YYYY-MM-DD. */
export function colombianHolidays(year: number): ReadonlySet<string> {
  let days = cache.get(year)
  if (days) return days
  const easter = easterSunday(year)
  const fixed = [
    [1, 1], // Año Nuevo
    [5, 1], // Día del Trabajo
    [7, 20], // Independencia
    [8, 7], // Batalla de Boyacá
    [12, 8], // Inmaculada Concepción
    [12, 25], // Navidad
  ].map(([m, d]) => utcDay(year, m!, d!))
  const moved = [
    [1, 6], // Reyes Magos
    [3, 19], // San José
    [6, 29], // San Pedro y San Pablo
    [8, 15], // Asunción
    [10, 12], // Día de la Raza
    [11, 1], // Todos los Santos
    [11, 11], // Independencia de Cartagena
  ].map(([m, d]) => nextMonday(utcDay(year, m!, d!)))
  const paschal = [
    -3, // Jueves Santo
    -2, // Viernes Santo
    43, // Ascensión (its Thursday, moved to Monday)
    64, // Corpus Christi (moved to Monday)
    71, // Sagrado Corazón (moved to Monday)
  ].map((offset) => easter + offset * DAY_MS)
  days = new Set([...fixed, ...moved, ...paschal].map(isoDay))
  cache.set(year, days)
  return days
}

/** Whether a Bogotá calendar date (YYYY-MM-DD) is a business day. */
export function isBusinessDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00.000Z`)
  const w = weekday(t)
  return w !== 0 && w !== 6 && !colombianHolidays(new Date(t).getUTCFullYear()).has(day)
}

/** The Bogotá calendar date (YYYY-MM-DD) of an instant. */
export function bogotaDay(at: Date): string {
  return isoDay(at.getTime() - BOGOTA_OFFSET_MS)
}

/**
 * The end (23:59:59.999 in Bogotá) of the `days`-th business day after the
 * one `from` falls on: a term counts from the day after the request arrives,
 * whatever hour or day it arrived.
 */
export function endOfBusinessDaysAfter(from: Date, days: number): Date {
  let t = Date.parse(`${bogotaDay(from)}T00:00:00.000Z`)
  for (let counted = 0; counted < days; ) {
    t += DAY_MS
    if (isBusinessDay(isoDay(t))) counted += 1
  }
  return new Date(t + DAY_MS - 1 + BOGOTA_OFFSET_MS)
}
