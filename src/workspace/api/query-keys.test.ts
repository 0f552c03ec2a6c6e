import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listEndpoints, pathOf, tablesExportedBy, type AnyEndpoint, type ParamsOf } from '../../../domain/workspace-api/endpoint.ts'
import { clockEndpoints as clock } from '../../../domain/workspace-api/clock.ts'
import { conflictEndpoints as conflicts } from '../../../domain/workspace-api/conflicts.ts'
import { dataRequestEndpoints as dataRequests } from '../../../domain/workspace-api/data-requests.ts'
import { dealEndpoints as deals } from '../../../domain/workspace-api/deals.ts'
import { documentEndpoints as documents } from '../../../domain/workspace-api/documents.ts'
import { followUpEndpoints as followUp } from '../../../domain/workspace-api/follow-up.ts'
import { founderActivityEndpoints as founderActivity } from '../../../domain/workspace-api/founder-activity.ts'
import { founderMailEndpoints as founderMail } from '../../../domain/workspace-api/founder-mail.ts'
import { machineryEndpoints as machinery } from '../../../domain/workspace-api/machinery.ts'
import { mediaPlanEndpoints as mediaPlan } from '../../../domain/workspace-api/media-plan.ts'
import { panelEndpoints as panel } from '../../../domain/workspace-api/panel.ts'
import { reviewEndpoints as review } from '../../../domain/workspace-api/review.ts'
import { scoringEndpoints as scoring } from '../../../domain/workspace-api/scoring.ts'
import { sourceEndpoints as sources } from '../../../domain/workspace-api/sources.ts'
import { memberEndpoints as members, sessionEndpoints as session } from '../../../domain/workspace-api/team.ts'
import { queriesOf, queriesUnder, pathOfKey, type EndpointFilter } from './query-keys.ts'
import { endpointQuery } from './read.ts'

/** Every table of domain/workspace-api/, found by its export's name: a new area's reads are checked without a line here. */
const ALL_ENDPOINTS = listEndpoints(tablesExportedBy(import.meta.glob(['../../../domain/workspace-api/*.ts', '!**/*.test.ts'], { eager: true })))

/** Sample values for every param of a path: `:id` → `id-1`. */
function sampleParams(endpoint: AnyEndpoint): ParamsOf<AnyEndpoint> {
  return Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, `${name}-1`])) as ParamsOf<AnyEndpoint>
}

const reads = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.method === 'GET' && endpoint.answerKind === 'json')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a query key', () => {
  it.each(reads.map(({ name, endpoint }) => [name, endpoint] as const))('of %s starts with its path segments and is what its query fetches', async (_, endpoint) => {
    const params = sampleParams(endpoint)
    const query = endpointQuery(endpoint, params, 'page=2')
    const segments = pathOf(endpoint, params).split('/').filter(Boolean)
    expect(query.queryKey.slice(0, segments.length)).toEqual(segments)
    expect(query.queryKey).toEqual([...segments, { search: 'page=2' }])
    expect(endpointQuery(endpoint, params).queryKey).toEqual(segments)

    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }))
    vi.stubGlobal('fetch', fetch)
    await new QueryClient().fetchQuery(query)
    expect(fetch).toHaveBeenCalledWith(`/equipo/api${pathOfKey(query.queryKey)}`, expect.objectContaining({ method: 'GET' }))
  })

  it('is never written by hand: every read goes through endpointQuery, every filter through queriesOf or queriesUnder', () => {
    const root = join(import.meta.dirname, '..')
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    const handWritten = files.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8')
      return [/queryKey:\s*\[/, /useQuery\(\{\s*queryKey/, /queryOptions\(\{/, /Queries\(\{\s*queryKey/]
        .filter((pattern) => pattern.test(text) && !/api\/(read|query-keys)\.ts$/.test(file))
        .map((pattern) => `${file}: ${pattern}`)
    })
    expect(files.length).toBeGreaterThan(50)
    expect(handWritten).toEqual([])
  })
})

/**
 * The keys the workspace read under before they were derived, and what each
 * invalidation matched then: the derived filters match the same reads.
 */
const READS: Record<string, { before: QueryKey; now: QueryKey }> = {
  session: { before: ['session'], now: endpointQuery(session.session).queryKey },
  overview: { before: ['overview'], now: endpointQuery(review.overview).queryKey },
  onTime: { before: ['overview', 'on-time'], now: endpointQuery(clock.onTime).queryKey },
  machinery: { before: ['overview', 'machinery'], now: endpointQuery(machinery.machinery).queryKey },
  list: { before: ['applications', 'page=2'], now: endpointQuery(review.applications, {}, 'page=2').queryKey },
  list2: { before: ['applications', ''], now: endpointQuery(review.applications).queryKey },
  detail: { before: ['application', 'a1'], now: endpointQuery(review.application, { id: 'a1' }).queryKey },
  detail2: { before: ['application', 'a2'], now: endpointQuery(review.application, { id: 'a2' }).queryKey },
  documents: { before: ['documents', 'a1'], now: endpointQuery(documents.checklist, { id: 'a1' }).queryKey },
  members: { before: ['members'], now: endpointQuery(members.members).queryKey },
  passkeys: { before: ['passkeys'], now: endpointQuery(session.passkeys).queryKey },
  audit: { before: ['audit', 'page=1'], now: endpointQuery(review.audit, {}, 'page=1').queryKey },
  drafts: { before: ['founder-drafts'], now: endpointQuery(founderMail.drafts).queryKey },
  draftCount: { before: ['founder-drafts', 'count'], now: endpointQuery(founderMail.count).queryKey },
  mailSettings: { before: ['founder-mail-settings'], now: endpointQuery(founderMail.settings).queryKey },
  pending: { before: ['pending'], now: endpointQuery(clock.pending).queryKey },
  reminders: { before: ['reminders'], now: endpointQuery(clock.reminders).queryKey },
  conflicts: { before: ['conflicts', 'a1'], now: endpointQuery(conflicts.conflicts, {}, 'applicationId=a1').queryKey },
  deal: { before: ['deal', 'a1'], now: endpointQuery(deals.deal, { id: 'a1' }).queryKey },
  rateCards: { before: ['rate-cards'], now: endpointQuery(deals.rateCards).queryKey },
  portfolio: { before: ['follow-up'], now: endpointQuery(followUp.portfolio).queryKey },
  followUp: { before: ['follow-up', 'a1'], now: endpointQuery(followUp.followUp, { id: 'a1' }).queryKey },
  mediaPlan: { before: ['media-plan', 'a1'], now: endpointQuery(mediaPlan.plan, { id: 'a1' }).queryKey },
  behind: { before: ['media-plans', 'behind'], now: endpointQuery(mediaPlan.behind).queryKey },
  panel: { before: ['panel', 'a1'], now: endpointQuery(panel.panel, { id: 'a1' }).queryKey },
  panel2: { before: ['panel', 'a2'], now: endpointQuery(panel.panel, { id: 'a2' }).queryKey },
  mySessions: { before: ['pending', 'panel-sessions'], now: endpointQuery(panel.mine).queryKey },
  weights: { before: ['weights'], now: endpointQuery(scoring.weights).queryKey },
  scoring: { before: ['scoring', 'a1'], now: endpointQuery(scoring.scoring, { id: 'a1' }).queryKey },
  proposal: { before: ['proposal'], now: endpointQuery(scoring.proposal).queryKey },
  sources: { before: ['sources', 'list'], now: endpointQuery(sources.sources).queryKey },
  sourceOverview: { before: ['sources', 'overview', 'f', 't'], now: endpointQuery(sources.overview, {}, 'from=f&to=t').queryKey },
  activity: { before: ['founder-activity'], now: endpointQuery(founderActivity.summary).queryKey },
  openRequests: { before: ['data-requests-open'], now: endpointQuery(dataRequests.open).queryKey },
}

type Filter = { queryKey: QueryKey; exact?: boolean } | EndpointFilter
const prefixes = (...names: string[]): Filter[] => names.map((name) => ({ queryKey: [name] }))

/** Each write's refresh: the filters it gave before, and the ones it gives now. */
const INVALIDATIONS: Record<string, { before: Filter[]; now: Filter[] }> = {
  transition: {
    before: prefixes('application', 'applications', 'overview', 'founder-drafts', 'panel', 'pending'),
    now: [queriesOf(review.application), queriesOf(review.applications), queriesUnder(review.overview), queriesOf(founderMail.drafts), queriesOf(founderMail.count), queriesOf(panel.panel), queriesOf(clock.pending), queriesOf(panel.mine)],
  },
  review: { before: prefixes('application', 'applications', 'scoring'), now: [queriesOf(review.application), queriesOf(review.applications), queriesOf(scoring.scoring)] },
  note: { before: prefixes('application'), now: [queriesOf(review.application)] },
  document: { before: prefixes('documents'), now: [queriesOf(documents.checklist)] },
  members: { before: prefixes('members'), now: [queriesOf(members.members)] },
  passkeys: { before: prefixes('passkeys'), now: [queriesOf(session.passkeys)] },
  session: { before: prefixes('session'), now: [queriesOf(session.session)] },
  drafts: { before: prefixes('founder-drafts', 'application'), now: [queriesOf(founderMail.drafts), queriesOf(founderMail.count), queriesOf(review.application)] },
  mailSetting: { before: prefixes('founder-mail-settings'), now: [queriesOf(founderMail.settings)] },
  conflict: {
    before: prefixes('conflicts', 'application', 'applications', 'pending'),
    now: [queriesOf(conflicts.conflicts), queriesOf(review.application), queriesOf(review.applications), queriesOf(clock.pending), queriesOf(panel.mine)],
  },
  rateCards: { before: prefixes('rate-cards'), now: [queriesOf(deals.rateCards)] },
  followUp: { before: [{ queryKey: ['follow-up'], exact: true }], now: [queriesOf(followUp.portfolio)] },
  retryMail: { before: [{ queryKey: ['overview', 'machinery'] }], now: [queriesOf(machinery.machinery)] },
  panelChange: {
    before: [{ queryKey: ['panel', 'a1'] }, { queryKey: ['application', 'a1'] }, { queryKey: ['pending'] }],
    now: [queriesOf(panel.panel, { id: 'a1' }), queriesOf(review.application, { id: 'a1' }), queriesOf(clock.pending), queriesOf(panel.mine)],
  },
  weights: { before: prefixes('weights', 'applications', 'scoring'), now: [queriesOf(scoring.weights), queriesOf(review.applications), queriesOf(scoring.scoring)] },
  assignment: { before: prefixes('scoring', 'applications'), now: [queriesOf(scoring.scoring), queriesOf(review.applications)] },
  proposal: { before: prefixes('proposal', 'applications', 'scoring'), now: [queriesOf(scoring.proposal), queriesOf(review.applications), queriesOf(scoring.scoring)] },
  bulk: {
    before: prefixes('applications', 'overview', 'application', 'scoring'),
    now: [queriesOf(review.applications), queriesUnder(review.overview), queriesOf(review.application), queriesOf(scoring.scoring)],
  },
  sources: { before: prefixes('sources'), now: [queriesUnder(sources.sources)] },
  activity: { before: prefixes('founder-activity'), now: [queriesOf(founderActivity.summary)] },
  openRequests: { before: prefixes('data-requests-open'), now: [queriesOf(dataRequests.open)] },
}

function matched(side: 'before' | 'now', filters: Filter[]): string[] {
  const client = new QueryClient()
  for (const [name, keys] of Object.entries(READS)) client.setQueryData(keys[side], name)
  const names = filters.flatMap((filter) => client.getQueryCache().findAll(filter).map((query) => query.state.data as string))
  return [...new Set(names)].sort()
}

describe('an invalidation by the derived keys', () => {
  it('gives every read its own key, as before', () => {
    const hashes = (side: 'before' | 'now') => new Set(Object.values(READS).map((keys) => JSON.stringify(keys[side])))
    expect(hashes('now').size).toBe(Object.keys(READS).length)
    expect(hashes('before').size).toBe(Object.keys(READS).length)
  })

  it.each(Object.entries(INVALIDATIONS))('after %s refreshes the same reads as before', (_, { before, now }) => {
    expect(matched('now', now)).toEqual(matched('before', before))
    expect(matched('now', now).length).toBeGreaterThan(0)
  })

  it('of one endpoint leaves the reads below its path alone; below a path takes them all', () => {
    const client = new QueryClient()
    for (const [name, keys] of Object.entries(READS)) client.setQueryData(keys.now, name)
    const names = (filter: EndpointFilter) => client.getQueryCache().findAll(filter).map((q) => q.state.data as string).sort()
    expect(names(queriesOf(review.application, { id: 'a1' }))).toEqual(['detail'])
    expect(names(queriesUnder(review.application, { id: 'a1' }))).toEqual(['deal', 'detail', 'documents', 'followUp', 'mediaPlan', 'panel', 'scoring'])
  })
})
