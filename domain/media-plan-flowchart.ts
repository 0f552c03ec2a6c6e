/**
 * The media plan as a flowchart (ADR 0193): one row per line of the plan across the exposure
 * window, week by week (Monday to Sunday, as a Colombian calendar is printed), each week's cell marked with
 * what the ledger recorded in it (booked, ran, missed, made good), the line's flight drawn behind, the
 * withdrawn lines shown as such, and today drawn. This file computes everything drawn, once, in one pass
 * over the ledger: the weeks and their labels, each row's flight and its cells with their marks placed,
 * today's place, the summary a screen reader hears and the table beside the chart. The renderers only turn
 * it into markup: React in the workspace (src/workspace/features/media-plan/flowchart.tsx, lazy) and the
 * founder's status page, in plain words (server/features/media-plan/media-plan-section.ts).
 *
 * Pure: no DOM, React or Node; d3-scale's linear scale for days → x (as domain/follow-up-chart.ts). Days are
 * Bogotá calendar days "AAAA-MM-DD" (the caller's `today` is Bogotá's: formatIsoDay(now), or the plan
 * view's `today`). What counts is domain/media-plan.ts's: liveEntries (a void and the entry it cancels are
 * never drawn), withdrawnLines, owedByMiss.
 */
import { scaleLinear } from 'd3-scale'
import { ENTRY_KIND_FACTS, ENTRY_KIND_LABELS, lineTitle, liveEntries, owedByMiss, withdrawnLines, type ListedKind, type PlanEntry, type PlanLine } from './media-plan.ts'
import { formatDay } from './deals.ts'
import { countOf, formatCount, formatMonthShort } from './format.ts'

// ---------------------------------------------------------------------------
// What a cell marks
// ---------------------------------------------------------------------------

/** What the chart marks in a week, in the order a cell places them (left to right, top to bottom). */
export const FLOWCHART_MARKS = ['booked', 'ran', 'missed', 'make_good'] as const
export type FlowchartMark = (typeof FLOWCHART_MARKS)[number]
/** The team's words (the ledger's, domain/media-plan.ts ENTRY_KIND_LABELS): the legend and the table's columns. */
export const FLOWCHART_MARK_LABELS: Record<FlowchartMark, string> = {
  booked: ENTRY_KIND_LABELS.booked,
  ran: ENTRY_KIND_LABELS.ran,
  missed: ENTRY_KIND_LABELS.missed,
  make_good: ENTRY_KIND_LABELS.make_good,
}
/** The symbol each mark is drawn with (the renderers draw these shapes; the legend names them). */
export const FLOWCHART_MARK_SHAPES: Record<FlowchartMark, 'ring' | 'dot' | 'cross' | 'diamond'> = {
  booked: 'ring',
  ran: 'dot',
  missed: 'cross',
  make_good: 'diamond',
}

// ---------------------------------------------------------------------------
// The look: the site's tokens (src/theme.css), every mark a person must see at 3:1 on white and on a flight
// ---------------------------------------------------------------------------

export const FLOWCHART_COLORS = {
  /** ink-600: labels, the ring of a booking, the flight's edges; 9.4:1 on white. */
  text: '#33466e',
  /** ink-700: a spot that ran. */
  ran: '#1d3366',
  /** danger-700: what did not run. */
  missed: '#b42318',
  /** accent-700: a make-good. */
  madeGood: '#b93a12',
  /** ink-100: a week of the line's flight (its edges in `text` say it at 3:1), and the week lines. */
  flight: '#e6ebf4',
  grid: '#e6ebf4',
  /** ink-50: the part of a week outside the exposure window. */
  outside: '#f2f5fa',
  /** ink-300: the hatching of a withdrawn line. */
  hatch: '#aab6d2',
  /** accent-600: today's line (4.0:1 on white), its «Hoy» in accent-700 (5.9:1). */
  today: '#e14d1f',
  todayText: '#b93a12',
  /** A booking's ring is hollow. */
  paper: '#ffffff',
} as const

export const FLOWCHART_FONT_SIZE = 11
/** The header: the months' row, the Mondays' row, «Hoy». */
export const FLOWCHART_HEADER_HEIGHT = 50
export const FLOWCHART_MONTH_Y = 13
export const FLOWCHART_DAY_Y = 29
export const FLOWCHART_TODAY_Y = 45
export const FLOWCHART_ROW_HEIGHT = 26
/** A week's width: at least room for "30" and two marks side by side; at most what still reads as a week. */
export const WEEK_WIDTH_MIN = 18
export const WEEK_WIDTH_MAX = 32
/** A mark alone in its cell, and one of two to four. */
export const MARK_RADIUS = 5
export const MARK_RADIUS_SMALL = 3.5
export const TODAY_TEXT = 'Hoy'
export const WITHDRAWN_TEXT = 'Retirada'
export const FLIGHT_LEGEND_TEXT = 'Semanas del vuelo (lo planeado)'

// ---------------------------------------------------------------------------
// Days as whole numbers
// ---------------------------------------------------------------------------

const DAY_MS = 86_400_000
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)
/** Monday of the week of day `n` (1970-01-01 was a Thursday). */
const mondayOf = (n: number) => n - ((((n + 3) % 7) + 7) % 7)
const round = (v: number) => Math.round(v * 10) / 10

/** A week by its Monday, short: "7 dic 2026" (the month and year as the charts write them, domain/format.ts). */
export const weekShort = (monday: string): string => `${Number(monday.slice(8, 10))} ${formatMonthShort(monday.slice(0, 7))}`
/** A week by its Monday, in words: "semana del 7 de diciembre de 2026". */
export const weekName = (monday: string): string => `semana del ${formatDay(monday)}`

// ---------------------------------------------------------------------------
// The geometry
// ---------------------------------------------------------------------------

export interface FlowchartInput {
  /** The exposure window, first and last day (domain/media-plan.ts windowOf; the plan view's windowStart and windowEnd). */
  window: { start: string; end: string }
  lines: readonly PlanLine[]
  entries: readonly PlanEntry[]
  /** Bogotá's calendar day "AAAA-MM-DD". */
  today: string
  /**
   * The room for the weeks in CSS pixels (the chart's box less the lines' column): each week gets
   * room / weeks, between WEEK_WIDTH_MIN and WEEK_WIDTH_MAX, so a long window on a phone scrolls. Without
   * it, WEEK_WIDTH_MIN.
   */
  width?: number
}

export interface FlowchartWeek {
  index: number
  /** Its Monday and its Sunday. */
  start: string
  end: string
  x: number
  width: number
  /** Its Monday's day of the month: "7". */
  day: string
  /**
   * "dic" on the first week whose Monday is in a month, with the year on the first label and where it
   * changes ("dic 2026"), when the next month's label leaves room (else the year moves on to the next
   * label, and a month of one week shows none); null elsewhere.
   */
  month: string | null
  year: string | null
  /** At least one of its days is in the exposure window. */
  inWindow: boolean
}

export interface FlowchartMarkAt {
  kind: FlowchartMark
  /** Centre. */
  x: number
  y: number
  r: number
}

export interface FlowchartCell {
  /** The week's index. */
  week: number
  /** Units recorded that week, per mark (0: none). */
  units: Record<FlowchartMark, number>
  /** Of the units missed that week, how many are still owed (not made good). */
  owed: number
  /** Placed in the cell: one in its middle, two side by side, three or four in its quarters. */
  marks: FlowchartMarkAt[]
  /** The cell in the team's words: "Semana del 7 dic 2026 · Emitido: 2 · No emitido: 1 (falta reponer 1)". */
  text: string
}

export interface FlowchartRow {
  lineId: string
  number: number
  /** "Línea 3 · TV nacional, Spot 30" por franja". */
  label: string
  outlet: PlanLine['outlet']
  withdrawn: boolean
  /** The day the line was withdrawn; null otherwise. */
  withdrawnOn: string | null
  /** Top of the row. */
  y: number
  /** The flight, from its first day's week to its last day's, whole weeks. */
  flight: { from: string; to: string; firstWeek: number; lastWeek: number; x: number; width: number }
  /** The weeks with a mark, in order. */
  cells: FlowchartCell[]
  /** Units moved to another line and forfeited: in the table, not drawn. */
  others: { kind: ListedKind; day: string; week: number; units: number }[]
}

export interface MediaPlanFlowchart {
  /** The weeks' part: from the first Monday to the last Sunday. */
  width: number
  height: number
  weekWidth: number
  rowHeight: number
  headerHeight: number
  weeks: FlowchartWeek[]
  rows: FlowchartRow[]
  window: { start: string; end: string; x0: number; x1: number }
  /** Today's line (the middle of its day) and its week; null when today is outside the weeks drawn. */
  today: { day: string; week: number; x: number } | null
  /** The day given, and where it stands: "hoy, semana del 4 de enero de 2027" or before/after the window. */
  todayText: string
  /** What the picture shows, in one paragraph: the SVG's accessible name. */
  summary: string
  /** The table beside the chart: a row per line, its flight and the weeks of each mark. */
  table: FlowchartTableRow[]
}

export interface FlowchartTableRow {
  lineId: string
  label: string
  /** "7 dic 2026 a 1 feb 2027 (9 semanas)", or "Retirada el 20 de enero de 2027". */
  flight: string
  /** Per mark: "7 dic 2026 (2), 14 dic 2026 (1)", or "—". */
  weeks: Record<FlowchartMark, string>
  /** Moves and forfeits: "Movido a otra línea: 2 (15 mar 2027)", or "—". */
  others: string
}

/** Moves and losses (ENTRY_KIND_FACTS flowchart 'listed'): in the table beside the line, not drawn. */
const isListed = (kind: PlanEntry['kind']): kind is ListedKind => ENTRY_KIND_FACTS[kind].flowchart === 'listed'
const noUnits = (): Record<FlowchartMark, number> => ({ booked: 0, ran: 0, missed: 0, make_good: 0 })

/** The marks of a cell, placed: one in the middle, two side by side, three or four in the quarters. */
function placeMarks(kinds: FlowchartMark[], x: number, y: number, width: number, height: number): FlowchartMarkAt[] {
  if (kinds.length === 1) return [{ kind: kinds[0]!, x: round(x + width / 2), y: round(y + height / 2), r: MARK_RADIUS }]
  if (kinds.length === 2) return kinds.map((kind, i) => ({ kind, x: round(x + (width * (1 + 2 * i)) / 4), y: round(y + height / 2), r: MARK_RADIUS_SMALL }))
  return kinds.map((kind, i) => ({ kind, x: round(x + (width * (1 + 2 * (i % 2))) / 4), y: round(y + (height * (1 + 2 * Math.floor(i / 2))) / 4), r: MARK_RADIUS_SMALL }))
}

/** A generous width of one character of a month's label (FLOWCHART_FONT_SIZE, semibold), and the room kept around it. */
const MONTH_CHAR_WIDTH = 6.6
const MONTH_LABEL_PAD = 6

/**
 * A month's label where the next one leaves it room: "sept 2026" when it fits before the next month's;
 * else "sept", its year moving on to the next label ("oct 2026"); else none (a month of which one week
 * shows), its year moving on too.
 */
function fitMonthLabels(weeks: FlowchartWeek[], gridWidth: number): void {
  const labelled = weeks.filter((w) => w.month !== null)
  let carried: string | null = null
  labelled.forEach((w, i) => {
    if (carried !== null && w.year === null) w.year = carried
    carried = null
    const room = (labelled[i + 1]?.x ?? gridWidth) - w.x - MONTH_LABEL_PAD
    const fits = (text: string) => text.length * MONTH_CHAR_WIDTH <= room
    if (w.year !== null && !fits(`${w.month} ${w.year}`)) {
      carried = w.year
      w.year = null
    }
    if (!fits(w.month!)) {
      carried = carried ?? w.year
      w.month = null
      w.year = null
    }
  })
}

/** formatCount, remembered: a plan repeats a few small counts thousands of times (Intl's format is the geometry's dearest call). */
function countFormatter(): (n: number) => string {
  const known = new Map<number, string>()
  return (n) => known.get(n) ?? (known.set(n, formatCount(n)), known.get(n)!)
}

/** "2 (falta reponer 1)" / "2 (repuesto)" for a missed week; the units otherwise. */
function unitsText(kind: FlowchartMark, cell: Pick<FlowchartCell, 'units' | 'owed'>, count: (n: number) => string): string {
  const n = count(cell.units[kind])
  if (kind !== 'missed') return n
  return cell.owed === 0 ? `${n}, repuesto` : cell.owed < cell.units.missed ? `${n}, falta reponer ${count(cell.owed)}` : `${n}, por reponer`
}

/**
 * Everything the flowchart draws. One pass over the ledger (lines + entries + weeks), whatever the number
 * of cells: 50 lines over 52 weeks (the bench's plan) is computed once per render, never per cell.
 */
export function mediaPlanFlowchart({ window, lines, entries, today, width }: FlowchartInput): MediaPlanFlowchart {
  const withdrawn = withdrawnLines(entries)
  const withdrawnOn = new Map<string, string>()
  for (const e of entries) if (e.kind === 'void' && e.voids === null && !withdrawnOn.has(e.lineId)) withdrawnOn.set(e.lineId, e.day)
  const byId = new Map(lines.map((l) => [l.id, l]))
  const live = liveEntries(entries).filter((e) => byId.has(e.lineId) && !withdrawn.has(e.lineId))
  const drawnKinds = new Set<string>(FLOWCHART_MARKS)

  // The weeks: the window's, stretched to any flight or drawn entry outside it (a make-good after the end,
  // a flight left outside by a corrected deal), so nothing recorded falls off the chart.
  let first = dayNumber(window.start)
  let last = dayNumber(window.end)
  for (const l of lines) {
    if (withdrawn.has(l.id)) continue
    first = Math.min(first, dayNumber(l.flightFrom))
    last = Math.max(last, dayNumber(l.flightTo))
  }
  for (const e of live) {
    if (!drawnKinds.has(e.kind) && ENTRY_KIND_FACTS[e.kind].flowchart !== 'listed') continue
    const n = dayNumber(e.day)
    first = Math.min(first, n)
    last = Math.max(last, n)
  }
  const firstMonday = mondayOf(first)
  const weekCount = (mondayOf(last) - firstMonday) / 7 + 1
  const weekWidth = Math.min(WEEK_WIDTH_MAX, Math.max(WEEK_WIDTH_MIN, Math.floor((width ?? 0) / weekCount)))
  const gridWidth = weekCount * weekWidth
  const x = scaleLinear().domain([firstMonday, firstMonday + weekCount * 7]).range([0, gridWidth])
  const weekOf = (day: string) => Math.floor((dayNumber(day) - firstMonday) / 7)

  const windowStart = dayNumber(window.start)
  const windowEnd = dayNumber(window.end)
  let shownYear = ''
  let shownMonth = ''
  const weeks: FlowchartWeek[] = Array.from({ length: weekCount }, (_, i) => {
    const monday = firstMonday + i * 7
    const start = dayText(monday)
    const period = start.slice(0, 7)
    const isNewMonth = period !== shownMonth
    shownMonth = period
    const year = start.slice(0, 4)
    const week: FlowchartWeek = {
      index: i,
      start,
      end: dayText(monday + 6),
      x: round(x(monday)),
      width: weekWidth,
      day: String(Number(start.slice(8, 10))),
      month: isNewMonth ? formatMonthShort(period, { year: false }) : null,
      year: isNewMonth && year !== shownYear ? year : null,
      inWindow: monday + 6 >= windowStart && monday <= windowEnd,
    }
    if (week.year) shownYear = year
    return week
  })
  fitMonthLabels(weeks, gridWidth)
  const short = weeks.map((w) => weekShort(w.start))
  const count = countFormatter()

  // One pass over the entries: each into its line's week.
  const cellsByLine = new Map<string, Map<number, FlowchartCell>>()
  const othersByLine = new Map<string, FlowchartRow['others']>()
  const owed = owedByMiss(entries)
  for (const e of live) {
    if (isListed(e.kind)) {
      const list = othersByLine.get(e.lineId) ?? (othersByLine.set(e.lineId, []), othersByLine.get(e.lineId)!)
      list.push({ kind: e.kind, day: e.day, week: weekOf(e.day), units: e.units })
      continue
    }
    if (!drawnKinds.has(e.kind)) continue
    const kind = e.kind as FlowchartMark
    const week = weekOf(e.day)
    const line = cellsByLine.get(e.lineId) ?? (cellsByLine.set(e.lineId, new Map()), cellsByLine.get(e.lineId)!)
    const cell = line.get(week) ?? (line.set(week, { week, units: noUnits(), owed: 0, marks: [], text: '' }), line.get(week)!)
    cell.units[kind] += e.units
    if (kind === 'missed') cell.owed += Math.max(0, owed.get(e.id) ?? 0)
  }

  const headerHeight = FLOWCHART_HEADER_HEIGHT
  const rowHeight = FLOWCHART_ROW_HEIGHT
  const rows: FlowchartRow[] = [...lines]
    .sort((a, b) => a.number - b.number)
    .map((l, i) => {
      const y = headerHeight + i * rowHeight
      const firstWeek = weekOf(l.flightFrom)
      const lastWeek = weekOf(l.flightTo)
      const cells = [...(cellsByLine.get(l.id)?.values() ?? [])].sort((a, b) => a.week - b.week)
      for (const cell of cells) {
        const kinds = FLOWCHART_MARKS.filter((k) => cell.units[k] > 0)
        cell.marks = placeMarks(kinds, weeks[cell.week]!.x, y, weekWidth, rowHeight)
        cell.text = [`Semana del ${short[cell.week]!}`, ...kinds.map((k) => `${FLOWCHART_MARK_LABELS[k]}: ${unitsText(k, cell, count)}`)].join(' · ')
      }
      return {
        lineId: l.id,
        number: l.number,
        label: lineTitle(l),
        outlet: l.outlet,
        withdrawn: withdrawn.has(l.id),
        withdrawnOn: withdrawnOn.get(l.id) ?? null,
        y,
        flight: { from: l.flightFrom, to: l.flightTo, firstWeek, lastWeek, x: weeks[firstWeek]!.x, width: (lastWeek - firstWeek + 1) * weekWidth },
        cells,
        others: (othersByLine.get(l.id) ?? []).sort((a, b) => a.day.localeCompare(b.day)),
      }
    })

  const todayNumber = dayNumber(today)
  const todayWeek = Math.floor((todayNumber - firstMonday) / 7)
  const todayMark = todayWeek >= 0 && todayWeek < weekCount ? { day: today, week: todayWeek, x: round(x(todayNumber + 0.5)) } : null
  const todayText =
    today < window.start
      ? `Hoy, ${formatDay(today)}, la ventana de exposición todavía no empieza.`
      : today > window.end
        ? `Hoy, ${formatDay(today)}, la ventana de exposición ya terminó.`
        : `Hoy: ${weekName(dayText(mondayOf(todayNumber)))}.`

  const table = rows.map((r): FlowchartTableRow => ({
    lineId: r.lineId,
    label: r.label,
    flight: r.withdrawn
      ? r.withdrawnOn
        ? `${WITHDRAWN_TEXT} el ${formatDay(r.withdrawnOn)}`
        : WITHDRAWN_TEXT
      : `${short[r.flight.firstWeek]!} a ${short[r.flight.lastWeek]!} (${countOf(r.flight.lastWeek - r.flight.firstWeek + 1, 'semana', 'semanas')})`,
    weeks: Object.fromEntries(
      FLOWCHART_MARKS.map((k) => {
        const list = r.cells.filter((c) => c.units[k] > 0).map((c) => `${short[c.week]!} (${unitsText(k, c, count)})`)
        return [k, list.length === 0 ? '—' : list.join('; ')]
      }),
    ) as Record<FlowchartMark, string>,
    others:
      r.others.length === 0
        ? '—'
        : r.others.map((o) => `${ENTRY_KIND_LABELS[o.kind]}: ${count(o.units)} (${short[o.week]!})`).join('; '),
  }))

  return {
    width: gridWidth,
    height: headerHeight + rows.length * rowHeight + 1,
    weekWidth,
    rowHeight,
    headerHeight,
    weeks,
    rows,
    window: { start: window.start, end: window.end, x0: round(x(windowStart)), x1: round(x(windowEnd + 1)) },
    today: todayMark,
    todayText,
    summary: flowchartSummary(rows, weeks, window, todayText),
    table,
  }
}

/** Room kept between today's line (its «Hoy» centred on it) and either edge of the view. */
const TODAY_ROOM = 16

/**
 * Where the weeks' sideways scroll opens in a view `view` px wide: today's week as near the middle as can be,
 * on a week's edge that cuts no month's label (cut at the left edge, «oct» read «t»), today in view. 0 when
 * the weeks fit or today is not drawn.
 */
export function flowchartScrollStart(chart: Pick<MediaPlanFlowchart, 'width' | 'weeks' | 'today'>, view: number): number {
  const max = chart.width - view
  if (!chart.today || max <= 0) return 0
  const todayX = chart.today.x
  const centred = Math.min(max, Math.max(0, todayX - view / 2))
  // Each label's span, as drawn (3 px in from its week's edge) and as fitMonthLabels measures it.
  const labels = chart.weeks
    .filter((w) => w.month !== null)
    .map((w) => ({ from: w.x, to: w.x + 3 + (w.year ? `${w.month} ${w.year}` : w.month!).length * MONTH_CHAR_WIDTH }))
  const starts = chart.weeks
    .map((w) => w.x)
    .filter((x) => x <= max && todayX - x <= view - TODAY_ROOM && (x === 0 || todayX - x >= TODAY_ROOM))
    .filter((x) => !labels.some((l) => l.from < x && x < l.to))
  if (starts.length === 0) return round(centred)
  return starts.reduce((best, x) => (Math.abs(x - centred) < Math.abs(best - centred) ? x : best))
}

/**
 * The chart in words: its lines and weeks, today, and in how many weeks each mark was recorded. "Plan de
 * medios semana a semana: 3 líneas (1 retirada) en 27 semanas, del 7 dic 2026 al 6 jun 2027. Hoy: semana
 * del 4 de enero de 2027. Reservado en 2 semanas, emitido en 3, no emitido en 1 y reposición en 1. La
 * tabla «Ver el plan en una tabla» da cada semana."
 */
function flowchartSummary(rows: readonly FlowchartRow[], weeks: readonly FlowchartWeek[], window: { start: string; end: string }, todayText: string): string {
  const gone = rows.filter((r) => r.withdrawn).length
  const lineCount = `${countOf(rows.length, 'línea', 'líneas')}${gone > 0 ? ` (${formatCount(gone)} ${gone === 1 ? 'retirada' : 'retiradas'})` : ''}`
  const span = `del ${weekShort(weeks[0]!.start)} al ${weekShort(weeks[weeks.length - 1]!.end)}`
  const counts = FLOWCHART_MARKS.map((k) => ({ k, n: rows.reduce((sum, r) => sum + r.cells.filter((c) => c.units[k] > 0).length, 0) })).filter((c) => c.n > 0)
  const marks =
    counts.length === 0
      ? 'Todavía no hay registros.'
      : `${counts.map((c, i) => `${i === 0 ? FLOWCHART_MARK_LABELS[c.k] : FLOWCHART_MARK_LABELS[c.k].toLowerCase()} en ${i === 0 ? countOf(c.n, 'semana', 'semanas') : formatCount(c.n)}`).join(', ').replace(/, ([^,]*)$/, ' y $1')}.`
  return `Plan de medios semana a semana: ${lineCount} en ${countOf(weeks.length, 'semana', 'semanas')}, ${span}; ventana de exposición del ${formatDay(window.start)} al ${formatDay(window.end)}. ${todayText} ${marks} ${FLOWCHART_TABLE_HINT}`
}

/** The table's toggle, caption and headings, shared by the renderers. */
export const FLOWCHART_TABLE_TOGGLE = 'Ver el plan en una tabla'
export const FLOWCHART_TABLE_HINT = `La tabla «${FLOWCHART_TABLE_TOGGLE}» da cada semana.`
export const FLOWCHART_TABLE_CAPTION = 'El plan semana a semana: cada semana por su lunes y, entre paréntesis, las unidades'
export const FLOWCHART_TABLE_HEADINGS = {
  line: 'Línea',
  flight: 'Vuelo',
  ...FLOWCHART_MARK_LABELS,
  others: 'Otros registros',
} as const
