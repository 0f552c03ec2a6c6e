/**
 * Server state for the stage clock and conflicts (docs/workspace.md
 * "Conflicts of interest", "Mis pendientes and reminders"): their own hooks,
 * next to queries.ts, with the same invalidation rule.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { clockEndpoints as clock, type ReminderFrequency, type ReminderRequest } from '../../../domain/workspace-api/clock.ts'
import { conflictEndpoints as conflicts, type DeclareConflict, type LiftConflict } from '../../../domain/workspace-api/conflicts.ts'
import { call } from './endpoints.ts'
import { endpointQuery, useInvalidate } from './read.ts'
import { queriesOf } from './query-keys.ts'
import { panelEndpoints as panel } from '../../../domain/workspace-api/panel.ts'
import { reviewEndpoints as review } from '../../../domain/workspace-api/review.ts'

export function usePending() {
  return useQuery(endpointQuery(clock.pending))
}

export function useReminderFrequency() {
  return useQuery(endpointQuery(clock.reminders))
}

export function useSetReminderFrequency() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (frequency: ReminderFrequency) => call(clock.setReminders, { body: { frequency } satisfies ReminderRequest }),
    onSuccess: (data) => client.setQueryData(endpointQuery(clock.reminders).queryKey, data),
  })
}

export function useOnTime() {
  return useQuery(endpointQuery(clock.onTime))
}

export function useConflicts(applicationId: string, enabled: boolean) {
  return useQuery({ ...endpointQuery(conflicts.conflicts, {}, new URLSearchParams({ applicationId }).toString()), enabled })
}

/** A conflict declared or lifted: the conflicts, the applications (their detail and the list) and «Mis pendientes» read again. */
const afterConflict = () => [
  queriesOf(conflicts.conflicts),
  queriesOf(review.application),
  queriesOf(review.applications),
  queriesOf(clock.pending),
  queriesOf(panel.mine),
]

export function useDeclareConflict() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: DeclareConflict) =>
      call(conflicts.declare, { body }),
    onSettled: () => invalidate(...afterConflict()),
  })
}

export function useLiftConflict() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, reason }: LiftConflict & { id: string }) =>
      call(conflicts.lift, { params: { conflictId: id }, body: { reason } satisfies LiftConflict }),
    onSettled: () => invalidate(...afterConflict()),
  })
}
