/**
 * The follow-up's charts in the workspace (ADR 0176): one metric month by month with the weeks
 * its media ran behind it, and the portfolio's sparkline. React draws the one geometry of
 * domain/follow-up-chart.ts into the same SVG markup the founder's status page writes as a string
 * (server/features/follow-up/status-page-chart.ts; the test holds them equal). The chart is redrawn at its
 * box's width (no stretched text), with its figures in a table under it.
 *
 * This module carries d3-scale and d3-shape: load it through ./lazy.tsx, so a screen without charts
 * does not pay for them.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import {
  BAND_MARK_HEIGHT,
  CHART_COLORS,
  CHART_FONT_SIZE,
  CHART_TABLE_HEADINGS,
  CHART_TABLE_TOGGLE,
  LINE_WIDTH,
  POINT_RADIUS,
  SPARKLINE_RADIUS,
  chartTableCaption,
  followUpChart,
  sharedPlotLeft,
  sparkline,
  type DayInterval,
  type FollowUpChart,
  type MetricUnit,
  type MonthValue,
} from '../../../../domain/follow-up-chart.ts'
import { CHART_GRID } from './chart-grid.ts'

export interface MetricChartProps {
  /** The metric's name: "Ventas del mes en USD" (domain/follow-up.ts METRICS[key].label). */
  title: string
  unit: MetricUnit
  /** The follow-up's months in order, null where there is no figure. */
  points: readonly MonthValue[]
  /** The days media ran (ledger "ran" entries as one-day intervals, or flights). */
  mediaDays: readonly DayInterval[]
  /** Draw at this width instead of the box's (tests, fixed layouts). */
  width?: number
  height?: number
  /** The plot's left edge shared with the charts beside it (MetricCharts: sharedPlotLeft). */
  plotLeft?: number
}

/** The width before the box is measured (and where ResizeObserver is missing): a phone's column. */
export const DEFAULT_CHART_WIDTH = 340
export const DEFAULT_CHART_HEIGHT = 200
const MIN_WIDTH = 240

/** The box's width in whole pixels, followed as it changes; `fixed` when given. */
function useBoxWidth(ref: RefObject<HTMLElement | null>, fixed: number | undefined): number {
  const [width, setWidth] = useState(DEFAULT_CHART_WIDTH)
  useLayoutEffect(() => {
    const box = ref.current
    if (fixed !== undefined || !box || typeof ResizeObserver === 'undefined') return
    const measure = () => {
      const w = Math.floor(box.getBoundingClientRect().width)
      if (w > 0) setWidth(Math.max(MIN_WIDTH, w))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    return () => observer.disconnect()
  }, [ref, fixed])
  return fixed ?? width
}

export function MetricChart({ title, unit, points, mediaDays, width, height = DEFAULT_CHART_HEIGHT, plotLeft }: MetricChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const drawnWidth = useBoxWidth(box, width)
  const chart = followUpChart({ title, unit, points, mediaDays, width: drawnWidth, height, plotLeft })
  return (
    <figure className="m-0 min-w-0 rounded-lg border border-ink-200 bg-white p-3">
      <figcaption className="mb-1 text-sm font-semibold text-ink-900">{title}</figcaption>
      <div ref={box}>
        <ChartSvg chart={chart} />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer py-1.5 font-semibold text-ink-800 underline-offset-2 hover:underline">{CHART_TABLE_TOGGLE}</summary>
        <ChartTable chart={chart} />
      </details>
    </figure>
  )
}

/**
 * Several metrics side by side: one column, two, three, by the room their container gives (./chart-grid.ts,
 * in FollowUpCharts' @container), lined up: one left edge for all (sharedPlotLeft), so each month and its
 * label stand at the same place in every chart of one width.
 */
export function MetricCharts({ charts }: { charts: readonly MetricChartProps[] }) {
  const plotLeft = sharedPlotLeft(charts, charts[0]?.height ?? DEFAULT_CHART_HEIGHT)
  return (
    <div className={CHART_GRID}>
      {charts.map((c) => (
        <MetricChart key={c.title} plotLeft={plotLeft} {...c} />
      ))}
    </div>
  )
}

/**
 * Element for element what followUpChartSvg (server/features/follow-up/status-page-chart.ts) writes: change
 * one, change the other.
 */
export function ChartSvg({ chart }: { chart: FollowUpChart }) {
  const { plot } = chart
  return (
    <svg
      role="img"
      aria-label={chart.summary}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      width={chart.width}
      height={chart.height}
      fontSize={CHART_FONT_SIZE}
      className="block h-auto max-w-full"
    >
      <title>{chart.summary}</title>
      {chart.bands.map((b) => (
        <rect key={`band-${b.from}`} x={b.x} y={plot.top} width={b.width} height={plot.bottom - plot.top} fill={CHART_COLORS.band} />
      ))}
      {chart.yTicks.map((t) => (
        <line key={`grid-${t.value}`} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke={t.y === chart.zeroY ? CHART_COLORS.baseline : CHART_COLORS.grid} strokeWidth={1} />
      ))}
      {chart.bands.map((b) => (
        <rect key={`mark-${b.from}`} x={b.x} y={chart.bandMarkY} width={b.width} height={BAND_MARK_HEIGHT} fill={CHART_COLORS.bandMark} />
      ))}
      {chart.yTicks.map((t) => (
        <text key={`y-${t.value}`} x={plot.left - 8} y={t.y + 4} textAnchor="end" fill={CHART_COLORS.text}>
          {t.label}
        </text>
      ))}
      {chart.xTicks.flatMap((t) => [
        <text key={`m-${t.x}`} x={t.x} y={chart.xTickMonthY} textAnchor="middle" fill={CHART_COLORS.text}>
          {t.month}
        </text>,
        t.year === null ? null : (
          <text key={`yr-${t.x}`} x={t.x} y={chart.xTickYearY} textAnchor="middle" fill={CHART_COLORS.text}>
            {t.year}
          </text>
        ),
      ])}
      {chart.legend && [
        <rect key="legend-band" x={chart.legend.x} y={chart.legend.y - 10} width={12} height={12} fill={CHART_COLORS.band} />,
        <rect key="legend-mark" x={chart.legend.x} y={chart.legend.y + 2 - BAND_MARK_HEIGHT} width={12} height={BAND_MARK_HEIGHT} fill={CHART_COLORS.bandMark} />,
        <text key="legend-text" x={chart.legend.x + 18} y={chart.legend.y} fill={CHART_COLORS.text}>
          {chart.legend.text}
        </text>,
      ]}
      {chart.note && (
        <text x={chart.note.x} y={chart.note.y} textAnchor="middle" fill={CHART_COLORS.text}>
          {chart.note.text}
        </text>
      )}
      {chart.path !== '' && (
        <path d={chart.path} fill="none" stroke={CHART_COLORS.line} strokeWidth={LINE_WIDTH} strokeLinejoin="round" strokeLinecap="round" />
      )}
      {chart.points.map((p) =>
        p.y === null ? null : (
          <circle key={p.period} cx={p.x} cy={p.y} r={POINT_RADIUS} fill={CHART_COLORS.line} stroke={CHART_COLORS.ring} strokeWidth={1.5} />
        ),
      )}
    </svg>
  )
}

/** The chart's figures, month by month (followUpChartTable on the status page). */
export function ChartTable({ chart }: { chart: FollowUpChart }) {
  return (
    <table className="mt-1 w-full text-left tabular-nums">
      <caption className="pb-1 text-left text-xs text-ink-600">{chartTableCaption(chart.title)}</caption>
      <thead className="border-b border-ink-200 text-xs text-ink-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-semibold">{CHART_TABLE_HEADINGS.month}</th>
          <th scope="col" className="py-1 pr-2 text-right font-semibold">{CHART_TABLE_HEADINGS.value}</th>
          <th scope="col" className="py-1 font-semibold">{CHART_TABLE_HEADINGS.media}</th>
        </tr>
      </thead>
      <tbody>
        {chart.rows.map((r) => (
          <tr key={r.period} className="border-b border-ink-100 last:border-0">
            <th scope="row" className="py-1 pr-2 font-normal whitespace-nowrap">{r.month}</th>
            <td className="py-1 pr-2 text-right whitespace-nowrap">{r.value}</td>
            <td className="py-1">{r.media}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export interface MetricSparklineProps {
  title: string
  unit: MetricUnit
  /** The months to draw, in order: e.g. the follow-up's months up to the last check-in. */
  points: readonly MonthValue[]
}

/**
 * A metric's last months in a table row of the portfolio overview: the tiny line (its accessible name
 * says the trend and the last figures) and the trend in words beside it.
 */
export function MetricSparkline({ title, unit, points }: MetricSparklineProps) {
  const s = sparkline({ title, unit, points })
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <svg role="img" aria-label={s.text} viewBox={`0 0 ${s.width} ${s.height}`} width={s.width} height={s.height}>
        <title>{s.text}</title>
        <line x1={0} x2={s.width} y1={s.zeroY} y2={s.zeroY} stroke={CHART_COLORS.baseline} strokeWidth={1} />
        {s.path !== '' && <path d={s.path} fill="none" stroke={CHART_COLORS.line} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />}
        {s.points.map((p) =>
          p.alone && (p.x !== s.last?.x) ? <circle key={p.period} cx={p.x} cy={p.y} r={1.5} fill={CHART_COLORS.line} /> : null,
        )}
        {s.last && <circle cx={s.last.x} cy={s.last.y} r={SPARKLINE_RADIUS} fill={CHART_COLORS.line} />}
      </svg>
      <span aria-hidden="true" className="text-xs font-semibold text-ink-700">
        {s.label}
      </span>
    </span>
  )
}
