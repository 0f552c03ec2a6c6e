/**
 * «Semana a semana»: the media plan as a flowchart (ADR 0193). One row per line across the
 * exposure window, week by week, each week marked with what was booked, ran, missed and made good, the
 * line's flight behind, withdrawn lines hatched and named, today drawn. React draws the one geometry of
 * domain/media-plan-flowchart.ts, computed once per render (useMemo) at the measured room; the founder's
 * status page says the same geometry in plain words (server/features/media-plan/media-plan-section.ts).
 *
 * Read without the picture: the SVG is an image named by its summary, and the same marks are in a real
 * table under it («Ver el plan en una tabla»). Never by colour alone: each mark has its own shape (ring,
 * dot, cross, diamond) named in the legend, a withdrawn line is hatched and says «Retirada», today says
 * «Hoy». On a phone the lines' names stay put and the weeks scroll sideways, with the cue written above.
 *
 * This module carries d3-scale (through the geometry): load it through ./flowchart-lazy.tsx.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  FLIGHT_LEGEND_TEXT,
  FLOWCHART_COLORS,
  FLOWCHART_DAY_Y,
  FLOWCHART_FONT_SIZE,
  FLOWCHART_MARKS,
  FLOWCHART_MARK_LABELS,
  FLOWCHART_MARK_SHAPES,
  FLOWCHART_MONTH_Y,
  FLOWCHART_TABLE_CAPTION,
  FLOWCHART_TABLE_HEADINGS,
  FLOWCHART_TABLE_TOGGLE,
  FLOWCHART_TODAY_Y,
  TODAY_TEXT,
  WITHDRAWN_TEXT,
  flowchartScrollStart,
  mediaPlanFlowchart,
  type FlowchartMark,
  type MediaPlanFlowchart,
} from '../../../../domain/media-plan-flowchart.ts'
import type { PlanEntry, PlanLine } from '../../../../domain/media-plan.ts'
import type { MediaPlanView } from '../../../../domain/workspace-api/media-plan.ts'

export interface PlanFlowchartProps {
  plan: Pick<MediaPlanView, 'lines' | 'entries' | 'windowStart' | 'windowEnd' | 'today'>
  /** The room for the weeks, instead of measuring it (tests). */
  width?: number
}

/** The room for the weeks before it can be measured: a phone's (390 px less the page's padding and the names' column). */
export const DEFAULT_WEEKS_ROOM = 200
export const SCROLL_CUE = 'Desliza hacia los lados para ver todas las semanas.'
export const FLOWCHART_HEADING = 'Semana a semana'
/** The scrolling weeks' name: not "Plan de medios…", which the panel's own region is called. */
export const FLOWCHART_REGION_LABEL = 'Semanas del plan'

/** The room's width in whole pixels, followed as it changes; `fixed` when given. */
function useRoom(fixed: number | undefined) {
  const ref = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState(DEFAULT_WEEKS_ROOM)
  useLayoutEffect(() => {
    const box = ref.current
    if (fixed !== undefined || !box || typeof ResizeObserver === 'undefined') return
    const measure = () => {
      const w = Math.floor(box.clientWidth)
      if (w > 0) setRoom(w)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    return () => observer.disconnect()
  }, [fixed])
  return { ref, room: fixed ?? room }
}

export function PlanFlowchart({ plan, width }: PlanFlowchartProps) {
  const headingId = useId()
  const cueId = useId()
  const { ref, room } = useRoom(width)
  // Once per render of the plan (and per width), never per cell: 50 lines × 52 weeks is the bench's plan.
  const chart = useMemo(
    () =>
      mediaPlanFlowchart({
        window: { start: plan.windowStart, end: plan.windowEnd },
        lines: plan.lines as unknown as PlanLine[],
        entries: plan.entries as unknown as PlanEntry[],
        today: plan.today,
        width: room,
      }),
    [plan.windowStart, plan.windowEnd, plan.lines, plan.entries, plan.today, room],
  )
  const overflows = chart.width > room
  // Open on today's week, on a month's first week so the label at the left edge is whole: the weeks before
  // it scroll in from the left.
  useLayoutEffect(() => {
    const box = ref.current
    if (!box || !chart.today || !overflows) return
    box.scrollLeft = flowchartScrollStart(chart, box.clientWidth || room)
  }, [ref, chart, overflows, room])

  return (
    <section aria-labelledby={headingId} className="mb-4" data-flowchart="">
      <h3 id={headingId} className="text-sm font-bold text-ink-900">
        {FLOWCHART_HEADING}
      </h3>
      <p className="mb-2 text-sm text-ink-700">{chart.todayText}</p>
      <Legend />
      {overflows && (
        <p id={cueId} className="mb-1 text-xs font-semibold text-ink-700">
          <span aria-hidden="true">↔ </span>
          {SCROLL_CUE}
        </p>
      )}
      <div className="flex rounded-md border border-ink-200 bg-white">
        <RowNames chart={chart} />
        <div
          ref={ref}
          className="min-w-0 flex-1 overflow-x-auto"
          role="region"
          aria-label={FLOWCHART_REGION_LABEL}
          aria-describedby={overflows ? cueId : undefined}
          tabIndex={0}
        >
          <FlowchartSvg chart={chart} />
        </div>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer py-1.5 font-semibold text-ink-800 underline-offset-2 hover:underline">{FLOWCHART_TABLE_TOGGLE}</summary>
        <FlowchartTable chart={chart} />
      </details>
    </section>
  )
}

/** The lines' names beside the weeks, row for row (the table carries them for a screen reader). */
function RowNames({ chart }: { chart: MediaPlanFlowchart }) {
  return (
    <div aria-hidden="true" className="w-[7.5rem] shrink-0 border-r border-ink-200 sm:w-[13rem]">
      <div style={{ height: chart.headerHeight }} className="flex items-end px-2 pb-1 text-xs font-semibold text-ink-600">
        Línea
      </div>
      {chart.rows.map((r) => (
        <div key={r.lineId} style={{ height: chart.rowHeight }} className="overflow-hidden px-2 text-[11px] leading-3" title={r.label}>
          <span className="block truncate font-semibold text-ink-900">
            {`Línea ${r.number}`}
            {r.withdrawn && <span className="font-normal text-ink-600"> (retirada)</span>}
          </span>
          <span className={`block truncate ${r.withdrawn ? 'text-ink-600 line-through' : 'text-ink-700'}`}>{r.label.replace(/^Línea \d+ · /, '')}</span>
        </div>
      ))}
    </div>
  )
}

/** A mark's shape at (x, y), radius r: the legend draws the same. */
function Mark({ kind, x, y, r }: { kind: FlowchartMark; x: number; y: number; r: number }) {
  switch (FLOWCHART_MARK_SHAPES[kind]) {
    case 'ring':
      return <circle data-kind={kind} cx={x} cy={y} r={r - 0.75} fill={FLOWCHART_COLORS.paper} stroke={FLOWCHART_COLORS.text} strokeWidth={1.5} />
    case 'dot':
      return <circle data-kind={kind} cx={x} cy={y} r={r} fill={FLOWCHART_COLORS.ran} />
    case 'cross':
      return <path data-kind={kind} d={`M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`} stroke={FLOWCHART_COLORS.missed} strokeWidth={2} strokeLinecap="round" />
    case 'diamond': {
      const d = r * 1.25
      return <path data-kind={kind} d={`M${x},${y - d}L${x + d},${y}L${x},${y + d}L${x - d},${y}Z`} fill={FLOWCHART_COLORS.madeGood} />
    }
  }
}

function Legend() {
  const item = (key: string, glyph: ReactNode, text: string) => (
    <li key={key} className="inline-flex items-center gap-1.5">
      <svg aria-hidden="true" width={16} height={14} viewBox="0 0 16 14" className="shrink-0">
        {glyph}
      </svg>
      {text}
    </li>
  )
  return (
    <ul aria-label="Convenciones" className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-800">
      {item('flight', <rect x={0.5} y={2.5} width={15} height={9} fill={FLOWCHART_COLORS.flight} stroke={FLOWCHART_COLORS.text} />, FLIGHT_LEGEND_TEXT)}
      {FLOWCHART_MARKS.map((k) => item(k, <Mark kind={k} x={8} y={7} r={5} />, FLOWCHART_MARK_LABELS[k]))}
      {item('today', <line x1={8} x2={8} y1={0} y2={14} stroke={FLOWCHART_COLORS.today} strokeWidth={2} />, TODAY_TEXT)}
      {item(
        'withdrawn',
        <>
          <rect x={0.5} y={2.5} width={15} height={9} fill={FLOWCHART_COLORS.paper} stroke={FLOWCHART_COLORS.hatch} />
          <path d="M2,11.5L8,2.5M8,11.5L14,2.5" stroke={FLOWCHART_COLORS.hatch} strokeWidth={1.5} />
        </>,
        'Línea retirada',
      )}
    </ul>
  )
}

/** The weeks: the window, the flights, the marks, today. */
export function FlowchartSvg({ chart }: { chart: MediaPlanFlowchart }) {
  const hatchId = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const { headerHeight: top, height, width, rowHeight } = chart
  return (
    <svg role="img" aria-label={chart.summary} width={width} height={height} viewBox={`0 0 ${width} ${height}`} fontSize={FLOWCHART_FONT_SIZE} className="block">
      <title>{chart.summary}</title>
      <defs>
        <pattern id={hatchId} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <line x1={0} y1={0} x2={0} y2={6} stroke={FLOWCHART_COLORS.hatch} strokeWidth={1.5} />
        </pattern>
      </defs>
      {chart.window.x0 > 0 && <rect x={0} y={top} width={chart.window.x0} height={height - top} fill={FLOWCHART_COLORS.outside} />}
      {chart.window.x1 < width && <rect x={chart.window.x1} y={top} width={width - chart.window.x1} height={height - top} fill={FLOWCHART_COLORS.outside} />}
      {chart.weeks.map((w) => (
        <line key={`w-${w.start}`} x1={w.x} x2={w.x} y1={w.month ? 0 : FLOWCHART_MONTH_Y + 4} y2={height} stroke={w.month ? FLOWCHART_COLORS.hatch : FLOWCHART_COLORS.grid} strokeWidth={1} />
      ))}
      {chart.rows.map((r) => (
        <line key={`r-${r.lineId}`} x1={0} x2={width} y1={r.y + rowHeight} y2={r.y + rowHeight} stroke={FLOWCHART_COLORS.grid} strokeWidth={1} />
      ))}
      {chart.weeks.flatMap((w) => [
        w.month === null ? null : (
          <text key={`m-${w.start}`} x={w.x + 3} y={FLOWCHART_MONTH_Y} fill={FLOWCHART_COLORS.text} fontWeight={600}>
            {w.year ? `${w.month} ${w.year}` : w.month}
          </text>
        ),
        <text key={`d-${w.start}`} x={w.x + w.width / 2} y={FLOWCHART_DAY_Y} textAnchor="middle" fontSize={10} fill={FLOWCHART_COLORS.text}>
          {w.day}
        </text>,
      ])}
      {chart.rows.map((r) =>
        r.withdrawn ? (
          <g key={`f-${r.lineId}`} data-line={r.lineId} data-withdrawn="">
            <title>{r.label}</title>
            <rect x={r.flight.x + 0.5} y={r.y + 4.5} width={r.flight.width - 1} height={rowHeight - 9} fill={`url(#${hatchId})`} stroke={FLOWCHART_COLORS.hatch} />
            <text x={r.flight.x + 4} y={r.y + rowHeight / 2 + 4} fill={FLOWCHART_COLORS.text} fontWeight={600} paintOrder="stroke" stroke={FLOWCHART_COLORS.paper} strokeWidth={3}>
              {WITHDRAWN_TEXT}
            </text>
          </g>
        ) : (
          <rect key={`f-${r.lineId}`} data-line={r.lineId} data-flight="" x={r.flight.x + 0.5} y={r.y + 4.5} width={r.flight.width - 1} height={rowHeight - 9} fill={FLOWCHART_COLORS.flight} stroke={FLOWCHART_COLORS.text} strokeWidth={1}>
            <title>{r.label}</title>
          </rect>
        ),
      )}
      {chart.rows.flatMap((r) =>
        r.cells.map((c) => (
          <g key={`c-${r.lineId}-${c.week}`} data-line={r.lineId} data-week={chart.weeks[c.week]!.start}>
            <title>{c.text}</title>
            {c.marks.map((m) => (
              <Mark key={m.kind} {...m} />
            ))}
          </g>
        )),
      )}
      {chart.today && (
        <g data-today={chart.today.day}>
          <line x1={chart.today.x} x2={chart.today.x} y1={FLOWCHART_TODAY_Y + 3} y2={height} stroke={FLOWCHART_COLORS.today} strokeWidth={2} />
          <text x={chart.today.x} y={FLOWCHART_TODAY_Y} textAnchor="middle" fill={FLOWCHART_COLORS.todayText} fontWeight={700}>
            {TODAY_TEXT}
          </text>
        </g>
      )}
    </svg>
  )
}

/** The same marks as the chart, a row per line: its flight and, per mark, its weeks with their units. */
export function FlowchartTable({ chart }: { chart: MediaPlanFlowchart }) {
  const captionId = useId()
  const h = FLOWCHART_TABLE_HEADINGS
  return (
    <div className="mt-1 overflow-x-auto rounded-md border border-ink-200" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full min-w-[44rem] text-left text-xs">
        <caption id={captionId} className="px-2 py-1 text-left text-xs text-ink-600">
          {FLOWCHART_TABLE_CAPTION}
        </caption>
        <thead className="border-b border-ink-200 text-ink-700">
          <tr>
            {[h.line, h.flight, ...FLOWCHART_MARKS.map((k) => h[k]), h.others].map((text) => (
              <th key={text} scope="col" className="px-2 py-1 font-semibold">
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.table.map((r) => (
            <tr key={r.lineId} data-line={r.lineId} className="border-b border-ink-100 align-top last:border-0">
              <th scope="row" className="px-2 py-1 font-semibold">
                {r.label}
              </th>
              <td className="px-2 py-1">{r.flight}</td>
              {FLOWCHART_MARKS.map((k) => (
                <td key={k} data-kind={k} className="px-2 py-1">
                  {r.weeks[k]}
                </td>
              ))}
              <td className="px-2 py-1">{r.others}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
