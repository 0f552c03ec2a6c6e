/**
 * Server state for the overview's "Estado del sistema" (admins; docs/workspace.md
 * "Estado del sistema"): its own hooks, next to queries.ts, with the same rule.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from './endpoints.ts'
import { endpointQuery } from './read.ts'
import { queriesOf } from './query-keys.ts'
import { machineryEndpoints as machinery } from '../../../domain/workspace-api/machinery.ts'

export function useMachinery() {
  // The machinery changes on its own: an admin who keeps the overview open sees it move.
  return useQuery({ ...endpointQuery(machinery.machinery), refetchInterval: 60_000 })
}

export function useRetryFailedMail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(machinery.retryMail, { params: { id }, body: {} }),
    onSettled: () => client.invalidateQueries(queriesOf(machinery.machinery)),
  })
}
