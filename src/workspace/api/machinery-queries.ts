/**
 * Server state for the overview's "Estado del sistema" (admins; docs/workspace.md
 * "Estado del sistema"): its own hooks, next to queries.ts, with the same rule.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Machinery, MailRetried } from '../../../domain/machinery.ts'
import { api } from './client.ts'
import { useApiQuery } from './read.ts'

export const machineryKey = ['overview', 'machinery'] as const

export function useMachinery() {
  // The machinery changes on its own: an admin who keeps the overview open sees it move.
  return useApiQuery<Machinery>(machineryKey, '/overview/machinery', { refetchInterval: 60_000 })
}

export function useRetryFailedMail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<MailRetried>(`/overview/machinery/mail/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: machineryKey }),
  })
}
