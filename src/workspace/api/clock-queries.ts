/**
 * Server state for the stage clock and conflicts (docs/workspace.md
 * "Conflicts of interest", "Mis pendientes and reminders"): their own hooks,
 * next to queries.ts, with the same invalidation rule.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReminderFrequency, ReminderRequest } from '../../../domain/workspace-api/clock.ts'
import type { DeclareConflict, LiftConflict } from '../../../domain/workspace-api/conflicts.ts'
import { call } from './endpoints.ts'
import { useApiQuery } from './read.ts'
import { WORKSPACE_API } from '../../../domain/workspace-api/endpoints/all.ts'

const { clock, conflicts } = WORKSPACE_API

export const clockKeys = {
  pending: ['pending'] as const,
  reminders: ['reminders'] as const,
  conflicts: (applicationId: string) => ['conflicts', applicationId] as const,
  onTime: ['overview', 'on-time'] as const,
}

export function usePending() {
  return useApiQuery(clockKeys.pending, clock.pending)
}

export function useReminderFrequency() {
  return useApiQuery(clockKeys.reminders, clock.reminders)
}

export function useSetReminderFrequency() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (frequency: ReminderFrequency) => call(clock.setReminders, { body: { frequency } satisfies ReminderRequest }),
    onSuccess: (data) => client.setQueryData(clockKeys.reminders, data),
  })
}

export function useOnTime() {
  return useApiQuery(clockKeys.onTime, clock.onTime)
}

export function useConflicts(applicationId: string, enabled: boolean) {
  return useApiQuery(clockKeys.conflicts(applicationId), conflicts.conflicts, { query: new URLSearchParams({ applicationId }).toString() }, { enabled })
}

export function useDeclareConflict() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: DeclareConflict) =>
      call(conflicts.declare, { body }),
    onSettled: () =>
      Promise.all(['conflicts', 'application', 'applications', 'pending'].map((prefix) => client.invalidateQueries({ queryKey: [prefix] }))),
  })
}

export function useLiftConflict() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: LiftConflict & { id: string }) =>
      call(conflicts.lift, { params: { conflictId: id }, body: { reason } satisfies LiftConflict }),
    onSettled: () =>
      Promise.all(['conflicts', 'application', 'applications', 'pending'].map((prefix) => client.invalidateQueries({ queryKey: [prefix] }))),
  })
}
