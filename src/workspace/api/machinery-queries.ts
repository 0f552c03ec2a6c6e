/**
 * Server state for the overview's "Estado del sistema" (admins; docs/workspace.md
 * "Estado del sistema"): its own hooks, next to queries.ts, with the same rule.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './client.ts'

export interface BackupRun {
  startedAt: string
  finishedAt: string | null
  status: 'running' | 'ok' | 'failed'
  sizeBytes: number | null
  file: string | null
  error: string | null
}

export type MailKind = 'applicant_confirmation' | 'team_notification' | 'team_sign_in' | 'team_reminder' | 'founder_status' | 'founder_link'

export interface FailedMail {
  id: string
  kind: MailKind
  applicationId: string | null
  reference: string | null
  companyName: string | null
  attempts: number
  lastError: string | null
  failedAt: string | null
  retryable: boolean
}

export interface Machinery {
  checkedAt: string
  backup: { state: 'none' | 'running' | 'ok' | 'failed' | 'stale'; attention: boolean; last: BackupRun | null; lastSuccessful: BackupRun | null }
  mail: {
    failed: { total: number; attention: boolean; items: FailedMail[] }
    waiting: { count: number; retrying: number; oldestQueuedAt: string | null; oldestAgeSeconds: number | null; attention: boolean }
  }
}

export const machineryKey = ['overview', 'machinery'] as const

export function useMachinery() {
  return useQuery({
    queryKey: machineryKey,
    queryFn: ({ signal }) => api<Machinery>('/overview/machinery', { signal }),
    // The machinery changes on its own: an admin who keeps the overview open sees it move.
    refetchInterval: 60_000,
  })
}

export function useRetryFailedMail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<{ retried: true }>(`/overview/machinery/mail/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: machineryKey }),
  })
}
