/**
 * The monthly check-in end to end in Chromium (ADRs 0164-0165), on
 * a server of its own whose check-in job ticks every second: a startup signed
 * with a follow-up that started last month gets this month's e-mail from the
 * job; the founder opens the link read from the delivered .eml on a 390 px
 * phone, types a negative figure (refused beside its field, what was typed
 * kept), corrects it and sends; the status page shows the month as sent and
 * the figures; an admin finds them in the application's «Seguimiento» and in
 * «Seguimiento»; the sales chart shows the figure (its table read) on the
 * status page and on the application page with the days its media ran (a
 * radio line of the plan aired three days that month) behind it, and
 * «Seguimiento» its sparkline and trend. Axe stays clean; nothing is wider than the phone; the
 * fields are big enough for a thumb. Screenshots with `npm run screenshots`.
 */
import type { Page } from '@playwright/test'
import { METRIC_KEYS, addMonths } from '../domain/follow-up.ts'
import { formatIsoDay, formatMonth, formatMonthShort } from '../domain/format.ts'
import { readPlanEntry, readPlanLine } from '../domain/media-plan.ts'
import { expectAxeClean, overflow } from './fixtures/checks.ts'
import { signOnServer } from './fixtures/deals.ts'
import { nthMail } from './fixtures/outbox-mail.ts'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'
import { startServer, type RunningServer } from './fixtures/server.ts'
import { addMember, expect, signInWithLink, submitApplication, test as base, uniqueEmail } from './fixtures/workspace.ts'

const HOUR = 3_600_000
const now = Date.now()
/** The job's clock: the real one, or, before 07:00 in Bogotá (when it sends nothing), 07:30 of the same Bogotá day. */
const bogotaMs = (now - 5 * HOUR) % (24 * HOUR)
const OFFSET = bogotaMs < 7 * HOUR ? 7.5 * HOUR - bogotaMs : 0
const today = formatIsoDay(now)
/** The follow-up started on the 1st of last month: check-in 1 reports last month and is open all of this one. */
const FOLLOW_UP_START = `${addMonths(today.slice(0, 7), -1)}-01`
const MONTH = formatMonth(FOLLOW_UP_START.slice(0, 7))
/** The reported month's 5th to 7th: the days its radio spots ran, drawn behind the charts. */
const MEDIA_DAYS = [5, 6, 7].map((d) => `${FOLLOW_UP_START.slice(0, 8)}0${d}`)
const RADIO_LINE = { outlet: 'radio_regional' as const, format: 'Cuña 30" por región', units: '6', flightFrom: FOLLOW_UP_START, flightTo: `${FOLLOW_UP_START.slice(0, 8)}20`, notes: '' }
/** The month as a chart's table names it: "oct 2026". */
const MONTH_SHORT = formatMonthShort(FOLLOW_UP_START.slice(0, 7))

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  ws: async ({}, use) => {
    const server = await startServer({ RATE_LIMIT_MAX: '1000', REMINDER_TICK_SECONDS: '1', WORKER_CLOCK_OFFSET_MS: String(OFFSET) }, { from: 'bundle' })
    await use(server)
    await server.stop()
  },
})

/** The founder's page on a phone (its viewport already 390 px wide) is no wider than it. */
async function fitsPhone(page: Page, what: string) {
  expect(await overflow(page), `${what} at 390 px`).toBeLessThanOrEqual(0)
}

/**
 * Signs the application with its deal (e2e/fixtures/deals.ts); then the media that ran in the reported month: a
 * radio line of the plan, aired on three days with their proof, each through the store's checked write as the
 * workspace's routes do (their screens: e2e/media-plan.spec.ts).
 */
async function signWithDeal(server: RunningServer, applicationId: string, adminEmail: string) {
  const rateCard = [{ outlet: 'radio_regional' as const, format: 'Cuña 30" por región', unitPriceCop: 800_000 }]
  await signOnServer(server, applicationId, adminEmail, { rateCard, windowStart: FOLLOW_UP_START, windowMonths: 6, followUpStart: FOLLOW_UP_START }, async (stores, admin) => {
    const by = { memberId: admin.id, at: new Date() }
    const line = await stores.mediaPlan.addLine(
      applicationId,
      (l) => readPlanLine(RADIO_LINE, { deal: l.deal, rateCard: l.deal.rateCard, rateCardNumber: l.deal.rateCardVersionNumber, placed: 0 }),
      by,
    )
    if (line.status !== 'written') throw new Error(`the plan's line: ${JSON.stringify(line)}`)
    for (const day of MEDIA_DAYS) {
      const input = { lineId: line.value.id, kind: 'ran' as const, day, units: '1', proofUrl: `https://radio.example.com/cuña/${day}` }
      const ran = await stores.mediaPlan.appendEntry(applicationId, (l) => readPlanEntry(input, { deal: l.deal, lines: l.lines, entries: l.entries, today }), by)
      expect(ran.status, `ran on ${day}`).toBe('written')
    }
  })
}

test('the founder answers the monthly check-in from the e-mailed link on a phone; the team sees it', async ({ browser, page, ws, origin, request }) => {
  const founder = uniqueEmail('fundadora', 'startup.example')
  const adminEmail = uniqueEmail('seguimiento')
  const app = await submitApplication(request, origin, { email: founder, tradeName: 'Ruta Clara', companyName: 'Ruta Clara S.A.S.' })
  await addMember(ws, adminEmail, 'admin', 'Directora Seguimiento')
  await signWithDeal(ws, app.id, adminEmail)

  // The job's e-mail, read as delivered: the link to the check-in under the founder's personal link.
  const mail = await nthMail(ws, 'founder_check_in', founder, 1)
  expect(mail.parsed.subject).toContain(MONTH)
  const link = /https?:\/\/[^\s]+\/postulacion\/[A-Za-z0-9_-]{43}\/seguimiento/.exec(mail.parsed.text ?? '')?.[0]
  expect(link, `a check-in link in ${mail.file}`).toBeTruthy()

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CO' })
  const founderPage = await phone.newPage()
  await founderPage.goto(new URL(link!).pathname)
  await expect(founderPage.getByRole('heading', { level: 1, name: `Tu reporte de ${MONTH}` })).toBeVisible()
  // Each metric with its definition on screen, and a field big enough for a thumb.
  const sales = founderPage.getByLabel('Ventas del mes en USD')
  await expect(sales).toHaveAccessibleDescription(/Lo que facturaste en el mes, en dólares y sin impuestos/)
  expect((await sales.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  // Axe runs on the refused form below (the same form, with its errors).
  await fitsPhone(founderPage, 'check-in form')
  await screenshotsAtWidths(founderPage, 'follow-up-check-in', [390])

  await sales.fill('-1.250.000')
  await founderPage.getByLabel('Clientes o usuarios activos').fill('1.250')
  await founderPage.getByLabel('Clientes nuevos').fill('85')
  await founderPage.getByLabel('Leads').fill('340')
  await founderPage.getByLabel('Personas en el equipo').fill('6')
  await founderPage.getByLabel('Qué necesitas del programa').fill('Una presentación con el equipo de radio.')
  await founderPage.getByRole('button', { name: 'Enviar mi reporte' }).click()
  // Refused beside its field, what was typed kept, nothing stored.
  await expect(founderPage.getByRole('alert')).toContainText('Revisa el campo marcado: no guardamos nada todavía.')
  await expect(sales).toHaveAccessibleDescription(/no puede ser negativo/)
  await expect(sales).toHaveValue('-1.250.000')
  await expect(founderPage.getByLabel('Clientes nuevos')).toHaveValue('85')
  await expectAxeClean(founderPage, 'check-in refused')
  await fitsPhone(founderPage, 'check-in refused')
  await screenshotsAtWidths(founderPage, 'follow-up-check-in-refused', [390])

  await sales.fill('1.250.000')
  await founderPage.getByRole('button', { name: 'Enviar mi reporte' }).click()
  await expect(founderPage.getByRole('status')).toContainText('¡Gracias! Recibimos tu reporte.')
  await expect(founderPage.getByText('US$\u00a01.250.000', { exact: true })).toBeVisible()
  await expectAxeClean(founderPage, 'check-in sent')
  await fitsPhone(founderPage, 'check-in sent')
  await screenshotsAtWidths(founderPage, 'follow-up-check-in-sent', [390])

  await founderPage.getByRole('link', { name: 'Volver a mi postulación' }).click()
  await expect(founderPage.getByRole('heading', { level: 2, name: 'Seguimiento de 12 meses' })).toBeVisible()
  const figures = founderPage.getByRole('table', { name: 'Tus cifras mes a mes' })
  await expect(figures.getByRole('row', { name: new RegExp(MONTH) })).toContainText('US$\u00a01.250.000')
  // The chart of their own sales: a picture named by what it shows, its figures in the table under it.
  const salesChart = founderPage.getByRole('figure', { name: 'Ventas del mes en USD' })
  await expect(salesChart.getByRole('img')).toHaveAccessibleName(/^Ventas del mes en USD, de .* Una sola cifra: US\$\s1\.250\.000 /)
  expect((await salesChart.getByRole('img').boundingBox())!.width).toBeGreaterThan(300)
  await salesChart.getByText('Ver las cifras').click()
  // …with the weeks its media ran behind it: the three days of radio in that month, and the legend that names them.
  const founderRow = salesChart.getByRole('table', { name: 'Ventas del mes en USD, mes a mes' }).getByRole('row', { name: MONTH_SHORT })
  await expect(founderRow).toContainText('US$\u00a01.250.000')
  await expect(founderRow).toContainText('Sí (3 días)')
  await expect(salesChart).toContainText('Semanas con pauta en medios')
  await expectAxeClean(founderPage, 'status page with the follow-up')
  await fitsPhone(founderPage, 'status page with the follow-up')
  await screenshotsAtWidths(founderPage, 'follow-up-status-page', [390, 1280])
  await phone.close()

  // The team: the application's «Seguimiento» and the list.
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInWithLink(page, ws, adminEmail)
  await page.goto(`/equipo/postulaciones/${app.id}`)
  const panel = page.getByRole('region', { name: 'Seguimiento (12 meses)' })
  await expect(panel.getByRole('row', { name: new RegExp(`1\\. ${MONTH}`) })).toContainText('US$\u00a01.250.000')
  await expect(panel.getByRole('row', { name: new RegExp(`1\\. ${MONTH}`) })).toContainText('Enviado')
  // The chart of each metric, loaded with d3 on this screen: the founder's figure in the sales chart's table.
  const chart = panel.getByRole('figure', { name: 'Ventas del mes en USD' })
  await expect(chart.getByRole('img')).toHaveAccessibleName(/Una sola cifra: US\$\s1\.250\.000 /)
  await chart.getByText('Ver las cifras').click()
  const teamRow = chart.getByRole('table', { name: 'Ventas del mes en USD, mes a mes' }).getByRole('row', { name: MONTH_SHORT })
  await expect(teamRow).toContainText('US$\u00a01.250.000')
  await expect(teamRow).toContainText('Sí (3 días)')
  // One chart per metric, «Meses de caja (runway)» included.
  await expect(panel.getByRole('figure')).toHaveCount(METRIC_KEYS.length)
  expect(METRIC_KEYS).toHaveLength(7)
  await expectAxeClean(page, 'workspace follow-up panel')
  await screenshotsAtWidths(page, 'follow-up-workspace-application', [1280, 390])

  // A signed startup's page is many screens tall on a phone: its jump links reach the deal, the plan
  // and the follow-up, each landing on its heading clear of the sticky links, the focus on the part.
  await page.setViewportSize({ width: 390, height: 844 })
  const parts = page.getByRole('navigation', { name: 'Partes de la postulación' })
  await expect(parts.getByRole('link')).toHaveText(['Acuerdo', 'Plan', 'Seguimiento', 'Datos', 'Documentos', 'Historial', 'Evaluación', 'Notas'])
  // One row that scrolls sideways, never a second sticky row; each link is brought on screen when reached.
  expect((await parts.boundingBox())!.height).toBeLessThan(60)
  for (const link of await parts.getByRole('link').all()) {
    await link.scrollIntoViewIfNeeded()
    const box = (await link.boundingBox())!
    expect(box.x + box.width, `${await link.textContent()} is on screen`).toBeLessThanOrEqual(390)
  }
  for (const [link, part, heading] of [
    ['Acuerdo', 'acuerdo', 'Acuerdo'],
    ['Plan', 'plan-de-medios', 'Plan de medios'],
    ['Seguimiento', 'seguimiento', 'Seguimiento (12 meses)'],
    ['Notas', 'notas', 'Notas internas'],
    ['Datos', 'datos', 'Empresa'],
  ] as const) {
    await parts.getByRole('link', { name: link, exact: true }).click()
    const title = page.locator(`#${part}`).getByRole('heading', { name: heading, exact: true })
    await expect(title).toBeInViewport()
    expect((await title.boundingBox())!.y, `${heading} clear of the jump links`).toBeGreaterThanOrEqual((await parts.boundingBox())!.y + (await parts.boundingBox())!.height)
    await expect(page.locator(`#${part}`)).toBeFocused()
  }
  await parts.getByRole('link', { name: 'Plan', exact: true }).click()
  await screenshotsAtWidths(page, 'workspace-signed-jump-plan', [390], { fullPage: false })
  expect(await overflow(page), 'the signed startup\'s page at 390 px').toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Seguimiento', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Ruta Clara/ })).toContainText('Enviado')
  // One month with a figure: a sparkline, and too little for a trend.
  await expect(page.getByRole('row', { name: /Ruta Clara/ }).getByRole('img', { name: /^Ventas del mes en USD: sin datos suficientes/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /Ruta Clara/ })).toContainText('Sin datos suficientes')
  await expectAxeClean(page, 'workspace «Seguimiento»')
  await screenshotsAtWidths(page, 'follow-up-workspace-list', [1280, 390])
})
