/**
 * The twelve months of follow-up after the signature (ADRs
 * 0164-0167): the monthly check-in's calendar, its metrics with their
 * definitions, the reading of what a founder types, the milestones at months
 * 3, 6 and 12, and the Spanish the founder and the team read. Pure, no
 * imports but the domain's own: the browser, Node and Deno share it.
 *
 * The calendar (ADR 0164). Check-in N reports calendar month N of the
 * follow-up: the month its start day falls in is month 1 (its figures are the
 * baseline), then one calendar month each. A check-in opens on the 1st of the
 * month after the one it reports (the books of the month are closed), is due
 * on the 10th, and can be sent or corrected until that month's last day; then
 * it closes, answered or not ("sin respuesta"). Days are Bogotá calendar days
 * "AAAA-MM-DD"; months "AAAA-MM".
 *
 * Money in integers (ADR 0157): sales in US cents; the counts are whole.
 */
import { isCalendarDay } from './bogota-days.ts'
import { FOLLOW_UP_MONTHS, USD_CENTS_MAX, hundredths, periodEnd } from './deals.ts'
import { EMPTY, formatCount, formatMoney, formatMonth, formatNumber } from './format.ts'
import { readAmount, readCount } from './numbers.ts'
import { CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP } from './privacy.ts'

/** One check-in per month of the follow-up. */
export const CHECK_IN_COUNT = FOLLOW_UP_MONTHS
/** The check-in is due on this day of the month it opens in. */
export const CHECK_IN_DUE_DAY = 10
/** The reminder before the due day goes this many days before it (the 7th). */
export const REMINDER_DAYS_BEFORE_DUE = 3
/** The reminder after the due day, when still unanswered, this many days after it (the 13th). */
export const LATE_REMINDER_DAYS_AFTER_DUE = 3
/** The check-in e-mails leave from this hour in Bogotá, like the team's reminders (ADR 0100). */
export const FOLLOW_UP_MAIL_HOUR = 7

/** The reviews with the team. */
export const MILESTONE_MONTHS = [3, 6, 12] as const
export type MilestoneMonth = (typeof MILESTONE_MONTHS)[number]
export const isMilestoneMonth = (n: number): n is MilestoneMonth => (MILESTONE_MONTHS as readonly number[]).includes(n)

export const CHECK_IN_TEXT_MAX = 1000
export const MILESTONE_NOTE_MAX = 2000
export const CLOSING_NOTE_MAX = 4000
/** Counts (customers, visits, leads, months of cash) stay safe integers with room to add a portfolio. */
export const COUNT_MAX = 1_000_000_000_000
export const TEAM_MAX = 100_000

// ---------------------------------------------------------------------------
// The calendar
// ---------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0')
/** "2027-01" plus `n` months. */
export function addMonths(period: string, n: number): string {
  const index = Number(period.slice(0, 4)) * 12 + (Number(period.slice(5, 7)) - 1) + n
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`
}
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const lastDayOf = (period: string) => {
  const y = Number(period.slice(0, 4))
  const m = Number(period.slice(5, 7))
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  return `${period}-${m === 2 && leap ? 29 : MONTH_DAYS[m - 1]}`
}
/** Months from `from` to `to` ("2027-01" to "2027-03" is 2). */
const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number]
  const [ty, tm] = to.split('-').map(Number) as [number, number]
  return ty * 12 + tm - (fy * 12 + fm)
}

export interface CheckInMonth {
  /** 1 to 12. */
  number: number
  /** The calendar month it reports, "AAAA-MM". */
  period: string
  /** The 1st of the next month: the invitation leaves. */
  opensOn: string
  /** The reminder before the due day. */
  remindOn: string
  dueOn: string
  /** The reminder after the due day, if still unanswered. */
  lateOn: string
  /** The last day it can be sent or corrected. */
  closesOn: string
}

/** Check-in `number` (1..12) of a follow-up that starts on `followUpStart`. */
export function checkInMonth(followUpStart: string, number: number): CheckInMonth {
  const period = addMonths(followUpStart.slice(0, 7), number - 1)
  const opening = addMonths(period, 1)
  return {
    number,
    period,
    opensOn: `${opening}-01`,
    remindOn: `${opening}-${pad(CHECK_IN_DUE_DAY - REMINDER_DAYS_BEFORE_DUE)}`,
    dueOn: `${opening}-${pad(CHECK_IN_DUE_DAY)}`,
    lateOn: `${opening}-${pad(CHECK_IN_DUE_DAY + LATE_REMINDER_DAYS_AFTER_DUE)}`,
    closesOn: lastDayOf(opening),
  }
}

export function checkInMonths(followUpStart: string): CheckInMonth[] {
  return Array.from({ length: CHECK_IN_COUNT }, (_, i) => checkInMonth(followUpStart, i + 1))
}

/** The check-in open on `today` (a Bogotá day), or null: before the first opens, after the last closes. */
export function openCheckIn(followUpStart: string, today: string): CheckInMonth | null {
  if (!isCalendarDay(followUpStart) || !isCalendarDay(today)) return null
  const number = monthsBetween(followUpStart.slice(0, 7), today.slice(0, 7))
  return number >= 1 && number <= CHECK_IN_COUNT ? checkInMonth(followUpStart, number) : null
}

/** The next check-in to open after `today`, or null when none is left. */
export function nextCheckIn(followUpStart: string, today: string): CheckInMonth | null {
  return checkInMonths(followUpStart).find((m) => m.opensOn > today) ?? null
}

/**
 * Where a month's check-in stands on `today`:
 * - answered: sent (whenever; a correction keeps it answered);
 * - upcoming: not open yet;
 * - open: open, due day not passed;
 * - late: past the due day, still open, unanswered: the team sees it;
 * - missed: closed unanswered ("sin respuesta"); it can no longer be sent;
 * - closed: never asked, the follow-up was closed before it closed;
 * - before_deal: it opened before the deal was recorded (a follow-up start in the past) and closed
 *   unanswered: it was never asked on time, so it is never counted as unanswered. Still open, it reads open
 *   (never late) until it closes.
 */
export type CheckInState = 'answered' | 'upcoming' | 'open' | 'late' | 'missed' | 'closed' | 'before_deal'

/** The check-in opened before the deal was recorded on `recordedOn` (a Bogotá day): never asked on time. */
export const openedBeforeDeal = (month: CheckInMonth, recordedOn: string | null | undefined): boolean =>
  recordedOn !== null && recordedOn !== undefined && month.opensOn < recordedOn

export function checkInState(
  month: CheckInMonth,
  today: string,
  answered: boolean,
  followUpClosedOn: string | null = null,
  recordedOn: string | null = null,
): CheckInState {
  if (answered) return 'answered'
  if (followUpClosedOn !== null && followUpClosedOn <= month.closesOn) return 'closed'
  if (today < month.opensOn) return 'upcoming'
  const early = openedBeforeDeal(month, recordedOn)
  if (today <= month.dueOn) return 'open'
  if (today <= month.closesOn) return early ? 'open' : 'late'
  return early ? 'before_deal' : 'missed'
}

/**
 * A signed startup can be late in two ways, each with its own name wherever it shows («Seguimiento»
 * said "ninguna atrasada" beside a red «Atrasado»): its month's report not sent by its due day (this), and its
 * media plan behind its pace (domain/media-plan.ts BEHIND_PACE_LABEL).
 */
export const LATE_REPORT_LABEL = 'Reporte atrasado'

export const CHECK_IN_STATE_LABELS: Record<CheckInState, string> = {
  answered: 'Enviado',
  upcoming: 'Próximo',
  open: 'Abierto',
  late: LATE_REPORT_LABEL,
  missed: 'Sin respuesta',
  closed: 'No aplica',
  before_deal: 'Antes del acuerdo',
}

/** The e-mails of a month (ADR 0165): the invitation on its opening day, a reminder before the due day, one after it. */
export const CHECK_IN_MAIL_KINDS = ['invitation', 'reminder', 'late'] as const
export type CheckInMailKind = (typeof CHECK_IN_MAIL_KINDS)[number]

/**
 * Which e-mail of the open month is due on `today`, if any: the latest whose day has come, when the
 * check-in is unanswered (the invitation goes whatever happens; the reminders only to who has not
 * answered). A process that was down on the opening day sends the one of today, never a backlog.
 */
export function checkInMailDue(month: CheckInMonth, today: string, answered: boolean, recordedOn: string | null = null): CheckInMailKind | null {
  if (today < month.opensOn || today > month.closesOn) return null
  if (answered) return null
  // Opened before the deal was recorded: asked once, by its invitation; never reminded nor told it is late.
  if (openedBeforeDeal(month, recordedOn)) return 'invitation'
  if (today >= month.lateOn) return 'late'
  if (today >= month.remindOn) return 'reminder'
  return 'invitation'
}

/** The milestone of month `m` is due by the close of check-in `m` (its figures are in by then). */
export function milestoneDueOn(followUpStart: string, m: MilestoneMonth): string {
  return checkInMonth(followUpStart, m).closesOn
}

export type MilestoneState = 'done' | 'upcoming' | 'due' | 'overdue'

/** upcoming until check-in `m` opens; due until its close; overdue after, until it is recorded. */
export function milestoneState(followUpStart: string, m: MilestoneMonth, today: string, done: boolean): MilestoneState {
  return milestoneStateOf(checkInMonth(followUpStart, m), today, done)
}

/** The same, from check-in `m` already computed. */
function milestoneStateOf(month: CheckInMonth, today: string, done: boolean): MilestoneState {
  if (done) return 'done'
  if (today < month.opensOn) return 'upcoming'
  return today <= month.closesOn ? 'due' : 'overdue'
}

export const MILESTONE_STATE_LABELS: Record<MilestoneState, string> = { done: 'Hecha', upcoming: 'Próxima', due: 'Pendiente', overdue: 'Atrasada' }
export const milestoneTitle = (m: MilestoneMonth) => (m === 12 ? 'Revisión final (mes 12)' : `Revisión del mes ${m}`)

// ---------------------------------------------------------------------------
// The metrics
// ---------------------------------------------------------------------------

export const METRIC_KEYS = ['salesUsdCents', 'activeCustomers', 'newCustomers', 'siteVisits', 'leads', 'teamSize', 'runwayMonths'] as const
export type MetricKey = (typeof METRIC_KEYS)[number]
export const TEXT_KEYS = ['wentWell', 'wentBadly', 'needs'] as const
export type TextKey = (typeof TEXT_KEYS)[number]
export type CheckInField = MetricKey | TextKey

export interface MetricDefinition {
  label: string
  /** A table's column. */
  short: string
  /** What to count, on screen beside the field. */
  definition: string
  /** How a Colombian writes one, for the refusal's example. */
  example: string
  /** May be left empty ("no lo medimos"): stored as null. */
  optional: boolean
  unit: 'usd_cents' | 'count'
  /** What the founder is told when a required one is left empty. */
  missing: string
}

export const METRICS: Record<MetricKey, MetricDefinition> = {
  salesUsdCents: {
    label: 'Ventas del mes en USD',
    short: 'Ventas (USD)',
    definition:
      'Lo que facturaste en el mes, en dólares y sin impuestos. Si vendes en pesos, convierte el total con la tasa del último día del mes. Si no vendiste, escribe 0.',
    example: '1.250,50',
    optional: false,
    unit: 'usd_cents',
    missing: 'Escribe las ventas del mes en dólares; si no vendiste, escribe 0.',
  },
  activeCustomers: {
    label: 'Clientes o usuarios activos',
    short: 'Activos',
    definition: 'Personas o empresas que pagaron o usaron tu producto al menos una vez en el mes.',
    example: '1.250',
    optional: false,
    unit: 'count',
    missing: 'Escribe cuántos clientes o usuarios activos tuviste en el mes; si no tuviste, escribe 0.',
  },
  newCustomers: {
    label: 'Clientes nuevos',
    short: 'Nuevos',
    definition: 'Los que compraron o se registraron por primera vez en el mes (ya están contados entre los activos).',
    example: '85',
    optional: false,
    unit: 'count',
    missing: 'Escribe cuántos clientes nuevos llegaron en el mes; si no llegó ninguno, escribe 0.',
  },
  siteVisits: {
    label: 'Visitas al sitio',
    short: 'Visitas',
    definition: 'Las visitas (sesiones) a tu sitio web o app en el mes, según tu herramienta de analítica. Déjalo vacío si no lo mides.',
    example: '12.500',
    optional: true,
    unit: 'count',
    missing: '',
  },
  leads: {
    label: 'Leads',
    short: 'Leads',
    definition: 'Contactos interesados que dejaron sus datos o pidieron información en el mes (formularios, WhatsApp, llamadas). Déjalo vacío si no lo mides.',
    example: '340',
    optional: true,
    unit: 'count',
    missing: '',
  },
  teamSize: {
    label: 'Personas en el equipo',
    short: 'Equipo',
    definition: 'Quienes trabajan en la startup al cierre del mes, con o sin salario, contando a las personas fundadoras.',
    example: '6',
    optional: false,
    unit: 'count',
    missing: 'Escribe cuántas personas trabajan en la startup, contando a las personas fundadoras.',
  },
  runwayMonths: {
    label: 'Meses de caja (runway)',
    short: 'Caja (meses)',
    definition: 'Cuántos meses alcanza el dinero en caja al ritmo de gasto actual. Déjalo vacío si no lo calculas.',
    example: '8',
    optional: true,
    unit: 'count',
    missing: '',
  },
}

export const TEXTS: Record<TextKey, { label: string; hint: string }> = {
  wentWell: { label: 'Qué salió bien', hint: 'Un logro, una venta grande, una alianza, algo que aprendiste.' },
  wentBadly: { label: 'Qué salió mal', hint: 'Lo que no funcionó o te preocupa.' },
  needs: { label: 'Qué necesitas del programa', hint: 'Una presentación, un consejo, un cambio en tu pauta, una sesión.' },
}

/** The figures of a check-in as stored: sales in US cents, counts whole; null: left empty (not measured). */
export interface CheckInFigures {
  salesUsdCents: number
  activeCustomers: number
  newCustomers: number
  siteVisits: number | null
  leads: number | null
  teamSize: number
  /** Months the cash lasts at the current burn; null: not given. */
  runwayMonths: number | null
}
export interface CheckInTexts {
  wentWell: string
  wentBadly: string
  needs: string
}
export type CheckInValues = CheckInFigures & CheckInTexts

/** What the founder typed, field by field. */
export type CheckInInput = Partial<Record<CheckInField, string>>

export type CheckInReading = { ok: true; values: CheckInValues } | { ok: false; errors: Partial<Record<CheckInField, string>> }

export const CHECK_IN_MESSAGES = {
  negative: 'Escribe un número de 0 en adelante: no puede ser negativo.',
  ambiguous: (example: string) => `Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo ${example}.`,
  notMoney: 'Escribe solo el número en dólares, por ejemplo 1.250 o 1.250,50.',
  notCount: (example: string) => `Escribe un número entero, sin decimales ni letras, por ejemplo ${example}.`,
  tooLarge: 'Ese número es demasiado grande: revisa los ceros.',
  team: 'Cuenta al menos a las personas fundadoras: el número es 1 o más.',
  textTooLong: (length: number) => `Escribe como máximo ${formatCount(CHECK_IN_TEXT_MAX)} caracteres (llevas ${formatCount(length)}).`,
  summary: (count: number) => (count === 1 ? 'Revisa el campo marcado: no guardamos nada todavía.' : `Revisa los ${count} campos marcados: no guardamos nada todavía.`),
} as const

function readMetric(key: MetricKey, text: string | undefined): number | null | string {
  const metric = METRICS[key]
  const typed = (text ?? '').trim()
  if (typed === '') return metric.optional ? null : metric.missing
  if (/^[-−]/.test(typed.replace(/^(US)?\$\s*/i, ''))) return CHECK_IN_MESSAGES.negative
  if (metric.unit === 'usd_cents') {
    const r = readAmount(typed.replace(/^(US)?\$\s*/i, '').replace(/\s*(USD|dólares)$/i, ''))
    if (!r.ok) return r.problem === 'ambiguous' ? CHECK_IN_MESSAGES.ambiguous(metric.example) : CHECK_IN_MESSAGES.notMoney
    const cents = hundredths(r.value)
    return cents > USD_CENTS_MAX ? CHECK_IN_MESSAGES.tooLarge : cents
  }
  const r = readCount(typed)
  if (!r.ok) {
    if (r.problem === 'ambiguous') return CHECK_IN_MESSAGES.ambiguous(metric.example)
    return CHECK_IN_MESSAGES.notCount(metric.example)
  }
  const n = Number(r.value)
  if (n > (key === 'teamSize' ? TEAM_MAX : COUNT_MAX)) return CHECK_IN_MESSAGES.tooLarge
  if (key === 'teamSize' && n < 1) return CHECK_IN_MESSAGES.team
  return n
}

/** A text as kept: trimmed, line ends as "\n", nothing else changed. */
const cleanText = (text: string | undefined) => (text ?? '').replace(/\r\n?/g, '\n').trim()

/**
 * Reads a check-in as the founder typed it. Every field is checked, so the page shows each refusal
 * beside its field; nothing is guessed or rounded, and a refusal stores nothing.
 */
export function readCheckIn(input: CheckInInput): CheckInReading {
  const errors: Partial<Record<CheckInField, string>> = {}
  const figures: Partial<Record<MetricKey, number | null>> = {}
  for (const key of METRIC_KEYS) {
    const read = readMetric(key, input[key])
    if (typeof read === 'string') errors[key] = read
    else figures[key] = read
  }
  const texts: Partial<CheckInTexts> = {}
  for (const key of TEXT_KEYS) {
    const text = cleanText(input[key])
    if (text.length > CHECK_IN_TEXT_MAX) errors[key] = CHECK_IN_MESSAGES.textTooLong(text.length)
    else texts[key] = text
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, values: { ...(figures as CheckInFigures), ...(texts as CheckInTexts) } }
}

/** A stored check-in back as the form shows it (a correction starts from it); reads back to the same values. */
export function checkInInputOf(values: CheckInValues): Record<CheckInField, string> {
  const count = (n: number | null) => (n === null ? '' : formatCount(n))
  return {
    salesUsdCents: formatNumber(values.salesUsdCents / 100, { maxDecimals: 2 }),
    activeCustomers: count(values.activeCustomers),
    newCustomers: count(values.newCustomers),
    siteVisits: count(values.siteVisits),
    leads: count(values.leads),
    teamSize: count(values.teamSize),
    runwayMonths: count(values.runwayMonths),
    wentWell: values.wentWell,
    wentBadly: values.wentBadly,
    needs: values.needs,
  }
}

/** A metric's value as a Colombian reads it: "US$ 1.250,50", "1.250"; null (not measured) reads "—". */
export function formatMetric(key: MetricKey, value: number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY
  return METRICS[key].unit === 'usd_cents' ? formatMoney(value / 100, 'USD') : formatCount(value)
}

/** One point of a metric's series: the month's figure, or null when unanswered or not measured. */
export interface SeriesPoint {
  month: number
  period: string
  value: number | null
}
export type MetricSeries = Record<MetricKey, SeriesPoint[]>

/**
 * Each metric month by month (what a chart draws, one line per metric; a table beside it): every one
 * of the twelve months, in order, null where there is no figure.
 */
export function metricSeries(followUpStart: string, answers: ReadonlyMap<number, CheckInFigures>): MetricSeries {
  const months = checkInMonths(followUpStart)
  return Object.fromEntries(
    METRIC_KEYS.map((key) => [key, months.map((m) => ({ month: m.number, period: m.period, value: answers.get(m.number)?.[key] ?? null }))]),
  ) as MetricSeries
}

/** "Reporte de marzo de 2027 (mes 3)". */
export const checkInTitle = (month: Pick<CheckInMonth, 'number' | 'period'>) => `Reporte de ${formatMonth(month.period)} (mes ${month.number})`

export const FOLLOW_UP_MESSAGES = {
  stale:
    'Mientras escribías se guardó otra versión de este reporte (desde otra pestaña o dispositivo). Lo que escribiste sigue abajo: si quieres que esta sea la versión final, envíala de nuevo.',
  closed: 'Este reporte ya cerró: no se puede enviar ni corregir. El próximo se abre el primer día del mes.',
  followUpClosed: 'El seguimiento de tu startup terminó: ya no hay reportes por enviar.',
  noFollowUp: 'Esta postulación no tiene seguimiento: empieza cuando se firma el acuerdo.',
  alreadyClosed: 'El seguimiento ya está cerrado: la nota de cierre no se cambia.',
  noDeal: 'Esta postulación no tiene un acuerdo registrado, así que no tiene seguimiento.',
  milestoneDay: 'Escribe la fecha de la revisión (AAAA-MM-DD), que no sea futura.',
  milestoneNote: `Escribe una nota de la revisión (hasta ${formatCount(MILESTONE_NOTE_MAX)} caracteres).`,
  closingNote: `Escribe la nota de cierre (hasta ${formatCount(CLOSING_NOTE_MAX)} caracteres).`,
} as const

// ---------------------------------------------------------------------------
// A follow-up as the team and the founder see it
// ---------------------------------------------------------------------------

/** One version of a month's check-in, as stored. */
export interface CheckInRecord extends CheckInValues {
  month: number
  version: number
  submittedAt: Date
}

export interface MilestoneRecord {
  month: MilestoneMonth
  /** AAAA-MM-DD (Bogotá): the day the review was held. */
  heldOn: string
  note: string
  /** The admin who recorded it last. */
  recordedBy: string | null
  recordedAt: Date
}

export interface ClosingRecord {
  note: string
  closedBy: string | null
  closedAt: Date
}

/** What a follow-up holds: its start, every check-in version (by month, then version), the milestones, the closing. */
export interface FollowUpData {
  followUpStart: string
  /** The Bogotá day the deal was recorded (its signature's move): months opened before it are never unanswered. */
  recordedOn?: string | null
  checkIns: readonly CheckInRecord[]
  milestones: readonly MilestoneRecord[]
  closing: ClosingRecord | null
}

export interface FollowUpMonthView extends CheckInMonth {
  state: CheckInState
  /** The latest version, when sent. */
  checkIn: CheckInRecord | null
  versions: number
  /** When the first version came (was it on time?). */
  firstSubmittedAt: Date | null
}

export interface MilestoneView {
  month: MilestoneMonth
  dueOn: string
  state: MilestoneState
  record: MilestoneRecord | null
}

export interface FollowUpViewRecord {
  followUpStart: string
  /** The follow-up's last day (12 months from its start, ADR 0159). */
  followUpEnd: string
  /** The Bogotá day the view is of. */
  today: string
  /** The check-in open today, if any. */
  current: number | null
  /** The next to open, if any. */
  next: CheckInMonth | null
  months: FollowUpMonthView[]
  series: MetricSeries
  milestones: MilestoneView[]
  closing: ClosingRecord | null
}

/** The Bogotá day of an instant, "AAAA-MM-DD". */
const bogotaDayOf = (at: Date) => new Date(at.getTime() - 5 * 3_600_000).toISOString().slice(0, 10)

/** Where every month and milestone stands on `today` (a Bogotá day), and each metric's series. */
export function followUpView(data: FollowUpData, today: string): FollowUpViewRecord {
  const start = data.followUpStart
  const closedOn = data.closing ? bogotaDayOf(data.closing.closedAt) : null
  const byMonth = new Map<number, CheckInRecord[]>()
  for (const c of data.checkIns) byMonth.set(c.month, [...(byMonth.get(c.month) ?? []), c])
  const months = checkInMonths(start).map((m): FollowUpMonthView => {
    const versions = [...(byMonth.get(m.number) ?? [])].sort((a, b) => a.version - b.version)
    return {
      ...m,
      state: checkInState(m, today, versions.length > 0, closedOn, data.recordedOn ?? null),
      checkIn: versions.at(-1) ?? null,
      versions: versions.length,
      firstSubmittedAt: versions[0]?.submittedAt ?? null,
    }
  })
  const recorded = new Map(data.milestones.map((r) => [r.month, r]))
  return {
    followUpStart: start,
    followUpEnd: periodEnd(start, FOLLOW_UP_MONTHS),
    today,
    current: data.closing ? null : (openCheckIn(start, today)?.number ?? null),
    next: data.closing ? null : nextCheckIn(start, today),
    months,
    series: metricSeries(start, new Map(months.filter((m) => m.checkIn).map((m) => [m.number, m.checkIn!]))),
    milestones: MILESTONE_MONTHS.map((m) => ({
      month: m,
      dueOn: months[m - 1]!.closesOn,
      state: milestoneStateOf(months[m - 1]!, today, recorded.has(m)),
      record: recorded.get(m) ?? null,
    })),
    closing: data.closing,
  }
}

/** A signed startup as «Seguimiento» reads it from the store: which months came and when, and one figure, the sales (its sparkline). */
export interface PortfolioEntryRecord {
  applicationId: string
  reference: string
  companyName: string
  tradeName: string
  followUpStart: string
  /** The Bogotá day the deal was recorded: months opened before it are never counted as unanswered. */
  recordedOn?: string | null
  /** The months answered, when their latest version came, and that version's sales (US cents). */
  answered: { month: number; lastAt: Date; salesUsdCents: number }[]
  /** The milestones recorded. */
  milestones: MilestoneMonth[]
  closedAt: Date | null
}

export interface PortfolioRowRecord {
  applicationId: string
  reference: string
  companyName: string
  tradeName: string
  followUpStart: string
  /** The check-in open today, and where it stands (open, late, answered); null when none is open. */
  current: { number: number; period: string; dueOn: string; closesOn: string; state: CheckInState } | null
  /** The latest month answered, and when its last version came. */
  lastCheckIn: { month: number; period: string; at: Date } | null
  answered: number
  /** Months closed without an answer. */
  missed: number
  milestones: { month: MilestoneMonth; dueOn: string; state: MilestoneState }[]
  closedAt: Date | null
  /**
   * Ventas del mes (US cents) from month 1 to the last month opened or answered, in order, null where
   * there is no figure: the portfolio's sparkline and its trend (domain/follow-up-chart.ts sparkline, trend).
   */
  sales: { period: string; value: number | null }[]
}

/** A row of «Seguimiento» on `today`. */
export function portfolioRow(entry: PortfolioEntryRecord, today: string): PortfolioRowRecord {
  const start = entry.followUpStart
  // The twelve months once (the list computes a row per signed startup on every read).
  const months = checkInMonths(start)
  const answered = new Set(entry.answered.map((a) => a.month))
  const closedOn = entry.closedAt ? bogotaDayOf(entry.closedAt) : null
  const open = entry.closedAt ? null : (months.find((m) => m.opensOn <= today && today <= m.closesOn) ?? null)
  const last = entry.answered.reduce<PortfolioEntryRecord['answered'][number] | undefined>((a, b) => (a && a.month > b.month ? a : b), undefined)
  return {
    applicationId: entry.applicationId,
    reference: entry.reference,
    companyName: entry.companyName,
    tradeName: entry.tradeName,
    followUpStart: start,
    current: open
      ? { number: open.number, period: open.period, dueOn: open.dueOn, closesOn: open.closesOn, state: checkInState(open, today, answered.has(open.number), null, entry.recordedOn ?? null) }
      : null,
    lastCheckIn: last ? { month: last.month, period: months[last.month - 1]!.period, at: last.lastAt } : null,
    answered: answered.size,
    missed: months.filter((m) => checkInState(m, today, answered.has(m.number), closedOn, entry.recordedOn ?? null) === 'missed').length,
    milestones: MILESTONE_MONTHS.map((m) => ({ month: m, dueOn: months[m - 1]!.closesOn, state: milestoneStateOf(months[m - 1]!, today, entry.milestones.includes(m)) })),
    closedAt: entry.closedAt,
    sales: months
      .slice(0, Math.max(months.filter((m) => m.opensOn <= today).length, last?.month ?? 0))
      .map((m) => ({ period: m.period, value: entry.answered.find((a) => a.month === m.number)?.salesUsdCents ?? null })),
  }
}

/**
 * The day the follow-up closed: the closing note's (Bogotá), or, without one, the day the twelfth
 * check-in closed (nothing more can come after it).
 */
export function followUpClosedOn(followUpStart: string, closedAt: Date | null): string {
  return closedAt ? bogotaDayOf(closedAt) : checkInMonth(followUpStart, CHECK_IN_COUNT).closesOn
}

/**
 * The last day the check-ins' texts (what went well, badly, what they need) are kept (ADR 0178):
 * CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP months after the follow-up closed, the same day of the month
 * (or the month's last day). From the next day on, retention empties them; the figures stay.
 */
export function checkInTextsKeptUntil(followUpStart: string, closedAt: Date | null): string {
  const closed = followUpClosedOn(followUpStart, closedAt)
  const period = addMonths(closed.slice(0, 7), CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP)
  const last = lastDayOf(period)
  return `${period}-${closed.slice(8, 10) > last.slice(8, 10) ? last.slice(8, 10) : closed.slice(8, 10)}`
}
