/**
 * The sources' short paths (ADR 0169): GET /radio-cali answers
 * 302 Found to `/?fuente=radio-cali` (with any utm_* parameters passed on),
 * `Cache-Control: no-store`, and counts one visit for that source on that
 * Bogotá day, once per client (ADR 0202: the client's address, as the rate
 * limits read it, is held only as a keyed hash in memory for that day).
 * Counts only: no cookie, no IP, nothing about the visitor is written to the
 * database or the log beyond the path.
 *
 * Not counted (they still get the redirect): HEAD, prefetches, and clients
 * that say they are automated (crawlers, link previews, mail scanners,
 * command-line tools, headless browsers): see isAutomated.
 *
 * A path that is reserved (ADR 0170), malformed, or names no source goes on
 * to the next handler (the site, which answers 404 for it).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { formatIsoDay } from '../../../domain/format.ts'
import { firstVisits, type FirstVisits } from './first-visits.ts'
import { isReservedSlug, isSourceSlug, landingWithSource } from '../../../domain/sources.ts'
import type { SourceStore } from '../../db/stores/source-store.ts'

export interface ShortPathDeps {
  sources: Pick<SourceStore, 'sourceBySlug' | 'countVisit'>
  now: () => Date
  /** The client's address, as the rate limits read it (server/shared/http/client-ip.ts: X-Forwarded-For only with TRUST_PROXY). */
  clientIp: (c: Context) => string
  /** The built site's own top-level names, besides RESERVED_SEGMENTS. */
  reserved?: Iterable<string>
  /** Who was counted today (default: this instance's own, in memory). */
  firstVisits?: FirstVisits
}

/**
 * User agents that are not a person opening the link: crawlers, link
 * previews (WhatsApp, Slack, Facebook…), mail link scanners, HTTP libraries
 * and headless browsers. An empty User-Agent counts as automated.
 */
// In-app browsers (Instagram, Facebook's FBAN, LinkedInApp) are people: only their preview fetchers are named here.
const AUTOMATED = /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|slack-imgproxy|embedly|vkshare|curl|wget|python|go-http|java\/|okhttp|axios|node-fetch|undici|headless|phantom|scan|safelinks|proofpoint|mimecast|barracuda|monitor|check/i

export function isAutomated(headers: Headers): boolean {
  const agent = headers.get('user-agent') ?? ''
  if (agent.trim() === '' || AUTOMATED.test(agent)) return true
  // A prefetch or prerender is not a visit until the page is shown.
  return /prefetch|prerender/i.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-moz') ?? ''}`)
}

/** The short path's slug: one segment, a trailing slash and capitals forgiven (a listener types what they heard). */
export function slugOfPath(path: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(path)
  if (!match) return null
  let segment: string
  try {
    segment = decodeURIComponent(match[1]!).toLowerCase()
  } catch {
    return null
  }
  return isSourceSlug(segment) ? segment : null
}

export function shortPaths(deps: ShortPathDeps): MiddlewareHandler {
  const reserved = [...(deps.reserved ?? [])]
  const counter = deps.firstVisits ?? firstVisits()
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const slug = slugOfPath(c.req.path)
    if (slug === null || isReservedSlug(slug, reserved)) return next()
    const day = formatIsoDay(deps.now())
    const client = deps.clientIp(c)
    // A person's first GET of the day on this source; remembered before the await, so a burst counts once.
    const counted = c.req.method === 'GET' && !isAutomated(c.req.raw.headers) && counter.first(slug, client, day)
    const known = counted ? await deps.sources.countVisit(slug, day) : (await deps.sources.sourceBySlug(slug)) !== null
    // A path that names no source keeps nothing in memory either.
    if (counted && !known) counter.forget(slug, client, day)
    if (!known) return next()
    c.set('outcome', counted ? 'source_visit' : 'source_redirect')
    const search = new URL(c.req.url).search
    return new Response(null, {
      status: 302,
      headers: { Location: landingWithSource(slug, search), 'Cache-Control': 'no-store' },
    })
  }
}
