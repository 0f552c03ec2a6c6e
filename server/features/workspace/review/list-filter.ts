/**
 * The list's filter, one schema for GET /applications and the bulk actions,
 * so "every application this filter returns" means the same rows in both.
 */
import * as v from 'valibot'
import { PRODUCT_STAGES } from '../../../../domain/application.ts'
import { STAGES } from '../../../../domain/pipeline.ts'
import type { ApplicationListQuery } from '../../../db/stores/review-store.ts'
import { bogotaPeriods } from './periods.ts'

const QUERY_MAX = 200

export const ListFilterEntries = {
  q: v.optional(v.pipe(v.string(), v.maxLength(QUERY_MAX))),
  stage: v.optional(v.picklist(STAGES)),
  productStage: v.optional(v.picklist(PRODUCT_STAGES)),
  due: v.optional(v.picklist(['overdue', 'due_soon'])),
  unreviewed: v.optional(v.picklist(['1', '0'])),
  /** Only the applications assigned to the viewer. */
  assigned: v.optional(v.picklist(['me'])),
  /** Only the applications a source brought (its id), or those no source brought ('none'): ADR 0168. */
  source: v.optional(v.union([v.literal('none'), v.pipe(v.string(), v.uuid())])),
  /** Only those received this week or this month (Bogotá; weeks start on Monday): the overview's «Recibidas…». */
  received: v.optional(v.picklist(['week', 'month'])),
}

export const ListFilterSchema = v.strictObject(ListFilterEntries)
export type ListFilter = v.InferOutput<typeof ListFilterSchema>

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
