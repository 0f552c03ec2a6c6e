/**
 * The founder's monthly check-in from the outside (ADRs 0164,
 * 0165): the job's e-mail, read as delivered, carries a link that opens the
 * check-in of that application and no other (stored, it held only the
 * placeholder); the form sends, refuses bad input beside each field keeping
 * what was typed and storing nothing, never overwrites a version saved from
 * another tab, refuses a month that closed, another origin, a GET that would
 * act; the status page shows the follow-up.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { engineOf } from '../../db/engine-of.ts'
import { openFollowUpStore } from '../../db/stores/follow-up-store.ts'
import { founderMailConfigFrom } from '../../compose.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { runCheckInMails } from './check-in-job.ts'
import type { MediaDaysSource } from '../media-plan/media-days.ts'
import { noticesIn } from '../../testing/notices.ts'
import { NO_FIGURES_YET } from './check-in-html.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

/** Any founder link, anywhere: what must never be found in what the database holds. */
const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/

const FILLED = {
  mes: '1',
  version: '0',
  ventas: '12.500,50',
  activos: '1.250',
  nuevos: '85',
  visitas: '',
  leads: '340',
  equipo: '6',
  caja: '',
  bien: 'Cerramos con una cadena de droguerías.',
  mal: '',
  necesita: 'Una presentación con el equipo de radio.',
}

function page(h: WorkspaceHarness, path: string, init: { method?: string; form?: Record<string, string>; origin?: string | null } = {}) {
  const headers: Record<string, string> = {}
  if (init.origin !== null && init.method === 'POST') headers.origin = init.origin ?? SITE
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded'
  return h.app.request(`${SITE}${path}`, { method: init.method ?? 'GET', headers, ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}) })
}

const signed = (h: WorkspaceHarness, admin: SignedIn, email: string) => signedThroughApi(h, admin, { email })

/** The harness at `iso` (its clock), the check-in job run once on it. */
async function tickAt(h: WorkspaceHarness, iso: string) {
  h.advance(new Date(iso).getTime() - h.now().getTime())
  return runCheckInMails({ followUp: openFollowUpStore(engineOf(h.store)), mail: founderMailConfigFrom(h.config), now: () => h.now(), log: () => {} })
}

/** Two founders signed (follow-up from 1 December 2026), the January invitation sent and delivered; their check-in links. */
async function setUp(mediaDays?: MediaDaysSource) {
  const h = await workspaceHarness({}, mediaDays ? { mediaDays } : {})
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const one = await signed(h, admin, 'una@startup.example')
  const two = await signed(h, admin, 'otra@startup.example')
  // The «Acuerdo firmado» welcomes sent and delivered: no check-in leaves before them (ADR 0186).
  for (const d of await h.founders.listWaitingDrafts()) expect((await h.call('POST', `/founder-mail/drafts/${d.id}/send`, { as: admin, body: {} })).status).toBe(200)
  await h.deliverMail()
  // 1 January 2027, 07:30 in Bogotá: check-in 1 (December) opens.
  expect(await tickAt(h, '2027-01-01T12:30:00.000Z')).toMatchObject({ queued: 2 })
  const delivered = (await h.deliverMail()).filter((m) => m.subject.startsWith('Tu reporte de diciembre de 2026'))
  const mailTo = (to: string) => delivered.find((m) => m.to === to)!
  return { h, admin, one, two, mailOne: mailTo(one.formData.email), tokenOne: founderTokenFrom(mailTo(one.formData.email).text), tokenTwo: founderTokenFrom(mailTo(two.formData.email).text) }
}

const checkIns = (h: WorkspaceHarness) => h.store.db.prepare('SELECT application_id, month, version, sales_usd_cents, team_size FROM check_ins ORDER BY submitted_at').all()

describe("the founder's monthly check-in", () => {
  it('the e-mailed link opens the check-in (stored, only the placeholder), and sending stores it, answered on the status page', async () => {
    const { h, one, mailOne, tokenOne } = await setUp()
    // Delivered: the link to the check-in, in both parts; stored: the placeholder, never a link.
    expect(mailOne.text).toContain(`${SITE}/postulacion/${tokenOne}/seguimiento`)
    expect(mailOne.html).toContain(`href="${SITE}/postulacion/${tokenOne}/seguimiento"`)
    const [row] = (await h.store.listMessages({ applicationId: one.id })).filter((m) => m.kind === 'founder_check_in')
    expect(row!.text).toContain(`${PERSONAL_LINK_PLACEHOLDER}/seguimiento`)
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)

    const form = await page(h, `/postulacion/${tokenOne}/seguimiento`)
    expect(form.status).toBe(200)
    expect(form.headers.get('cache-control')).toBe('no-store')
    const html = await form.text()
    expect(html).toContain('<h1>Tu reporte de diciembre de 2026</h1>')
    expect(html).toContain('Envíalo antes del <strong>10 de enero de 2027</strong>')
    // Each metric with its definition, tied to its field.
    expect(html).toContain('<label for="f-ventas">Ventas del mes en USD</label>')
    expect(html).toContain('aria-describedby="f-ventas-def"')
    expect(html).toContain('Lo que facturaste en el mes, en dólares y sin impuestos.')
    expect(html).toContain('<label for="f-visitas">Visitas al sitio <span class="optional">(opcional)</span></label>')
    expect(html).toContain(`action="/postulacion/${tokenOne}/seguimiento"`)
    // A GET (a mail scanner following the link) stored nothing.
    expect(checkIns(h)).toEqual([])

    const sent = await page(h, `/postulacion/${tokenOne}/seguimiento`, { method: 'POST', form: FILLED })
    expect(sent.status).toBe(303)
    expect(sent.headers.get('location')).toBe(`/postulacion/${tokenOne}/seguimiento?hecho=1`)
    expect(checkIns(h)).toEqual([{ application_id: one.id, month: 1, version: 1, sales_usd_cents: 1_250_050, team_size: 6 }])
    const thanks = await (await page(h, `/postulacion/${tokenOne}/seguimiento?hecho=1`)).text()
    expect(thanks).toContain('¡Gracias! Recibimos tu reporte.')
    // As a success: green, a ✓, read politely; never like a refusal.
    expect(noticesIn(thanks)).toEqual([{ kind: 'ok', role: 'status', icon: '✓', text: expect.stringMatching(/^¡Gracias! Recibimos tu reporte\. Enviado el /) }])
    expect(thanks).toContain('US$\u00a012.500,50')
    // The correction starts from what was sent, on its version.
    expect(thanks).toContain('name="version" value="1"')
    expect(thanks).toContain('value="12.500,5"')

    const status = await (await page(h, `/postulacion/${tokenOne}`)).text()
    expect(status).toContain('<h2>Seguimiento de 12 meses</h2>')
    expect(status).toContain('Reporte de diciembre de 2026 (mes 1): <strong>enviado</strong>')
    expect(status).toContain('<th scope="row">diciembre de 2026</th><td>US$\u00a012.500,50</td><td>1.250</td><td>85</td><td>—</td><td>340</td><td>6</td>')
    expect(status).toContain('<strong>Revisión del mes 3</strong> con el equipo: próxima, antes del 31 de marzo de 2027.')

    // A correction: version 2, the first kept.
    const corrected = await page(h, `/postulacion/${tokenOne}/seguimiento`, { method: 'POST', form: { ...FILLED, version: '1', equipo: '7' } })
    expect(corrected.status).toBe(303)
    expect(checkIns(h)).toMatchObject([{ version: 1, team_size: 6 }, { version: 2, team_size: 7 }])
  })

  it("draws the founder's own figures as a chart per metric on the status page, with the weeks their media ran behind, no JavaScript", async () => {
    const asked: string[] = []
    const { h, one, two, tokenOne, tokenTwo } = await setUp(async (applicationId) => {
      asked.push(applicationId)
      return applicationId === one.id ? [{ from: '2026-12-07', to: '2026-12-13' }] : []
    })
    // Before any figure, with no media: no chart, the months' table alone.
    const before = await (await page(h, `/postulacion/${tokenTwo}`)).text()
    expect(before).not.toContain('<svg')
    expect(before).toContain('<caption id="tus-cifras">Tus cifras mes a mes</caption>')
    expect(asked).toEqual([two.id])
    // Before any figure, with media: no empty chart per metric either (about 2,000 px on a phone), one line for them all.
    const unanswered = await (await page(h, `/postulacion/${tokenOne}`)).text()
    expect(unanswered).not.toContain('<svg')
    expect(unanswered).toContain(`<p class="muted">${NO_FIGURES_YET}</p>`)
    // The months' table scrolls sideways in its labelled region, and says so on a phone.
    expect(unanswered).toContain('<div class="table-wrap" role="region" aria-labelledby="tus-cifras" tabindex="0">')
    expect(unanswered).toContain('<p class="scroll-hint">Desliza para ver más →</p>')

    expect((await page(h, `/postulacion/${tokenOne}/seguimiento`, { method: 'POST', form: FILLED })).status).toBe(303)
    // Spaces as read (the dates and sums keep their parts together with no-break spaces).
    const status = (await (await page(h, `/postulacion/${tokenOne}`)).text()).replace(/\u00a0/g, ' ')
    // A chart per metric with a figure (five: "Visitas al sitio" and the runway were left empty), each an image named by its
    // summary, with its figures in a table under it.
    expect(status.match(/<figure class="fu-chart">/g)).toHaveLength(5)
    expect(status).toContain(
      'aria-label="Ventas del mes en USD, de dic 2026 a nov 2027. Una sola cifra: US$ 12.500,50 (dic 2026). Pauta en medios en 1 mes: dic 2026."',
    )
    expect(status).toContain('<caption>Ventas del mes en USD, mes a mes</caption>')
    expect(status).toContain('<tr><th scope="row">dic 2026</th><td>US$ 12.500,50</td><td>Sí (7 días)</td></tr>')
    expect(status).toContain('<tr><th scope="row">ene 2027</th><td>—</td><td>No</td></tr>')
    // "Visitas al sitio" and the runway left empty: never drawn as a zero, nor as an empty chart; said in one line.
    expect(status).not.toContain('aria-label="Visitas al sitio')
    expect(status).not.toContain('aria-label="Meses de caja (runway)')
    expect(status).toContain('<p class="muted">Todavía no hay cifras de: Visitas al sitio, Meses de caja (runway).</p>')
    expect(status).not.toContain(NO_FIGURES_YET)
    // The week behind, its mark and the legend; the charts' styles in the page's own <style>; no script.
    expect(status).toContain('fill="#ffe3d6"')
    expect(status).toContain('Semanas con pauta en medios')
    expect(status).toMatch(/<style>[^<]*\.fu-charts\{display:grid/)
    expect(status).not.toMatch(/<script|\son[a-z]+="/i)
    // The other founder sees their own: no figure, no media, no chart.
    expect(await (await page(h, `/postulacion/${tokenTwo}`)).text()).not.toContain('<svg')
  })

  it('refuses bad input beside each field, keeping what was typed and storing nothing', async () => {
    const { h, tokenOne } = await setUp()
    const before = h.snapshot()
    const bad = await page(h, `/postulacion/${tokenOne}/seguimiento`, {
      method: 'POST',
      form: { ...FILLED, ventas: '-500', activos: '1,500', nuevos: '4,5', equipo: '', bien: '<b>casi</b>' },
    })
    expect(bad.status).toBe(422)
    const html = await bad.text()
    expect(html).toContain('Revisa los 4 campos marcados: no guardamos nada todavía.')
    expect(html).toContain('<p class="field-error" id="f-ventas-err">Escribe un número de 0 en adelante: no puede ser negativo.</p>')
    expect(html).toContain('<p class="field-error" id="f-activos-err">Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo 1.250.</p>')
    expect(html).toContain('id="f-nuevos-err">Escribe un número entero, sin decimales ni letras, por ejemplo 85.</p>')
    expect(html).toContain('id="f-equipo-err">Escribe cuántas personas trabajan en la startup, contando a las personas fundadoras.</p>')
    expect(html).toContain('aria-describedby="f-ventas-def f-ventas-err" aria-invalid="true"')
    // What was typed stays, escaped.
    expect(html).toContain('value="-500"')
    expect(html).toContain('value="1,500"')
    expect(html).toContain('&lt;b&gt;casi&lt;/b&gt;</textarea>')
    expect(h.snapshot()).toEqual(before)
  })

  it("opens only the link's own application: another founder's link writes theirs, a wrong token nothing", async () => {
    const { h, one, two, tokenTwo } = await setUp()
    const theirs = await page(h, `/postulacion/${tokenTwo}/seguimiento`, { method: 'POST', form: FILLED })
    expect(theirs.status).toBe(303)
    expect(checkIns(h)).toMatchObject([{ application_id: two.id }])
    expect(checkIns(h)).not.toMatchObject([{ application_id: one.id }])
    const before = h.snapshot()
    for (const token of ['x'.repeat(43), tokenTwo.slice(0, -1)]) {
      expect((await page(h, `/postulacion/${token}/seguimiento`)).status).toBe(404)
      expect((await page(h, `/postulacion/${token}/seguimiento`, { method: 'POST', form: FILLED })).status).toBe(404)
    }
    expect(h.snapshot()).toEqual(before)
  })

  it('refuses another origin, a missing one, a body that is not a form, and a forged month or version; nothing stored', async () => {
    const { h, tokenOne } = await setUp()
    const before = h.snapshot()
    const path = `/postulacion/${tokenOne}/seguimiento`
    expect((await page(h, path, { method: 'POST', form: FILLED, origin: 'https://evil.example' })).status).toBe(403)
    expect((await page(h, path, { method: 'POST', form: FILLED, origin: null })).status).toBe(403)
    const notForm = await h.app.request(`${SITE}${path}`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: 'ventas=100%' })
    expect(notForm.status).toBe(400)
    expect((await page(h, path, { method: 'POST', form: { ...FILLED, mes: 'uno' } })).status).toBe(400)
    expect((await page(h, path, { method: 'POST', form: { ...FILLED, version: '-1' } })).status).toBe(400)
    // A month that is not the one open (the form of a closed month, or a forged one).
    const closed = await page(h, path, { method: 'POST', form: { ...FILLED, mes: '2' } })
    expect(closed.status).toBe(409)
    expect(await closed.text()).toContain('Este reporte ya cerró')
    expect(h.snapshot()).toEqual(before)
  })

  it('never overwrites a version saved from another tab: the second is told, keeps what it typed, and can send again on purpose', async () => {
    const { h, tokenOne } = await setUp()
    const path = `/postulacion/${tokenOne}/seguimiento`
    expect((await page(h, path, { method: 'POST', form: { ...FILLED, equipo: '5' } })).status).toBe(303)
    const second = await page(h, path, { method: 'POST', form: { ...FILLED, equipo: '9' } })
    expect(second.status).toBe(409)
    const html = await second.text()
    expect(html).toContain('Mientras escribías se guardó otra versión de este reporte')
    expect(html).toContain('value="9"')
    expect(html).toContain('name="version" value="1"')
    expect(checkIns(h)).toMatchObject([{ version: 1, team_size: 5 }])
    expect((await page(h, path, { method: 'POST', form: { ...FILLED, equipo: '9', version: '1' } })).status).toBe(303)
    expect(checkIns(h)).toMatchObject([{ version: 1, team_size: 5 }, { version: 2, team_size: 9 }])
  })

  it('shows the optional runway («Meses de caja») on the form, and stores what was typed as whole months, empty as null', async () => {
    const { h, one, tokenOne } = await setUp()
    const path = `/postulacion/${tokenOne}/seguimiento`
    const runways = () => h.store.db.prepare('SELECT version, runway_months FROM check_ins WHERE application_id = ? ORDER BY version').all(one.id)
    const form = await (await page(h, path)).text()
    expect(form).toContain('<label for="f-caja">Meses de caja (runway) <span class="optional">(opcional)</span></label>')
    expect(form).toContain('Cuántos meses alcanza el dinero en caja al ritmo de gasto actual. Déjalo vacío si no lo calculas.')
    expect(form).toMatch(/<input id="f-caja" name="caja" type="text" inputmode="numeric"[^>]*value=""[^>]*aria-describedby="f-caja-def">/)

    expect((await page(h, path, { method: 'POST', form: { ...FILLED, caja: '4' } })).status).toBe(303)
    expect(runways()).toEqual([{ version: 1, runway_months: 4 }])
    // The correction starts from it, and the status page's table shows it in its column.
    const thanks = await (await page(h, `${path}?hecho=1`)).text()
    expect(thanks).toMatch(/<input id="f-caja"[^>]*value="4"/)
    const status = await (await page(h, `/postulacion/${tokenOne}`)).text()
    expect(status).toContain('<th scope="col">Caja (meses)</th>')
    expect(status).toContain('<td>340</td><td>6</td><td>4</td></tr>')

    // Left empty in the correction: null, not zero.
    expect((await page(h, path, { method: 'POST', form: { ...FILLED, version: '1', caja: '' } })).status).toBe(303)
    expect(runways()).toEqual([
      { version: 1, runway_months: 4 },
      { version: 2, runway_months: null },
    ])
    // Refused beside its field, nothing stored.
    const refused = await page(h, path, { method: 'POST', form: { ...FILLED, version: '2', caja: '4,5' } })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('<p class="field-error" id="f-caja-err">Escribe un número entero, sin decimales ni letras, por ejemplo 8.</p>')
    expect(runways()).toHaveLength(2)
  })

  it('closes with its month: after the last day the form is gone and a late POST stores nothing', async () => {
    const { h, tokenOne } = await setUp()
    const path = `/postulacion/${tokenOne}/seguimiento`
    // 1 February in Bogotá: check-in 1 closed (unanswered), check-in 2 (January) is open.
    h.advance(new Date('2027-02-01T05:00:00.000Z').getTime() - h.now().getTime())
    const late = await page(h, path, { method: 'POST', form: FILLED })
    expect(late.status).toBe(409)
    expect(checkIns(h)).toEqual([])
    const now = await (await page(h, path)).text()
    expect(now).toContain('<h1>Tu reporte de enero de 2027</h1>')
    const status = await (await page(h, `/postulacion/${tokenOne}`)).text()
    expect(status).toContain('<th scope="row">diciembre de 2026</th><td colspan="7" style="text-align:left" class="muted">Sin respuesta</td>')
  })

  it("the founder's copy and the team's Ley 1581 export carry every version and the reviews' days, never the team's notes; deleting the titular deletes them", async () => {
    const { h, admin, one, tokenOne } = await setUp()
    const path = `/postulacion/${tokenOne}/seguimiento`
    expect((await page(h, path, { method: 'POST', form: FILLED })).status).toBe(303)
    expect((await page(h, path, { method: 'POST', form: { ...FILLED, version: '1', equipo: '7' } })).status).toBe(303)
    const fresh = await h.signIn(admin.member)
    const milestone = await h.call('PUT', `/applications/${one.id}/follow-up/milestones/3`, { as: fresh, body: { heldOn: '2027-01-01', note: 'Nota interna del equipo.' } })
    expect(milestone.status).toBe(200)

    const html = await (await page(h, `/postulacion/${tokenOne}/datos`, { method: 'POST' })).text()
    expect(html).toContain('<h3>Tu seguimiento</h3>')
    expect(html).toContain('<caption>Reporte de diciembre de 2026 (mes 1), versión 1, enviada el')
    expect(html).toContain('<caption>Reporte de diciembre de 2026 (mes 1), versión 2, enviada el')
    expect(html).toContain('<th scope="row">Ventas del mes en USD</th><td>US$\u00a012.500,50</td>')
    expect(html).toContain('<li>Revisión del mes 3 con el equipo: 1 de enero de 2027.</li>')
    expect(html).not.toContain('Nota interna del equipo.')
    const copy = (await (await page(h, `/postulacion/${tokenOne}/datos`, { method: 'POST', form: { formato: 'json' } })).json()) as { applications: { followUp: unknown }[] }
    const expected = {
      start: '2026-12-01',
      checkIns: [
        { month: 1, period: '2026-12', version: 1, salesUsdCents: 1_250_050, teamSize: 6, siteVisits: null, needs: FILLED.necesita },
        { month: 1, period: '2026-12', version: 2, teamSize: 7 },
      ],
      milestones: [{ month: 3, heldOn: '2027-01-01' }],
      closedAt: null,
    }
    expect(copy.applications[0]!.followUp).toMatchObject(expected)
    expect(JSON.stringify(copy)).not.toContain('Nota interna del equipo.')
    const email = one.formData.email
    const exported = JSON.parse(await (await h.call('POST', '/data-requests/export', { as: fresh, body: { email, format: 'json' } })).text()) as { followUp: unknown }[]
    expect(exported[0]!.followUp).toMatchObject(expected)
    expect((await h.call('POST', '/data-requests/delete', { as: fresh, body: { email, confirm: email } })).status).toBe(200)
    const left = h.snapshot()
    for (const table of ['check_ins', 'follow_up_milestones', 'follow_up_mails']) expect((left[table] as { application_id: string }[]).filter((r) => r.application_id === one.id), table).toEqual([])
    expect((await page(h, path)).status).toBe(404)
  })

  it('a founder whose application is not signed has no check-in (404), and the status page no follow-up', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const founder = await seedFounder(h.store, { stage: 'due_diligence' })
    const res = await page(h, `/postulacion/${founder.token}/seguimiento`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Esta postulación no tiene seguimiento')
    expect(await (await page(h, `/postulacion/${founder.token}`)).text()).not.toContain('Seguimiento de 12 meses')
  })
})
