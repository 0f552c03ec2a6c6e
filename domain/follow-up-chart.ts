/**
 * The follow-up's charts (ADR 0176): one metric month by month over the twelve months, with the
 * weeks the startup's media ran drawn behind it, and the portfolio's sparkline with its trend. This file
 * computes everything they draw (scales, the line with its gaps, the points, the weeks, the ticks and
 * their es-CO labels, the summary a screen reader hears, the table beside the chart); the renderers only
 * turn it into markup: React in the workspace (src/workspace/features/follow-up/), an HTML string on the
 * founder's status page (server/features/follow-up/status-page-chart.ts). One geometry, so the two can
 * never disagree.
 *
 * Pure: no DOM, React or Node; d3-scale's linear scale (nice domains, ticks) and d3-shape's line (the
 * path, broken where a month has no figure). Days are Bogotá calendar days "AAAA-MM-DD", months
 * "AAAA-MM"; sales arrive in US cents (ADR 0157) and are drawn and labelled in dollars.
 */
import { scaleLinear } from 'd3-scale'
import { line } from 'd3-shape'
import { isCalendarDay } from './bogota-days.ts'
import { EMPTY, countOf, formatCount, formatMoney, formatMonthShort } from './format.ts'

// ---------------------------------------------------------------------------
// The interface the plan's ledger and the check-ins feed
// ---------------------------------------------------------------------------

/** How a metric's figures are stored: US cents (sales) or a whole count. */
export type MetricUnit = 'usd_cents' | 'count'

/** One month's figure: null when there is none (unanswered, not measured): a gap, never a zero. */
export interface MonthValue {
  /** The calendar month, "AAAA-MM". */
  period: string
  /** An integer in the metric's unit (cents or a count), or null. */
  value: number | null
}

/** Days media ran, both ends included: a "ran" entry is `{ from: day, to: day }`, a flight its from–to. */
export interface DayInterval {
  from: string
  to: string
}

export interface FollowUpChartInput {
  /** The metric's name, as the chart's heading says it: "Ventas del mes en USD". */
  title: string
  unit: MetricUnit
  /** Consecutive months, in order (the follow-up's twelve). */
  points: readonly MonthValue[]
  mediaDays: readonly DayInterval[]
  /** In CSS pixels. */
  width: number
  height: number
  /**
   * Where the plot starts, to line several charts up (alignedCharts): each chart's months, media weeks and
   * month labels then stand at the same places. Never less than this chart's own labels need.
   */
  plotLeft?: number
}

// ---------------------------------------------------------------------------
// The look: the site's tokens (src/theme.css), every pair a person must read at WCAG AA
// ---------------------------------------------------------------------------

export const CHART_COLORS = {
  /** ink-700: the metric's line and points, 12:1 on white, 10:1 on a media week. */
  line: '#1d3366',
  /** ink-600: tick labels and the legend, 9.4:1 on white. */
  text: '#33466e',
  /** ink-100: the horizontal grid, decoration. */
  grid: '#e6ebf4',
  /** ink-300: the zero line. */
  baseline: '#aab6d2',
  /** accent-100: a media week behind the line, decoration (the mark below says it). */
  band: '#ffe3d6',
  /** accent-600: the mark under the axis for each media week, 4.0:1 on white, 3.3:1 on the band. */
  bandMark: '#e14d1f',
  /** The ring around a point, so it stands out on a band. */
  ring: '#ffffff',
} as const

export const CHART_FONT_SIZE = 12
/** A generous width of one character at CHART_FONT_SIZE (Manrope's figures and lower case), for margins. */
const CHAR_WIDTH = 7.2
export const POINT_RADIUS = 3.5
export const BAND_MARK_HEIGHT = 4
export const LINE_WIDTH = 2
export const LEGEND_TEXT = 'Semanas con pauta en medios'
/** Written across an empty plot. */
export const NO_FIGURES_TEXT = 'Todavía no hay cifras'
/** The smallest room a month's label takes on the axis: "sept" and a gap. */
const MIN_TICK_SPACING = 36
const TICK_STEPS = [1, 2, 3, 4, 6, 12] as const

// ---------------------------------------------------------------------------
// Days and months, as whole numbers
// ---------------------------------------------------------------------------

const DAY_MS = 86_400_000
const PERIOD = /^(\d{4})-(\d{2})$/
const pad = (n: number) => String(n).padStart(2, '0')

/** Days since 1970-01-01 of a calendar day (no time zone: a day is a label, not an instant). */
function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS
}
function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10)
}
function periodIndex(period: string): number {
  const m = PERIOD.exec(period)
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`follow-up chart: "${period}" is not a month "AAAA-MM"`)
  return Number(m[1]) * 12 + Number(m[2]) - 1
}
const periodOf = (index: number) => `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`
/** The day number of the 1st of the month `index` (year × 12 + month − 1). */
const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS
/** Monday of the week of day `n` (ISO weeks: Monday to Sunday, as a Colombian calendar is printed). 1970-01-01 was a Thursday. */
const mondayOf = (n: number) => n - ((((n + 3) % 7) + 7) % 7)

/** Half-open runs of days [start, end), sorted and merged (overlapping or touching runs become one). */
type Run = { start: number; end: number }
function mergeRuns(runs: Run[]): Run[] {
  const sorted = [...runs].sort((a, b) => a.start - b.start)
  const merged: Run[] = []
  for (const run of sorted) {
    const last = merged[merged.length - 1]
    if (last && run.start <= last.end) last.end = Math.max(last.end, run.end)
    else merged.push({ ...run })
  }
  return merged
}

/** The intervals as merged runs of days; a day that is not on the calendar, or a from after its to, is a caller's bug. */
function mediaRuns(intervals: readonly DayInterval[]): Run[] {
  return mergeRuns(
    intervals.map(({ from, to }) => {
      if (!isCalendarDay(from) || !isCalendarDay(to)) throw new RangeError(`follow-up chart: media days "${from}" to "${to}" are not calendar days "AAAA-MM-DD"`)
      if (from > to) throw new RangeError(`follow-up chart: media days start after they end ("${from}" to "${to}")`)
      return { start: dayNumber(from), end: dayNumber(to) + 1 }
    }),
  )
}

/**
 * The weeks media ran: every Monday-to-Sunday week that holds at least one media day, touching weeks
 * joined into one band, cut to [start, end). A day's spot is a visible band (a week is 5 px wide on a
 * phone, a day under 1 px), and "the weeks its media ran" is how the programme speaks of a flight.
 */
export function mediaWeeks(intervals: readonly DayInterval[], start: number, end: number): Run[] {
  const weeks = mergeRuns(mediaRuns(intervals).map((r) => ({ start: mondayOf(r.start), end: mondayOf(r.end - 1) + 7 })))
  return weeks.map((w) => ({ start: Math.max(w.start, start), end: Math.min(w.end, end) })).filter((w) => w.end > w.start)
}

/** How many media days fall in [start, end). */
function daysWithin(runs: readonly Run[], start: number, end: number): number {
  return runs.reduce((sum, r) => sum + Math.max(0, Math.min(r.end, end) - Math.max(r.start, start)), 0)
}

// ---------------------------------------------------------------------------
// Values as people read them
// ---------------------------------------------------------------------------

/** The number drawn: dollars for sales (cents ÷ 100, for display only), the count itself otherwise. */
const drawn = (unit: MetricUnit, value: number) => (unit === 'usd_cents' ? value / 100 : value)

/** A figure as a Colombian reads it: "US$ 1.250,50", "1.250"; null reads "—". */
export function formatMetricValue(unit: MetricUnit, value: number | null): string {
  if (value === null) return EMPTY
  return unit === 'usd_cents' ? formatMoney(value / 100, 'USD') : formatCount(value)
}

/** A tick's label: whole dollars ("US$ 12.000") or a count ("1.500"). */
const tickLabel = (unit: MetricUnit, drawnValue: number) => (unit === 'usd_cents' ? formatMoney(drawnValue, 'USD') : formatCount(drawnValue))

/** "a, b y c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]!}`
}

const round = (v: number) => Math.round(v * 10) / 10

function checkPoints(points: readonly MonthValue[]): number[] {
  if (points.length === 0) throw new RangeError('follow-up chart: no months to draw')
  const indexes = points.map((p) => periodIndex(p.period))
  indexes.forEach((index, i) => {
    if (i > 0 && index !== indexes[i - 1]! + 1) throw new RangeError(`follow-up chart: the months are not consecutive ("${points[i - 1]!.period}", "${points[i]!.period}")`)
  })
  for (const p of points) {
    if (p.value !== null && !Number.isSafeInteger(p.value)) throw new RangeError(`follow-up chart: ${p.period}'s figure ${p.value} is not a whole number in the metric's unit`)
  }
  return indexes
}

// ---------------------------------------------------------------------------
// The chart
// ---------------------------------------------------------------------------

export interface ChartPoint {
  period: string
  x: number
  /** null: the month has no figure (no point, a gap in the line). */
  y: number | null
  value: number | null
  /** The figure as read: "US$ 1.250", "—". */
  text: string
}

export interface ChartBand {
  /** The first and last day of the band (a Monday and a Sunday, unless cut by the chart's edge). */
  from: string
  to: string
  x: number
  width: number
}

export interface ChartTick {
  /** Centre of the month. */
  x: number
  /** "ene" */
  month: string
  /** "2027" under the first label and where the year changes; null elsewhere. */
  year: string | null
}

export interface ChartRow {
  period: string
  /** "ene 2027" */
  month: string
  /** "US$ 1.250", or "—" */
  value: string
  mediaDays: number
  /** "Sí (5 días)" or "No" */
  media: string
}

export interface FollowUpChart {
  width: number
  height: number
  title: string
  /** What the picture shows, in one paragraph: the SVG's accessible name and its <title>. */
  summary: string
  plot: { left: number; top: number; right: number; bottom: number }
  points: ChartPoint[]
  /** The line, broken at months without a figure; '' when no two figures are adjacent and none exists. */
  path: string
  bands: ChartBand[]
  /** The mark under the axis for each band. */
  bandMarkY: number
  xTicks: ChartTick[]
  /** Baseline of the month label and of the year under it. */
  xTickMonthY: number
  xTickYearY: number
  yTicks: { y: number; value: number; label: string }[]
  /** Where the zero line is (the bottom for metrics that cannot be negative). */
  zeroY: number
  /** The legend of the media weeks; null when no week is drawn. */
  legend: { x: number; y: number; text: string } | null
  /** Written in the middle of the plot when no month has a figure ("Todavía no hay cifras"); null otherwise. */
  note: { x: number; y: number; text: string } | null
  /** The table beside the chart: the same figures, month by month. */
  rows: ChartRow[]
}

/**
 * Everything one metric's chart draws, at `width` × `height` CSS pixels. Throws a RangeError (a caller's
 * bug: the stores only hold valid data) for months that are not consecutive "AAAA-MM", media days that are
 * not calendar days or run backwards, figures that are not whole numbers, or a size too small to read.
 */
/** The vertical layout at `height`: room for the legend above, the media marks and two lines of month labels below. */
function verticalLayout(height: number) {
  const top = 26
  const bandMarkY = height - 36
  const bottom = bandMarkY - 1
  const xTickMonthY = bandMarkY + BAND_MARK_HEIGHT + 13
  return { top, bottom, bandMarkY, xTickMonthY, xTickYearY: xTickMonthY + 14 }
}

/**
 * y: from zero (or below, should a figure ever be negative) to the largest figure, nice ticks in whole
 * units, their labels, and the left margin those labels need. It depends on the figures and the height,
 * never on the width.
 */
function verticalAxis(unit: MetricUnit, points: readonly MonthValue[], height: number) {
  const { top, bottom } = verticalLayout(height)
  const values = points.flatMap((p) => (p.value === null ? [] : [drawn(unit, p.value)]))
  const lo = Math.min(0, ...values)
  let hi = Math.max(0, ...values)
  if (hi === lo) hi = lo + 1
  const tickCount = Math.max(2, Math.floor((bottom - top) / 36))
  const y = scaleLinear().domain([lo, hi]).nice(tickCount).range([bottom, top])
  // No figure yet: only the zero line, and the plot says why it is empty.
  const yTickValues = values.length === 0 ? [0] : y.ticks(tickCount).filter((v) => Number.isInteger(v))
  const yLabels = yTickValues.map((v) => tickLabel(unit, v))
  const left = Math.ceil(Math.max(...yLabels.map((l) => l.length)) * CHAR_WIDTH) + 10
  return { values, y, yTickValues, yLabels, left }
}

/**
 * The left edge that lines several charts of one height up: the widest their labels need. Drawn with it
 * (`plotLeft`), charts side by side at one width put each month, media week and month label at the same
 * x, with the same labels (the founder's sales chart, labelled "US$ 6.000", labelled every third
 * month while the team's, labelled "7", labelled every second, at other places).
 */
export function sharedPlotLeft(inputs: readonly Pick<FollowUpChartInput, 'unit' | 'points'>[], height: number): number {
  return Math.max(0, ...inputs.map((input) => verticalAxis(input.unit, input.points, height).left))
}

/** Several charts of one size, lined up (sharedPlotLeft). */
export function alignedCharts(inputs: readonly Omit<FollowUpChartInput, 'width' | 'height' | 'plotLeft'>[], size: { width: number; height: number }): FollowUpChart[] {
  const plotLeft = sharedPlotLeft(inputs, size.height)
  return inputs.map((input) => followUpChart({ ...input, ...size, plotLeft }))
}

export function followUpChart({ title, unit, points, mediaDays, width, height, plotLeft }: FollowUpChartInput): FollowUpChart {
  if (!(width >= 200 && height >= 120)) throw new RangeError(`follow-up chart: ${width} × ${height} px is too small to read (at least 200 × 120)`)
  const indexes = checkPoints(points)
  const firstIndex = indexes[0]!
  const lastIndex = indexes[indexes.length - 1]!
  const start = monthStart(firstIndex)
  const end = monthStart(lastIndex + 1)

  const { top, bottom, bandMarkY, xTickMonthY, xTickYearY } = verticalLayout(height)
  const { values, y, yTickValues, yLabels, left: ownLeft } = verticalAxis(unit, points, height)
  const left = Math.max(ownLeft, plotLeft ?? 0)
  const right = width - 10
  if (right - left < 120) throw new RangeError(`follow-up chart: ${width} px leaves no room for the months beside labels like "${yLabels[yLabels.length - 1]}"`)

  const x = scaleLinear().domain([start, end]).range([left, right])
  const chartPoints: ChartPoint[] = points.map((p, i) => {
    const centre = (monthStart(indexes[i]!) + monthStart(indexes[i]! + 1)) / 2
    return {
      period: p.period,
      x: round(x(centre)),
      y: p.value === null ? null : round(y(drawn(unit, p.value))),
      value: p.value,
      text: formatMetricValue(unit, p.value),
    }
  })
  const path =
    line<ChartPoint>()
      .defined((p) => p.y !== null)
      .x((p) => p.x)
      .y((p) => p.y!)
      .digits(1)(chartPoints) ?? ''

  const runs = mediaRuns(mediaDays)
  const bands: ChartBand[] = mediaWeeks(mediaDays, start, end).map((w) => ({
    from: dayText(w.start),
    to: dayText(w.end - 1),
    x: round(x(w.start)),
    width: round(x(w.end) - x(w.start)),
  }))

  // A label per month where there is room, else every 2nd, 3rd… month, the year where it changes.
  const monthWidth = (right - left) / points.length
  const step = TICK_STEPS.find((s) => s * monthWidth >= MIN_TICK_SPACING) ?? 12
  let shownYear = ''
  const xTicks: ChartTick[] = chartPoints.flatMap((p, i) => {
    if (i % step !== 0) return []
    const year = p.period.slice(0, 4)
    const tick = { x: p.x, month: formatMonthShort(p.period, { year: false }), year: year === shownYear ? null : year }
    shownYear = year
    return [tick]
  })

  const rows: ChartRow[] = chartPoints.map((p, i) => {
    const days = daysWithin(runs, monthStart(indexes[i]!), monthStart(indexes[i]! + 1))
    return {
      period: p.period,
      month: formatMonthShort(p.period),
      value: p.text,
      mediaDays: days,
      media: days > 0 ? `Sí (${countOf(days, 'día', 'días')})` : 'No',
    }
  })

  return {
    width,
    height,
    title,
    summary: chartSummary(title, chartPoints, rows),
    plot: { left, top, right, bottom },
    points: chartPoints,
    path,
    bands,
    bandMarkY,
    xTicks,
    xTickMonthY,
    xTickYearY,
    yTicks: yTickValues.map((v, i) => ({ y: round(y(v)), value: v, label: yLabels[i]! })),
    zeroY: round(y(0)),
    legend: bands.length > 0 ? { x: 0, y: 12, text: LEGEND_TEXT } : null,
    note: values.length === 0 ? { x: round((left + right) / 2), y: round((top + bottom) / 2), text: NO_FIGURES_TEXT } : null,
    rows,
  }
}

/**
 * The chart in words: its months, how many have a figure, the first, last and largest, and the months
 * media ran. "Ventas del mes en USD, de ene 2027 a dic 2027. Cifras de 9 de los 12 meses: la primera,
 * US$ 1.200 (ene 2027); la última, US$ 4.500 (sept 2027); la mayor, US$ 5.000 (jul 2027). Pauta en
 * medios en 2 meses: feb 2027 y mar 2027."
 */
function chartSummary(title: string, points: readonly ChartPoint[], rows: readonly ChartRow[]): string {
  const month = (p: ChartPoint) => formatMonthShort(p.period)
  const withValue = points.filter((p) => p.value !== null)
  const parts = [`${title}, de ${month(points[0]!)} a ${month(points[points.length - 1]!)}.`]
  if (withValue.length === 0) parts.push('Todavía no hay cifras.')
  else if (withValue.length === 1) parts.push(`Una sola cifra: ${withValue[0]!.text} (${month(withValue[0]!)}).`)
  else {
    const first = withValue[0]!
    const last = withValue[withValue.length - 1]!
    const top = withValue.reduce((a, b) => (b.value! > a.value! ? b : a))
    const of = withValue.length === points.length ? `de los ${formatCount(points.length)} meses` : `de ${formatCount(withValue.length)} de los ${formatCount(points.length)} meses`
    parts.push(`Cifras ${of}: la primera, ${first.text} (${month(first)}); la última, ${last.text} (${month(last)}); la mayor, ${top.text} (${month(top)}).`)
  }
  const media = rows.filter((r) => r.mediaDays > 0).map((r) => r.month)
  parts.push(media.length === 0 ? 'Sin pauta en medios en estos meses.' : `Pauta en medios en ${countOf(media.length, 'mes', 'meses')}: ${listText(media)}.`)
  return parts.join(' ')
}

/** The table's column headings, shared by both renderers. */
export const CHART_TABLE_HEADINGS = { month: 'Mes', value: 'Cifra', media: 'Pauta en medios' } as const
/** The table's caption: "Ventas del mes en USD, mes a mes". */
export const chartTableCaption = (title: string) => `${title}, mes a mes`
export const CHART_TABLE_TOGGLE = 'Ver las cifras'

// ---------------------------------------------------------------------------
// The trend and the sparkline (the portfolio overview)
// ---------------------------------------------------------------------------

export type Trend = 'subiendo' | 'bajando' | 'estable'
export const TREND_LABELS: Record<Trend, string> = { subiendo: '↗ Subiendo', bajando: '↘ Bajando', estable: '→ Estable' }
export const NO_TREND_LABEL = 'Sin datos suficientes'
/** A change smaller than this share of the earlier average is "estable" (monthly figures are noisy). */
export const TREND_THRESHOLD_PERCENT = 10
/** The months each side of the comparison, at most. */
export const TREND_WINDOW_MONTHS = 3

/**
 * Where a metric is heading, by its last months: the average of the last `k` months against the average
 * of the `k` before them, `k` = 3, or half the months between the first and the last figure when fewer
 * (2 or 3 months: the last against the one before; 4 or 5: two against two). Months without a figure
 * count for neither average; the windows end at the last month with a figure.
 * - subiendo: the recent average is more than 10 % above the earlier one (or above an earlier zero);
 * - bajando: more than 10 % below it;
 * - estable: within 10 %;
 * - null: fewer than two months apart with figures, or a window with no figure at all.
 * The figures are integers of 0 or more (the check-in refuses negatives); compared exactly, by
 * cross-multiplying the sums, no rounding.
 */
export function trend(values: readonly (number | null)[]): Trend | null {
  const first = values.findIndex((v) => v !== null)
  let last = values.length - 1
  while (last >= 0 && values[last] === null) last--
  if (first < 0 || last <= first) return null
  const k = Math.min(TREND_WINDOW_MONTHS, Math.floor((last - first + 1) / 2))
  const window = (from: number, to: number) => {
    const inside = values.slice(Math.max(from, 0), to).filter((v): v is number => v !== null)
    return { sum: inside.reduce((a, b) => a + b, 0), count: inside.length }
  }
  const recent = window(last + 1 - k, last + 1)
  const earlier = window(last + 1 - 2 * k, last + 1 - k)
  if (recent.count === 0 || earlier.count === 0) return null
  // recent.sum / recent.count against earlier.sum / earlier.count, × 100 to compare with the threshold in percent.
  const r = 100 * recent.sum * earlier.count
  const e = earlier.sum * recent.count
  if (r > (100 + TREND_THRESHOLD_PERCENT) * e) return 'subiendo'
  if (r < (100 - TREND_THRESHOLD_PERCENT) * e) return 'bajando'
  return 'estable'
}

export interface SparklineInput {
  /** The metric's name: "Ventas del mes en USD". */
  title: string
  unit: MetricUnit
  /** The months to draw, in order (e.g. the follow-up's months up to the last check-in); null: a gap. */
  points: readonly MonthValue[]
  width?: number
  height?: number
}

export interface Sparkline {
  width: number
  height: number
  /** '' when fewer than one figure. */
  path: string
  /** The points with a figure; `alone` when neither neighbour has one (no line reaches it: draw a dot). */
  points: { period: string; x: number; y: number; alone: boolean }[]
  /** The last point with a figure, drawn larger. */
  last: { x: number; y: number } | null
  /** Where zero is: a faint line, so the height reads as a size. */
  zeroY: number
  trend: Trend | null
  /** What a person reads beside it: "↗ Subiendo", or "Sin datos suficientes". */
  label: string
  /** What a screen reader hears: the trend and the last months' figures. */
  text: string
}

export const SPARKLINE_WIDTH = 96
export const SPARKLINE_HEIGHT = 28
export const SPARKLINE_RADIUS = 2.5

/**
 * A tiny line of a metric's last months, no axes, for a table row, from zero to its highest figure like
 * the chart: a change the trend calls "estable" looks flat, not like a cliff (a sparkline spread between
 * its own lowest and highest figure would draw ±2 % as a fall from top to bottom).
 */
export function sparkline({ title, unit, points, width = SPARKLINE_WIDTH, height = SPARKLINE_HEIGHT }: SparklineInput): Sparkline {
  if (points.length > 0) checkPoints(points)
  const pad = SPARKLINE_RADIUS + 1
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]))
  const lo = Math.min(0, ...values)
  const hi = Math.max(0, ...values)
  const x = scaleLinear().domain([0, Math.max(points.length - 1, 1)]).range([pad, width - pad])
  const y = scaleLinear().domain([lo, hi > lo ? hi : lo + 1]).range([height - pad, pad])
  const drawnPoints = points.map((p, i) => ({ period: p.period, x: round(points.length === 1 ? width / 2 : x(i)), y: p.value === null ? null : round(y(p.value)) }))
  const path =
    line<(typeof drawnPoints)[number]>()
      .defined((p) => p.y !== null)
      .x((p) => p.x)
      .y((p) => p.y!)
      .digits(1)(drawnPoints) ?? ''
  const withValue = drawnPoints.flatMap((p, i) =>
    p.y === null ? [] : [{ period: p.period, x: p.x, y: p.y, alone: drawnPoints[i - 1]?.y == null && drawnPoints[i + 1]?.y == null }],
  )
  const lastPoint = withValue[withValue.length - 1]
  const t = trend(points.map((p) => p.value))
  const recent = points.slice(-TREND_WINDOW_MONTHS).map((p) => `${formatMonthShort(p.period)}: ${p.value === null ? 'sin cifra' : formatMetricValue(unit, p.value)}`)
  const text =
    values.length === 0
      ? `${title}: todavía no hay cifras.`
      : `${title}: ${t === null ? 'sin datos suficientes para una tendencia' : t}. Últimos meses: ${recent.join('; ')}.`
  return {
    width,
    height,
    path,
    points: withValue,
    last: lastPoint ? { x: lastPoint.x, y: lastPoint.y } : null,
    zeroY: round(y(0)),
    trend: t,
    label: t === null ? NO_TREND_LABEL : TREND_LABELS[t],
    text,
  }
}

/** The months "AAAA-MM" from `firstPeriod`, `count` of them (the follow-up's twelve: monthsFrom(start.slice(0, 7), 12)). */
export function monthsFrom(firstPeriod: string, count: number): string[] {
  const first = periodIndex(firstPeriod)
  return Array.from({ length: count }, (_, i) => periodOf(first + i))
}
