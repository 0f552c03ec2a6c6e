/**
 * The sources in the workspace (ADRs 0168-0170). Every member may
 * read the list, its QR codes and the overview's counts (counts only: no
 * application's data); only an admin creates, edits or deletes a source
 * (403 for a reviewer). Mounted behind the session and CSRF middleware:
 * without a session 401, a change from another origin or without the
 * token 403, and a change is never a GET.
 */
import { route } from '../../shared/http/route.ts'
import {
  sourceEndpoints as E,
  SourceOverviewQuerySchema,
  type SourceAnswer,
  type SourceList,
  type SourceOverviewAnswer,
} from '../../../domain/workspace-api/sources.ts'
import { Hono, type Context } from 'hono'
import QRCode from 'qrcode'
import { formatIsoDay } from '../../../domain/format.ts'
import { SOURCE_MESSAGES, readSource, shortLink } from '../../../domain/sources.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { SourceStore } from '../../db/stores/source-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { invalid, parseWith } from '../../shared/http/json.ts'

export interface SourceRouteDeps {
  sources: SourceStore
  siteOrigin: string
  /** The built site's own top-level names (StaticSite.topLevelNames): no short path takes them. */
  reserved: readonly string[]
  now: () => Date
}

const NOT_FOUND = { error: 'not_found', message: 'No encontramos esa fuente.' } as const
const DAY_MS = 86_400_000
/** Bogotá is UTC−5 all year (no daylight saving): its day AAAA-MM-DD starts at 05:00 UTC. */
const bogotaMidnight = (day: string) => new Date(`${day}T05:00:00.000Z`)
const OVERVIEW_DEFAULT_DAYS = 30
const OVERVIEW_MAX_DAYS = 731

export function sourceRoutes(deps: SourceRouteDeps): Hono<WorkspaceEnv> {
  const { sources, now } = deps
  const app = new Hono<WorkspaceEnv>()

  route(app, E.sources, async (c) => {
    return c.json(wire({ sources: await sources.listSources(), siteOrigin: deps.siteOrigin, reserved: [...deps.reserved] }) satisfies SourceList)
  })

  route(app, E.create, async (c, body) => {
    const taken = (await sources.listSources()).map((s) => s.slug)
    const read = readSource(body, { taken, reserved: deps.reserved })
    if (!read.ok) return invalid(c, Object.entries(read.errors).map(([path, message]) => ({ path, message })), Object.values(read.errors)[0])
    const created = await sources.createSource(read.value, { memberId: c.get('member').id, at: now() })
    if (created === 'slug_taken') return invalid(c, [{ path: 'slug', message: SOURCE_MESSAGES.slugTaken }], SOURCE_MESSAGES.slugTaken)
    return c.json(wire({ source: created }) satisfies SourceAnswer, 201)
  })

  route(app, E.edit, async (c, body) => {
    const current = await sources.source(c.req.param('id'))
    if (!current) return c.json(NOT_FOUND, 404)
    // The same reader as a new source's; the short path it already has is not checked again.
    const read = readSource({ ...body, slug: current.slug })
    if (!read.ok) return invalid(c, Object.entries(read.errors).map(([path, message]) => ({ path, message })), Object.values(read.errors)[0])
    const edited = await sources.editSource(current.id, read.value, { memberId: c.get('member').id, at: now() })
    if (edited === 'not_found') return c.json(NOT_FOUND, 404)
    return c.json(wire({ source: edited }) satisfies SourceAnswer)
  })

  route(app, E.remove, async (c) => {
    const outcome = await sources.deleteSource(c.req.param('id'), { memberId: c.get('member').id, at: now() })
    if (outcome === 'not_found') return c.json(NOT_FOUND, 404)
    if (outcome === 'in_use') {
      return c.json({ error: 'in_use', message: SOURCE_MESSAGES.inUse }, 409)
    }
    return c.body(null, 204)
  })

  // The QR code of the short path, drawn here (no script on the page draws it): SVG for print, PNG for screens.
  const qr = (format: 'svg' | 'png') => async (c: Context<WorkspaceEnv>) => {
    const source = await sources.source(c.req.param('id') ?? '')
    if (!source) return c.json(NOT_FOUND, 404)
    const link = shortLink(deps.siteOrigin, source.slug)
    const options = { errorCorrectionLevel: 'M', margin: 4 } as const
    const disposition = `${c.req.query('descargar') === '1' ? 'attachment' : 'inline'}; filename="qr-${source.slug}.${format}"`
    if (format === 'svg') {
      const svg = await QRCode.toString(link, { ...options, type: 'svg', color: { dark: '#000000', light: '#ffffff' } })
      return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Content-Disposition': disposition })
    }
    const png = await QRCode.toBuffer(link, { ...options, type: 'png', width: 1024 })
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Content-Disposition': disposition })
  }
  // The QR code of the short path, drawn here (no script on the page draws it): SVG for print, PNG for screens.
  route(app, E.qrSvg, qr('svg'))
  route(app, E.qrPng, qr('png'))

  route(app, E.overview, async (c) => {
    const parsed = parseWith(SourceOverviewQuerySchema, c.req.query())
    if (!parsed.ok) return invalid(c, parsed.issues, 'Usa fechas AAAA-MM-DD.')
    const today = formatIsoDay(now())
    const to = parsed.value.to ?? today
    const from = parsed.value.from ?? formatIsoDay(new Date(bogotaMidnight(to).getTime() - (OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS + 12 * 3_600_000))
    const start = bogotaMidnight(from)
    const until = new Date(bogotaMidnight(to).getTime() + DAY_MS)
    if (Number.isNaN(start.getTime()) || Number.isNaN(until.getTime()) || formatIsoDay(start) !== from || formatIsoDay(new Date(until.getTime() - 1)) !== to) {
      return invalid(c, [{ path: 'from', message: 'Esa fecha no existe.' }], 'Esa fecha no existe.')
    }
    if (start >= until) return invalid(c, [{ path: 'from', message: 'La fecha inicial va antes de la final.' }], 'La fecha inicial va antes de la final.')
    if (until.getTime() - start.getTime() > OVERVIEW_MAX_DAYS * DAY_MS) {
      return invalid(c, [{ path: 'from', message: 'Elige un periodo de hasta dos años.' }], 'Elige un periodo de hasta dos años.')
    }
    return c.json(wire(await sources.overview({ from: start, until, fromDay: from, toDay: to })) satisfies SourceOverviewAnswer)
  })

  return app
}
