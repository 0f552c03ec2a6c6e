/**
 * The follow-up's charts, loaded when a screen first shows one: metric-chart.tsx carries d3-scale and
 * d3-shape (ADR 0176: a 14 kB brotli chunk), which the rest of the workspace does not need. Each waits in a
 * box of its own size, so nothing moves when it arrives.
 */
import { Suspense, lazy } from 'react'
import { CHART_GRID, CHART_GRID_CONTAINER } from './chart-grid.ts'
import type { MetricChartProps, MetricSparklineProps } from './metric-chart.tsx'

const load = () => import('./metric-chart.tsx')
const LazyMetricCharts = lazy(() => load().then((m) => ({ default: m.MetricCharts })))
const LazyMetricChart = lazy(() => load().then((m) => ({ default: m.MetricChart })))
const LazyMetricSparkline = lazy(() => load().then((m) => ({ default: m.MetricSparkline })))

// A chart's figure: borders 2, padding 24, caption 24, the SVG DEFAULT_CHART_HEIGHT (200), «Ver las cifras» 32.
const chartBox = <div className="h-[282px] rounded-lg border border-ink-200 bg-white" aria-busy="true" />

export function FollowUpCharts({ charts }: { charts: readonly MetricChartProps[] }) {
  return (
    <div className={CHART_GRID_CONTAINER}>
      <Suspense fallback={<div className={CHART_GRID}>{charts.map((c) => <div key={c.title}>{chartBox}</div>)}</div>}>
        <LazyMetricCharts charts={charts} />
      </Suspense>
    </div>
  )
}

export function FollowUpChart(props: MetricChartProps) {
  return (
    <Suspense fallback={chartBox}>
      <LazyMetricChart {...props} />
    </Suspense>
  )
}

export function FollowUpSparkline(props: MetricSparklineProps) {
  return (
    <Suspense fallback={<span className="inline-block h-7 w-24" aria-busy="true" />}>
      <LazyMetricSparkline {...props} />
    </Suspense>
  )
}
