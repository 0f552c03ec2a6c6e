/**
 * Numbers, money, dates and plurals as a Colombian reads them: es-CO, Bogotá time. The one formatter of
 * the workspace, the founder's pages and the e-mails (ADR 0144); nothing else formats by hand.
 *
 * Dates are composed here from numeric parts (Intl gives the Bogotá wall clock, this file the words), so
 * the browser, Node and Deno write the same text whatever their ICU version: "25 de noviembre de 2026,
 * 8:26 p. m.". The hour and "p. m." are held together by no-break spaces, as are a figure and its "%"
 * or currency, so a line never breaks inside them.
 */

export const LOCALE = 'es-CO'
export const TIME_ZONE = 'America/Bogota'
/** What an empty value reads as in a table or a sentence. */
export const EMPTY = '—'

/** Under a table wider than the screen, while columns are hidden: the workspace's and the founder's pages say the same. */
export const SCROLL_HINT = 'Desliza para ver más →'

const NBSP = '\u00a0'

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`
  let format = numberFormats.get(key)
  if (!format) {
    // es-CO groups thousands with "." from four digits on ("1.234") and writes decimals with ",".
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: true })
    numberFormats.set(key, format)
  }
  return format
}

export interface NumberOptions {
  /** Exactly this many decimals ("4,0"); overrides maxDecimals. */
  decimals?: number
  /** At most this many decimals, trailing zeros dropped ("7,5", "8"); 0 by default. */
  maxDecimals?: number
}

/** 1234.5 → "1.234,5"; NaN and ±Infinity read as "—". */
export function formatNumber(value: number, { decimals, maxDecimals = 0 }: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return EMPTY
  const text = decimals === undefined ? numberFormat(0, maxDecimals).format(value) : numberFormat(decimals, decimals).format(value)
  // A value that rounds to zero reads "0", never "-0".
  return text.replace(/^-(?=0(?:,0*)?$)/, '')
}

const plainFormats = new Map<number, Intl.NumberFormat>()

/**
 * A number for a data file a Colombian spreadsheet reads (the exports' CSV): a decimal comma, no
 * thousands separator (a grouped "1.234" is a thousand to a Colombian Excel and one to any other), at most
 * `maxDecimals` decimals, a plain hyphen-minus: 85000.5 → "85000,5", 1500000000 → "1500000000".
 */
export function formatDataNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return ''
  let format = plainFormats.get(maxDecimals)
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: maxDecimals, useGrouping: false })
    plainFormats.set(maxDecimals, format)
  }
  return format.format(value).replace(/^-(?=0(?:,0*)?$)/, '').replace('\u2212', '-')
}

/** A count: 12345 → "12.345". */
export function formatCount(value: number): string {
  return formatNumber(value)
}

/** A score on the 1–5 scale, always one decimal: 4 → "4,0"; null → "—". */
export function formatScore(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY : formatNumber(value, { decimals: 1 })
}

/** A signed figure with a real minus sign: 0.53 → "+0,53", -1.2 → "−1,20" (normalised scores). */
export function formatSigned(value: number, decimals = 2): string {
  const text = formatNumber(Math.abs(value), { decimals })
  if (/^0(?:,0*)?$/.test(text)) return text
  return `${value > 0 ? '+' : '−'}${text}`
}

/** Percentage points (not a share): 7.5 → "7,5 %", 10 → "10 %". */
export function formatPercent(value: number, maxDecimals = 2): string {
  return `${formatNumber(value, { maxDecimals })}${NBSP}%`
}

/**
 * A share in 0..1 as a percentage: 0.875 → "88 %"; null → "—". A part is never written as none or as all:
 * a share that would round to 0 % or to 100 % gets one decimal more (0.004 → "0,4 %", 0.996 → "99,6 %"),
 * and one still too small or too close to the whole reads "< 0,1 %" or "> 99,9 %".
 */
export function formatShare(share: number | null | undefined, maxDecimals = 0): string {
  if (share === null || share === undefined) return EMPTY
  const percent = share * 100
  const rounded = (decimals: number) => Math.round(percent * 10 ** decimals) / 10 ** decimals
  const misleading = (decimals: number) => (percent > 0 && rounded(decimals) === 0) || (percent < 100 && rounded(decimals) === 100)
  if (!misleading(maxDecimals)) return formatPercent(percent, maxDecimals)
  const finer = maxDecimals + 1
  if (!misleading(finer)) return formatPercent(percent, finer)
  const step = 10 ** -finer
  return percent < 50 ? `<${NBSP}${formatPercent(step, finer)}` : `>${NBSP}${formatPercent(100 - step, finer)}`
}

export type Currency = 'COP' | 'USD'
const CURRENCY_SYMBOL: Record<Currency, string> = { COP: '$', USD: 'US$' }

/**
 * An amount as Colombians write it: 85000 USD → "US$ 85.000", 1500000 COP → "$ 1.500.000". Whole
 * amounts carry no decimals; others two ("US$ 1.234,50"). Pesos never show decimals.
 */
export function formatMoney(amount: number, currency: Currency): string {
  if (!Number.isFinite(amount)) return EMPTY
  const whole = currency === 'COP' || Number.isInteger(amount)
  const figure = formatNumber(whole ? Math.round(amount) : amount, { decimals: whole ? 0 : 2 })
  return `${amount < 0 ? '-' : ''}${CURRENCY_SYMBOL[currency]}${NBSP}${figure.replace(/^-/, '')}`
}

/**
 * A number as the form stores it ("85000", "7.5", or "7,5" as a Colombian may type it), or undefined
 * when the text is not a plain number (then show the text as it is: never turn it into another number).
 */
export function numberFromText(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^-?\d+(?:[.,]\d+)?$/.test(trimmed)) return undefined
  const value = Number(trimmed.replace(',', '.'))
  return Number.isFinite(value) ? value : undefined
}

/** File sizes: 2_500_000 → "2,4 MB", 300 → "1 KB". */
export function formatBytes(bytes: number): string {
  return bytes >= 1_048_576
    ? `${formatNumber(bytes / 1_048_576, { decimals: 1 })}${NBSP}MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))}${NBSP}KB`
}

// ---------------------------------------------------------------------------
// Dates and times, always on Bogotá's clock
// ---------------------------------------------------------------------------

export type DateInput = Date | string | number

const BOGOTA_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

export interface BogotaClock {
  year: number
  /** 1–12 */
  month: number
  day: number
  /** 0–23 */
  hour: number
  minute: number
}

function toDate(input: DateInput): Date | undefined {
  const date = input instanceof Date ? input : new Date(input)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** The wall clock in Bogotá at an instant, whatever the machine's own time zone. */
export function bogotaClock(input: DateInput): BogotaClock | undefined {
  const date = toDate(input)
  if (!date) return undefined
  const parts: Record<string, number> = {}
  for (const part of BOGOTA_PARTS.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  }
}

const dayText = (c: BogotaClock) => `${c.day} de ${MONTHS[c.month - 1]!} de ${c.year}`

function timeText(c: BogotaClock): string {
  const hour12 = c.hour % 12 === 0 ? 12 : c.hour % 12
  return `${hour12}:${String(c.minute).padStart(2, '0')}${NBSP}${c.hour < 12 ? 'a.' : 'p.'}${NBSP}m.`
}

/** "25 de noviembre de 2026" (Bogotá's calendar day); null, undefined and invalid dates read "—". */
export function formatDate(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  return clock ? dayText(clock) : EMPTY
}

/** "8:26 p. m." (Bogotá time). */
export function formatTime(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  return clock ? timeText(clock) : EMPTY
}

/** "25 de noviembre de 2026, 8:26 p. m." (Bogotá time). */
export function formatDateTime(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  return clock ? `${dayText(clock)}, ${timeText(clock)}` : EMPTY
}

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const

/** The weekday of a Bogotá calendar day (0 Sunday … 6 Saturday), from the clock's own date. */
const weekdayOf = (c: BogotaClock) => new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay()

/**
 * An appointment, with its weekday: "martes 8 de diciembre de 2026, 4:00 p. m." (Bogotá time). For
 * the times people must turn up at (the panel session in every e-mail, page and screen that shows it), where
 * the weekday catches a holiday or a weekend; the other dates keep formatDateTime's shorter text.
 */
export function formatWeekdayDateTime(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  return clock ? `${WEEKDAYS[weekdayOf(clock)]!} ${dayText(clock)}, ${timeText(clock)}` : EMPTY
}

/** "25 de noviembre" (no year), for near dates in a sentence. */
export function formatDayMonth(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  return clock ? `${clock.day} de ${MONTHS[clock.month - 1]!}` : EMPTY
}

/**
 * A calendar month written "AAAA-MM" (a follow-up's check-in) in words: "2027-03" → "marzo de
 * 2027"; anything else reads "—".
 */
export function formatMonth(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period)
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined
  return m && name ? `${name} de ${m[1]}` : EMPTY
}

/** "2026-11-25": Bogotá's calendar day as an ISO date (file names, CSV cells, inputs). */
export function formatIsoDay(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  return clock ? `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}` : ''
}

/**
 * "2026-11-25 14:30": Bogotá's wall clock as a spreadsheet reads a date and time in any locale (the exports'
 * CSV); null, undefined and invalid dates read "".
 */
export function formatIsoDateTime(input: DateInput | null | undefined): string {
  const clock = input === null || input === undefined ? undefined : bogotaClock(input)
  if (!clock) return ''
  const two = (n: number) => String(n).padStart(2, '0')
  return `${formatIsoDay(input)} ${two(clock.hour)}:${two(clock.minute)}`
}

/** The months in a chart's few letters (CLDR's Spanish abbreviations, without their period). */
const MONTHS_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'] as const

/**
 * A calendar month "AAAA-MM" where room is short (a chart's axis and its table): "2027-01" →
 * "ene 2027" (a no-break space: the year never leaves its month); `{ year: false }` → "ene". Anything
 * else reads "—".
 */
export function formatMonthShort(period: string, { year = true }: { year?: boolean } = {}): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period)
  const name = m ? MONTHS_SHORT[Number(m[2]) - 1] : undefined
  if (!m || !name) return EMPTY
  return year ? `${name}${NBSP}${m[1]}` : name
}

// ---------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------

/** The form of a word that agrees with a count: plural(1, 'postulación', 'postulaciones') → 'postulación'. */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many
}

/** A count with the words agreeing with it: countOf(3, 'postulación', 'postulaciones') → "3 postulaciones". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${plural(count, one, many)}`
}

/**
 * Days as a figure with one decimal: 1 → "1,0 día", 2.5 → "2,5 días"; null → "—". Spanish takes the
 * singular only for exactly one.
 */
export function formatDays(value: number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY
  return `${formatNumber(value, { decimals: 1 })} ${plural(value, 'día', 'días')}`
}

/**
 * Close a sentence with one period: a sentence that ends in an abbreviation ("8:26 p. m.") or a
 * question, exclamation or ellipsis keeps its own mark ("…p. m." never becomes "…p. m..").
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd()
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
