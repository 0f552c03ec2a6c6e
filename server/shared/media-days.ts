/**
 * The days a signed startup's media ran, the one source of the weeks drawn behind the follow-up's charts
 * (issue 20, ADR 0176): the workspace's «Seguimiento» of an application
 * (server/features/workspace/follow-up/routes.ts, FollowUpAnswer.mediaDays) and the founder's status page
 * (server/features/founder/check-in.ts followUpSection). Both features take it from server/compose.ts, so
 * the team and the founder always see the same weeks.
 *
 * Intervals of Bogotá calendar days "AAAA-MM-DD", both ends included (a "ran" entry is `{ from: day, to: day }`).
 */
import type { DayInterval } from '../../domain/follow-up-chart.ts'

export type MediaDaysSource = (applicationId: string) => Promise<DayInterval[]>

/** The days application `applicationId`'s media ran; none yet. */
export const mediaDaysFor: MediaDaysSource = async () => {
  // wired to the media plan's ledger when it lands (issue 20)
  return []
}
