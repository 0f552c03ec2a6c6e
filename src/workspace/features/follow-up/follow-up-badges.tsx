/**
 * Where a month's check-in or a milestone stands, in words (never by colour
 * alone, WCAG 1.4.1): «Atrasado» and «Atrasada» carry a warning sign.
 */
import { CHECK_IN_STATE_LABELS, MILESTONE_STATE_LABELS, type CheckInState, type MilestoneState } from '../../../../domain/follow-up.ts'
import { cn } from '../../components/ui.tsx'

const CHECK_IN_TONE: Record<CheckInState, string> = {
  answered: 'bg-[#e7f6ee] text-[#067647] border-[#bfe6cf]',
  open: 'bg-[#e8f0ff] text-[#1d3b8a] border-[#c7d7fb]',
  late: 'bg-white text-danger-700 border-danger-700',
  missed: 'bg-ink-100 text-ink-800 border-ink-300',
  upcoming: 'bg-white text-ink-600 border-ink-200',
  closed: 'bg-white text-ink-600 border-ink-300 border-dashed',
}

export function CheckInBadge({ state }: { state: CheckInState }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', CHECK_IN_TONE[state])}>
      {state === 'late' && <span aria-hidden="true">⚠</span>}
      {CHECK_IN_STATE_LABELS[state]}
    </span>
  )
}

const MILESTONE_TONE: Record<MilestoneState, string> = {
  done: 'bg-[#e7f6ee] text-[#067647] border-[#bfe6cf]',
  due: 'bg-accent-50 text-accent-700 border-accent-100',
  overdue: 'bg-white text-danger-700 border-danger-700',
  upcoming: 'bg-white text-ink-600 border-ink-200',
}

export function MilestoneBadge({ state }: { state: MilestoneState }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', MILESTONE_TONE[state])}>
      {state === 'overdue' && <span aria-hidden="true">⚠</span>}
      {MILESTONE_STATE_LABELS[state]}
    </span>
  )
}
