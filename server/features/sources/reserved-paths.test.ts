/**
 * ADR 0170: a source's short path never shadows a route. The list of the
 * server's own prefixes (domain/sources.ts RESERVED_SEGMENTS) is checked here
 * against the routes the composed app really registers, so a new route
 * without its reservation fails this test; the built site's names come from
 * the build itself (StaticSite.topLevelNames).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isReservedSlug, readSource, SOURCE_MESSAGES } from '../../../domain/sources.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { loadStaticSite } from '../../shared/http/static-site.ts'
import { workspaceHarness } from '../../testing/workspace-harness.ts'
import { metricsHarness } from '../../testing/metrics-harness.ts'

const openHarness = harnessPerTest(workspaceHarness)

/** The first literal segment of every route the app registers (middleware and params aside). */
function firstSegments(routes: readonly { path: string }[]): Set<string> {
  const found = new Set<string>()
  for (const { path } of routes) {
    const first = path.split('/')[1] ?? ''
    if (first === '' || first === '*' || first.startsWith(':')) continue
    found.add(first.toLowerCase())
  }
  return found
}

describe('reserved short paths', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('cover every first segment of the routes the composed app serves (workspace, founder pages, function, health, metrics)', async () => {
    const h = await openHarness()
    const segments = firstSegments(h.app.routes)
    expect(segments).toEqual(new Set(['equipo', 'postulacion', 'functions', 'healthz', 'verificar']))
    const m = await metricsHarness({ METRICS_TOKEN: 'x'.repeat(32) })
    try {
      for (const s of firstSegments(m.app.routes)) segments.add(s)
    } finally {
      await m.dispose()
    }
    expect(segments.has('metrics')).toBe(true)
    for (const segment of segments) expect(isReservedSlug(segment), segment).toBe(true)
  })

  it('are refused by the one reader, the dialog’s and the server’s, in Spanish', () => {
    for (const slug of ['equipo', 'postulacion', 'functions', 'healthz', 'metrics', 'assets', '404', 'api']) {
      expect(readSource({ name: 'X', outlet: 'tv', slug }), slug).toEqual({ ok: false, errors: { slug: SOURCE_MESSAGES.slugReserved } })
    }
  })

  it('take the built site’s own names from the build: a file or folder added to public/ is reserved without editing a list', () => {
    const root = mkdtempSync(join(tmpdir(), 'catalitico-site-'))
    dirs.push(root)
    for (const page of ['index.html', '404.html', 'equipo.html', 'robots.txt', 'favicon.svg']) writeFileSync(join(root, page), '<!doctype html><title>x</title>')
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'assets', 'app-123.js'), 'x')
    mkdirSync(join(root, 'prensa'))
    writeFileSync(join(root, 'prensa', 'kit.pdf'), 'x')
    const site = loadStaticSite(root)
    for (const name of ['assets', 'prensa', 'robots', 'favicon', 'index', '404', 'equipo']) expect(site.topLevelNames).toContain(name)
    const read = readSource({ name: 'Prensa', outlet: 'diario', slug: 'prensa' }, { reserved: site.topLevelNames })
    expect(read).toEqual({ ok: false, errors: { slug: SOURCE_MESSAGES.slugReserved } })
    expect(readSource({ name: 'Radio', outlet: 'radio', slug: 'radio-cali' }, { reserved: site.topLevelNames }).ok).toBe(true)
  })
})
