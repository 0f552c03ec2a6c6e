/**
 * The media plan of a signed deal and its ledger (ADRs 0160-0163):
 * the plan's lines (outlet, format, units at the price of the deal's frozen
 * rate card version, a flight inside the exposure window), the append-only
 * record of what happened to each line, the balances the workspace shows and
 * the pacing that puts a deal on the overview's «Acuerdos atrasados». Pure,
 * no imports but the domain's own: the browser and the server share it.
 *
 * The ledger (ADR 0160). Nothing is edited in place: every fact is an entry,
 * and a correction is a `void` entry naming the entry it cancels (then the
 * right entry is recorded). A `void` with no entry named withdraws the line
 * itself, only while nothing but bookings was recorded on it. Units:
 * - booked: units reserved with the outlet on a day (a note of the traffic,
 *   it does not consume the line);
 * - ran: units that aired, with their proof (an https link);
 * - missed: units that did not air, with the reason; owed until made good;
 * - make_good: units that aired in place of a missed entry (same line);
 * - moved: units taken from this line to another line of the deal at
 *   rate-card value: the other line receives floor(value / its price) units,
 *   what does not make a whole unit goes back to «por ubicar» (ADR 0161);
 * - forfeited: units lost at or after the window's end.
 * A line's units are consumed by ran, missed, moved and forfeited; what is
 * left is still to run ("open"); a make-good fills a miss, not the line.
 *
 * Money in integers (ADR 0157): whole pesos. Days are Bogotá calendar days
 * "AAAA-MM-DD"; months "AAAA-MM".
 */
import { isPublicHostname } from './public-host.ts'
import { isCalendarDay } from './bogota-days.ts'
import { COP_MAX, OUTLET_LABELS, formatCop, formatDay, periodEnd, type Outlet, type RateCardItem } from './deals.ts'
import { formatCount, formatNumber, formatShare, plural } from './format.ts'
import { keysOf } from './labels.ts'
import { readCount } from './numbers.ts'

/**
 * What each kind of entry is, in one table: the code that tallies, sums, draws and shows the form reads
 * these facts instead of naming kinds. A new kind is a new row here (in the order the form lists it), its
 * validation below, its sentence in entryText and its row in FOUNDER_WORDS (what the founder's page,
 * server/features/media-plan/media-plan-section.ts, says of it).
 * - label: the team's word for it;
 * - tally: the field of a line's tally its units add to (a move is counted on both lines, by tallies);
 * - balance: the balance its value in pesos adds to (a miss adds only what is still owed);
 * - aired: it ran, with its proof: media days (mediaDaysOf) and the pesos delivered;
 * - proof, reason: the form asks for a proof (link or file), for a reason;
 * - flowchart: 'mark' when the chart draws it in its week (domain/media-plan-flowchart.ts FLOWCHART_MARKS),
 *   'listed' when the chart's table lists it beside the line, null when the chart ignores it;
 * - overVerb: what the refusal says cannot be done beyond the line's open units.
 */
export const ENTRY_KIND_FACTS = {
  booked: { label: 'Reservado', tally: 'booked', balance: null, aired: false, proof: false, reason: false, flowchart: 'mark', overVerb: 'reservar' },
  ran: { label: 'Emitido', tally: 'ran', balance: 'ran', aired: true, proof: true, reason: false, flowchart: 'mark', overVerb: 'emitir' },
  missed: { label: 'No emitido', tally: 'missed', balance: 'missed', aired: false, proof: false, reason: true, flowchart: 'mark', overVerb: 'marcar como no emitidas' },
  make_good: { label: 'Reposición', tally: 'madeGood', balance: 'ran', aired: true, proof: true, reason: false, flowchart: 'mark', overVerb: 'reservar' },
  moved: { label: 'Movido a otra línea', tally: null, balance: null, aired: false, proof: false, reason: false, flowchart: 'listed', overVerb: 'mover' },
  forfeited: { label: 'Perdido', tally: 'forfeited', balance: 'forfeited', aired: false, proof: false, reason: true, flowchart: 'listed', overVerb: 'dar por perdidas' },
  void: { label: 'Anulación', tally: null, balance: null, aired: false, proof: false, reason: true, flowchart: null, overVerb: 'reservar' },
} as const satisfies Record<
  string,
  {
    label: string
    tally: 'booked' | 'ran' | 'missed' | 'madeGood' | 'forfeited' | null
    balance: 'ran' | 'missed' | 'forfeited' | null
    aired: boolean
    proof: boolean
    reason: boolean
    flowchart: 'mark' | 'listed' | null
    overVerb: string
  }
>
export const ENTRY_KINDS = keysOf(ENTRY_KIND_FACTS)
export const ENTRY_KIND_LABELS = Object.fromEntries(ENTRY_KINDS.map((k) => [k, ENTRY_KIND_FACTS[k].label])) as {
  [K in keyof typeof ENTRY_KIND_FACTS]: (typeof ENTRY_KIND_FACTS)[K]['label']
}
export type EntryKind = (typeof ENTRY_KINDS)[number]
/** The kinds a fact holds for, in the table's order: `kindsWhere('proof')`. */
export const kindsWhere = (fact: 'aired' | 'proof' | 'reason'): EntryKind[] => ENTRY_KINDS.filter((k) => ENTRY_KIND_FACTS[k][fact])
/** The kinds the flowchart's table lists beside a line instead of drawing them. */
export type ListedKind = { [K in EntryKind]: (typeof ENTRY_KIND_FACTS)[K]['flowchart'] extends 'listed' ? K : never }[EntryKind]

/**
 * What a deal behind its pace is called beside a startup: «Pauta atrasada», never a bare «Atrasado»,
 * which «Seguimiento» also says of a late report (domain/follow-up.ts LATE_REPORT_LABEL).
 */
export const BEHIND_PACE_LABEL = 'Pauta atrasada'

/** A deal is behind its pace when the share of the window gone exceeds the share of value that ran by more than this. */
export const PACING_MARGIN_POINTS = 15
export const PLAN_NOTE_MAX = 500
export const ENTRY_REASON_MAX = 500
export const PROOF_URL_MAX = 2000
/** Units of one line: a spot, a page, a thousand impressions, a session. */
export const LINE_UNITS_MAX = 1_000_000
export const PLAN_LINES_MAX = 500

/** A line of the plan, as stored. */
export interface PlanLine {
  id: string
  /** 1, 2, 3… in the order added: "Línea 3". */
  number: number
  outlet: Outlet
  format: string
  units: number
  /** The price of the deal's rate card version, frozen on the line (whole pesos). */
  unitPriceCop: number
  /** From–to, inside the deal's exposure window. */
  flightFrom: string
  flightTo: string
  notes: string
}

/** An entry of the ledger, as stored. */
export interface PlanEntry {
  id: string
  lineId: string
  kind: EntryKind
  day: string
  /** > 0; a void carries the voided entry's units (0 when it withdraws a line). */
  units: number
  /** ran (required) and make_good (optional): the https link to the proof. */
  proofUrl: string | null
  /** ran and make_good: the proof kept as a file (ADR 0163 addendum); a ran entry has a link, a file or both. */
  proofDocumentId: string | null
  /** missed (required), void (required), forfeited (optional): in the team's words. */
  reason: string | null
  /** make_good: the missed entry it fills. */
  makeGoodFor: string | null
  /** moved: the line that receives the value. */
  toLineId: string | null
  /** void: the entry it cancels; null withdraws the line. */
  voids: string | null
}

/** The deal as the plan reads it. */
export interface PlanDeal {
  mediaValueCop: number
  windowStart: string
  windowMonths: number
}

/** The exposure window: first and last day. */
export function windowOf(deal: PlanDeal): { start: string; end: string } {
  return { start: deal.windowStart, end: periodEnd(deal.windowStart, deal.windowMonths) }
}

// ---------------------------------------------------------------------------
// Days
// ---------------------------------------------------------------------------

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10)
/** Days from `from` to `to`, both counted: 2027-01-15 to 2027-01-15 is 1. */
export const daysInclusive = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1
export const addDays = (day: string, n: number): string => dayOf(dayNumber(day) + n)

/** The months a span touches, "AAAA-MM", in order. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = []
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7))
  const last = to.slice(0, 7)
  for (;;) {
    const p = `${y}-${String(m).padStart(2, '0')}`
    out.push(p)
    if (p >= last || out.length > 240) return out
    m += 1
    if (m > 12) {
      m = 1
      y += 1
    }
  }
}

// ---------------------------------------------------------------------------
// The ledger's tallies
// ---------------------------------------------------------------------------

/** What a line holds after its entries, in units. */
export interface LineTally {
  lineId: string
  withdrawn: boolean
  /** The line's units, plus what moved in, minus what moved out. */
  effective: number
  movedIn: number
  movedOut: number
  booked: number
  ran: number
  madeGood: number
  missed: number
  /** Missed and not made good yet. */
  owed: number
  forfeited: number
  /** Still to run: effective − ran − missed − forfeited. */
  open: number
}

/** The entries that count: neither void nor voided. */
export function liveEntries(entries: readonly PlanEntry[]): PlanEntry[] {
  const voided = new Set(entries.filter((e) => e.kind === 'void' && e.voids !== null).map((e) => e.voids))
  return entries.filter((e) => e.kind !== 'void' && !voided.has(e.id))
}

/** The units another line receives for `units` of `from` (ADR 0161): whole units at its own price. */
export const unitsReceived = (units: number, from: Pick<PlanLine, 'unitPriceCop'>, to: Pick<PlanLine, 'unitPriceCop'>): number =>
  Math.floor((units * from.unitPriceCop) / to.unitPriceCop)

export function withdrawnLines(entries: readonly PlanEntry[]): Set<string> {
  return new Set(entries.filter((e) => e.kind === 'void' && e.voids === null).map((e) => e.lineId))
}

export function tallies(lines: readonly PlanLine[], entries: readonly PlanEntry[]): Map<string, LineTally> {
  const out = new Map<string, LineTally>()
  const withdrawn = withdrawnLines(entries)
  for (const l of lines) {
    out.set(l.id, { lineId: l.id, withdrawn: withdrawn.has(l.id), effective: withdrawn.has(l.id) ? 0 : l.units, movedIn: 0, movedOut: 0, booked: 0, ran: 0, madeGood: 0, missed: 0, owed: 0, forfeited: 0, open: 0 })
  }
  const byId = new Map(lines.map((l) => [l.id, l]))
  for (const e of liveEntries(entries)) {
    const t = out.get(e.lineId)
    if (!t) continue
    const field = ENTRY_KIND_FACTS[e.kind].tally
    if (field) t[field] += e.units
    else if (e.kind === 'moved') {
      t.movedOut += e.units
      const from = byId.get(e.lineId)
      const to = e.toLineId ? byId.get(e.toLineId) : undefined
      const target = to ? out.get(to.id) : undefined
      if (from && to && target) target.movedIn += unitsReceived(e.units, from, to)
    }
  }
  for (const t of out.values()) {
    const l = byId.get(t.lineId)!
    t.effective = (t.withdrawn ? 0 : l.units) + t.movedIn - t.movedOut
    t.open = t.effective - t.ran - t.missed - t.forfeited
    t.owed = t.missed - t.madeGood
  }
  return out
}

/** How much of each missed entry is still owed (missed − its make-goods). */
export function owedByMiss(entries: readonly PlanEntry[]): Map<string, number> {
  const live = liveEntries(entries)
  const owed = new Map(live.filter((e) => e.kind === 'missed').map((e) => [e.id, e.units]))
  for (const e of live) if (e.kind === 'make_good' && e.makeGoodFor && owed.has(e.makeGoodFor)) owed.set(e.makeGoodFor, owed.get(e.makeGoodFor)! - e.units)
  return owed
}

// ---------------------------------------------------------------------------
// Balances and pacing
// ---------------------------------------------------------------------------

/** Value in whole pesos. */
export interface Amounts {
  /** The value the plan's lines place (after moves and withdrawals). */
  placed: number
  /** What aired: ran and make-goods. */
  ran: number
  /** Missed and not made good. */
  missed: number
  forfeited: number
}

export interface Balances extends Amounts {
  /** The deal's media value at rate card. */
  committed: number
  /** committed − placed, never below 0: «por ubicar». */
  unplaced: number
  /** committed − ran − forfeited, never below 0: what the programme still owes («por emitir»). */
  remaining: number
  window: { start: string; end: string }
  byOutlet: ({ outlet: Outlet } & Amounts)[]
  /** Every month of the window (and any month an entry fell in outside it), in order. */
  byMonth: ({ month: string } & Amounts)[]
}

const zero = (): Amounts => ({ placed: 0, ran: 0, missed: 0, forfeited: 0 })

/**
 * Spreads `value` over the days of a flight, month by month, in whole pesos that add up exactly: each
 * month gets floor(value × days up to its end / all days) minus what the months before got.
 */
export function spreadByMonth(value: number, from: string, to: string): { month: string; value: number }[] {
  const total = daysInclusive(from, to)
  if (total <= 0) return []
  let given = 0
  return monthsOf(from, to).map((month) => {
    const monthEnd = periodEnd(`${month}-01`, 1)
    const upTo = daysInclusive(from, monthEnd < to ? monthEnd : to)
    // BigInt: value × days may pass 2^53 for a 10-billion-peso line.
    const cumulative = Number((BigInt(value) * BigInt(upTo)) / BigInt(total))
    const share = cumulative - given
    given = cumulative
    return { month, value: share }
  })
}

export function balancesOf(deal: PlanDeal, lines: readonly PlanLine[], entries: readonly PlanEntry[]): Balances {
  const window = windowOf(deal)
  const t = tallies(lines, entries)
  const byId = new Map(lines.map((l) => [l.id, l]))
  const totals = zero()
  const outlets = new Map<Outlet, Amounts>()
  const months = new Map<string, Amounts>(monthsOf(window.start, window.end).map((m) => [m, zero()]))
  const outletOf = (o: Outlet) => outlets.get(o) ?? (outlets.set(o, zero()), outlets.get(o)!)
  const monthOf = (m: string) => months.get(m) ?? (months.set(m, zero()), months.get(m)!)
  const add = (key: keyof Amounts, value: number, outlet: Outlet, month: string | null) => {
    totals[key] += value
    outletOf(outlet)[key] += value
    if (month) monthOf(month)[key] += value
  }
  for (const l of lines) {
    const tally = t.get(l.id)!
    const value = tally.effective * l.unitPriceCop
    if (value > 0) {
      totals.placed += value
      outletOf(l.outlet).placed += value
      for (const s of spreadByMonth(value, l.flightFrom, l.flightTo)) monthOf(s.month).placed += s.value
    }
  }
  const owed = owedByMiss(entries)
  for (const e of liveEntries(entries)) {
    const l = byId.get(e.lineId)
    if (!l) continue
    const month = e.day.slice(0, 7)
    const balance = ENTRY_KIND_FACTS[e.kind].balance
    if (balance === 'missed') add('missed', Math.max(0, owed.get(e.id) ?? 0) * l.unitPriceCop, l.outlet, month)
    else if (balance) add(balance, e.units * l.unitPriceCop, l.outlet, month)
  }
  const committed = deal.mediaValueCop
  return {
    committed,
    ...totals,
    unplaced: Math.max(0, committed - totals.placed),
    remaining: Math.max(0, committed - totals.ran - totals.forfeited),
    window,
    byOutlet: [...outlets.entries()].map(([outlet, a]) => ({ outlet, ...a })),
    byMonth: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, a]) => ({ month, ...a })),
  }
}

export interface Pacing {
  /** Share of the committed value that ran, 0..1. */
  valueShare: number
  /** Share of the window gone by `today` (the day counted), 0..1. */
  windowShare: number
  /** (windowShare − valueShare) in percentage points; positive is behind. */
  behindPoints: number
  /** `today` falls in the window's last month or after it. */
  lastMonth: boolean
}

export function pacingOf(balances: Pick<Balances, 'committed' | 'ran' | 'window'>, today: string): Pacing {
  const { start, end } = balances.window
  const total = daysInclusive(start, end)
  const gone = today < start ? 0 : today > end ? total : daysInclusive(start, today)
  const windowShare = total > 0 ? gone / total : 1
  const valueShare = balances.committed > 0 ? Math.min(1, balances.ran / balances.committed) : 1
  // The last month starts the day after the window's first (months − 1) months end.
  const lastMonthStart = addDays(periodEnd(start, monthsBetweenDays(start, end) - 1), 1)
  return { valueShare, windowShare, behindPoints: Math.round((windowShare - valueShare) * 1000) / 10, lastMonth: today >= lastMonthStart }
}

/** Whole months of a window from its start to its end (a 9-month window is 9). */
function monthsBetweenDays(start: string, end: string): number {
  for (let n = 1; n <= 240; n++) if (periodEnd(start, n) >= end) return n
  return 240
}

/**
 * True when the deal needs the team: value is left to run (remaining > 0) and either the window's share
 * gone exceeds the value's share that ran by more than PACING_MARGIN_POINTS, or the window is in its last
 * month (or over).
 */
export function behindPace(balances: Pick<Balances, 'committed' | 'ran' | 'remaining' | 'window'>, today: string): boolean {
  if (balances.remaining <= 0) return false
  const p = pacingOf(balances, today)
  return p.behindPoints > PACING_MARGIN_POINTS || p.lastMonth
}

/** "Va al 40 % del valor con el 55 % de la ventana". */
export function pacingText(p: Pacing): string {
  return `Va al ${formatShare(p.valueShare)} del valor con el ${formatShare(p.windowShare)} de la ventana`
}

/** A deal's pace as «Seguimiento» shows it beside each startup: what ran of the committed value against the window gone. */
export interface DealPace extends Pacing {
  /** behindPace: more than PACING_MARGIN_POINTS behind, or value left in the window's last month. */
  behind: boolean
  /** Value ran and still to run, in pesos. */
  ran: number
  remaining: number
}

/**
 * What a deal delivered, in pesos: the value of its live `ran` and `make_good` entries and of its live
 * `forfeited` ones, each at its line's price — exactly balancesOf's `ran` and `forfeited`, which is all a
 * pace needs. The store sums them in SQL for every deal at once (media-plan-store.ts deliveries), so
 * «Seguimiento», «Acuerdos atrasados» and the owners' reminders never read every ledger.
 */
export interface Delivery extends PlanDeal {
  ran: number
  forfeited: number
}

export function deliveryOf(deal: PlanDeal, lines: readonly PlanLine[], entries: readonly PlanEntry[]): Delivery {
  const { ran, forfeited } = balancesOf(deal, lines, entries)
  return { mediaValueCop: deal.mediaValueCop, windowStart: deal.windowStart, windowMonths: deal.windowMonths, ran, forfeited }
}

export function dealPaceOf(delivery: Delivery, today: string): DealPace {
  const committed = delivery.mediaValueCop
  const balances = { committed, ran: delivery.ran, remaining: Math.max(0, committed - delivery.ran - delivery.forfeited), window: windowOf(delivery) }
  return { ...pacingOf(balances, today), behind: behindPace(balances, today), ran: balances.ran, remaining: balances.remaining }
}

// ---------------------------------------------------------------------------
// The days media ran (for the follow-up's charts)
// ---------------------------------------------------------------------------

/**
 * The days media ran, as spans of consecutive days: the days of the live `ran` and `make_good` entries
 * (what aired, with its proof), never the lines' flights (what was planned). Sorted, merged when they
 * touch. The lines are taken to ignore entries of lines not given.
 */
export function mediaDaysOf(lines: readonly Pick<PlanLine, 'id'>[], entries: readonly PlanEntry[]): { from: string; to: string }[] {
  const known = new Set(lines.map((l) => l.id))
  const days = [...new Set(liveEntries(entries).filter((e) => ENTRY_KIND_FACTS[e.kind].aired && known.has(e.lineId)).map((e) => e.day))].sort()
  const spans: { from: string; to: string }[] = []
  for (const d of days) {
    const last = spans[spans.length - 1]
    if (last && addDays(last.to, 1) === d) last.to = d
    else spans.push({ from: d, to: d })
  }
  return spans
}

// ---------------------------------------------------------------------------
// Reading what an admin types
// ---------------------------------------------------------------------------

export interface PlanLineInput {
  outlet: Outlet
  format: string
  units: string
  flightFrom: string
  flightTo: string
  notes?: string
}
export type PlanLineField = keyof PlanLineInput
export type PlanLineDraft = Omit<PlanLine, 'id' | 'number'>
export type PlanLineReading = { ok: true; line: PlanLineDraft } | { ok: false; message: string; errors: Partial<Record<PlanLineField, string>> }

/** A proof file's size cap (ADR 0163 addendum). */
export const PROOF_FILE_MAX_MB = 10
export const PROOF_FILE_MAX_BYTES = PROOF_FILE_MAX_MB * 1024 * 1024
/** The proof file's types: PDF and the images a browser shows (a subset of the documents' content check). */
export const PROOF_FILE_TYPES: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp']

export const MEDIA_PLAN_MESSAGES = {
  noDeal: 'Esta postulación no tiene un acuerdo registrado: el plan de medios se arma después de «Acuerdo firmado».',
  noRateCard: 'El acuerdo no tiene una versión del tarifario: corrige el acuerdo y elige la versión publicada con la que se firmó.',
  invalidLine: 'Revisa la línea del plan: hay datos que no pudimos usar.',
  invalidEntry: 'Revisa el registro: hay datos que no pudimos usar.',
  unknownLine: 'Esa línea no es del plan de medios de esta postulación.',
  tooManyLines: `Un plan de medios tiene como máximo ${PLAN_LINES_MAX} líneas.`,
  proofFileOnlyWhenAired: 'El archivo de la prueba va solo con lo que salió al aire o con una reposición.',
  proofFileRefused: 'Este archivo no es un PDF ni una imagen (JPG, PNG o WebP): sube la prueba en uno de esos formatos o pega el enlace.',
  proofFileTooLarge: `El archivo de la prueba pesa más de ${PROOF_FILE_MAX_MB} MB: súbelo más liviano o pega el enlace.`,
  proofFileEmpty: 'El archivo de la prueba está vacío.',
  voidNeedsEntry: 'Elige el registro que se anula. Retirar la línea del plan es otra acción: «Retirar la línea».',
  withdrawReason: 'Escribe por qué se retira la línea.',
  alreadyWithdrawn: 'Esa línea ya fue retirada del plan.',
  withdrawHasRecords: 'La línea ya tiene registros: anula primero cada uno, o mueve o da por perdido lo que queda.',
} as const


function readUnits(text: string, what = 'las unidades'): number | string {
  const t = text.trim()
  if (t === '') return `Escribe ${what}, por ejemplo 4.`
  if (/^-/.test(t) || t === '0') return 'Las unidades deben ser al menos 1.'
  const r = readCount(t)
  if (!r.ok) return r.problem === 'ambiguous' ? 'Ese número se puede leer de dos formas: escribe las unidades sin separadores, por ejemplo 1200.' : 'Escribe las unidades como un número entero, por ejemplo 4.'
  const n = Number(r.value)
  if (n < 1) return 'Las unidades deben ser al menos 1.'
  if (n > LINE_UNITS_MAX) return `Una línea tiene como máximo ${formatCount(LINE_UNITS_MAX)} unidades.`
  return n
}

const windowText = (w: { start: string; end: string }) => `del ${formatDay(w.start)} al ${formatDay(w.end)}`

/**
 * Reads a plan line: the outlet and format must be in the deal's rate card version (their price is
 * frozen on the line), the units whole and at least 1, the flight inside the exposure window, the value
 * within what is left to place.
 */
export function readPlanLine(
  input: PlanLineInput,
  ctx: { deal: PlanDeal; rateCard: readonly RateCardItem[] | null; rateCardNumber: number | null; placed: number },
): PlanLineReading {
  const errors: Partial<Record<PlanLineField, string>> = {}
  if (ctx.rateCard === null) return { ok: false, message: MEDIA_PLAN_MESSAGES.noRateCard, errors: { format: MEDIA_PLAN_MESSAGES.noRateCard } }
  const format = input.format.trim()
  const item = ctx.rateCard.find((i) => i.outlet === input.outlet && i.format.toLowerCase() === format.toLowerCase())
  if (!(input.outlet in OUTLET_LABELS)) errors.outlet = 'Elige el medio.'
  else if (!item) errors.format = `Ese formato no está en la versión ${ctx.rateCardNumber ?? ''} del tarifario del acuerdo para ${OUTLET_LABELS[input.outlet]}: elige uno de la lista.`.replace('versión  del', 'versión del')
  const units = readUnits(input.units)
  if (typeof units === 'string') errors.units = units
  const w = windowOf(ctx.deal)
  if (!isCalendarDay(input.flightFrom)) errors.flightFrom = 'Escribe el primer día del vuelo.'
  if (!isCalendarDay(input.flightTo)) errors.flightTo = 'Escribe el último día del vuelo.'
  if (!errors.flightFrom && !errors.flightTo) {
    if (input.flightTo < input.flightFrom) errors.flightTo = 'El vuelo termina antes de empezar: revisa las fechas.'
    else if (input.flightFrom < w.start || input.flightTo > w.end) {
      const message = `El vuelo debe estar dentro de la ventana de exposición del acuerdo, ${windowText(w)}.`
      if (input.flightFrom < w.start || input.flightFrom > w.end) errors.flightFrom = message
      if (input.flightTo > w.end || input.flightTo < w.start) errors.flightTo = message
    }
  }
  const notes = (input.notes ?? '').trim()
  if (notes.length > PLAN_NOTE_MAX) errors.notes = `Las notas van hasta ${formatCount(PLAN_NOTE_MAX)} caracteres.`
  if (item && typeof units === 'number' && !errors.units) {
    const value = units * item.unitPriceCop
    const left = Math.max(0, ctx.deal.mediaValueCop - ctx.placed)
    if (value > COP_MAX) errors.units = 'Esa línea vale demasiado: revisa las unidades.'
    else if (value > left) {
      errors.units = `La línea vale ${formatCop(value)} y quedan ${formatCop(left)} por ubicar del valor comprometido: reduce las unidades.`
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, message: MEDIA_PLAN_MESSAGES.invalidLine, errors }
  return {
    ok: true,
    line: { outlet: input.outlet, format: item!.format, units: units as number, unitPriceCop: item!.unitPriceCop, flightFrom: input.flightFrom, flightTo: input.flightTo, notes },
  }
}

export interface PlanEntryInput {
  lineId: string
  kind: EntryKind
  day: string
  units?: string
  proofUrl?: string | null
  reason?: string | null
  makeGoodFor?: string | null
  toLineId?: string | null
  voids?: string | null
}
export type PlanEntryField = keyof PlanEntryInput | 'proofFile'
export type PlanEntryDraft = Omit<PlanEntry, 'id'>
export type PlanEntryReading = { ok: true; entry: PlanEntryDraft } | { ok: false; message: string; errors: Partial<Record<PlanEntryField, string>> }

/** Why a proof link's host is refused (ADR 0203). */
export const PROOF_HOST_NOT_PUBLIC =
  'El enlace de la prueba debe ser una dirección pública de internet, con el nombre del sitio (por ejemplo, https://www.canal.com.co/...): no una dirección IP, ni un equipo o una red interna.'

/** An https link to a public name (ADR 0203), at most PROOF_URL_MAX characters, or the reason why not. */
export function readProofUrl(text: string | null | undefined, required: boolean): string | null | { problem: string } {
  const t = (text ?? '').trim()
  if (t === '') return required ? { problem: 'Pega el enlace de la prueba de emisión (empieza con https://) o sube el archivo.' } : null
  if (t.length > PROOF_URL_MAX) return { problem: `El enlace es demasiado largo (hasta ${formatCount(PROOF_URL_MAX)} caracteres).` }
  let url: URL
  try {
    url = new URL(t)
  } catch {
    return { problem: 'Ese enlace no se puede abrir: pega la dirección completa, que empieza con https://.' }
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return { problem: 'El enlace de la prueba debe empezar con https://.' }
  if (!isPublicHostname(url.hostname)) return { problem: PROOF_HOST_NOT_PUBLIC }
  return url.toString()
}

/**
 * Reads a ledger entry against the whole ledger of the deal (the lines and every entry so far): the
 * line is the deal's, the day a real one (not in the future for what aired or not; at or after the
 * window's end for a forfeit), the units whole and no more than the line has open (or the miss owes),
 * then checks that the ledger with it still adds up on every line.
 */
export function readPlanEntry(
  input: PlanEntryInput,
  ctx: { deal: PlanDeal; lines: readonly PlanLine[]; entries: readonly PlanEntry[]; today: string; /** The id of a proof file sent with the entry (already content-checked). */ proofFileId?: string | null },
): PlanEntryReading {
  const errors: Partial<Record<PlanEntryField, string>> = {}
  const fail = (): PlanEntryReading => ({ ok: false, message: Object.values(errors)[0] ?? MEDIA_PLAN_MESSAGES.invalidEntry, errors })
  const line = ctx.lines.find((l) => l.id === input.lineId)
  if (!line) {
    errors.lineId = MEDIA_PLAN_MESSAGES.unknownLine
    return fail()
  }
  if (!(ENTRY_KINDS as readonly string[]).includes(input.kind)) {
    errors.kind = 'Elige qué pasó con la línea.'
    return fail()
  }
  const w = windowOf(ctx.deal)
  const t = tallies(ctx.lines, ctx.entries).get(line.id)!
  if (t.withdrawn) {
    errors.lineId = 'Esa línea fue retirada del plan: no se le registra nada más.'
    return fail()
  }
  const kind = input.kind
  if (!isCalendarDay(input.day)) errors.day = 'Escribe el día.'
  else if ((kind === 'ran' || kind === 'missed' || kind === 'make_good') && input.day > ctx.today) errors.day = 'Ese día todavía no llega: se registra lo que ya pasó.'
  else if ((kind === 'ran' || kind === 'missed' || kind === 'booked') && (input.day < w.start || input.day > w.end)) errors.day = `El día debe estar dentro de la ventana de exposición, ${windowText(w)}.`
  else if (kind === 'forfeited' && (input.day < w.end || ctx.today < w.end)) errors.day = `Lo no emitido se da por perdido al terminar la ventana de exposición, desde el ${formatDay(w.end)}.`

  const entry: PlanEntryDraft = { lineId: line.id, kind, day: input.day, units: 0, proofUrl: null, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null }
  const reason = (input.reason ?? '').trim()
  if (reason.length > ENTRY_REASON_MAX) errors.reason = `El motivo va hasta ${formatCount(ENTRY_REASON_MAX)} caracteres.`
  else entry.reason = reason === '' ? null : reason

  if (kind === 'void') {
    if (reason === '') errors.reason = 'Escribe por qué se anula.'
    if (input.voids) {
      const target = ctx.entries.find((e) => e.id === input.voids)
      const voided = new Set(ctx.entries.filter((e) => e.kind === 'void').map((e) => e.voids))
      if (!target || target.lineId !== line.id) errors.voids = 'Ese registro no es de esta línea.'
      else if (target.kind === 'void') errors.voids = 'Una anulación no se anula: registra de nuevo lo que pasó.'
      else if (voided.has(target.id)) errors.voids = 'Ese registro ya está anulado.'
      else {
        entry.voids = target.id
        entry.units = target.units
        if (target.kind === 'missed' && ctx.entries.some((e) => e.kind === 'make_good' && e.makeGoodFor === target.id && liveEntries(ctx.entries).includes(e))) {
          errors.voids = 'Ese «no emitido» tiene reposiciones: anula primero las reposiciones.'
        }
      }
    } else {
      // Withdrawing the line is its own action (readLineWithdrawal): a void names the entry it cancels.
      errors.voids = MEDIA_PLAN_MESSAGES.voidNeedsEntry
    }
    if (Object.keys(errors).length > 0) return fail()
    return consistent(entry, ctx, errors)
  }

  const units = readUnits(input.units ?? '')
  if (typeof units === 'string') errors.units = units
  else entry.units = units

  const proofFileId = ctx.proofFileId ?? null
  if (kind === 'ran' || kind === 'make_good') {
    // A ran entry needs its proof: a link, a file, or both.
    const proof = readProofUrl(input.proofUrl, kind === 'ran' && proofFileId === null)
    if (proof !== null && typeof proof === 'object') errors.proofUrl = proof.problem
    else entry.proofUrl = proof
    entry.proofDocumentId = proofFileId
  } else if (proofFileId !== null) errors.proofFile = MEDIA_PLAN_MESSAGES.proofFileOnlyWhenAired
  if (kind === 'missed' && reason === '') errors.reason = 'Escribe el motivo: por qué no se emitió.'
  if (kind === 'make_good') {
    const miss = liveEntries(ctx.entries).find((e) => e.id === input.makeGoodFor && e.kind === 'missed' && e.lineId === line.id)
    if (!miss) errors.makeGoodFor = 'Elige el «no emitido» de esta línea que se repone.'
    else {
      entry.makeGoodFor = miss.id
      const owed = owedByMiss(ctx.entries).get(miss.id) ?? 0
      if (typeof units === 'number' && units > owed) errors.units = owed === 0 ? 'Ese «no emitido» ya está repuesto completo.' : `Ese «no emitido» debe ${formatCount(owed)} ${owed === 1 ? 'unidad' : 'unidades'}: no se repone más que eso.`
      if (!errors.day && input.day < miss.day) errors.day = 'La reposición va después del día que no se emitió.'
    }
  }
  if (kind === 'moved') {
    const to = ctx.lines.find((l) => l.id === input.toLineId)
    const toTally = to ? tallies(ctx.lines, ctx.entries).get(to.id) : undefined
    if (!to || to.id === line.id) errors.toLineId = 'Elige otra línea de este plan para mover el valor.'
    else if (toTally?.withdrawn) errors.toLineId = 'Esa línea fue retirada del plan.'
    else {
      entry.toLineId = to.id
      if (typeof units === 'number' && unitsReceived(units, line, to) < 1) {
        errors.units = `El valor de ${formatCount(units)} ${units === 1 ? 'unidad' : 'unidades'} (${formatCop(units * line.unitPriceCop)}) no alcanza para una unidad de la línea ${to.number} (${formatCop(to.unitPriceCop)}).`
      }
    }
  }
  if (kind !== 'make_good' && typeof units === 'number' && !errors.units && units > t.open) errors.units = overMessage(kind, t.open)
  if (Object.keys(errors).length > 0) return fail()
  return consistent(entry, ctx, errors)
}

export interface LineWithdrawalInput {
  lineId: string
  reason: string
}

/**
 * Withdrawing a line from the plan (a line added by mistake; ADR 0160), an action of its own
 * (ADR 0190): recorded as a `void` naming no entry, on `today`, with its reason; only while nothing but
 * bookings is recorded on the line and nothing moved into it. Its value goes back to «por ubicar».
 */
export function readLineWithdrawal(input: LineWithdrawalInput, ctx: { lines: readonly PlanLine[]; entries: readonly PlanEntry[]; today: string }): PlanEntryReading {
  const errors: Partial<Record<PlanEntryField, string>> = {}
  const fail = (): PlanEntryReading => ({ ok: false, message: Object.values(errors)[0] ?? MEDIA_PLAN_MESSAGES.invalidEntry, errors })
  const line = ctx.lines.find((l) => l.id === input.lineId)
  if (!line) {
    errors.lineId = MEDIA_PLAN_MESSAGES.unknownLine
    return fail()
  }
  const t = tallies(ctx.lines, ctx.entries).get(line.id)!
  if (t.withdrawn) errors.lineId = MEDIA_PLAN_MESSAGES.alreadyWithdrawn
  else if (!withdrawable(t)) errors.lineId = MEDIA_PLAN_MESSAGES.withdrawHasRecords
  const reason = input.reason.trim()
  if (reason === '') errors.reason = MEDIA_PLAN_MESSAGES.withdrawReason
  else if (reason.length > ENTRY_REASON_MAX) errors.reason = `El motivo va hasta ${formatCount(ENTRY_REASON_MAX)} caracteres.`
  if (Object.keys(errors).length > 0) return fail()
  const entry: PlanEntryDraft = { lineId: line.id, kind: 'void', day: ctx.today, units: 0, proofUrl: null, proofDocumentId: null, reason, makeGoodFor: null, toLineId: null, voids: null }
  return consistent(entry, ctx, errors)
}

/** A line can be withdrawn while nothing but bookings is recorded on it and nothing moved in or out. */
export const withdrawable = (t: LineTally): boolean => !t.withdrawn && t.ran + t.missed + t.madeGood + t.forfeited + t.movedOut + t.movedIn === 0

function overMessage(kind: EntryKind, open: number): string {
  const what = ENTRY_KIND_FACTS[kind].overVerb
  if (open <= 0) return 'La línea ya no tiene unidades por emitir.'
  return `La línea tiene ${formatCount(open)} ${open === 1 ? 'unidad' : 'unidades'} por emitir: no se pueden ${what} más.`
}

/** The ledger with the entry still adds up: no line with more units recorded than it has, no miss made good twice. */
function consistent(entry: PlanEntryDraft, ctx: { lines: readonly PlanLine[]; entries: readonly PlanEntry[] }, errors: Partial<Record<PlanEntryField, string>>): PlanEntryReading {
  const next = [...ctx.entries, { ...entry, id: '\u0000candidate' }]
  const bad = [...tallies(ctx.lines, next).values()].find((t) => t.open < 0 || t.owed < 0)
  const overFilled = [...owedByMiss(next).values()].some((n) => n < 0)
  if (bad || overFilled) {
    const l = ctx.lines.find((x) => x.id === bad?.lineId)
    errors[entry.kind === 'void' ? 'voids' : 'units'] = l
      ? `Con ese registro la línea ${l.number} quedaría con más unidades registradas que las que tiene.`
      : 'Con ese registro una reposición quedaría sin su «no emitido».'
    return { ok: false, message: Object.values(errors)[0]!, errors }
  }
  return { ok: true, entry }
}

// ---------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------

export const lineValue = (line: Pick<PlanLine, 'units' | 'unitPriceCop'>): number => line.units * line.unitPriceCop

/** A consulting line's units are sessions held, not spots that aired: its words say so. */
export const isSessionOutlet = (outlet: Outlet): boolean => outlet === 'consultoria'

/** "2 unidades", or for a consulting line "2 sesiones". */
export function unitsText(n: number, outlet: Outlet): string {
  return isSessionOutlet(outlet) ? `${formatNumber(n)} ${n === 1 ? 'sesión' : 'sesiones'}` : `${formatNumber(n)} ${n === 1 ? 'unidad' : 'unidades'}`
}

/** What an entry's kind is called on a line: a consulting session is held («Realizada»), never aired. */
export function entryKindLabel(kind: EntryKind, outlet: Outlet): string {
  if (isSessionOutlet(outlet) && kind === 'ran') return 'Realizada'
  if (isSessionOutlet(outlet) && kind === 'missed') return 'No realizada'
  return ENTRY_KIND_LABELS[kind]
}

/** "Línea 2 · TV nacional, Spot 30" por franja". */
export const lineTitle = (line: Pick<PlanLine, 'number' | 'outlet' | 'format'>): string => `Línea ${line.number} · ${OUTLET_LABELS[line.outlet]}, ${line.format}`

/** "TV nacional, Spot 30" por franja", and " (retirada del plan)" when withdrawn: the line as people read it in a table. */
export const lineLabel = (line: Pick<PlanLine, 'outlet' | 'format'>, withdrawn = false): string =>
  `${OUTLET_LABELS[line.outlet]}, ${line.format}${withdrawn ? ' (retirada del plan)' : ''}`

/** An entry in a sentence: "Emitido el 3 feb 2027: 2 unidades"; on a consulting line "Realizada el 3 feb 2027: 1 sesión". */
export function entryText(entry: PlanEntry, lines: readonly PlanLine[]): string {
  const outlet = lines.find((l) => l.id === entry.lineId)?.outlet ?? 'tv_nacional'
  const units = unitsText(entry.units, outlet)
  const day = formatDay(entry.day)
  switch (entry.kind) {
    case 'booked':
      return `Reservado para el ${day}: ${units}`
    case 'ran':
    case 'missed':
      return `${entryKindLabel(entry.kind, outlet)} el ${day}: ${units}`
    case 'make_good':
      return `Reposición el ${day}: ${units}`
    case 'moved': {
      const to = lines.find((l) => l.id === entry.toLineId)
      return `Movido el ${day}: ${units} a la línea ${to?.number ?? '?'}`
    }
    case 'forfeited':
      return `Perdido el ${day}: ${units}`
    case 'void':
      return entry.voids ? `Anulación el ${day}` : `Línea retirada el ${day}`
  }
}

/** What the founder's page (server/features/media-plan/media-plan-section.ts) knows around an entry. */
export interface FounderWordsContext {
  /** The deal's lines by id. */
  readonly lineOf: (id: string) => PlanLine | undefined
  /** The entries that count (liveEntries): a make-good names its miss among them. */
  readonly live: readonly PlanEntry[]
  /** What each miss still owes (owedByMiss). */
  readonly owed: ReadonlyMap<string, number>
}

/**
 * An entry in the founder's words (ADR 0180), plain text: `title` in bold, then `rest`, then, when
 * `proof`, the link to the proof. The page escapes both and writes the link.
 */
export interface FounderWords {
  readonly title: string
  readonly rest: string
  readonly proof: boolean
}

/** "2 unidades", or for a consulting line "2 sesiones" (a session is held, never aired). */
const founderUnits = (n: number, line?: PlanLine) => (line ? unitsText(n, line.outlet) : `${formatCount(n)} ${plural(n, 'unidad', 'unidades')}`)
const held = (line: PlanLine | undefined) => line !== undefined && isSessionOutlet(line.outlet)
const founderWhat = (line: PlanLine | undefined) => (line ? `${OUTLET_LABELS[line.outlet]}, ${line.format}` : 'otra línea del plan')

/**
 * What the founder reads of each kind, one row per kind (the compiler asks a new kind for its row):
 * null for what is not theirs to read (a booking is a note of the traffic; a void only hides what it cancels).
 * The team's reasons are never in it (ADR 0180).
 */
export const FOUNDER_WORDS: { readonly [K in EntryKind]: ((x: PlanEntry, ctx: FounderWordsContext) => FounderWords) | null } = {
  booked: null,
  ran: (x, { lineOf }) => {
    const line = lineOf(x.lineId)
    return { title: held(line) ? 'Se realizó' : 'Salió al aire', rest: ` el ${formatDay(x.day)}: ${founderUnits(x.units, line)} de ${founderWhat(line)}.`, proof: true }
  },
  missed: (x, { lineOf, owed }) => {
    const line = lineOf(x.lineId)
    const left = owed.get(x.id) ?? 0
    const after = left <= 0 ? 'Ya se repuso.' : left < x.units ? `Falta reponer ${founderUnits(left, line)}.` : 'Queda pendiente de reposición.'
    return { title: held(line) ? 'No se realizó' : 'No salió al aire', rest: ` el ${formatDay(x.day)}: ${founderUnits(x.units, line)} de ${founderWhat(line)}. ${after}`, proof: false }
  },
  make_good: (x, { lineOf, live }) => {
    const line = lineOf(x.lineId)
    const miss = live.find((m) => m.id === x.makeGoodFor)
    const instead = miss ? (held(line) ? ` en lugar de la que no se realizó el ${formatDay(miss.day)}` : ` en lugar de lo que no salió el ${formatDay(miss.day)}`) : ''
    return { title: 'Reposición', rest: ` el ${formatDay(x.day)}: ${founderUnits(x.units, line)} de ${founderWhat(line)}${instead}.`, proof: true }
  },
  moved: (x, { lineOf }) => {
    const line = lineOf(x.lineId)
    const to = x.toLineId ? lineOf(x.toLineId) : undefined
    const received = line && to ? `, que se convirtieron en ${founderUnits(unitsReceived(x.units, line, to), to)} de ${founderWhat(to)} por el mismo valor en medios` : ''
    return { title: 'Cambio de medio', rest: ` el ${formatDay(x.day)}: ${founderUnits(x.units, line)} de ${founderWhat(line)}${received}.`, proof: false }
  },
  forfeited: (x, { lineOf }) => {
    const line = lineOf(x.lineId)
    return {
      title: held(line) ? 'No alcanzó a realizarse' : 'No alcanzó a salir',
      rest: ` antes del cierre de la ventana (${formatDay(x.day)}): ${founderUnits(x.units, line)} de ${founderWhat(line)}.`,
      proof: false,
    }
  },
  void: null,
}

/** The balances as the workspace names them, in the order it shows them. */
export const BALANCE_LABELS = {
  committed: 'Comprometido',
  placed: 'Planeado',
  ran: 'Emitido',
  missed: 'No emitido',
  forfeited: 'Perdido',
  unplaced: 'Por ubicar',
  remaining: 'Por emitir',
} as const satisfies Partial<Record<keyof Balances, string>>

/** What a line's tally shows, in the order the preview of a void names it. */
const TALLY_LABELS = [
  ['effective', 'Unidades'],
  ['booked', 'Reservadas'],
  ['ran', 'Emitidas'],
  ['madeGood', 'Repuestas'],
  ['owed', 'Por reponer'],
  ['forfeited', 'Perdidas'],
  ['open', 'Por emitir'],
] as const satisfies readonly (readonly [keyof LineTally, string])[]

/** What a void would change, before it is recorded: said in the workspace's confirmation. */
export interface VoidEffects {
  entry: PlanEntry
  line: PlanLine
  /** The entry as the ledger says it: "Emitido el 10 de febrero de 2027: 2 unidades". */
  what: string
  /** The balances that change, in pesos, in the workspace's order. */
  balances: { label: string; before: number; after: number }[]
  /** The lines whose units change (a move touches two), each figure that changes. */
  lines: { title: string; changes: { label: string; before: number; after: number }[] }[]
  /** The founder's page shows the entry today (bookings are not theirs to read): voided, it leaves it. */
  leavesFoundersPage: boolean
}

/** The effects of voiding `entryId`; null when there is no such live entry. */
export function voidEffects(deal: PlanDeal, lines: readonly PlanLine[], entries: readonly PlanEntry[], entryId: string): VoidEffects | null {
  const entry = liveEntries(entries).find((e) => e.id === entryId)
  const line = entry ? lines.find((l) => l.id === entry.lineId) : undefined
  if (!entry || !line) return null
  const after = [...entries, { ...entry, id: '\u0000void', kind: 'void' as const, voids: entry.id, reason: null, makeGoodFor: null, toLineId: null, proofUrl: null, proofDocumentId: null }]
  const [b0, b1] = [balancesOf(deal, lines, entries), balancesOf(deal, lines, after)]
  const balances = (Object.keys(BALANCE_LABELS) as (keyof typeof BALANCE_LABELS)[])
    .filter((k) => b0[k] !== b1[k])
    .map((k) => ({ label: BALANCE_LABELS[k], before: b0[k], after: b1[k] }))
  const [t0, t1] = [tallies(lines, entries), tallies(lines, after)]
  const changedLines = lines
    .map((l) => ({
      title: lineTitle(l),
      changes: TALLY_LABELS.filter(([k]) => t0.get(l.id)![k] !== t1.get(l.id)![k]).map(([k, label]) => ({ label, before: Math.max(0, t0.get(l.id)![k] as number), after: Math.max(0, t1.get(l.id)![k] as number) })),
    }))
    .filter((l) => l.changes.length > 0)
  return { entry, line, what: entryText(entry, lines), balances, lines: changedLines, leavesFoundersPage: entry.kind !== 'booked' }
}
