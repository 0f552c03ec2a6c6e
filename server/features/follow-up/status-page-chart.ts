/**
 * The follow-up's charts on the founder's status page (ADR 0176): server-rendered HTML with no
 * JavaScript, drawn from the one geometry (domain/follow-up-chart.ts) the workspace's React chart draws
 * from, into the same SVG markup (server/features/follow-up/status-page-chart.test.ts holds them equal).
 * Each chart is an SVG with role="img" and its summary as accessible name and <title>, and the same
 * figures in a table under it ("Ver las cifras"). Every text is escaped.
 *
 * Wiring (the page that has the figures): for each metric,
 *   followUpChartHtml(followUpChart({ title, unit, points, mediaDays, ...STATUS_PAGE_CHART_SIZE }))
 * or all of them at once with followUpChartsHtml([...]); add FOLLOW_UP_CHART_CSS to the page's styles.
 */
import {
  BAND_MARK_HEIGHT,
  CHART_COLORS,
  CHART_FONT_SIZE,
  CHART_TABLE_HEADINGS,
  CHART_TABLE_TOGGLE,
  LINE_WIDTH,
  POINT_RADIUS,
  alignedCharts,
  chartTableCaption,
  type FollowUpChart,
  type FollowUpChartInput,
} from '../../../domain/follow-up-chart.ts'
import { escapeHtml as e } from '../../shared/mail/templates.ts'

/**
 * The size the page draws at. The SVG scales with its card (viewBox): one column of at most 24rem on a
 * phone (324 px of drawing at 390 px), two from 40rem on (280 px each in the page's 42rem), so its 12 px
 * text reads between 11 and 14 px.
 */
export const STATUS_PAGE_CHART_SIZE = { width: 300, height: 200 } as const

type Attrs = Record<string, string | number>
const attrs = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${e(String(v))}"`)
    .join('')
const el = (tag: string, a: Attrs, children?: string) => (children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`)

/**
 * The chart as an SVG element (a string), element for element what src/workspace/features/follow-up/
 * metric-chart.tsx renders: change one, change the other (the test compares them).
 */
export function followUpChartSvg(chart: FollowUpChart): string {
  const { plot } = chart
  const parts: string[] = [el('title', {}, e(chart.summary))]
  for (const b of chart.bands) parts.push(el('rect', { x: b.x, y: plot.top, width: b.width, height: plot.bottom - plot.top, fill: CHART_COLORS.band }))
  for (const t of chart.yTicks) {
    parts.push(el('line', { x1: plot.left, x2: plot.right, y1: t.y, y2: t.y, stroke: t.y === chart.zeroY ? CHART_COLORS.baseline : CHART_COLORS.grid, 'stroke-width': 1 }))
  }
  for (const b of chart.bands) parts.push(el('rect', { x: b.x, y: chart.bandMarkY, width: b.width, height: BAND_MARK_HEIGHT, fill: CHART_COLORS.bandMark }))
  for (const t of chart.yTicks) parts.push(el('text', { x: plot.left - 8, y: t.y + 4, 'text-anchor': 'end', fill: CHART_COLORS.text }, e(t.label)))
  for (const t of chart.xTicks) {
    parts.push(el('text', { x: t.x, y: chart.xTickMonthY, 'text-anchor': 'middle', fill: CHART_COLORS.text }, e(t.month)))
    if (t.year !== null) parts.push(el('text', { x: t.x, y: chart.xTickYearY, 'text-anchor': 'middle', fill: CHART_COLORS.text }, e(t.year)))
  }
  if (chart.legend) {
    const { x, y } = chart.legend
    parts.push(el('rect', { x, y: y - 10, width: 12, height: 12, fill: CHART_COLORS.band }))
    parts.push(el('rect', { x, y: y + 2 - BAND_MARK_HEIGHT, width: 12, height: BAND_MARK_HEIGHT, fill: CHART_COLORS.bandMark }))
    parts.push(el('text', { x: x + 18, y, fill: CHART_COLORS.text }, e(chart.legend.text)))
  }
  if (chart.note) parts.push(el('text', { x: chart.note.x, y: chart.note.y, 'text-anchor': 'middle', fill: CHART_COLORS.text }, e(chart.note.text)))
  if (chart.path !== '') {
    parts.push(el('path', { d: chart.path, fill: 'none', stroke: CHART_COLORS.line, 'stroke-width': LINE_WIDTH, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }))
  }
  for (const p of chart.points) {
    if (p.y !== null) parts.push(el('circle', { cx: p.x, cy: p.y, r: POINT_RADIUS, fill: CHART_COLORS.line, stroke: CHART_COLORS.ring, 'stroke-width': 1.5 }))
  }
  return el(
    'svg',
    { role: 'img', 'aria-label': chart.summary, viewBox: `0 0 ${chart.width} ${chart.height}`, width: chart.width, height: chart.height, 'font-size': CHART_FONT_SIZE },
    parts.join(''),
  )
}

/** The same figures as the chart, month by month: month, figure, whether media ran. */
export function followUpChartTable(chart: FollowUpChart): string {
  const head = `<tr>${el('th', { scope: 'col' }, e(CHART_TABLE_HEADINGS.month))}${el('th', { scope: 'col' }, e(CHART_TABLE_HEADINGS.value))}${el('th', { scope: 'col' }, e(CHART_TABLE_HEADINGS.media))}</tr>`
  const rows = chart.rows.map((r) => `<tr>${el('th', { scope: 'row' }, e(r.month))}${el('td', {}, e(r.value))}${el('td', {}, e(r.media))}</tr>`).join('\n')
  return `<table><caption>${e(chartTableCaption(chart.title))}</caption><thead>${head}</thead><tbody>\n${rows}\n</tbody></table>`
}

/** One chart with its title, and its table under it behind «Ver las cifras» (open it, and a screen reader reads it too). */
export function followUpChartHtml(chart: FollowUpChart): string {
  return `<figure class="fu-chart"><figcaption>${e(chart.title)}</figcaption>
${followUpChartSvg(chart)}
<details><summary>${e(CHART_TABLE_TOGGLE)}</summary>
${followUpChartTable(chart)}
</details></figure>`
}

/**
 * Several metrics' charts in the page's grid, each at STATUS_PAGE_CHART_SIZE and lined up (alignedCharts):
 * the same months at the same places with the same labels in every chart.
 */
export function followUpChartsHtml(inputs: readonly Omit<FollowUpChartInput, 'width' | 'height' | 'plotLeft'>[]): string {
  return `<div class="fu-charts">\n${alignedCharts(inputs, STATUS_PAGE_CHART_SIZE).map(followUpChartHtml).join('\n')}\n</div>`
}

/** The charts' styles, for the status page's <style> (status-page-html.ts page(…, extraCss)). */
export const FOLLOW_UP_CHART_CSS = `
.fu-charts{display:grid;grid-template-columns:minmax(0,24rem);align-items:start;gap:1.25rem;margin:0 0 1rem}
@media (min-width:40rem){.fu-charts{grid-template-columns:1fr 1fr}}
.fu-chart{margin:0;background:#fff;border:1px solid var(--ink-200);border-radius:.75rem;padding:.75rem}
.fu-chart figcaption{font-weight:700;margin:0 0 .25rem}
.fu-chart svg{display:block;width:100%;height:auto}
.fu-chart summary{cursor:pointer;color:var(--accent-700);font-weight:700;padding:.6rem 0}
.fu-chart table{width:100%;border-collapse:collapse;font-size:.875rem;font-variant-numeric:tabular-nums}
.fu-chart caption{text-align:left;color:var(--ink-600);font-size:.8rem;padding:0 0 .25rem}
.fu-chart th,.fu-chart td{text-align:left;padding:.3rem .5rem .3rem 0;border-bottom:1px solid var(--ink-200)}
.fu-chart thead th{color:var(--ink-600);font-weight:700}
.fu-chart thead th:nth-child(2){text-align:right}
.fu-chart tbody th{font-weight:400;white-space:nowrap}
.fu-chart td:nth-child(2){text-align:right;white-space:nowrap}
`
