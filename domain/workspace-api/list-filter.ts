/**
 * The application list's filter (its URL query string): one schema for
 * GET /applications, its export and the bulk actions, so "every application
 * this filter returns" means the same rows in all of them.
 */
import * as v from 'valibot'
import { PRODUCT_STAGES } from '../application.ts'
import { STAGES } from '../pipeline.ts'

const QUERY_MAX = 200

export const ListFilterEntries = {
  q: v.optional(v.pipe(v.string(), v.maxLength(QUERY_MAX))),
  stage: v.optional(v.picklist(STAGES)),
  productStage: v.optional(v.picklist(PRODUCT_STAGES)),
  due: v.optional(v.picklist(['overdue', 'due_soon'])),
  unreviewed: v.optional(v.picklist(['1', '0'])),
  /** Only the applications assigned to the viewer. */
  assigned: v.optional(v.picklist(['me'])),
  /** Only the applications a source brought (its id), or those no source brought ('none'). */
  source: v.optional(v.union([v.literal('none'), v.pipe(v.string(), v.uuid())])),
  /** Only those received this week or this month (Bogotá; weeks start on Monday): the overview's «Recibidas…». */
  received: v.optional(v.picklist(['week', 'month'])),
}

export const ListFilterSchema = v.strictObject(ListFilterEntries)
export type ListFilter = v.InferOutput<typeof ListFilterSchema>
