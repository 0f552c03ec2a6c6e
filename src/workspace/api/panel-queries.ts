/**
 * Server state for the panel session (domain/workspace-api/panel.ts):
 * the application's offer and booked session, and the member's coming
 * sessions for "Mis pendientes". Every change answers the new PanelState,
 * which replaces the cached one; the lists that show it are invalidated.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { panelEndpoints as panel, type PanelState } from '../../../domain/workspace-api/panel.ts'
import { endpointQuery, useInvalidate } from './read.ts'
import { queriesOf } from './query-keys.ts'
import type { BodyOf } from '../../../domain/workspace-api/endpoint.ts'
import type { CallArgs } from './endpoints.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'
import { clockEndpoints as clock } from '../../../domain/workspace-api/clock.ts'
import { reviewEndpoints as review } from '../../../domain/workspace-api/review.ts'

export function usePanel(applicationId: string, enabled = true) {
  return useQuery({ ...endpointQuery(panel.panel, { id: applicationId }), enabled, retry: false })
}

export function useMyPanelSessions() {
  return useQuery(endpointQuery(panel.mine))
}

/** One change of the panel: the answer is the new state; the application (its timeline) and the lists follow. */
function usePanelChange<E extends typeof panel.saveOffer | typeof panel.reschedule | typeof panel.cancel>(applicationId: string, endpoint: E) {
  const client = useQueryClient()
  const invalidate = useInvalidate()
  // One write per submission (ADR 0189): a second click, or a retry of the same change, is answered once.
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: BodyOf<E>) => submitOnce(keys, endpoint, ...([{ params: { id: applicationId }, body }] as CallArgs<E>)) as Promise<PanelState>,
    onSuccess: (state) => client.setQueryData(endpointQuery(panel.panel, { id: applicationId }).queryKey, state),
    onSettled: () =>
      invalidate(queriesOf(panel.panel, { id: applicationId }), queriesOf(review.application, { id: applicationId }), queriesOf(clock.pending), queriesOf(panel.mine)),
  })
}

export const useSaveOffer = (applicationId: string) => usePanelChange(applicationId, panel.saveOffer)
export const useReschedule = (applicationId: string) => usePanelChange(applicationId, panel.reschedule)
export const useCancelSession = (applicationId: string) => usePanelChange(applicationId, panel.cancel)
