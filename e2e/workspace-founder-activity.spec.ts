/**
 * Founder activity (ADR 0142) in Chromium against the real server: a founder asks for deletion
 * from the status page; the admin sees a badge on the application (and a
 * count in the menu) until opening it, and the open request with the date it
 * is due in «Datos personales»; the founder's copy of their data is a Spanish
 * page with the JSON beside it. Axe-clean, screenshots at 390 and 1280 px
 * with `npm run screenshots`.
 */
import type { Page } from '@playwright/test'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'
import { expect, inviteFromCli, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'
import { nthMail } from './fixtures/outbox-mail.ts'

async function shots(page: Page, name: string) {
  await screenshotsAtWidths(page, `founder-activity-${name}`, [390, 1280])
}

// Its own address: the worker's server is shared with the other specs.
const ADMIN = uniqueEmail('directora')
// The worker's server is shared by the specs: this founder's address is the test's own.
const FOUNDER = uniqueEmail('maria.jose', 'rioclaro.co')

test("a founder's deletion request: the badge until seen, the due date in Datos personales, the Spanish copy of the data", async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Río Claro', companyName: 'Río Claro S.A.S.', email: FOUNDER, founderName: 'María José Ríos' })
  await inviteFromCli(ws, ADMIN, 'admin', 'Directora Programa')

  // The founder's link, from the lost-link form: the finished .eml addressed to this founder (other tests'
  // founders write to the same outbox, and a message being written is a .tmp file until it is renamed).
  await page.goto('/postulacion')
  await page.getByLabel('Correo electrónico').fill(FOUNDER)
  await page.getByRole('button', { name: 'Enviarme un enlace' }).click()
  const mail = (await nthMail(ws, 'founder_link', FOUNDER, 1)).parsed
  const link = /https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0]
  const path = new URL(link).pathname

  // The Spanish copy of the data, with the JSON beside it.
  await page.goto(path)
  await page.getByRole('button', { name: 'Ver y descargar mis datos' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tus datos personales' })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: 'Razón social' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Río Claro S.A.S.' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Historial de etapas' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Descargar en JSON (para programas)' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await shots(page, 'founder-data-copy')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar en JSON (para programas)' }).click()
  expect((await download).suggestedFilename()).toBe(`mis-datos-${app.reference}.json`)

  // The deletion request.
  await page.goto(path)
  await page.getByRole('button', { name: 'Pedir que borremos mis datos' }).click()
  await page.getByRole('button', { name: 'Sí, pedir que borren mis datos' }).click()
  await expect(page.getByRole('status')).toContainText('Recibimos tu solicitud de supresión de datos')

  // The admin: a count in the menu and a badge on the row, until the application is opened.
  await signInWithLink(page, ws, ADMIN)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/equipo/postulaciones')
  const menuLink = page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: /Postulaciones/ })
  // The worker's server is shared: other tests' applications may carry news too, so the count is read
  // and must fall by one once this application is opened.
  const newsCount = async () => Number(/(\d+) postulaci/.exec((await menuLink.textContent()) ?? '')?.[1] ?? 0)
  await expect.poll(newsCount).toBeGreaterThanOrEqual(1)
  const before = await newsCount()
  const row = page.getByRole('row').filter({ hasText: app.reference })
  await expect(row).toContainText('Novedad: Pidió suprimir sus datos')
  expect(await axeViolations(page)).toEqual([])
  await shots(page, 'applications-badge')
  await page.getByRole('link', { name: app.reference }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('link', { name: '← Volver a postulaciones' }).click()
  await expect(row).toBeVisible()
  await expect(row).not.toContainText('Novedad')
  await expect.poll(newsCount).toBe(before - 1)

  // «Datos personales»: the open request with the date it is due.
  await page.getByRole('link', { name: 'Datos personales' }).click()
  const open = page.getByRole('region', { name: 'Solicitudes abiertas' })
  await expect(open).toContainText(app.reference)
  await expect(open).toContainText('Supresión de datos')
  await expect(open).toContainText('responder a más tardar el')
  expect(await axeViolations(page)).toEqual([])
  await shots(page, 'data-requests-open')

  // «Auditoría» names the founder for what they did themself, and folds the admin's views of the application.
  await page.goto(`/equipo/auditoria?application=${app.reference}`)
  const log = page.getByRole('table')
  const byFounder = log.getByRole('row').filter({ hasText: 'La persona fundadora pidió suprimir sus datos' })
  await expect(byFounder).toContainText('María José Ríos (persona fundadora)')
  await expect(log).not.toContainText('Sistema')
  await expect(log.getByRole('row').filter({ hasText: 'Directora Programa' }).filter({ hasText: 'Vio la postulación' })).toHaveCount(1)
  expect(await axeViolations(page)).toEqual([])
  await shots(page, 'audit-founder-named')
})
