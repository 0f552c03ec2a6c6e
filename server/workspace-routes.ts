/**
 * The workspace API's route groups, each with the endpoint tables it serves
 * (docs/decisions/0209-one-endpoint-table.md): the one list of areas. A new
 * area is one entry here: server/compose.ts mounts the groups in this order
 * behind the session (server/features/team/workspace-api.ts), and
 * WORKSPACE_API and ALL_ENDPOINTS, which the guards and the suites walk, are
 * the tables named here. A table exported from domain/workspace-api/ that no
 * entry names fails server/workspace-routes.test.ts; a route a group answers
 * that its tables do not name fails the authorization suite.
 */
import type { Hono } from 'hono'
import { listEndpoints } from '../domain/workspace-api/endpoint.ts'
import { clockEndpoints } from '../domain/workspace-api/clock.ts'
import { conflictEndpoints } from '../domain/workspace-api/conflicts.ts'
import { dataRequestEndpoints } from '../domain/workspace-api/data-requests.ts'
import { dealEndpoints } from '../domain/workspace-api/deals.ts'
import { agreementEndpoints } from '../domain/workspace-api/agreements.ts'
import { holdingEndpoints } from '../domain/workspace-api/holdings.ts'
import { documentEndpoints } from '../domain/workspace-api/documents.ts'
import { followUpEndpoints } from '../domain/workspace-api/follow-up.ts'
import { founderActivityEndpoints } from '../domain/workspace-api/founder-activity.ts'
import { founderMailEndpoints } from '../domain/workspace-api/founder-mail.ts'
import { machineryEndpoints } from '../domain/workspace-api/machinery.ts'
import { mediaPlanEndpoints } from '../domain/workspace-api/media-plan.ts'
import { panelEndpoints } from '../domain/workspace-api/panel.ts'
import { reviewEndpoints } from '../domain/workspace-api/review.ts'
import { scoringEndpoints } from '../domain/workspace-api/scoring.ts'
import { sourceEndpoints } from '../domain/workspace-api/sources.ts'
import { memberEndpoints, sessionEndpoints, signInEndpoints } from '../domain/workspace-api/team.ts'
import type { WorkspaceEnv } from './shared/auth/context.ts'
import { dataRequestRoutes } from './features/data-requests/routes.ts'
import { dealRoutes } from './features/deals/routes.ts'
import { agreementRoutes } from './features/agreements/routes.ts'
import { portfolioRoutes } from './features/portfolio/routes.ts'
import type { Documents } from './features/documents/service.ts'
import { teamDocumentRoutes } from './features/documents/team-routes.ts'
import { followUpRoutes } from './features/follow-up/routes.ts'
import { founderDraftRoutes } from './features/founder-page/founder-mail-routes.ts'
import { mediaPlanRoutes } from './features/media-plan/routes.ts'
import { machineryRoutes } from './features/metrics/machinery-routes.ts'
import { panelRoutes } from './features/panel/routes.ts'
import { bulkRoutes } from './features/review/bulk-routes.ts'
import { conflictRoutes } from './features/review/conflict-routes.ts'
import { pendingRoutes } from './features/review/pending-routes.ts'
import { reviewRoutes } from './features/review/routes.ts'
import { scoringRoutes } from './features/review/scoring-routes.ts'
import { sourceRoutes } from './features/sources/routes.ts'
import { founderActivityRoutes } from './features/team/founder-activity-routes.ts'

type TeamDocumentDeps = Parameters<typeof teamDocumentRoutes>[0]

export const WORKSPACE_ROUTE_GROUPS = [
  // Sign-in, the session and the members: mounted by the team's own API around the session (server/features/team/workspace-api.ts).
  { tables: { signIn: signInEndpoints, session: sessionEndpoints, members: memberEndpoints } },
  { tables: { conflicts: conflictEndpoints }, routes: conflictRoutes },
  { tables: { clock: clockEndpoints }, routes: pendingRoutes },
  { tables: { machinery: machineryEndpoints }, routes: machineryRoutes },
  { tables: { review: reviewEndpoints }, routes: reviewRoutes },
  { tables: { scoring: scoringEndpoints }, routes: scoringRoutes },
  // The bulk actions: the rest of scoring's table.
  { tables: {}, routes: bulkRoutes },
  { tables: { founderMail: founderMailEndpoints }, routes: founderDraftRoutes },
  { tables: { dataRequests: dataRequestEndpoints }, routes: dataRequestRoutes },
  { tables: { founderActivity: founderActivityEndpoints }, routes: founderActivityRoutes },
  { tables: { panel: panelEndpoints }, routes: panelRoutes },
  { tables: { sources: sourceEndpoints }, routes: sourceRoutes },
  { tables: { deals: dealEndpoints }, routes: dealRoutes },
  { tables: { agreements: agreementEndpoints }, routes: agreementRoutes },
  { tables: { holdings: holdingEndpoints }, routes: portfolioRoutes },
  { tables: { followUp: followUpEndpoints }, routes: followUpRoutes },
  { tables: { mediaPlan: mediaPlanEndpoints }, routes: mediaPlanRoutes },
  // The due-diligence documents' routes take the documents' service (uploads and files), not their rows.
  {
    tables: { documents: documentEndpoints },
    routes: (services: Omit<TeamDocumentDeps, 'documents'> & { documentFiles: Documents }) => teamDocumentRoutes({ ...services, documents: services.documentFiles }),
  },
] as const satisfies readonly { tables: object; routes?: (...deps: never[]) => Hono<WorkspaceEnv> }[]

type Tables = (typeof WORKSPACE_ROUTE_GROUPS)[number]['tables']
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (merged: infer M) => void ? M : never

/** Every endpoint table of the workspace API, by area: the tables of the route groups above. */
export const WORKSPACE_API = Object.assign({}, ...WORKSPACE_ROUTE_GROUPS.map((group) => group.tables)) as { readonly [A in keyof Merged<Tables>]: Merged<Tables>[A] }

export type Area = keyof typeof WORKSPACE_API

/** Every endpoint with its area and name (`review.transition`), in the tables' order. */
export const ALL_ENDPOINTS = listEndpoints(WORKSPACE_API)
