/**
 * Server state for the stage clock and conflicts (docs/workspace.md
 * "Conflicts of interest", "Mis pendientes and reminders"): their own hooks,
 * next to queries.ts, with the same invalidation rule.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OnTime, PendingList, ReminderFrequency, ReminderRequest, Reminders } from '../../../domain/workspace-api/clock.ts'
import type { ConflictAnswer, ConflictList, DeclareConflict, LiftConflict } from '../../../domain/workspace-api/conflicts.ts'
import { api } from './client.ts'
import { useApiQuery } from './read.ts'

export const clockKeys = {
  pending: ['pending'] as const,
  reminders: ['reminders'] as const,
  conflicts: (applicationId: string) => ['conflicts', applicationId] as const,
  onTime: ['overview', 'on-time'] as const,
}

export function usePending() {
  return useApiQuery<PendingList>(clockKeys.pending, '/me/pending')
}

export function useReminderFrequency() {
  return useApiQuery<Reminders>(clockKeys.reminders, '/me/reminders')
}

export function useSetReminderFrequency() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (frequency: ReminderFrequency) => api<Reminders>('/me/reminders', { method: 'PUT', body: { frequency } satisfies ReminderRequest }),
    onSuccess: (data) => client.setQueryData(clockKeys.reminders, data),
  })
}

export function useOnTime() {
  return useApiQuery<OnTime>(clockKeys.onTime, '/overview/on-time')
}

export function useConflicts(applicationId: string, enabled: boolean) {
  return useApiQuery<ConflictList>(clockKeys.conflicts(applicationId), `/conflicts?applicationId=${encodeURIComponent(applicationId)}`, { enabled })
}

export function useDeclareConflict() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: DeclareConflict) =>
      api<ConflictAnswer>('/conflicts', { method: 'POST', body }),
    onSettled: () =>
      Promise.all(['conflicts', 'application', 'applications', 'pending'].map((prefix) => client.invalidateQueries({ queryKey: [prefix] }))),
  })
}

export function useLiftConflict() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: LiftConflict & { id: string }) =>
      api<ConflictAnswer>(`/conflicts/${encodeURIComponent(id)}/lift`, { method: 'POST', body: { reason } satisfies LiftConflict }),
    onSettled: () =>
      Promise.all(['conflicts', 'application', 'applications', 'pending'].map((prefix) => client.invalidateQueries({ queryKey: [prefix] }))),
  })
}
