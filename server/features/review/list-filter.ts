/**
 * The list's filter, one schema for GET /applications and the bulk actions,
 * so "every application this filter returns" means the same rows in both.
 */
import type { ApplicationListQuery } from '../../db/stores/review-store.ts'
import type { ListFilter } from '../../../domain/workspace-api/list-filter.ts'
import { bogotaPeriods } from './periods.ts'

// The schema is the contract's (the endpoint tables build the bulk bodies from it).
export { ListFilterEntries, ListFilterSchema, type ListFilter } from '../../../domain/workspace-api/list-filter.ts'

type FilterPart = Pick<ApplicationListQuery, 'q' | 'stage' | 'productStage' | 'due' | 'unreviewed' | 'assignedToMe' | 'source' | 'receivedSince'>

/** The filter's part of the store's list query; `now` places «this week» and «this month» (the overview's own periods). */
export function filterQuery(f: ListFilter, now: Date): FilterPart {
  // A filter left out stays undefined, which the store reads as unset.
  const periods = f.received === undefined ? undefined : bogotaPeriods(now)
  return {
    q: f.q,
    stage: f.stage,
    productStage: f.productStage,
    due: f.due,
    source: f.source,
    unreviewed: f.unreviewed === '1',
    assignedToMe: f.assigned === 'me',
    receivedSince: periods && (f.received === 'week' ? periods.weekStart : periods.monthStart),
  }
}
