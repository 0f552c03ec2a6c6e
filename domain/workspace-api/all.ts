/**
 * Every endpoint of the workspace API, by area (docs/decisions/0209-one-endpoint-table.md).
 * A route the server answers and this list does not name fails the
 * authorization suite (server/workspace-api.authorization.test.ts).
 */
import type { AnyEndpoint } from './endpoint.ts'
import { clockEndpoints } from './clock.ts'
import { conflictEndpoints } from './conflicts.ts'
import { dataRequestEndpoints } from './data-requests.ts'
import { dealEndpoints } from './deals.ts'
import { documentEndpoints } from './documents.ts'
import { followUpEndpoints } from './follow-up.ts'
import { founderActivityEndpoints } from './founder-activity.ts'
import { founderMailEndpoints } from './founder-mail.ts'
import { machineryEndpoints } from './machinery.ts'
import { mediaPlanEndpoints } from './media-plan.ts'
import { panelEndpoints } from './panel.ts'
import { reviewEndpoints } from './review.ts'
import { scoringEndpoints } from './scoring.ts'
import { sourceEndpoints } from './sources.ts'
import { memberEndpoints, sessionEndpoints, signInEndpoints } from './team.ts'

export const WORKSPACE_API = {
  signIn: signInEndpoints,
  session: sessionEndpoints,
  members: memberEndpoints,
  review: reviewEndpoints,
  scoring: scoringEndpoints,
  founderMail: founderMailEndpoints,
  dataRequests: dataRequestEndpoints,
  documents: documentEndpoints,
  founderActivity: founderActivityEndpoints,
  panel: panelEndpoints,
  sources: sourceEndpoints,
  deals: dealEndpoints,
  followUp: followUpEndpoints,
  mediaPlan: mediaPlanEndpoints,
  conflicts: conflictEndpoints,
  clock: clockEndpoints,
  machinery: machineryEndpoints,
} as const

export type Area = keyof typeof WORKSPACE_API

/** Every endpoint with its area and name (`review.transition`), in the tables' order. */
export const ALL_ENDPOINTS: readonly { area: Area; name: string; endpoint: AnyEndpoint }[] = Object.entries(WORKSPACE_API).flatMap(([area, table]) =>
  Object.entries(table as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({ area: area as Area, name: `${area}.${name}`, endpoint })),
)

/**
 * The path prefixes a guard covers beyond the endpoints it already guards one by one: so that a path the
 * tables do not name answers as its neighbours do (403 to a reviewer, 403 to a conflicted member, the
 * Origin check before a sign-in body is read). Declared here, beside the tables, so no route path is
 * written anywhere else.
 */
export const GUARDED_SCOPES = {
  /** Every route under one application: the conflict-of-interest guard (ADR 0101). */
  application: '/applications/:id/*',
  /** Sign-in: the same-origin check and its body limit. */
  signIn: '/auth/*',
  /** «Estado del sistema»: admins only, itself and below. */
  machinery: ['/overview/machinery', '/overview/machinery/*'],
  /** Ley 1581 requests: admins only. */
  dataRequests: '/data-requests/*',
} as const
