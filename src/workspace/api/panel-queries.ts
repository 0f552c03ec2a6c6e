/**
 * Server state for the panel session (domain/workspace-api/panel.ts):
 * the application's offer and booked session, and the member's coming
 * sessions for "Mis pendientes". Every change answers the new PanelState,
 * which replaces the cached one; the lists that show it are invalidated.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  CancelSessionRequest,
  MyPanelSessions,
  PanelState,
  RescheduleRequest,
  SaveOfferRequest,
} from '../../../domain/workspace-api/panel.ts'
import { applicationPath, useApiQuery } from './read.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'

export const panelKeys = {
  panel: (applicationId: string) => ['panel', applicationId] as const,
  mine: ['pending', 'panel-sessions'] as const,
}

const base = (applicationId: string) => applicationPath(applicationId, '/panel')

export function usePanel(applicationId: string, enabled = true) {
  return useApiQuery<PanelState>(panelKeys.panel(applicationId), base(applicationId), { enabled, retry: false })
}

export function useMyPanelSessions() {
  return useApiQuery<MyPanelSessions>(panelKeys.mine, '/me/panel-sessions')
}

/** One change of the panel: the answer is the new state; the application (its timeline) and the lists follow. */
function usePanelChange<Body>(applicationId: string, path: string, method: 'PUT' | 'POST') {
  const client = useQueryClient()
  // One write per submission (ADR 0189): a second click, or a retry of the same change, is answered once.
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: Body) => submitOnce<PanelState>(keys, `${base(applicationId)}${path}`, { method, body }),
    onSuccess: (state) => client.setQueryData(panelKeys.panel(applicationId), state),
    onSettled: () =>
      Promise.all(
        [panelKeys.panel(applicationId), ['application', applicationId], ['pending']].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  })
}

export const useSaveOffer = (applicationId: string) => usePanelChange<SaveOfferRequest>(applicationId, '/offer', 'PUT')
export const useReschedule = (applicationId: string) => usePanelChange<RescheduleRequest>(applicationId, '/session/reschedule', 'POST')
export const useCancelSession = (applicationId: string) => usePanelChange<CancelSessionRequest>(applicationId, '/session/cancel', 'POST')
