/**
 * The daily reminder's «Acuerdos atrasados» (ADR 0162): the deals a member is «Responsable» of
 * that are behind their media pace (domain/media-plan.ts behindPace), never one they declared a conflict
 * with since they were named.
 */
import { dealPaceOf, pacingText } from '../../../domain/media-plan.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { MediaPlanStore } from '../../db/stores/media-plan-store.ts'
import type { BehindDealItem } from './reminder-message.ts'

export function behindDealsOf(plans: Pick<MediaPlanStore, 'deliveries'>, conflicts: Pick<ConflictStore, 'conflictedApplications'>) {
  return async (memberId: string, today: string): Promise<BehindDealItem[]> => {
    const [deals, conflicted] = await Promise.all([plans.deliveries(), conflicts.conflictedApplications(memberId)])
    const items: BehindDealItem[] = []
    for (const deal of deals) {
      if (deal.ownerId !== memberId || conflicted.has(deal.applicationId)) continue
      const pace = dealPaceOf(deal, today)
      if (pace.behind) items.push({ id: deal.applicationId, reference: deal.reference, tradeName: deal.tradeName, pacing: pacingText(pace) })
    }
    return items
  }
}
