/**
 * What the founder (status page) and the team (workspace) do to a panel
 * session, once for both: each change goes through the panel store
 * with the e-mails it owes (panel-session.ts), the founder's cut-off applied
 * to the founder only, and the team told of what only the founder does
 * ("Ninguno me sirve", a cancellation) as founder activity (ADR 0142).
 */
import { PANEL_MESSAGES, type PanelActor } from '../../../domain/panel-sessions.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { type ChangeOutcome, type Compose, type ComposeLeave, type ComposeOffer, type PanelStore } from '../../db/stores/panel-store.ts'
import { tellTeamOfFounderActivity } from '../team/founder-activity.ts'
import { composeLeaveMail, composeOfferMail, composePanelMail } from './panel-session.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'

export interface PanelDeps {
  store: ApplicationStore
  founders: { mail: FounderMailConfig }
  now: () => Date
  /** PANEL_CHANGE_CUTOFF_HOURS */
  cutoffHours: number
  onMailQueued?: () => void
}

export interface PanelActions {
  panel: PanelStore
  cutoffHours: number
  /** The founder's e-mail of offered times (sent at once, with their link), for the store's saveOffer. */
  composeOffer: ComposeOffer
  book(applicationId: string, timeId: string, by: PanelActor): Promise<ChangeOutcome>
  reschedule(applicationId: string, to: { timeId: string } | { startsAt: Date }, by: PanelActor): Promise<ChangeOutcome>
  /**
   * The founder's cancellation leaves the offer open (they may choose another time); the team's closes
   * it (the team offers new times) and carries its «Motivo» (`reason`) to everyone.
   */
  cancel(applicationId: string, reference: string, by: PanelActor, reason?: string | null): Promise<ChangeOutcome>
  /** The founder's "Ninguno me sirve"; false when there is no offer to answer. */
  noneFits(applicationId: string, reference: string, note: string): Promise<boolean>
  /**
   * The CANCEL e-mails when a stage change (to `to`) cancels the booked session still ahead, whatever the
   * cut-off, in the stage change's own transaction (ADRs 0171, 0185): the panel's say which stage; the
   * founder's travels with the stage e-mail (or, that one unsent, goes alone).
   */
  movedOn(to: Stage): Compose
  /** The METHOD:CANCEL to a member who declares a conflict on a booked session's application (ADR 0172). */
  leaving: ComposeLeave
  /** The outbox worker may have mail (a stage change or a conflict queued some). */
  onMailQueued?: () => void
}

/** The Spanish answer and HTTP status of each refusal (the workspace's JSON, the founder's page). */
export const CHANGE_REFUSALS: Record<Exclude<ChangeOutcome['status'], 'done'>, { status: 404 | 409 | 422; error: string; message: string }> = {
  not_found: { status: 404, error: 'not_found', message: 'No encontramos esta postulación.' },
  not_in_stage: { status: 409, error: 'not_in_stage', message: PANEL_MESSAGES.notInStage },
  no_offer: { status: 409, error: 'no_session', message: PANEL_MESSAGES.noOffer },
  time_not_offered: { status: 422, error: 'bad_offer', message: PANEL_MESSAGES.timeNotOffered },
  time_in_past: { status: 422, error: 'time_in_past', message: PANEL_MESSAGES.timeInPast },
  time_taken: { status: 409, error: 'time_taken', message: PANEL_MESSAGES.timeTaken },
  already_booked: { status: 409, error: 'session_booked', message: PANEL_MESSAGES.alreadyBooked },
  no_session: { status: 409, error: 'no_session', message: PANEL_MESSAGES.noSession },
  past_cutoff: { status: 409, error: 'past_cutoff', message: '' },
  same_time: { status: 409, error: 'same_time', message: PANEL_MESSAGES.sameTime },
}

export function refusalOf(outcome: Exclude<ChangeOutcome, { status: 'done' }>, cutoffHours: number) {
  const refusal = CHANGE_REFUSALS[outcome.status]
  return outcome.status === 'past_cutoff' ? { ...refusal, message: PANEL_MESSAGES.pastCutoff(cutoffHours) } : refusal
}

const HOUR_MS = 3_600_000

export function panelActions(deps: PanelDeps): PanelActions {
  const panel = openWorkspaceStores(deps.store).panel
  const config = { founders: deps.founders.mail, cutoffHours: deps.cutoffHours }
  const cutoffMs = (by: PanelActor) => (by.kind === 'founder' ? deps.cutoffHours * HOUR_MS : null)
  const queued = <T extends ChangeOutcome>(outcome: T): T => {
    if (outcome.status === 'done') deps.onMailQueued?.()
    return outcome
  }
  const domain = deps.founders.mail.replyTo.split('@')[1] ?? 'localhost'

  return {
    panel,
    cutoffHours: deps.cutoffHours,
    composeOffer: composeOfferMail(config),
    movedOn: (to) => composePanelMail(config, 'closed', to),
    leaving: composeLeaveMail(config),
    ...(deps.onMailQueued ? { onMailQueued: deps.onMailQueued } : {}),

    async book(applicationId, timeId, by) {
      const sessionId = crypto.randomUUID()
      return queued(
        await panel.book({ applicationId, timeId, sessionId, uid: `panel-${sessionId}@${domain}`, by, at: deps.now(), compose: composePanelMail(config, 'booked') }),
      )
    },

    async reschedule(applicationId, to, by) {
      return queued(await panel.reschedule({ applicationId, to, by, at: deps.now(), cutoffMs: cutoffMs(by), compose: composePanelMail(config, 'changed') }))
    },

    async cancel(applicationId, reference, by, reason = null) {
      const byTeam = by.kind === 'member'
      const outcome = queued(
        await panel.cancel({
          applicationId,
          by,
          at: deps.now(),
          cutoffMs: cutoffMs(by),
          reason: byTeam ? reason : null,
          closeOffer: byTeam,
          compose: composePanelMail(config, 'cancelled'),
        }),
      )
      if (outcome.status === 'done' && by.kind === 'founder') {
        await tellTeamOfFounderActivity(deps, { applicationId, reference, kind: 'panel_cancelled' })
      }
      return outcome
    },

    async noneFits(applicationId, reference, note) {
      if (!(await panel.noneFits(applicationId, note, deps.now()))) return false
      await tellTeamOfFounderActivity(deps, { applicationId, reference, kind: 'panel_none_fits' })
      return true
    },
  }
}
