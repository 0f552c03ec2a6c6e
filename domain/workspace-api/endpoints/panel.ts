/** The panel session (docs/workspace.md "Panel session"): the offer, the booked session, the member's coming sessions. */
import { PANEL_MESSAGES } from '../../panel-sessions.ts'
import { get, post, put } from '../endpoint.ts'
import { CancelSessionSchema, RescheduleSchema, SaveOfferSchema, type MyPanelSessions, type PanelState } from '../panel.ts'

export const panelEndpoints = {
  panel: get<PanelState>()('/applications/:id/panel'),
  saveOffer: put<PanelState>()('/applications/:id/panel/offer', {
    body: SaveOfferSchema,
    invalid: 'Revisa los horarios, la duración, el lugar y el panel.',
    admin: true,
    once: true,
  }),
  reschedule: post<PanelState>()('/applications/:id/panel/session/reschedule', { body: RescheduleSchema, invalid: PANEL_MESSAGES.badTime, admin: true, once: true }),
  cancel: post<PanelState>()('/applications/:id/panel/session/cancel', { body: CancelSessionSchema, emptyBody: true, admin: true, once: true }),
  mine: get<MyPanelSessions>()('/me/panel-sessions'),
} as const
