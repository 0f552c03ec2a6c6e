/**
 * The plan's flowchart, loaded when a plan with lines is first shown: flowchart.tsx carries d3-scale
 * through its geometry (ADR 0193), which the rest of the workspace does not need. It waits in a box of
 * about its own height (its header and its rows), so little moves when it arrives.
 */
import { Suspense, lazy } from 'react'
import type { PlanFlowchartProps } from './flowchart.tsx'

const LazyPlanFlowchart = lazy(() => import('./flowchart.tsx').then((m) => ({ default: m.PlanFlowchart })))

/**
 * The geometry's FLOWCHART_HEADER_HEIGHT and FLOWCHART_ROW_HEIGHT (domain/media-plan-flowchart.ts), written
 * here rather than imported: an import would bring that module, and d3 with it, into the first chunk
 * (flowchart.test.tsx holds them equal). AROUND: the heading, today's sentence and the legend above the
 * weeks, «Ver el plan en una tabla» under them.
 */
export const PLACEHOLDER_LAYOUT = { header: 50, row: 26, around: 120 } as const

export function MediaPlanFlowchart(props: PlanFlowchartProps) {
  const { header, row, around } = PLACEHOLDER_LAYOUT
  return (
    <Suspense fallback={<div className="mb-4 rounded-md border border-ink-200 bg-white" style={{ height: around + header + props.plan.lines.length * row }} aria-busy="true" />}>
      <LazyPlanFlowchart {...props} />
    </Suspense>
  )
}
