/**
 * Server state for the panel session (domain/workspace-api/panel.ts):
 * the application's offer and booked session, and the member's coming
 * sessions for "Mis pendientes". Every change answers the new PanelState,
 * which replaces the cached one; the lists that show it are invalidated.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  PanelState,
} from '../../../domain/workspace-api/panel.ts'
import { useApiQuery } from './read.ts'
import type { BodyOf } from '../../../domain/workspace-api/endpoint.ts'
import type { CallArgs } from './endpoints.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'
import { WORKSPACE_API } from '../../../domain/workspace-api/endpoints/all.ts'

const { panel } = WORKSPACE_API

export const panelKeys = {
  panel: (applicationId: string) => ['panel', applicationId] as const,
  mine: ['pending', 'panel-sessions'] as const,
}

export function usePanel(applicationId: string, enabled = true) {
  return useApiQuery(panelKeys.panel(applicationId), panel.panel, { params: { id: applicationId } }, { enabled, retry: false })
}

export function useMyPanelSessions() {
  return useApiQuery(panelKeys.mine, panel.mine)
}

/** One change of the panel: the answer is the new state; the application (its timeline) and the lists follow. */
function usePanelChange<E extends typeof panel.saveOffer | typeof panel.reschedule | typeof panel.cancel>(applicationId: string, endpoint: E) {
  const client = useQueryClient()
  // One write per submission (ADR 0189): a second click, or a retry of the same change, is answered once.
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: BodyOf<E>) => submitOnce(keys, endpoint, ...([{ params: { id: applicationId }, body }] as CallArgs<E>)) as Promise<PanelState>,
    onSuccess: (state) => client.setQueryData(panelKeys.panel(applicationId), state),
    onSettled: () =>
      Promise.all(
        [panelKeys.panel(applicationId), ['application', applicationId], ['pending']].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  })
}

export const useSaveOffer = (applicationId: string) => usePanelChange(applicationId, panel.saveOffer)
export const useReschedule = (applicationId: string) => usePanelChange(applicationId, panel.reschedule)
export const useCancelSession = (applicationId: string) => usePanelChange(applicationId, panel.cancel)
