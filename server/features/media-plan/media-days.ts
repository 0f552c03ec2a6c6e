/**
 * The days a signed startup's media ran, the one source of the weeks drawn behind the follow-up's charts
 * (ADRs 0176, 0179): the workspace's «Seguimiento» of an application
 * (server/features/follow-up/routes.ts, FollowUpAnswer.mediaDays) and the founder's status page
 * (server/features/follow-up/check-in.ts followUpSection). Both features take it from server/compose.ts, so
 * the team and the founder always see the same weeks.
 *
 * Read from the media plan's ledger (domain/media-plan.ts mediaDaysOf): the days of the live `ran` and
 * `make_good` entries, what aired with its proof, never the lines' planned flights.
 * Intervals of Bogotá calendar days "AAAA-MM-DD", both ends included (a "ran" entry is `{ from: day, to: day }`).
 */
import type { DayInterval } from '../../../domain/follow-up-chart.ts'
import { dealPaceOf, mediaDaysOf, type DealPace } from '../../../domain/media-plan.ts'
import type { MediaPlanStore } from '../../db/stores/media-plan-store.ts'

export type MediaDaysSource = (applicationId: string) => Promise<DayInterval[]>

/** The days application `applicationId`'s media ran, from its deal's ledger; none without a deal. */
export function mediaDaysFrom(plans: Pick<MediaPlanStore, 'ledger'>): MediaDaysSource {
  return async (applicationId) => {
    const ledger = await plans.ledger(applicationId)
    return ledger ? mediaDaysOf(ledger.lines, ledger.entries) : []
  }
}

export type DealPacesSource = (today: string) => Promise<Map<string, DealPace>>

/** Every signed deal's pace on `today`, by application id, from one summing query («Seguimiento»). */
export function dealPacesFrom(plans: Pick<MediaPlanStore, 'deliveries'>): DealPacesSource {
  return async (today) => new Map((await plans.deliveries()).map((d) => [d.applicationId, dealPaceOf(d, today)]))
}
