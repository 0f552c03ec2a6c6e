/** What founders did that the team has not seen yet (docs/workspace.md "Founder activity"). */
import { get, post } from '../endpoint.ts'
import type { FounderActivitySummary } from '../founder-activity.ts'

export const founderActivityEndpoints = {
  summary: get<FounderActivitySummary>()('/founder-activity'),
  seen: post<void>()('/applications/:id/founder-activity/seen', { status: 204, answerKind: 'empty' }),
} as const
