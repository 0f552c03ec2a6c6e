/**
 * Where a month's check-in or a milestone stands, in words (never by colour
 * alone, WCAG 1.4.1): «Reporte atrasado» and «Atrasada» carry a warning sign.
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
  before_deal: 'bg-white text-ink-600 border-ink-300 border-dashed',
}

export function CheckInBadge({ state }: { state: CheckInState }) {
  return <StateBadge tone={CHECK_IN_TONE[state]} late={state === 'late'} label={CHECK_IN_STATE_LABELS[state]} />
}

const MILESTONE_TONE: Record<MilestoneState, string> = {
  done: 'bg-[#e7f6ee] text-[#067647] border-[#bfe6cf]',
  due: 'bg-accent-50 text-accent-700 border-accent-100',
  overdue: 'bg-white text-danger-700 border-danger-700',
  upcoming: 'bg-white text-ink-600 border-ink-200',
}

export function MilestoneBadge({ state }: { state: MilestoneState }) {
  return <StateBadge tone={MILESTONE_TONE[state]} late={state === 'overdue'} label={MILESTONE_STATE_LABELS[state]} />
}

/** The words of a state in its tone; a late one with the warning sign first. */
function StateBadge({ tone, late, label }: { tone: string; late: boolean; label: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tone)}>
      {late && <span aria-hidden="true">⚠</span>}
      {label}
    </span>
  )
}
