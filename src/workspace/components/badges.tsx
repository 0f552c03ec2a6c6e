/**
 * Stage and due-date badges. The due state is said in words and an icon,
 * never by colour alone (WCAG 1.4.1).
 */
import { STAGE_LABELS, type DueState, type Stage } from '../../../domain/pipeline.ts'
import { formatDate, formatScore } from '../../../domain/format.ts'
import { cn } from './ui.tsx'

const STAGE_TONE: Record<Stage, string> = {
  recibida: 'bg-ink-100 text-ink-800 border-ink-200',
  validacion_preliminar: 'bg-[#e8f0ff] text-[#1d3b8a] border-[#c7d7fb]',
  sesion_panel: 'bg-[#efe9ff] text-[#4b2a99] border-[#d9ccfb]',
  due_diligence: 'bg-accent-50 text-accent-700 border-accent-100',
  acuerdo_firmado: 'bg-[#e7f6ee] text-[#067647] border-[#bfe6cf]',
  no_seleccionada: 'bg-white text-ink-600 border-ink-300',
  retirada: 'bg-white text-ink-600 border-ink-300 border-dashed',
}

export function StageBadge({ stage }: { stage: Stage }) {
  return (
    <span className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', STAGE_TONE[stage])}>
      {STAGE_LABELS[stage]}
    </span>
  )
}

export const DUE_LABELS: Record<Exclude<DueState, 'closed'>, string> = {
  overdue: 'Vencida',
  due_soon: 'Vence pronto',
  on_time: 'A tiempo',
}

export function DueBadge({ state }: { state: DueState }) {
  if (state === 'overdue') {
    return (
      <span className="inline-flex items-center gap-1 rounded border border-danger-700 bg-white px-1.5 py-0.5 text-xs font-bold text-danger-700">
        <span aria-hidden="true">⚠</span>
        {DUE_LABELS.overdue}
      </span>
    )
  }
  if (state === 'due_soon') {
    return (
      <span className="inline-flex items-center gap-1 rounded border border-accent-700 bg-accent-50 px-1.5 py-0.5 text-xs font-bold text-accent-700">
        <span aria-hidden="true">◷</span>
        {DUE_LABELS.due_soon}
      </span>
    )
  }
  return null
}

export function DueDate({ dueAt, state }: { dueAt: string | null; state: DueState }) {
  if (state === 'closed' || !dueAt) return <span className="text-ink-500">Cerrada</span>
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span>{formatDate(dueAt)}</span>
      <DueBadge state={state} />
    </span>
  )
}

/** Average ± spread, or why it is hidden. */
export function ScoreSummaryText({ average, spread, hidden, count }: {
  average: number | null
  spread: number | null
  hidden: boolean
  count: number
}) {
  if (hidden && count > 0) return <span className="text-xs text-ink-600 italic">Oculto hasta tu evaluación</span>
  if (average === null) return <span className="text-ink-600">—</span>
  return (
    <span>
      <span className="font-semibold">{formatScore(average)}</span>
      {spread !== null && <span className="text-ink-600"> ± {formatScore(spread)}</span>}
    </span>
  )
}
