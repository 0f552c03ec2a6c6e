/**
 * The deal recorded when an application is marked "Acuerdo firmado" (issue
 * 20), and the rate card (tarifario) it is frozen against: the rules, the
 * readings of what an admin types, and the Spanish messages. Pure, no
 * imports but the domain's own: the browser and the server share it.
 *
 * Money is held in integers, never floats (ADR 0157): pesos (COP) in whole
 * pesos, dollars (USD) in cents; percentages in hundredths of a point
 * ("4,5 %" is 450). Dates of the deal are Bogotá calendar days, "AAAA-MM-DD".
 */
import { isCalendarDay } from './bogota-days.ts'
import { formatDate, formatMoney, formatNumber, formatPercent } from './format.ts'
import { keysOf } from './labels.ts'
import { readAmount, readCount, readDecimal, type NumberReading } from './numbers.ts'

export const INSTRUMENTS = ['acciones', 'nota_convertible'] as const
export type Instrument = (typeof INSTRUMENTS)[number]
export const INSTRUMENT_LABELS: Record<Instrument, string> = { acciones: 'Acciones', nota_convertible: 'Nota convertible' }

/** The exposure window: 6 to 12 months (the landing's promise). */
export const WINDOW_MONTHS_MIN = 6
export const WINDOW_MONTHS_MAX = 12
/** The follow-up lasts 12 months from its start. */
export const FOLLOW_UP_MONTHS = 12

/** Upper bounds that keep every amount a safe integer with room to add (a portfolio's sum). */
export const COP_MAX = 10_000_000_000_000 // 10 billones de pesos
export const USD_CENTS_MAX = 1_000_000_000_000 // US$ 10.000 millones

/** Hundredths of a percentage point: 100 % is 10 000. */
export const PERCENT_MAX_BP = 10_000

/** What the deal holds, as stored. */
export interface DealTerms {
  /** The equity, in hundredths of a percentage point (4,5 % → 450). */
  equityBp: number
  instrument: Instrument
  /** The convertible note's discount, in hundredths of a point; null for shares. */
  discountBp: number | null
  /** The reference valuation, in US cents. */
  valuationUsdCents: number
  /** The media committed at rate card, in whole pesos. */
  mediaValueCop: number
  /** The investment value agreed for that media, in whole pesos. */
  investmentValueCop: number
  /** The exposure window's first day (Bogotá), "AAAA-MM-DD". */
  windowStart: string
  windowMonths: number
  /** The 12-month follow-up's first day, "AAAA-MM-DD"; by default the signature's day. */
  followUpStart: string
  /** The rate card version the deal was signed with; null when none was published yet. */
  rateCardVersionId: string | null
}

/** The deal as the admin types it (the signature's dialog, the correction): numbers as text. */
export interface DealInput {
  /** The admin confirmed a follow-up start before today (pastFollowUpStartProblem). */
  confirmPastFollowUpStart?: boolean
  equityPercent: string
  instrument: Instrument
  discountPercent?: string | null
  valuationUsd: string
  mediaValueCop: string
  investmentValueCop: string
  windowStart: string
  windowMonths: number
  followUpStart: string
  rateCardVersionId: string | null
}

export type DealField = keyof DealInput

export type DealReading = { ok: true; terms: DealTerms } | { ok: false; errors: Partial<Record<DealField, string>> }

/**
 * The last day of a period of `months` starting on `start`: 2027-01-15 and
 * 6 months → 2027-07-14. A start on the 31st ends the day before the same
 * day of the end month, clamped to that month (2027-08-31 + 6 → 2028-02-29).
 */
export function periodEnd(start: string, months: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(start)
  if (!m) return start
  const y = Number(m[1])
  const mo = Number(m[2]) - 1 + months
  const d = Number(m[3])
  const endMonthLength = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate()
  const next = new Date(Date.UTC(y, mo, Math.min(d, endMonthLength)))
  next.setUTCDate(next.getUTCDate() - (d > endMonthLength ? 0 : 1))
  return next.toISOString().slice(0, 10)
}

/** "4.5" (a canonical reading) → 450: hundredths, by the digits, never through a float (US cents too). */
export function hundredths(canonical: string): number {
  const [whole = '0', decimals = ''] = canonical.split('.')
  return Number(whole) * 100 + Number((decimals + '00').slice(0, 2))
}

const AMBIGUOUS = (example: string) => `Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo ${example}.`

function readPercent(text: string | null | undefined, what: string, example: string, { allowZero }: { allowZero: boolean }): number | string {
  if (text === null || text === undefined || text.trim() === '') return `Escribe ${what}, por ejemplo ${example}.`
  if (/^\s*-/.test(text)) return `${capital(what)} no puede ser negativo.`
  const r = readDecimal(text.replace(/\s*%\s*$/, ''))
  if (!r.ok) return r.problem === 'ambiguous' ? AMBIGUOUS(example) : `Escribe ${what} como un número, por ejemplo ${example}.`
  const bp = hundredths(r.value)
  if (bp > PERCENT_MAX_BP || (!allowZero && bp === 0)) return `${capital(what)} debe ser ${allowZero ? 'de 0' : 'mayor que 0'} y como máximo 100 %.`
  return bp
}

function readMoney(text: string, what: string, example: string, currency: 'COP' | 'USD'): number | string {
  if (text.trim() === '') return `Escribe ${what}, por ejemplo ${example}.`
  if (/^\s*-/.test(text)) return `${capital(what)} no puede ser negativo.`
  const cleaned = text.trim().replace(/^(US)?\$\s*/i, '')
  // Pesos are whole (ADR 0157): "1.500.000" reads, "1.500.000,50" does not.
  const r: NumberReading = currency === 'COP' ? readCount(cleaned) : readAmount(cleaned)
  if (!r.ok) {
    const asAmount = readAmount(cleaned)
    if (currency === 'COP' && asAmount.ok && asAmount.value.includes('.')) return `${capital(what)} va en pesos enteros, sin centavos.`
    if (r.problem === 'ambiguous') return AMBIGUOUS(example)
    return `Escribe ${what} como un número, por ejemplo ${example}.`
  }
  const units = currency === 'COP' ? Number(r.value) : hundredths(r.value)
  if (units === 0) return `${capital(what)} debe ser mayor que 0.`
  if (units > (currency === 'COP' ? COP_MAX : USD_CENTS_MAX)) return `${capital(what)} es demasiado grande: revisa los ceros.`
  return units
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * Reads and checks a deal as the admin typed it. Every field is checked, so
 * the dialog can show each message beside its field; nothing is guessed.
 */
export function readDeal(input: DealInput): DealReading {
  const errors: Partial<Record<DealField, string>> = {}
  const equity = readPercent(input.equityPercent, 'el porcentaje de participación', '4,5', { allowZero: false })
  if (typeof equity === 'string') errors.equityPercent = equity
  if (!(INSTRUMENTS as readonly string[]).includes(input.instrument)) errors.instrument = 'Elige el instrumento: acciones o nota convertible.'
  let discount: number | string | null = null
  if (input.instrument === 'nota_convertible') {
    discount = readPercent(input.discountPercent, 'el descuento de la nota convertible', '20', { allowZero: true })
    if (typeof discount === 'string') errors.discountPercent = discount
  } else if (input.discountPercent !== null && input.discountPercent !== undefined && input.discountPercent.trim() !== '') {
    errors.discountPercent = 'El descuento solo aplica a una nota convertible.'
  }
  const valuation = readMoney(input.valuationUsd, 'la valoración de referencia en dólares', '1.500.000', 'USD')
  if (typeof valuation === 'string') errors.valuationUsd = valuation
  const media = readMoney(input.mediaValueCop, 'el valor de la pauta a tarifa', '1.500.000.000', 'COP')
  if (typeof media === 'string') errors.mediaValueCop = media
  const investment = readMoney(input.investmentValueCop, 'el valor de inversión acordado', '500.000.000', 'COP')
  if (typeof investment === 'string') errors.investmentValueCop = investment
  if (!isCalendarDay(input.windowStart)) errors.windowStart = 'Escribe la fecha de inicio de la ventana de exposición.'
  if (!Number.isInteger(input.windowMonths) || input.windowMonths < WINDOW_MONTHS_MIN || input.windowMonths > WINDOW_MONTHS_MAX) {
    errors.windowMonths = `La ventana de exposición dura de ${WINDOW_MONTHS_MIN} a ${WINDOW_MONTHS_MAX} meses.`
  }
  if (!isCalendarDay(input.followUpStart)) errors.followUpStart = 'Escribe la fecha de inicio del seguimiento.'
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    terms: {
      equityBp: equity as number,
      instrument: input.instrument,
      discountBp: input.instrument === 'nota_convertible' ? (discount as number) : null,
      valuationUsdCents: valuation as number,
      mediaValueCop: media as number,
      investmentValueCop: investment as number,
      windowStart: input.windowStart,
      windowMonths: input.windowMonths,
      followUpStart: input.followUpStart,
      rateCardVersionId: input.rateCardVersionId,
    },
  }
}

/**
 * A follow-up start before `today` (a Bogotá day) asks for the admin's confirmation: its months
 * before the deal are never asked on time, so they are not counted as unanswered, and a check-in may already
 * be open. Null when fine: today or later, confirmed, or the start the deal already had (`previous`, a correction).
 */
export function pastFollowUpStartProblem(input: Pick<DealInput, 'followUpStart' | 'confirmPastFollowUpStart'>, today: string, previous: string | null = null): string | null {
  const start = input.followUpStart
  if (!isCalendarDay(start) || start >= today || start === previous || input.confirmPastFollowUpStart === true) return null
  return `El seguimiento empezaría el ${formatDay(start)}, antes de hoy: ningún reporte de un mes que se abrió antes del acuerdo contará como sin respuesta; el que siga abierto se pide sin recordatorios. Marca la casilla si es así.`
}

/** A stored deal back as the dialog shows it (the correction starts from it). */
export function dealInputOf(terms: DealTerms): DealInput {
  const percent = (bp: number) => formatNumber(bp / 100, { maxDecimals: 2 }).replace(/\./g, '')
  return {
    equityPercent: percent(terms.equityBp),
    instrument: terms.instrument,
    discountPercent: terms.discountBp === null ? '' : percent(terms.discountBp),
    valuationUsd: formatNumber(terms.valuationUsdCents / 100, { maxDecimals: 2 }),
    mediaValueCop: formatNumber(terms.mediaValueCop),
    investmentValueCop: formatNumber(terms.investmentValueCop),
    windowStart: terms.windowStart,
    windowMonths: terms.windowMonths,
    followUpStart: terms.followUpStart,
    rateCardVersionId: terms.rateCardVersionId,
  }
}

/** The fields a correction changed (for the audit entry: names, never values). */
export function changedFields(before: DealTerms, after: DealTerms): (keyof DealTerms)[] {
  return (Object.keys(after) as (keyof DealTerms)[]).filter((k) => before[k] !== after[k])
}

export const formatCop = (pesos: number): string => formatMoney(pesos, 'COP')
export const formatUsdCents = (cents: number): string => formatMoney(cents / 100, 'USD')
export const formatBp = (bp: number): string => formatPercent(bp / 100)

/** The media value against the investment value: 1.500 M and 500 M → "3,0 : 1". */
export function mediaRate(mediaValueCop: number, investmentValueCop: number): string {
  if (investmentValueCop <= 0) return '—'
  return `${formatNumber(mediaValueCop / investmentValueCop, { decimals: 1 })} : 1`
}

/** The window's months in words: 6 → "6 meses". */
export const monthsText = (months: number): string => `${months} ${months === 1 ? 'mes' : 'meses'}`

/** A Bogotá calendar day in the workspace's words: "2027-01-15" → "15 ene 2027" (formatDate's style). */
export function formatDay(day: string): string {
  return isCalendarDay(day) ? formatDate(`${day}T12:00:00-05:00`) : day
}

/** Labels of a deal's fields, for the page, the audit and the founder's copy. */
export const DEAL_FIELD_LABELS: Record<keyof DealTerms, string> = {
  equityBp: 'Participación',
  instrument: 'Instrumento',
  discountBp: 'Descuento de la nota',
  valuationUsdCents: 'Valoración de referencia',
  mediaValueCop: 'Pauta a tarifa',
  investmentValueCop: 'Valor de inversión',
  windowStart: 'Inicio de la exposición',
  windowMonths: 'Duración de la exposición',
  followUpStart: 'Inicio del seguimiento',
  rateCardVersionId: 'Versión del tarifario',
}

// ---------------------------------------------------------------------------
// The rate card (tarifario)
// ---------------------------------------------------------------------------

export const OUTLET_LABELS = {
  diario_popular: 'Diario popular',
  medio_impreso_digital: 'Medio impreso y digital',
  tv_nacional: 'TV nacional',
  radio_regional: 'Radio regional',
  consultoria: 'Consultoría estratégica',
} satisfies Record<string, string>
export const OUTLETS = keysOf(OUTLET_LABELS)
export type Outlet = (typeof OUTLETS)[number]
/** The formats each outlet sells (suggestions in the form; the admin may write another). */
export const OUTLET_FORMATS: Record<Outlet, readonly string[]> = {
  diario_popular: ['¼ de página', '½ página', 'Página completa', 'Página completa a color'],
  medio_impreso_digital: ['Artículo', 'Banner, por mil impresiones', 'Newsletter'],
  tv_nacional: ['Spot 20" por franja', 'Spot 30" por franja'],
  radio_regional: ['Cuña 30" por región', 'Mención por región'],
  consultoria: ['Sesión de consultoría estratégica'],
}

export const RATE_FORMAT_MAX = 120
export const RATE_CARD_NOTE_MAX = 500
export const RATE_CARD_ITEMS_MAX = 200

export interface RateCardItem {
  outlet: Outlet
  format: string
  /** Whole pesos per unit (a spot, a page, a thousand impressions, a session). */
  unitPriceCop: number
}

/** A rate card line as the admin types it. */
export interface RateCardItemInput {
  outlet: Outlet
  format: string
  unitPriceCop: string
}

export type RateCardReading = { ok: true; items: RateCardItem[] } | { ok: false; message: string; errors: Record<number, string> }

/** Reads a version's lines: each with an outlet, a format and a price in whole pesos; no line twice. A draft may have none yet (publishing needs one). */
export function readRateCard(lines: readonly RateCardItemInput[]): RateCardReading {
  const errors: Record<number, string> = {}
  const items: RateCardItem[] = []
  const seen = new Set<string>()
  if (lines.length > RATE_CARD_ITEMS_MAX) return { ok: false, message: `Un tarifario tiene como máximo ${RATE_CARD_ITEMS_MAX} líneas.`, errors }
  lines.forEach((line, i) => {
    const format = line.format.trim()
    if (!(OUTLETS as readonly string[]).includes(line.outlet)) errors[i] = 'Elige el medio.'
    else if (format === '' || format.length > RATE_FORMAT_MAX) errors[i] = `Escribe el formato (hasta ${RATE_FORMAT_MAX} caracteres).`
    else {
      const price = readMoney(line.unitPriceCop, 'el precio unitario', '4.500.000', 'COP')
      const key = `${line.outlet}\u0000${format.toLowerCase()}`
      if (typeof price === 'string') errors[i] = price
      else if (seen.has(key)) errors[i] = 'Ese medio y formato ya están en otra línea.'
      else {
        seen.add(key)
        items.push({ outlet: line.outlet, format, unitPriceCop: price })
      }
    }
  })
  const bad = Object.keys(errors).length
  if (bad > 0) return { ok: false, message: bad === 1 ? 'Revisa la línea marcada del tarifario.' : `Revisa las ${bad} líneas marcadas del tarifario.`, errors }
  return { ok: true, items }
}

export const RATE_CARD_EMPTY = 'Todavía no hay tarifario. Los precios los define el programa: crea la primera versión con los medios y formatos que ofrece.'
export const RATE_CARD_PUBLISHED_REFUSAL = 'Esa versión del tarifario ya está publicada y no se edita: crea una versión nueva para cambiar precios.'
export const DEAL_NOT_SIGNING_REFUSAL = 'El acuerdo se registra al marcar la postulación como «Acuerdo firmado», desde «Due diligence».'
export const DEAL_REQUIRED_REFUSAL = 'Para marcar «Acuerdo firmado» registra el acuerdo: participación, valores y ventana de exposición.'
export const RATE_CARD_NOT_PUBLISHED = 'Elige una versión publicada del tarifario: un borrador todavía puede cambiar.'
export const DEAL_INVALID = 'Revisa el acuerdo: hay datos que no pudimos leer.'
export const DEAL_BULK_REFUSAL = '«Acuerdo firmado» se marca de a una postulación, con las cifras de su acuerdo: ábrela y usa «Mover a Acuerdo firmado».'
