/**
 * Server state for issue 12's clock and conflicts (docs/workspace.md
 * "Conflicts of interest", "Mis pendientes and reminders"): their own hooks,
 * next to queries.ts, with the same invalidation rule.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ConflictKind } from '../../../domain/conflicts.ts'
import type { DueState, Stage } from '../../../domain/pipeline.ts'
import { api } from './client.ts'

export type ReminderFrequency = 'daily' | 'weekdays' | 'off'

export interface PendingItem {
  id: string
  reference: string
  companyName: string
  stage: Stage
  stageDueAt: string | null
  dueState: DueState
  assignedAt: string
  waitingForMe: boolean
}

export interface PendingList {
  items: PendingItem[]
  total: number
  counts: { overdue: number; dueSoon: number; waitingForMe: number }
}

export interface Conflict {
  id: string
  applicationId: string
  memberId: string
  kind: ConflictKind
  note: string
  declaredBy: string
  declaredAt: string
  liftedAt: string | null
  liftedBy: string | null
  liftReason: string | null
}

export interface OnTime {
  since: string
  days: number
  byStage: Partial<Record<Stage, { left: number; onTime: number; share: number | null }>>
}

export const clockKeys = {
  pending: ['pending'] as const,
  reminders: ['reminders'] as const,
  conflicts: (applicationId: string) => ['conflicts', applicationId] as const,
  onTime: ['overview', 'on-time'] as const,
}

export function usePending() {
  return useQuery({ queryKey: clockKeys.pending, queryFn: ({ signal }) => api<PendingList>('/me/pending', { signal }) })
}

export function useReminderFrequency() {
  return useQuery({ queryKey: clockKeys.reminders, queryFn: ({ signal }) => api<{ frequency: ReminderFrequency }>('/me/reminders', { signal }) })
}

export function useSetReminderFrequency() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (frequency: ReminderFrequency) => api<{ frequency: ReminderFrequency }>('/me/reminders', { method: 'PUT', body: { frequency } }),
    onSuccess: (data) => client.setQueryData(clockKeys.reminders, data),
  })
}

export function useOnTime() {
  return useQuery({ queryKey: clockKeys.onTime, queryFn: ({ signal }) => api<OnTime>('/overview/on-time', { signal }) })
}

export function useConflicts(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: clockKeys.conflicts(applicationId),
    queryFn: ({ signal }) => api<{ items: Conflict[] }>(`/conflicts?applicationId=${encodeURIComponent(applicationId)}`, { signal }),
    enabled,
  })
}

export function useDeclareConflict() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { applicationId: string; kind: ConflictKind; note: string; memberId?: string }) =>
      api<{ conflict: Conflict }>('/conflicts', { method: 'POST', body }),
    onSettled: () =>
      Promise.all(['conflicts', 'application', 'applications', 'pending'].map((prefix) => client.invalidateQueries({ queryKey: [prefix] }))),
  })
}

export function useLiftConflict() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<{ conflict: Conflict }>(`/conflicts/${encodeURIComponent(id)}/lift`, { method: 'POST', body: { reason } }),
    onSettled: () =>
      Promise.all(['conflicts', 'application', 'applications', 'pending'].map((prefix) => client.invalidateQueries({ queryKey: [prefix] }))),
  })
}
