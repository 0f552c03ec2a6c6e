/**
 * The sources from the outside (ADRs 0168-0170), through the whole
 * app in-process: the workspace API behind its session, CSRF and admin
 * guards; the short paths' redirect and count; an application that carries
 * its source through the function; the overview, the list's filter and the
 * exports. Every refusal changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { FUNCTION_PATH } from '../../app.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { validBody } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import { SITE, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { DEFAULT_ANON_KEY } from '../../../domain/submission.ts'
import { SOURCE_MESSAGES } from '../../../domain/sources.ts'
import type { SourceOverview, SourceRecord } from '../../../domain/workspace-api/sources.ts'

const openHarness = harnessPerTest(workspaceHarness)
const json = async <T>(res: Response) => (await res.json()) as T
/** A person's browser: what isAutomated lets through. */
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

async function setUp(env: Record<string, string> = {}) {
  const h = await openHarness(env)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  return { h, admin, reviewer }
}

async function create(h: WorkspaceHarness, admin: SignedIn, body: { name: string; outlet: string; slug: string }): Promise<SourceRecord> {
  const res = await h.call('POST', '/sources', { as: admin, body })
  expect(res.status).toBe(201)
  return (await json<{ source: SourceRecord }>(res)).source
}

const open = (h: WorkspaceHarness, path: string, init: { method?: string; agent?: string | null; headers?: Record<string, string> } = {}) =>
  h.app.request(`${SITE}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.agent === null ? {} : { 'user-agent': init.agent ?? BROWSER }), ...init.headers },
  })

const visits = (h: WorkspaceHarness) =>
  h.store.db.prepare('SELECT day, visits FROM source_visits ORDER BY day').all() as { day: string; visits: number }[]

const apply = (h: WorkspaceHarness, attribution: unknown) =>
  h.app.request(`${SITE}${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, authorization: `Bearer ${DEFAULT_ANON_KEY}`, 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ ...validBody(), ...(attribution === undefined ? {} : { attribution }) }),
  })

describe('keeping the sources (admins)', () => {
  it('an admin creates and edits a source; every refusal is in Spanish and changes nothing', async () => {
    const { h, admin } = await setUp()
    const radio = await create(h, admin, { name: '  Radio Cali  ', outlet: 'radio', slug: '/radio-cali' })
    expect(radio).toMatchObject({ name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })

    const refusals: [Record<string, string>, string, string][] = [
      [{ name: 'Otra', outlet: 'tv', slug: 'radio-cali' }, 'slug', SOURCE_MESSAGES.slugTaken],
      [{ name: 'Equipo', outlet: 'tv', slug: 'equipo' }, 'slug', SOURCE_MESSAGES.slugReserved],
      [{ name: 'Fundadores', outlet: 'tv', slug: 'postulacion' }, 'slug', SOURCE_MESSAGES.slugReserved],
      [{ name: 'Assets', outlet: 'tv', slug: 'assets' }, 'slug', SOURCE_MESSAGES.slugReserved],
      [{ name: 'API', outlet: 'tv', slug: 'api' }, 'slug', SOURCE_MESSAGES.slugReserved],
      [{ name: 'Radio', outlet: 'tv', slug: 'Radio Cali' }, 'slug', SOURCE_MESSAGES.slugShape],
      [{ name: 'Radio', outlet: 'tv', slug: 'radio--cali' }, 'slug', SOURCE_MESSAGES.slugShape],
      [{ name: 'Radio', outlet: 'tv', slug: 'x' }, 'slug', SOURCE_MESSAGES.slugLength],
      [{ name: '', outlet: 'tv', slug: 'tv' }, 'name', SOURCE_MESSAGES.nameRequired],
      [{ name: 'TV', outlet: 'podcast', slug: 'tv' }, 'outlet', SOURCE_MESSAGES.outlet],
    ]
    for (const [body, path, message] of refusals) {
      const before = h.snapshot()
      const res = await h.call('POST', '/sources', { as: admin, body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      const answer = await json<{ issues: { path: string; message: string }[]; message: string }>(res)
      expect(answer.issues).toContainEqual({ path, message })
      expect(h.snapshot()).toEqual(before)
    }

    const edited = await h.call('PUT', `/sources/${radio.id}`, { as: admin, body: { name: 'Radio Cali mañana', outlet: 'otro' } })
    expect(edited.status).toBe(200)
    expect((await json<{ source: SourceRecord }>(edited)).source).toMatchObject({ slug: 'radio-cali', name: 'Radio Cali mañana', outlet: 'otro' })
    // The short path is written once: an edit that brings one is refused whole.
    expect((await h.call('PUT', `/sources/${radio.id}`, { as: admin, body: { name: 'X', outlet: 'tv', slug: 'otra' } })).status).toBe(422)
    expect((await h.call('DELETE', `/sources/${crypto.randomUUID()}`, { as: admin })).status).toBe(404)
  })

  it('refuses without a session, from another origin, without the token, from a reviewer; a GET changes nothing', async () => {
    const { h, admin, reviewer } = await setUp()
    const radio = await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    const body = { name: 'TV', outlet: 'tv', slug: 'tv' }
    const changes = [
      { method: 'POST', path: '/sources', body },
      { method: 'PUT', path: `/sources/${radio.id}`, body: { name: 'Otra', outlet: 'tv' } },
      { method: 'DELETE', path: `/sources/${radio.id}` },
    ]
    for (const e of changes) {
      await expectRefused(h, e, null, 401, 'unauthenticated')
      await expectRefused(h, e, admin, 403, 'csrf', { origin: 'https://otro.example' })
      await expectRefused(h, e, admin, 403, 'csrf', { csrf: null })
      await expectRefused(h, e, reviewer, 403, 'forbidden')
    }
    for (const path of ['/sources', '/sources/overview', `/sources/${radio.id}/qr.svg`]) await expectRefused(h, { method: 'GET', path }, null, 401, 'unauthenticated')

    // GET where POST is meant (a mail scanner following a link): it lists, it never creates.
    const before = h.snapshot()
    const listed = await h.call('GET', '/sources?name=TV&outlet=tv&slug=tv', { as: admin })
    expect(listed.status).toBe(200)
    expect((await h.call('GET', `/sources/${radio.id}?_method=DELETE`, { as: admin })).status).toBe(404)
    expect(h.snapshot()).toEqual(before)

    // A reviewer reads the list, the QR codes and the counts (no application's data).
    expect((await h.call('GET', '/sources', { as: reviewer })).status).toBe(200)
    expect((await h.call('GET', '/sources/overview', { as: reviewer })).status).toBe(200)
  })

  it('draws the QR code of the short path on the server, as SVG and PNG, to show or to download', async () => {
    const { h, admin, reviewer } = await setUp()
    const radio = await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    const svg = await h.call('GET', `/sources/${radio.id}/qr.svg`, { as: reviewer })
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(svg.headers.get('content-disposition')).toBe('inline; filename="qr-radio-cali.svg"')
    expect(await svg.text()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/)
    const png = await h.call('GET', `/sources/${radio.id}/qr.png?descargar=1`, { as: admin })
    expect(png.headers.get('content-disposition')).toBe('attachment; filename="qr-radio-cali.png"')
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect((await h.call('GET', `/sources/${crypto.randomUUID()}/qr.svg`, { as: admin })).status).toBe(404)
  })
})

describe('the short paths', () => {
  it('redirect to the landing with the source, uncached and cookieless, and count one visit per GET of a person', async () => {
    // Two people behind one trusted proxy (ADR 0202: each client counts once a day).
    const { h, admin } = await setUp({ TRUST_PROXY: '1' })
    const person = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` })
    await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    const res = await open(h, '/radio-cali?utm_medium=radio&utm_campaign=convocatoria&nombre=Ana', { headers: person(1) })
    expect(res.status).toBe(302)
    // Only the utm_* parameters go on; anything else (a name typed in the address) stays behind.
    expect(res.headers.get('location')).toBe('/?fuente=radio-cali&utm_medium=radio&utm_campaign=convocatoria')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('set-cookie')).toBeNull()
    // What a listener types: capitals and a trailing slash.
    expect((await open(h, '/Radio-Cali/', { headers: person(2) })).headers.get('location')).toBe('/?fuente=radio-cali')
    expect(visits(h)).toEqual([{ day: '2026-11-23', visits: 2 }])
    // The next Bogotá day (00:00 in Bogotá is 05:00 UTC) is another row.
    h.advance(14 * 3_600_000 + 1)
    await open(h, '/radio-cali')
    expect(visits(h)).toEqual([
      { day: '2026-11-23', visits: 2 },
      { day: '2026-11-24', visits: 1 },
    ])
    // The log has the path and the outcome, never the visitor.
    const line = h.logs.filter((l) => l.msg === 'request' && l.path === '/radio-cali').at(-1)
    expect(line).toMatchObject({ status: 302, outcome: 'source_visit' })
    expect(JSON.stringify(h.logs)).not.toMatch(/user-agent|Mozilla/i)
  })

  it('count a client once per source per Bogotá day: 300 GETs in a row are one visit; each client apart, read from X-Forwarded-For only behind a trusted proxy', async () => {
    // One proxy in front (TRUST_PROXY=1): the client is the right-most X-Forwarded-For entry.
    const h = await openHarness({ TRUST_PROXY: '1' })
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    await create(h, admin, { name: 'TV nacional', outlet: 'tv', slug: 'tv' })
    const from = (client: string) => ({ headers: { 'x-forwarded-for': `203.0.113.9, ${client}` } })
    const burst = await Promise.all(Array.from({ length: 300 }, () => open(h, '/radio-cali', from('198.51.100.7'))))
    // Every one still gets its redirect.
    expect(burst.every((r) => r.status === 302 && r.headers.get('location') === '/?fuente=radio-cali')).toBe(true)
    expect(visits(h)).toEqual([{ day: '2026-11-23', visits: 1 }])
    // Another client is another visit; the same client on another source is one there; a forged left-most entry changes nothing.
    await open(h, '/radio-cali', from('198.51.100.8'))
    await open(h, '/radio-cali', { headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.7' } })
    await open(h, '/tv', from('198.51.100.7'))
    const bySource = () => h.store.db.prepare('SELECT s.slug, v.day, v.visits FROM source_visits v JOIN sources s ON s.id = v.source_id ORDER BY s.slug, v.day').all()
    expect(bySource()).toEqual([
      { slug: 'radio-cali', day: '2026-11-23', visits: 2 },
      { slug: 'tv', day: '2026-11-23', visits: 1 },
    ])
    // The next Bogotá day, the same client counts again, once.
    h.advance(14 * 3_600_000 + 1)
    for (let i = 0; i < 3; i++) await open(h, '/radio-cali', from('198.51.100.7'))
    expect(bySource()).toContainEqual({ slug: 'radio-cali', day: '2026-11-24', visits: 1 })
    // Nothing about the client is stored or logged: no address in any table or log line.
    expect(JSON.stringify([h.snapshot(), h.logs])).not.toMatch(/198\.51\.100|203\.0\.113/)
  })

  it('without a trusted proxy the client is the connection, whatever X-Forwarded-For says', async () => {
    const { h, admin } = await setUp()
    await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    for (let i = 0; i < 20; i++) await open(h, '/radio-cali', { headers: { 'x-forwarded-for': `198.51.100.${i}` } })
    expect(visits(h)).toEqual([{ day: '2026-11-23', visits: 1 }])
  })

  it('redirect but do not count HEAD, prefetches, crawlers, link previews, scanners and headless browsers', async () => {
    const { h, admin } = await setUp({ TRUST_PROXY: '1' })
    await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    const notCounted = [
      open(h, '/radio-cali', { method: 'HEAD' }),
      open(h, '/radio-cali', { agent: null }),
      open(h, '/radio-cali', { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      open(h, '/radio-cali', { agent: 'WhatsApp/2.23.20.0' }),
      open(h, '/radio-cali', { agent: 'facebookexternalhit/1.1' }),
      open(h, '/radio-cali', { agent: 'curl/8.5.0' }),
      open(h, '/radio-cali', { agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36' }),
      open(h, '/radio-cali', { headers: { 'sec-purpose': 'prefetch' } }),
      open(h, '/radio-cali', { agent: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)' }),
    ]
    for (const res of await Promise.all(notCounted)) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/?fuente=radio-cali')
    }
    expect(visits(h)).toEqual([])
    // A person in an app's own browser is a person.
    // (two of them, each their own client: ADR 0202)
    await open(h, '/radio-cali', {
      agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    })
    await open(h, '/radio-cali', {
      agent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 [FBAN/EMA;FBLC/es_LA;FBAV/400.0]',
      headers: { 'x-forwarded-for': '198.51.100.2' },
    })
    expect(visits(h)).toEqual([{ day: '2026-11-23', visits: 2 }])
  })

  it('an unknown, malformed or reserved path is no short path: not found, nothing counted; a POST is not a visit', async () => {
    const { h, admin } = await setUp()
    await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    for (const path of ['/radio-bogota', '/radio_cali', '/radio-cali/mas', '/%FF', '/metrics']) {
      expect((await open(h, path)).status, path).toBe(404)
    }
    expect((await open(h, '/radio-cali', { method: 'POST' })).status).toBe(404)
    // A real route is never shadowed: /healthz answers as ever.
    expect((await open(h, '/healthz')).status).toBe(200)
    expect(visits(h)).toEqual([])
  })
})

describe('where an application came from', () => {
  it('the function records a known source and the answer beside formData; an unknown or malformed one is ignored, never refused', async () => {
    const { h, admin, reviewer } = await setUp()
    const radio = await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    const tv = await create(h, admin, { name: 'TV nacional', outlet: 'tv', slug: 'tv' })
    await open(h, '/radio-cali')
    await open(h, '/tv')
    const answers = await Promise.all([
      apply(h, { source: 'radio-cali', heardFrom: 'radio' }),
      apply(h, { source: 'radio-cali' }),
      apply(h, { source: 'no-existe', heardFrom: 'diario' }),
      apply(h, { source: '<script>', heardFrom: 'la vecina' }),
      apply(h, 'radio-cali'),
      apply(h, undefined),
    ])
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    const rows = h.store.db.prepare('SELECT source_id, heard_from FROM application_sources ORDER BY heard_from').all()
    expect(rows).toEqual([
      { source_id: radio.id, heard_from: null },
      { source_id: null, heard_from: 'diario' },
      { source_id: radio.id, heard_from: 'radio' },
    ])
    expect(JSON.stringify(h.snapshot())).not.toMatch(/no-existe|la vecina|<script>/)

    // The overview: every member sees the counts; 2 from the radio, 4 from none.
    const overview = await json<SourceOverview>(await h.call('GET', '/sources/overview?from=2026-11-01&to=2026-12-31', { as: reviewer }))
    const bySource = Object.fromEntries(overview.bySource.map((r) => [r.sourceId ?? 'none', r]))
    expect(bySource[radio.id]).toEqual({ sourceId: radio.id, visits: 1, applications: 2, panel: 0, dueDiligence: 0, signed: 0 })
    expect(bySource[tv.id]).toMatchObject({ visits: 1, applications: 0 })
    expect(bySource['none']).toMatchObject({ applications: 4 })
    expect((await h.call('GET', '/sources/overview?from=2026-12-31&to=2026-11-01', { as: reviewer })).status).toBe(422)
    expect((await h.call('GET', '/sources/overview?from=2026-02-30', { as: reviewer })).status).toBe(422)

    // The list filters by source; the exports say where each came from.
    const list = async (source: string) => (await json<{ total: number }>(await h.call('GET', `/applications?source=${source}`, { as: admin }))).total
    expect(await list(radio.id)).toBe(2)
    expect(await list(tv.id)).toBe(0)
    expect(await list('none')).toBe(4)
    expect((await h.call('GET', '/applications?source=radio-cali', { as: admin })).status).toBe(422)
    const csv = await (await h.call('GET', '/exports/applications.csv', { as: admin })).text()
    expect(csv.split('\r\n')[0]).toMatch(/;Fuente;¿Dónde nos conociste\?;/)
    expect(csv.match(/Radio Cali/g)).toHaveLength(2)
    const exported = await json<{ source: { slug: string } | null; heardFrom: string | null }[]>(await h.call('GET', '/exports/applications.json', { as: admin }))
    expect(exported.filter((a) => a.source?.slug === 'radio-cali')).toHaveLength(2)
    expect(exported.filter((a) => a.heardFrom === 'diario')).toHaveLength(1)

    // A source that brought applications, or only visits, cannot be deleted (its figures would stop adding up).
    const refused = await h.call('DELETE', `/sources/${radio.id}`, { as: admin })
    expect(refused.status).toBe(409)
    expect((await json<{ message: string }>(refused)).message).toMatch(/no se puede borrar/)
    expect((await h.call('DELETE', `/sources/${tv.id}`, { as: admin })).status).toBe(409)
  })

  it("the application's page and the team's «Nueva postulación» e-mail say which source brought it, and the answer (issue 32)", async () => {
    const { h, admin, reviewer } = await setUp()
    await create(h, admin, { name: 'Radio Cali mañana', outlet: 'radio', slug: 'radio-cali' })
    const ids: string[] = []
    for (const attribution of [{ source: 'radio-cali', heardFrom: 'tv' }, { source: 'no-existe' }, undefined]) {
      const res = await apply(h, attribution)
      expect(res.status).toBe(200)
      ids.push((await json<{ id: string }>(res)).id)
    }
    const origin = async (id: string) => (await json<{ origin: unknown }>(await h.call('GET', `/applications/${id}`, { as: reviewer }))).origin
    expect(await origin(ids[0]!)).toEqual({ source: { name: 'Radio Cali mañana', slug: 'radio-cali', outlet: 'radio' }, heardFrom: 'tv' })
    expect(await origin(ids[1]!)).toEqual({ source: null, heardFrom: null })
    expect(await origin(ids[2]!)).toEqual({ source: null, heardFrom: null })

    // The team's e-mail, read as it arrives: the source by name and outlet, and the founder's answer.
    // The function stamps its e-mails with the real clock: the harness's worker sends them once that time has come.
    h.advance(Math.max(0, Date.now() - h.now().getTime()) + 60_000)
    const team = (await h.deliverMail()).filter((m) => m.to === h.config.TEAM_EMAIL && m.subject.startsWith('Nueva postulación'))
    expect(team).toHaveLength(3)
    const [radio, unknown, none] = ids.map((id) => team.find((m) => m.subject.includes(`(${h.store.db.prepare('SELECT reference FROM applications WHERE id = ?').pluck().get(id)})`))!)
    expect(radio!.text).toContain('Fuente: Radio Cali mañana (Radio), por su dirección corta /radio-cali')
    expect(radio!.text).toContain('¿Dónde nos conociste?: La televisión')
    expect(radio!.html).toContain('Fuente: <strong>Radio Cali mañana (Radio)</strong>, por su dirección corta /radio-cali')
    for (const mail of [unknown!, none!]) {
      expect(mail.text).toContain('Fuente: ninguna (llegó sin el enlace de un medio)')
      expect(mail.text).toContain('¿Dónde nos conociste?: sin respuesta')
      expect(mail.text).not.toContain('no-existe')
    }
    // Stored, the e-mail holds a placeholder the founder's words can never hold; only the e-mail that leaves says the source.
    const stored = (await h.store.listMessages({ applicationId: ids[0]! })).find((m) => m.kind === 'team_notification')!
    expect(stored.text).not.toContain('Radio Cali mañana')
  })

  it('says which sources are in use, and refuses to delete one a visit came through, changing nothing (issue 32)', async () => {
    const { h, admin, reviewer } = await setUp()
    const radio = await create(h, admin, { name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' })
    const unused = await create(h, admin, { name: 'Sin uso', outlet: 'tv', slug: 'sin-uso' })
    await open(h, '/radio-cali')
    const listed = await json<{ sources: { slug: string; inUse: boolean }[] }>(await h.call('GET', '/sources', { as: reviewer }))
    expect(listed.sources.map((s) => [s.slug, s.inUse])).toEqual([['radio-cali', true], ['sin-uso', false]])
    const before = h.snapshot()
    const refused = await h.call('DELETE', `/sources/${radio.id}`, { as: admin })
    expect(refused.status).toBe(409)
    expect(await json(refused)).toEqual({
      error: 'in_use',
      message: 'Por esta fuente ya llegaron visitas o postulaciones: no se puede borrar, porque sus cifras dejarían de cuadrar. Puedes cambiarle el nombre.',
    })
    expect(h.snapshot()).toEqual(before)
    expect(visits(h)).toHaveLength(1)
    expect((await h.call('DELETE', `/sources/${unused.id}`, { as: admin })).status).toBe(204)
  })
})
