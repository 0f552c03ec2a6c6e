/**
 * The register of the stakes the programme holds (docs/decisions/0215-the-holdings-register.md): each
 * portfolio company's events (the issuance at signature, later rounds whether or not the programme joins,
 * conversions, top-ups of a fixed-percentage instrument, splits, secondary sales, write-downs and
 * write-offs), append-only (a correction voids an event), and what is computed from them: shares,
 * ownership, cost, fair value, MOIC, paid versus subscribed. Pure: the browser and the server share it.
 *
 * Exact arithmetic (ADR 0215, «The rounding rule»):
 * - shares are integers; a number of shares computed from money is rounded DOWN to the whole share (a
 *   fraction of a share is never issued, bought nor converted);
 * - money is in whole pesos (ADR 0157); a value computed from shares × price is rounded HALF-UP to the peso;
 * - a price per share is a decimal in pesos (decimal.js, never a binary float), kept to PRICE_DECIMALS
 *   places, rounded HALF-UP when computed (pre-money ÷ fully diluted shares, the note's conversion price);
 * - an ownership share is exact (a decimal fraction) and shown to two decimals of a point, half-up;
 *   a MOIC to two decimals, half-up.
 */
import Decimal from 'decimal.js'
import { isCalendarDay } from './bogota-days.ts'
import { formatDay, periodEnd } from './deals.ts'
import { formatCount, formatMoney } from './format.ts'
import { keysOf } from './labels.ts'
import { readCount } from './numbers.ts'
import {
  HOLDING_EVENT_LABELS,
  HOLDING_FILE_MAX_MB,
  MARK_METHODS,
  MARK_METHOD_LABELS,
  PAYMENT_REMINDER_DAYS,
  type HoldingEventKind,
  type MarkMethod,
  type PaymentReminder,
} from './holdings-records.ts'
export * from './holdings-records.ts'

/** One Decimal constructor for the register: 40 significant digits, half-up. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP })
export type Dec = InstanceType<typeof D>

export const PRICE_DECIMALS = 4
/** Ley 1258 de 2008 art. 9: the subscribed capital is paid within two years at most. */
export const PAYMENT_TERM_MONTHS_MAX = 24
/** A mark older than this, with no round since, is listed for review. */
export const STALE_MARK_MONTHS = 12
/** Impairment review: runway under this many months, or this many reports missed. */
export const IMPAIRMENT_RUNWAY_MONTHS = 6
export const IMPAIRMENT_MISSED_REPORTS = 3
export const SHARES_MAX = 1_000_000_000_000
export const COP_MAX = 10_000_000_000_000
export const HOLDING_TEXT_MAX = 500
export const SHARE_CLASS_MAX = 60
export const ROUND_NAME_MAX = 80

export const HOLDING_INSTRUMENT_LABELS = {
  acciones: 'Acciones',
  nota_convertible: 'Nota convertible',
  porcentaje_fijo: 'Porcentaje fijo',
} as const
export const HOLDING_INSTRUMENTS = keysOf(HOLDING_INSTRUMENT_LABELS)
export type HoldingInstrument = (typeof HOLDING_INSTRUMENTS)[number]

/** How the subscription is paid (for the programme's counsel to confirm): both are expressible. */
export const PAYMENT_MODE_LABELS = {
  especie_pauta: 'Aporte en especie: pauta emitida',
  deuda_capitalizada: 'Capitalización de la deuda por pauta, por tramos',
} as const
export const PAYMENT_MODES = keysOf(PAYMENT_MODE_LABELS)
export type PaymentMode = (typeof PAYMENT_MODES)[number]


/** The kinds the team records one by one («Registrar»); a round's conversions and top-up come from its confirmation. */
export const RECORDABLE_KINDS = ['issuance', 'split', 'secondary_sale', 'write_down', 'write_off'] as const satisfies readonly HoldingEventKind[]
export type RecordableKind = (typeof RECORDABLE_KINDS)[number]

export type HoldingEventDetail =
  | {
      kind: 'issuance'
      instrument: HoldingInstrument
      /** The class of the shares (a note: the class it will convert into, if known). */
      shareClass: string
      /** Shares issued to the programme now (0 for a note until it converts). */
      shares: number
      /** The subscription (a note: its principal), in whole pesos: the media's value as invested. */
      subscribedCop: number
      /** The media at rate card (the deal's), beside the cost. */
      rateCardCop: number
      /** A note's discount at conversion, hundredths of a point; null otherwise. */
      discountBp: number | null
      /** A note's valuation cap (pre-money, pesos); null: no cap. */
      capCop: number | null
      /** A fixed-percentage instrument's percentage, hundredths of a point; null otherwise. */
      targetBp: number | null
      /** The company's shares issued and fully diluted right after this event. */
      companyShares: number
      fullyDilutedShares: number
      paymentMode: PaymentMode
      termMonths: number
    }
  | {
      kind: 'round'
      name: string
      preMoneyCop: number
      /** Price per share, pesos, decimal text ("1234.5678"). */
      price: string
      /** The shares the round issues to its investors (not the conversions nor the top-up). */
      newShares: number
      /** Options or other shares reserved in the round (fully diluted only). */
      poolShares: number
      amountCop: number
      joined: boolean
      /** The programme's shares bought in the round and what it paid (0, 0 when it did not join). */
      programmeShares: number
      programmeCashCop: number
    }
  | { kind: 'conversion'; roundId: string; noteId: string; price: string; shares: number; principalCop: number }
  | { kind: 'top_up'; roundId: string; shares: number }
  | { kind: 'split'; from: number; to: number }
  | { kind: 'secondary_sale'; shares: number; price: string; buyer: string }
  | { kind: 'write_down'; price: string }
  | { kind: 'write_off' }
  | { kind: 'void'; voids: string; reason: string }

/** An event of the register, as stored. */
export type HoldingEvent = HoldingEventDetail & {
  id: string
  /** The Bogotá day it took effect, "AAAA-MM-DD". */
  day: string
  /** The team's words (optional); a void's reason is in its detail. */
  note: string
  documentId: string | null
}

/** An event as the server holds it: who recorded it, when, its document's name. */
export type HoldingEventRecord = HoldingEvent & {
  applicationId: string
  documentName: string | null
  recordedBy: string | null
  recordedByName: string | null
  recordedAt: Date
}

export type MarkStatus = 'proposed' | 'approved' | 'rejected'

/** A valuation mark, as the server holds it. */
export interface ValuationMarkRecord {
  id: string
  applicationId: string
  method: MarkMethod
  day: string
  price: string
  note: string
  documentId: string
  documentName: string | null
  status: MarkStatus
  proposedBy: string | null
  proposedByName: string | null
  proposedAt: Date
  decidedBy: string | null
  decidedByName: string | null
  decidedAt: Date | null
}

// ---------------------------------------------------------------------------------------------------
// Reading what the team types

export const HOLDING_MESSAGES = {
  notFound: 'No encontramos esa participación.',
  noDeal: 'Esta postulación no tiene un acuerdo firmado: la participación empieza con la firma.',
  issuanceFirst: 'Primero registra la emisión al programa: es el primer evento de la participación.',
  issuanceTwice: 'La emisión al programa ya está registrada. Para corregirla, anúlala y regístrala de nuevo.',
  beforeIssuance: 'Ningún evento puede ser anterior a la emisión al programa.',
  roundBeforePrevious: (day: string) => `La ronda no puede tener fecha anterior a la ronda anterior (${formatDay(day)}).`,
  saleOverHeld: (held: number) => `El programa tiene ${formatCount(held)} acciones: no puede vender más que eso.`,
  conversionWithoutRound: 'Una nota solo convierte en una ronda: registra la ronda y su conversión juntas, desde «Modelar una ronda».',
  noNoteToConvert: 'No hay una nota convertible sin convertir en esta participación.',
  writtenOff: 'Esta participación está dada de baja: anula la baja para registrar algo más.',
  voidUnknown: 'Ese evento no existe o ya está anulado.',
  voidLinked: 'Este evento viene de una ronda: anula la ronda y se anulan con ella.',
  voidBlocked: 'Hay eventos posteriores que dependen de este: anúlalos primero.',
  markNoEvidence: 'Adjunta la evidencia de la valoración (un PDF, una hoja de cálculo o una imagen).',
  markSameMember: 'Otra persona administradora debe aprobar la valoración: quien la propone no puede aprobarla.',
  markNotProposed: 'Esa valoración ya fue decidida.',
  markNeedsHolding: 'Registra primero la emisión al programa: la valoración se aplica a sus acciones.',
  fix: 'Revisa los campos marcados.',
  fileEmpty: 'El archivo está vacío: elige otro.',
  fileTooLarge: `El archivo pesa más de ${HOLDING_FILE_MAX_MB} MB: sube una versión más liviana.`,
  fileRefused: 'Ese archivo no es un PDF, una imagen, una hoja de cálculo ni un documento: sube uno de esos.',
} as const

export type Problems<F extends string> = Partial<Record<F, string>>

const DIGITS = /^\d+$/
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/
const COMMA_DECIMAL = /^\d+,\d+$/
const THOUSANDS_COMMA_DECIMAL = /^\d{1,3}(?:\.\d{3})+,\d+$/
const DOT_SHORT_DECIMAL = /^\d+\.\d{1,2}$/

/**
 * A price per share as a Colombian writes it: "1.234,5678", "850", "0,25". At most PRICE_DECIMALS
 * decimals; "12.5" reads as 12,5 (two decimals at most after a dot), "1.250" as 1250. Returns the
 * canonical text ("1234.5678") or a problem.
 */
export function readPrice(text: string | null | undefined, what = 'el precio por acción'): { ok: true; value: string } | { ok: false; problem: string } {
  const s = String(text ?? '').trim().replace(/^\$\s*/, '')
  if (s === '') return { ok: false, problem: `Escribe ${what}, por ejemplo 1.250,50.` }
  if (/^-/.test(s)) return { ok: false, problem: `${capital(what)} debe ser mayor que 0.` }
  let canonical: string | null = null
  if (DIGITS.test(s)) canonical = s
  else if (THOUSANDS.test(s)) canonical = s.replaceAll('.', '')
  else if (COMMA_DECIMAL.test(s)) canonical = s.replace(',', '.')
  else if (THOUSANDS_COMMA_DECIMAL.test(s)) canonical = s.replaceAll('.', '').replace(',', '.')
  else if (DOT_SHORT_DECIMAL.test(s)) canonical = s
  if (canonical === null) return { ok: false, problem: `Escribe ${what} como un número, por ejemplo 1.250,50.` }
  const decimals = canonical.split('.')[1]?.length ?? 0
  if (decimals > PRICE_DECIMALS) return { ok: false, problem: `${capital(what)} admite hasta ${PRICE_DECIMALS} decimales.` }
  const d = new D(canonical)
  if (d.lte(0)) return { ok: false, problem: `${capital(what)} debe ser mayor que 0.` }
  if (d.gt(COP_MAX)) return { ok: false, problem: `${capital(what)} es demasiado grande: revisa los ceros.` }
  return { ok: true, value: d.toFixed() }
}

/** Whole pesos: "1.500.000" or "1500000"; > 0 unless allowZero. */
export function readPesos(text: string | null | undefined, what: string, { allowZero = false } = {}): number | string {
  const s = String(text ?? '').trim().replace(/^\$\s*/, '')
  if (s === '') return `Escribe ${what}, por ejemplo 500.000.000.`
  if (/^-/.test(s)) return `${capital(what)} debe ser mayor que 0.`
  const r = readCount(s)
  if (!r.ok) return /[.,]\d{1,2}$/.test(s) ? `${capital(what)} va en pesos enteros, sin centavos.` : `Escribe ${what} como un número entero de pesos, por ejemplo 500.000.000.`
  const n = Number(r.value)
  if (n === 0 && !allowZero) return `${capital(what)} debe ser mayor que 0.`
  if (n > COP_MAX) return `${capital(what)} es demasiado grande: revisa los ceros.`
  return n
}

/** A whole number of shares; > 0 unless allowZero. */
export function readShares(text: string | null | undefined, what: string, { allowZero = false } = {}): number | string {
  const s = String(text ?? '').trim()
  if (s === '') return `Escribe ${what}, por ejemplo 15.000.`
  if (/^-/.test(s)) return `${capital(what)} debe ser mayor que 0.`
  const r = readCount(s)
  if (!r.ok) return `Escribe ${what} como un número entero, por ejemplo 15.000.`
  const n = Number(r.value)
  if (n === 0 && !allowZero) return `${capital(what)} debe ser mayor que 0.`
  if (n > SHARES_MAX) return `${capital(what)} es demasiado grande: revisa los ceros.`
  return n
}

/** A percentage as hundredths of a point: "25" → 2500, "4,5" → 450. */
export function readBp(text: string | null | undefined, what: string, { allowZero = false, max = 10_000 } = {}): number | string {
  const s = String(text ?? '').trim().replace(/\s*%$/, '')
  if (s === '') return `Escribe ${what}, por ejemplo 25.`
  if (/^-/.test(s)) return `${capital(what)} no puede ser negativo.`
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(s)
  if (!m) return `Escribe ${what} como un número, por ejemplo 25 o 4,5.`
  const bp = Number(m[1]) * 100 + Number(((m[2] ?? '') + '00').slice(0, 2))
  if (bp > max) return `${capital(what)} debe ser como máximo ${max / 100} %.`
  if (bp === 0 && !allowZero) return `${capital(what)} debe ser mayor que 0.`
  return bp
}

function readDay(text: string | null | undefined, today: string): string | { problem: string } {
  const s = String(text ?? '').trim()
  if (!isCalendarDay(s)) return { problem: 'Escribe la fecha como AAAA-MM-DD.' }
  if (s > today) return { problem: 'La fecha no puede ser futura.' }
  return s
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function readText(text: string | null | undefined, max: number): string | { problem: string } {
  const s = String(text ?? '').trim()
  return s.length > max ? { problem: `Máximo ${max} caracteres.` } : s
}

/** What the team types for an event recorded one by one (every number as text). */
export interface HoldingEventInput {
  kind: RecordableKind
  day: string
  note?: string
  // issuance
  instrument?: HoldingInstrument
  shareClass?: string
  shares?: string
  subscribedCop?: string
  discountPercent?: string
  capCop?: string
  targetPercent?: string
  companyShares?: string
  fullyDilutedShares?: string
  paymentMode?: PaymentMode
  termMonths?: string
  // split
  splitFrom?: string
  splitTo?: string
  // sale, write-down
  price?: string
  buyer?: string
}
export type HoldingEventField = keyof HoldingEventInput | 'document'
export type EventReading = { ok: true; detail: HoldingEventDetail; day: string; note: string } | { ok: false; message: string; errors: Problems<HoldingEventField> }

/** What reading needs from the deal: the rate-card value beside the cost. */
export interface HoldingDeal {
  mediaValueCop: number
  investmentValueCop: number
  /** The Bogotá day of the signature. */
  signedOn: string
}

export function readHoldingEvent(input: HoldingEventInput, ctx: { deal: HoldingDeal; today: string }): EventReading {
  const errors: Problems<HoldingEventField> = {}
  const dayR = readDay(input.day, ctx.today)
  if (typeof dayR !== 'string') errors.day = dayR.problem
  const noteR = readText(input.note, HOLDING_TEXT_MAX)
  if (typeof noteR !== 'string') errors.note = noteR.problem
  const fail = (): EventReading => ({ ok: false, message: HOLDING_MESSAGES.fix, errors })
  const num = <T>(field: HoldingEventField, v: T | string): T | null => {
    if (typeof v === 'string') {
      errors[field] = v
      return null
    }
    return v
  }
  let detail: HoldingEventDetail
  switch (input.kind) {
    case 'issuance': {
      const instrument = input.instrument
      if (!instrument || !HOLDING_INSTRUMENTS.includes(instrument)) errors.instrument = 'Elige el instrumento: acciones, nota convertible o porcentaje fijo.'
      const cls = readText(input.shareClass, SHARE_CLASS_MAX)
      if (typeof cls !== 'string') errors.shareClass = cls.problem
      else if (cls === '') errors.shareClass = 'Escribe la clase de las acciones, por ejemplo «Ordinarias».'
      const shares = instrument === 'nota_convertible' ? 0 : num('shares', readShares(input.shares, 'las acciones emitidas al programa'))
      if (instrument === 'nota_convertible' && String(input.shares ?? '').trim() !== '' && String(input.shares).trim() !== '0')
        errors.shares = 'Una nota convertible no emite acciones hasta que convierte: deja el campo vacío.'
      const subscribed = num('subscribedCop', readPesos(input.subscribedCop, 'el valor suscrito'))
      const discount = instrument === 'nota_convertible' ? num('discountPercent', readBp(input.discountPercent, 'el descuento de la nota', { allowZero: true, max: 9_900 })) : null
      const cap = instrument === 'nota_convertible' && String(input.capCop ?? '').trim() !== '' ? num('capCop', readPesos(input.capCop, 'el tope de valoración')) : null
      const target = instrument === 'porcentaje_fijo' ? num('targetPercent', readBp(input.targetPercent, 'el porcentaje fijo', { max: 9_900 })) : null
      const company = num('companyShares', readShares(input.companyShares, 'las acciones emitidas de la compañía'))
      const fd = num('fullyDilutedShares', readShares(input.fullyDilutedShares, 'las acciones totalmente diluidas'))
      if (company !== null && shares !== null && company < shares) errors.companyShares = 'La compañía no puede tener menos acciones que las emitidas al programa.'
      if (company !== null && fd !== null && fd < company) errors.fullyDilutedShares = 'Las acciones totalmente diluidas no pueden ser menos que las emitidas.'
      const mode = input.paymentMode
      if (!mode || !PAYMENT_MODES.includes(mode)) errors.paymentMode = 'Elige cómo se paga la suscripción.'
      const term = num('termMonths', readShares(input.termMonths, 'el plazo de pago en meses'))
      if (term !== null && term > PAYMENT_TERM_MONTHS_MAX) errors.termMonths = `El plazo para pagar la suscripción no puede pasar de ${PAYMENT_TERM_MONTHS_MAX} meses (Ley 1258 de 2008, art. 9).`
      if (Object.keys(errors).length > 0) return fail()
      detail = {
        kind: 'issuance',
        instrument: instrument!,
        shareClass: cls as string,
        shares: shares!,
        subscribedCop: subscribed!,
        rateCardCop: ctx.deal.mediaValueCop,
        discountBp: discount,
        capCop: cap,
        targetBp: target,
        companyShares: company!,
        fullyDilutedShares: fd!,
        paymentMode: mode!,
        termMonths: term!,
      }
      break
    }
    case 'split': {
      const from = num('splitFrom', readShares(input.splitFrom, 'el número de acciones antes'))
      const to = num('splitTo', readShares(input.splitTo, 'el número de acciones después'))
      if (from !== null && to !== null && from === to) errors.splitTo = 'Una división cambia el número de acciones: «antes» y «después» no pueden ser iguales.'
      if (Object.keys(errors).length > 0) return fail()
      detail = { kind: 'split', from: from!, to: to! }
      break
    }
    case 'secondary_sale': {
      const shares = num('shares', readShares(input.shares, 'las acciones vendidas'))
      const price = readPrice(input.price)
      if (!price.ok) errors.price = price.problem
      const buyer = readText(input.buyer, 150)
      if (typeof buyer !== 'string') errors.buyer = buyer.problem
      else if (buyer === '') errors.buyer = 'Escribe quién compra.'
      if (Object.keys(errors).length > 0) return fail()
      detail = { kind: 'secondary_sale', shares: shares!, price: (price as { value: string }).value, buyer: buyer as string }
      break
    }
    case 'write_down': {
      const price = readPrice(input.price, 'el nuevo precio por acción')
      if (!price.ok) errors.price = price.problem
      if (Object.keys(errors).length > 0) return fail()
      detail = { kind: 'write_down', price: (price as { value: string }).value }
      break
    }
    case 'write_off':
      if (Object.keys(errors).length > 0) return fail()
      detail = { kind: 'write_off' }
      break
    default:
      return { ok: false, message: 'Ese tipo de evento no se registra así.', errors: {} }
  }
  if (Object.keys(errors).length > 0) return fail()
  return { ok: true, detail, day: dayR as string, note: noteR as string }
}

// ---------------------------------------------------------------------------------------------------
// The register's state, from its events

/** The events that count: not voids, not voided; in the order they took effect. */
export function liveHoldingEvents<E extends HoldingEvent>(events: readonly E[]): E[] {
  const voided = new Set(events.flatMap((e) => (e.kind === 'void' ? [e.voids] : [])))
  // Events written by a round's confirmation carry its id: voiding the round voids them.
  const live = events.filter((e) => e.kind !== 'void' && !voided.has(e.id) && !((e.kind === 'conversion' || e.kind === 'top_up') && voided.has(e.roundId)))
  return live.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => a.day.localeCompare(b.day) || i - j).map(([e]) => e)
}

export interface NoteState {
  id: string
  principalCop: number
  discountBp: number
  capCop: number | null
  convertedBy: string | null
}

export interface HoldingState {
  instrument: HoldingInstrument | null
  shareClass: string | null
  /** The programme's shares now. */
  shares: number
  /** The shares the media subscription bought: the issuance's, a note's conversion, a fixed percentage's top-ups; splits applied (not the cash rounds'). */
  subscriptionShares: number
  companyShares: number
  fullyDilutedShares: number
  notes: NoteState[]
  targetBp: number | null
  subscribedCop: number
  rateCardCop: number
  /** Cash the programme put in later rounds. */
  cashCop: number
  proceedsCop: number
  sharesSold: number
  paymentMode: PaymentMode | null
  termMonths: number | null
  issuedOn: string | null
  lastRound: { id: string; day: string; price: string; name: string } | null
  /** The latest write-down or write-off (a price per share; a write-off is 0). */
  lastImpairment: { day: string; price: string; kind: 'write_down' | 'write_off' } | null
  writtenOff: boolean
}

export const EMPTY_HOLDING: HoldingState = {
  instrument: null,
  shareClass: null,
  shares: 0,
  subscriptionShares: 0,
  companyShares: 0,
  fullyDilutedShares: 0,
  notes: [],
  targetBp: null,
  subscribedCop: 0,
  rateCardCop: 0,
  cashCop: 0,
  proceedsCop: 0,
  sharesSold: 0,
  paymentMode: null,
  termMonths: null,
  issuedOn: null,
  lastRound: null,
  lastImpairment: null,
  writtenOff: false,
}

/** The value of `shares` at `price`, half-up to the peso. */
export const valueOf = (shares: number, price: string | Dec): number => new D(price).times(shares).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber()
/** Shares `money` buys at `price`, rounded down. */
export const sharesFor = (money: number, price: string | Dec): number => new D(money).div(price).floor().toNumber()

/** Applies one event to the state: the register's one reducer. */
export function applyEvent(s: HoldingState, e: HoldingEvent): HoldingState {
  switch (e.kind) {
    case 'issuance':
      return {
        ...s,
        instrument: e.instrument,
        shareClass: e.shareClass,
        shares: e.shares,
        subscriptionShares: e.shares,
        companyShares: e.companyShares,
        fullyDilutedShares: e.fullyDilutedShares,
        notes: e.instrument === 'nota_convertible' ? [{ id: e.id, principalCop: e.subscribedCop, discountBp: e.discountBp ?? 0, capCop: e.capCop, convertedBy: null }] : [],
        targetBp: e.targetBp,
        subscribedCop: e.subscribedCop,
        rateCardCop: e.rateCardCop,
        paymentMode: e.paymentMode,
        termMonths: e.termMonths,
        issuedOn: e.day,
      }
    case 'round':
      return {
        ...s,
        shares: s.shares + e.programmeShares,
        companyShares: s.companyShares + e.newShares,
        fullyDilutedShares: s.fullyDilutedShares + e.newShares + e.poolShares,
        cashCop: s.cashCop + e.programmeCashCop,
        lastRound: { id: e.id, day: e.day, price: e.price, name: e.name },
      }
    case 'conversion':
      return {
        ...s,
        shares: s.shares + e.shares,
        subscriptionShares: s.subscriptionShares + e.shares,
        companyShares: s.companyShares + e.shares,
        fullyDilutedShares: s.fullyDilutedShares + e.shares,
        notes: s.notes.map((n) => (n.id === e.noteId ? { ...n, convertedBy: e.id } : n)),
      }
    case 'top_up':
      return { ...s, shares: s.shares + e.shares, subscriptionShares: s.subscriptionShares + e.shares, companyShares: s.companyShares + e.shares, fullyDilutedShares: s.fullyDilutedShares + e.shares }
    case 'split': {
      // Integers: BigInt is exact and far cheaper than a Decimal here (the portfolio replays hundreds of registers).
      const scale = (n: number) => Number((BigInt(n) * BigInt(e.to)) / BigInt(e.from))
      const rescalePrice = (p: string) => new D(p).times(e.from).div(e.to).toDecimalPlaces(PRICE_DECIMALS, D.ROUND_HALF_UP).toFixed()
      return {
        ...s,
        shares: scale(s.shares),
        subscriptionShares: scale(s.subscriptionShares),
        companyShares: scale(s.companyShares),
        fullyDilutedShares: scale(s.fullyDilutedShares),
        sharesSold: scale(s.sharesSold),
        lastRound: s.lastRound ? { ...s.lastRound, price: rescalePrice(s.lastRound.price) } : null,
        lastImpairment: s.lastImpairment ? { ...s.lastImpairment, price: rescalePrice(s.lastImpairment.price) } : null,
      }
    }
    case 'secondary_sale':
      return { ...s, shares: s.shares - e.shares, sharesSold: s.sharesSold + e.shares, proceedsCop: s.proceedsCop + valueOf(e.shares, e.price) }
    case 'write_down':
      return { ...s, lastImpairment: { day: e.day, price: e.price, kind: 'write_down' } }
    case 'write_off':
      return { ...s, writtenOff: true, lastImpairment: { day: e.day, price: '0', kind: 'write_off' } }
    case 'void':
      return s
  }
}

export function holdingState(events: readonly HoldingEvent[]): HoldingState {
  return liveHoldingEvents(events).reduce(applyEvent, EMPTY_HOLDING)
}

/**
 * Whether `next` may join the register: the rules that keep it true. Returns the Spanish refusal, or
 * null. (The reading has already checked each field on its own.)
 */
export function eventProblem(events: readonly HoldingEvent[], next: HoldingEvent): string | null {
  const live = liveHoldingEvents(events)
  const issuance = live.find((e) => e.kind === 'issuance')
  if (next.kind === 'void') {
    const target = live.find((e) => e.id === next.voids)
    if (!target) return HOLDING_MESSAGES.voidUnknown
    if (target.kind === 'conversion' || target.kind === 'top_up') return HOLDING_MESSAGES.voidLinked
    if (target.kind === 'issuance' && live.length > 1) return HOLDING_MESSAGES.voidBlocked
    if (target.kind === 'round') {
      const later = live.filter((e) => e.kind === 'round' && (e.day > target.day || (e.day === target.day && live.indexOf(e) > live.indexOf(target))))
      if (later.length > 0) return HOLDING_MESSAGES.voidBlocked
    }
    // What remains must still hold together (a sale of shares a voided round bought).
    const after = events.concat(next)
    return consistencyProblem(liveHoldingEvents(after))
  }
  if (next.kind === 'issuance') return issuance ? HOLDING_MESSAGES.issuanceTwice : null
  if (!issuance) return HOLDING_MESSAGES.issuanceFirst
  if (next.day < issuance.day) return HOLDING_MESSAGES.beforeIssuance
  const state = holdingState(live)
  if (state.writtenOff) return HOLDING_MESSAGES.writtenOff
  if (next.kind === 'round') {
    const lastRound = [...live].reverse().find((e) => e.kind === 'round')
    if (lastRound && next.day < lastRound.day) return HOLDING_MESSAGES.roundBeforePrevious(lastRound.day)
  }
  if (next.kind === 'conversion') {
    const round = live.find((e) => e.id === next.roundId && e.kind === 'round')
    if (!round) return HOLDING_MESSAGES.conversionWithoutRound
    if (!state.notes.some((n) => n.id === next.noteId && n.convertedBy === null)) return HOLDING_MESSAGES.noNoteToConvert
  }
  if (next.kind === 'top_up' && !live.some((e) => e.id === next.roundId && e.kind === 'round')) return HOLDING_MESSAGES.conversionWithoutRound
  return consistencyProblem(liveHoldingEvents([...events, next]))
}

/** Walks the events in order: a sale never takes the programme below zero shares. */
function consistencyProblem(live: readonly HoldingEvent[]): string | null {
  let s = EMPTY_HOLDING
  for (const e of live) {
    if (e.kind === 'secondary_sale' && e.shares > s.shares) return HOLDING_MESSAGES.saleOverHeld(s.shares)
    s = applyEvent(s, e)
  }
  return null
}

// ---------------------------------------------------------------------------------------------------
// Rounds, modelled before they are recorded

export interface RoundInput {
  day: string
  name: string
  /** Pre-money in pesos, or the price per share: one of the two (the other is computed). */
  preMoneyCop?: string
  price?: string
  amountCop: string
  /** The shares the round issues to its investors; empty: amount ÷ price, rounded down. */
  newShares?: string
  poolShares?: string
  joined: boolean
  programmeCashCop?: string
  note?: string
}
export type RoundField = keyof RoundInput
export type RoundReading = { ok: true; round: Extract<HoldingEventDetail, { kind: 'round' }>; day: string; note: string; conversions: { noteId: string; price: string; shares: number; principalCop: number }[]; topUp: number } | { ok: false; message: string; errors: Problems<RoundField> }

export interface OwnershipFigures {
  shares: number
  companyShares: number
  fullyDilutedShares: number
  /** Exact fractions, as decimal text (40 significant digits). */
  ownershipIssued: string
  ownershipFullyDiluted: string
  /** At the round's price (pro-forma) or the current fair value. */
  valueCop: number
}

export interface RoundModel {
  reading: RoundReading
  before: OwnershipFigures | null
  after: OwnershipFigures | null
}

/** Fractions to 20 significant digits (half-up): more than any ownership shown needs, at half the cost of D's 40. */
const F = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP })
const fraction = (part: number, whole: number): string => (whole === 0 ? '0' : new F(part).div(whole).toFixed())

/**
 * Reads a round and computes what it does to the holding: the price (pre-money ÷ fully diluted shares
 * before the round, half-up to PRICE_DECIMALS), the new shares (amount ÷ price, down), each open note's
 * conversion (price: the lower of the round's price less the discount and the cap ÷ fully diluted
 * before; shares: principal ÷ that price, down), a fixed percentage's top-up (the fewest whole shares
 * that… at most keep the percentage: down), and the programme's purchase when it joins (cash ÷ price,
 * down). The same function gives the preview and the confirmed events.
 */
export function modelRound(events: readonly HoldingEvent[], input: RoundInput, today: string): RoundModel {
  const errors: Problems<RoundField> = {}
  const live = liveHoldingEvents(events)
  const state = holdingState(live)
  const dayR = readDay(input.day, today)
  if (typeof dayR !== 'string') errors.day = dayR.problem
  const name = readText(input.name, ROUND_NAME_MAX)
  if (typeof name !== 'string') errors.name = name.problem
  else if (name === '') errors.name = 'Escribe el nombre de la ronda, por ejemplo «Semilla» o «Serie A».'
  const note = readText(input.note, HOLDING_TEXT_MAX)
  if (typeof note !== 'string') errors.note = note.problem
  const preText = String(input.preMoneyCop ?? '').trim()
  const priceText = String(input.price ?? '').trim()
  let price: Dec | null = null
  let preMoney: number | null = null
  const fdBefore = state.fullyDilutedShares
  if (preText === '' && priceText === '') errors.preMoneyCop = 'Escribe la valoración pre-money o el precio por acción.'
  else if (preText !== '' && priceText !== '') errors.price = 'Escribe la valoración pre-money o el precio por acción, no los dos: el otro se calcula.'
  else if (preText !== '') {
    const pre = readPesos(preText, 'la valoración pre-money')
    if (typeof pre === 'string') errors.preMoneyCop = pre
    else if (fdBefore > 0) {
      preMoney = pre
      price = new D(pre).div(fdBefore).toDecimalPlaces(PRICE_DECIMALS, D.ROUND_HALF_UP)
      if (price.lte(0)) errors.preMoneyCop = 'Con esa valoración el precio por acción sería 0: revisa los ceros.'
    }
  } else {
    const p = readPrice(priceText)
    if (!p.ok) errors.price = p.problem
    else {
      price = new D(p.value)
      preMoney = valueOf(fdBefore, price)
    }
  }
  const amount = readPesos(input.amountCop, 'el monto de la ronda')
  if (typeof amount === 'string') errors.amountCop = amount
  let newShares: number | null = null
  if (String(input.newShares ?? '').trim() !== '') {
    const n = readShares(input.newShares, 'las acciones nuevas')
    if (typeof n === 'string') errors.newShares = n
    else newShares = n
  } else if (price && typeof amount === 'number') {
    newShares = sharesFor(amount, price)
    if (newShares <= 0) errors.amountCop = 'Con ese monto y ese precio la ronda no emitiría acciones.'
  }
  let pool = 0
  if (String(input.poolShares ?? '').trim() !== '') {
    const n = readShares(input.poolShares, 'las acciones reservadas', { allowZero: true })
    if (typeof n === 'string') errors.poolShares = n
    else pool = n
  }
  let cash = 0
  let programmeShares = 0
  if (input.joined) {
    const c = readPesos(input.programmeCashCop, 'lo que invierte el programa')
    if (typeof c === 'string') errors.programmeCashCop = c
    else {
      cash = c
      if (price) programmeShares = sharesFor(c, price)
      if (typeof amount === 'number' && c > amount) errors.programmeCashCop = 'Lo que invierte el programa no puede pasar del monto de la ronda.'
    }
  }
  if (typeof amount === 'number' && newShares !== null && programmeShares > newShares) errors.programmeCashCop = 'El programa no puede comprar más acciones de las que emite la ronda.'
  if (Object.keys(errors).length > 0 || !price || preMoney === null || newShares === null || typeof amount !== 'number')
    return { reading: { ok: false, message: HOLDING_MESSAGES.fix, errors }, before: null, after: null }

  const round: Extract<HoldingEventDetail, { kind: 'round' }> = {
    kind: 'round',
    name: name as string,
    preMoneyCop: preMoney,
    price: price.toFixed(),
    newShares,
    poolShares: pool,
    amountCop: amount,
    joined: input.joined,
    programmeShares,
    programmeCashCop: cash,
  }
  const conversions = state.notes
    .filter((n) => n.convertedBy === null)
    .map((n) => {
      const discounted = price!.times(new D(10_000 - n.discountBp).div(10_000))
      const capped = n.capCop !== null && fdBefore > 0 ? new D(n.capCop).div(fdBefore) : null
      const conversionPrice = (capped && capped.lt(discounted) ? capped : discounted).toDecimalPlaces(PRICE_DECIMALS, D.ROUND_HALF_UP)
      return { noteId: n.id, price: conversionPrice.toFixed(), shares: sharesFor(n.principalCop, conversionPrice), principalCop: n.principalCop }
    })
  const converted = conversions.reduce((a, c) => a + c.shares, 0)
  const sharesBeforeTopUp = state.shares + programmeShares + converted
  const companyBeforeTopUp = state.companyShares + newShares + converted
  let topUp = 0
  if (state.instrument === 'porcentaje_fijo' && state.targetBp !== null) {
    // (held + x) / (company + x) = t  →  x = (t·company − held) / (1 − t), rounded down; none if already at t.
    const t = new D(state.targetBp).div(10_000)
    const x = t.times(companyBeforeTopUp).minus(sharesBeforeTopUp).div(new D(1).minus(t)).floor()
    topUp = x.gt(0) ? x.toNumber() : 0
  }
  const reading: RoundReading = { ok: true, round, day: dayR as string, note: note as string, conversions, topUp }
  const before = state.issuedOn ? figures(state.shares, state.companyShares, state.fullyDilutedShares, price) : null
  const afterShares = sharesBeforeTopUp + topUp
  const afterCompany = companyBeforeTopUp + topUp
  const afterFd = state.fullyDilutedShares + newShares + pool + converted + topUp
  return { reading, before, after: figures(afterShares, afterCompany, afterFd, price) }
}

const figures = (shares: number, companyShares: number, fullyDilutedShares: number, price: Dec): OwnershipFigures => ({
  shares,
  companyShares,
  fullyDilutedShares,
  ownershipIssued: fraction(shares, companyShares),
  ownershipFullyDiluted: fraction(shares, fullyDilutedShares),
  valueCop: valueOf(shares, price),
})

/** The events a confirmed round writes, in order: the round, each note's conversion, the top-up. */
export function roundEvents(reading: Extract<RoundReading, { ok: true }>, ids: { round: string; next: () => string }): HoldingEvent[] {
  const round: HoldingEvent = { ...reading.round, id: ids.round, day: reading.day, note: reading.note, documentId: null }
  const conversions: HoldingEvent[] = reading.conversions.map((c) => ({ kind: 'conversion', roundId: ids.round, noteId: c.noteId, price: c.price, shares: c.shares, principalCop: c.principalCop, id: ids.next(), day: reading.day, note: '', documentId: null }))
  const topUp: HoldingEvent[] = reading.topUp > 0 ? [{ kind: 'top_up', roundId: ids.round, shares: reading.topUp, id: ids.next(), day: reading.day, note: '', documentId: null }] : []
  return [round, ...conversions, ...topUp]
}

// ---------------------------------------------------------------------------------------------------
// Paid versus subscribed

export interface LedgerPayment {
  /** The media that ran (ran and make-good entries) at rate card, whole pesos. */
  ranRateCardCop: number
  /** The media forfeited, at rate card. */
  forfeitedRateCardCop: number
  /** The media the deal committed, at rate card (the deal's mediaValueCop). */
  committedRateCardCop: number
}

export type PaymentStatus = 'paid' | 'paying' | 'overdue' | 'short'
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Pagada',
  paying: 'En pago',
  overdue: 'Vencida con saldo',
  short: 'Con saldo que la pauta ya no pagará',
}

export interface Payment {
  subscribedCop: number
  paidCop: number
  unpaidCop: number
  /** The pauta forfeited, at the deal's value. */
  forfeitedCop: number
  /** Shares (or a note's principal, for a note: shares 0) paid and unpaid, proportionally, paid rounded down. */
  subscribedShares: number
  paidShares: number
  unpaidShares: number
  deadline: string | null
  status: PaymentStatus
  /** The consequence in words, when something stays unpaid. */
  consequence: string | null
}

/** Pesos at rate card → pesos at the deal's value (investment ÷ media), rounded down. */
export const atDealValue = (rateCardCop: number, deal: Pick<HoldingDeal, 'mediaValueCop' | 'investmentValueCop'>): number =>
  deal.mediaValueCop === 0 ? 0 : Number((BigInt(rateCardCop) * BigInt(deal.investmentValueCop)) / BigInt(deal.mediaValueCop))

/**
 * The subscription as the media ledger pays it (`words: false` leaves the consequence's sentence out: the
 * portfolio's rows, which never show it): each peso of media that ran (at the deal's value) pays a
 * peso of the subscription; paid shares are the subscribed shares × paid ÷ subscribed, rounded down.
 */
export function paymentOf(state: HoldingState, deal: HoldingDeal, ledger: LedgerPayment, today: string, { words = true }: { words?: boolean } = {}): Payment | null {
  if (!state.issuedOn || state.termMonths === null) return null
  const subscribed = state.subscribedCop
  const paid = Math.min(subscribed, atDealValue(ledger.ranRateCardCop, deal))
  const forfeited = atDealValue(ledger.forfeitedRateCardCop, deal)
  const unpaid = subscribed - paid
  // The shares the subscription bought: the issuance's, a note's conversion, top-ups; not the cash rounds'.
  const issued = state.subscriptionShares
  const paidShares = subscribed === 0 ? 0 : Number((BigInt(issued) * BigInt(paid)) / BigInt(subscribed))
  const deadline = periodEnd(deal.signedOn, state.termMonths)
  const mediaLeft = ledger.committedRateCardCop - ledger.ranRateCardCop - ledger.forfeitedRateCardCop > 0
  const status: PaymentStatus = unpaid === 0 ? 'paid' : today > deadline ? 'overdue' : !mediaLeft ? 'short' : 'paying'
  const unpaidShares = issued - paidShares
  const what = state.instrument === 'nota_convertible' && issued === 0 ? `${formatMoney(unpaid, 'COP')} de la nota` : `${formatCount(unpaidShares)} acciones`
  const consequence =
    unpaid === 0 || !words
      ? null
      : status === 'paying'
        ? `Quedan ${formatMoney(unpaid, 'COP')} por pagar con pauta hasta el ${formatDay(deadline)}.`
        : `${what} quedan sin pagar${forfeited > 0 ? ` (pauta perdida: ${formatMoney(forfeited, 'COP')})` : ''}: mientras no se paguen, el programa no puede ejercer los derechos de esas acciones (Código de Comercio, art. 397)${status === 'overdue' ? `; el plazo venció el ${formatDay(deadline)}` : `; el plazo vence el ${formatDay(deadline)}`}.`
  return { subscribedCop: subscribed, paidCop: paid, unpaidCop: unpaid, forfeitedCop: forfeited, subscribedShares: issued, paidShares, unpaidShares, deadline, status, consequence }
}

/** Which payment reminder is due on `today`, if any (the latest whose day has come and not yet sent). */
export function paymentReminderDue(payment: Payment | null, today: string, sent: readonly PaymentReminder[]): PaymentReminder | null {
  if (!payment || payment.unpaidCop === 0 || !payment.deadline || today > payment.deadline) return null
  const daysLeft = dayNumber(payment.deadline) - dayNumber(today)
  const due = PAYMENT_REMINDER_DAYS.filter((d) => daysLeft <= d && !sent.includes(d))
  return due.length === 0 ? null : due[due.length - 1]!
}

const dayNumber = (day: string): number => Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000)

// ---------------------------------------------------------------------------------------------------
// Valuation marks, fair value, MOIC

export interface MarkInput {
  method: MarkMethod
  day: string
  price: string
  note?: string
}
export type MarkField = keyof MarkInput | 'document'
export type MarkReading = { ok: true; mark: { method: MarkMethod; day: string; price: string; note: string } } | { ok: false; message: string; errors: Problems<MarkField> }

export function readMark(input: MarkInput, ctx: { today: string; hasEvidence: boolean }): MarkReading {
  const errors: Problems<MarkField> = {}
  if (!MARK_METHODS.includes(input.method)) errors.method = 'Elige el método: ronda reciente, múltiplo o costo menos deterioro.'
  const day = readDay(input.day, ctx.today)
  if (typeof day !== 'string') errors.day = day.problem
  const price = readPrice(input.price)
  if (!price.ok) errors.price = price.problem
  const note = readText(input.note, HOLDING_TEXT_MAX)
  if (typeof note !== 'string') errors.note = note.problem
  if (!ctx.hasEvidence) errors.document = HOLDING_MESSAGES.markNoEvidence
  if (Object.keys(errors).length > 0) return { ok: false, message: errors.document && Object.keys(errors).length === 1 ? HOLDING_MESSAGES.markNoEvidence : HOLDING_MESSAGES.fix, errors }
  return { ok: true, mark: { method: input.method, day: day as string, price: (price as { value: string }).value, note: note as string } }
}

/** Where the fair value's price comes from. */
export type FairValueBasis = { kind: 'mark'; method: MarkMethod; day: string; price: string } | { kind: 'write_down' | 'write_off'; day: string; price: string } | { kind: 'cost' }

export const FAIR_VALUE_BASIS_TEXT = (b: FairValueBasis): string =>
  b.kind === 'mark' ? `${MARK_METHOD_LABELS[b.method]}, ${formatDay(b.day)}` : b.kind === 'cost' ? 'Al costo (sin valoración aprobada)' : `${HOLDING_EVENT_LABELS[b.kind]}, ${formatDay(b.day)}`

/**
 * A mark's price is per share of its day: a split after it rescales it (the split's ratio), as the
 * register's prices are.
 */
function priceNow(price: string, day: string, live: readonly HoldingEvent[]): Dec {
  let p = new D(price)
  for (const e of live) if (e.kind === 'split' && e.day > day) p = p.times(e.from).div(e.to)
  return p
}

export interface HoldingFigures {
  shares: number
  companyShares: number
  fullyDilutedShares: number
  ownershipIssued: string
  ownershipFullyDiluted: string
  /** Cost: the media's value as invested (the subscription) plus cash in later rounds. */
  costCop: number
  /** The media at rate card, beside the cost. */
  rateCardCop: number
  fairValueCop: number
  basis: FairValueBasis
  proceedsCop: number
  /** (fair value + proceeds) ÷ cost, two decimals half-up; null without a cost. */
  moic: string | null
}

/**
 * The latest of the approved marks and the write-downs / write-offs decides the price; without any,
 * the holding is valued at cost. A note not yet converted is valued at its principal (its cost) until a
 * mark or an impairment says otherwise.
 */
export function holdingFigures(events: readonly HoldingEvent[], marks: readonly Pick<ValuationMarkRecord, 'status' | 'method' | 'day' | 'price'>[]): HoldingFigures {
  const live = liveHoldingEvents(events)
  return figuresOf(live, live.reduce(applyEvent, EMPTY_HOLDING), marks)
}

/** holdingFigures from the live events and their state, computed once (the portfolio reads hundreds). */
function figuresOf(live: readonly HoldingEvent[], s: HoldingState, marks: readonly Pick<ValuationMarkRecord, 'status' | 'method' | 'day' | 'price'>[]): HoldingFigures {
  const cost = s.subscribedCop + s.cashCop
  const approved = marks.filter((m) => m.status === 'approved').sort((a, b) => a.day.localeCompare(b.day))
  const lastMark = approved[approved.length - 1] ?? null
  let basis: FairValueBasis = { kind: 'cost' }
  if (lastMark) basis = { kind: 'mark', method: lastMark.method, day: lastMark.day, price: lastMark.price }
  if (s.lastImpairment && (!lastMark || s.lastImpairment.day >= lastMark.day)) basis = { kind: s.lastImpairment.kind, day: s.lastImpairment.day, price: s.lastImpairment.price }
  const openNotes = s.notes.filter((n) => n.convertedBy === null).reduce((a, n) => a + n.principalCop, 0)
  let fair: number
  if (basis.kind === 'cost') fair = cost - costOfSold(s)
  else if (basis.kind === 'mark') fair = valueOf(s.shares, priceNow(basis.price, basis.day, live)) + (openNotes > 0 ? openNotes : 0)
  else fair = basis.kind === 'write_off' ? 0 : valueOf(s.shares, priceNow(basis.price, basis.day, live)) + openNotes
  return {
    shares: s.shares,
    companyShares: s.companyShares,
    fullyDilutedShares: s.fullyDilutedShares,
    ownershipIssued: fraction(s.shares, s.companyShares),
    ownershipFullyDiluted: fraction(s.shares, s.fullyDilutedShares),
    costCop: cost,
    rateCardCop: s.rateCardCop,
    fairValueCop: fair,
    basis,
    proceedsCop: s.proceedsCop,
    moic: cost === 0 ? null : new D(fair + s.proceedsCop).div(cost).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2),
  }
}

/** At cost, the shares sold leave with their share of the cost (average cost, rounded half-up to the peso). */
function costOfSold(s: HoldingState): number {
  const held = s.shares + s.sharesSold
  if (s.sharesSold === 0 || held === 0) return 0
  return new D(s.subscribedCop + s.cashCop).times(s.sharesSold).div(held).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber()
}

/** An ownership fraction as a Colombian reads it: "12,35 %" (two decimals, half-up). */
export function formatOwnership(fractionText: string): string {
  const pct = new D(fractionText).times(100).toDecimalPlaces(2, D.ROUND_HALF_UP)
  const [whole, dec] = pct.toFixed(2).split('.')
  return `${formatCount(Number(whole))},${dec}\u00a0%`
}

/** A price per share: "$ 1.234,5678" with the decimals it has (at least none). */
export function formatPrice(price: string): string {
  const d = new D(price)
  const [whole, dec] = d.toFixed().split('.')
  return `$\u00a0${formatCount(Number(whole))}${dec ? `,${dec}` : ''}`
}

/** A MOIC: "1,35x". */
export const formatMoic = (moic: string | null): string => (moic === null ? '—' : `${moic.replace('.', ',')}x`)

const monthsBefore = (day: string, months: number): string => {
  const y = Number(day.slice(0, 4))
  const m = Number(day.slice(5, 7)) - 1 - months
  const date = new Date(Date.UTC(y, m, 1))
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  return `${date.toISOString().slice(0, 7)}-${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, '0')}`
}

/**
 * A holding whose latest price is older than STALE_MARK_MONTHS with no round since is listed for
 * review: the last approved mark's day, else the issuance's (valued at cost since), is before
 * `today` − 12 months, and no round came after it.
 */
export function staleSince(events: readonly HoldingEvent[], marks: readonly Pick<ValuationMarkRecord, 'status' | 'day'>[], today: string): string | null {
  return staleOf(holdingState(events), marks, today)
}

function staleOf(s: HoldingState, marks: readonly Pick<ValuationMarkRecord, 'status' | 'day'>[], today: string): string | null {
  if (!s.issuedOn || s.writtenOff) return null
  const approved = marks.filter((m) => m.status === 'approved').map((m) => m.day).sort()
  const since = [approved[approved.length - 1] ?? s.issuedOn, s.lastRound?.day ?? s.issuedOn].sort()[1]!
  return since < monthsBefore(today, STALE_MARK_MONTHS) ? since : null
}

/** A holding read once: its state, its figures (null before the issuance) and since when it has no price. */
export function holdingSummary(
  events: readonly HoldingEvent[],
  marks: readonly Pick<ValuationMarkRecord, 'status' | 'method' | 'day' | 'price'>[],
  today: string,
): { state: HoldingState; figures: HoldingFigures | null; staleSince: string | null } {
  const live = liveHoldingEvents(events)
  const state = live.reduce(applyEvent, EMPTY_HOLDING)
  return { state, figures: state.issuedOn ? figuresOf(live, state, marks) : null, staleSince: staleOf(state, marks, today) }
}

/** Why a holding is flagged for impairment review, in words; empty: not flagged. */
export function impairmentReasons(followUp: { runwayMonths: number | null; missedReports: number }): string[] {
  const reasons: string[] = []
  if (followUp.runwayMonths !== null && followUp.runwayMonths < IMPAIRMENT_RUNWAY_MONTHS) reasons.push(`Caja para ${followUp.runwayMonths} ${followUp.runwayMonths === 1 ? 'mes' : 'meses'} (menos de ${IMPAIRMENT_RUNWAY_MONTHS})`)
  if (followUp.missedReports >= IMPAIRMENT_MISSED_REPORTS) reasons.push(`${followUp.missedReports} reportes sin respuesta`)
  return reasons
}
