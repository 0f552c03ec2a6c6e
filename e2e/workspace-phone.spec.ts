/**
 * The workspace on a phone: at 390 px the menu is one button that
 * opens the sections (accessible: aria-expanded, Escape closes it), the list
 * is cards with every part on screen, and the application page jumps to its
 * parts (datos, documentos, evaluación, notas, historial). Screenshots at 390
 * and 1280 px go to SHOTS_DIR (default e2e-artifacts/screenshots) for a
 * person to look at, with `npm run screenshots`; axe stays clean at 390 px. Also: a sign-in from the
 * e-mailed link returns to the page one was opening.
 */
import type { Page } from '@playwright/test'
import { axeViolations, overflow } from './fixtures/checks.ts'
import { screenshotForPeople } from './fixtures/screenshots.ts'
import { expect, inviteFromCli, nextSignInMail, signInMailFiles, signInWithLink, submitApplication, submitThreeApplications, test, uniqueEmail } from './fixtures/workspace.ts'

// Its own address: the worker's server is shared with the other specs.
const ADMIN = uniqueEmail('directora')

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await screenshotForPeople(page, `phone-${name}-${width}`, { fullPage })
}

test('at 390 px: a menu button, the list as cards, the detail with jump links; axe clean; screenshots at 390 and 1280 px', async ({ page, ws, origin, request }) => {
  const apps = await submitThreeApplications(request, origin)
  await inviteFromCli(ws, ADMIN, 'admin', 'Directora Programa')
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInWithLink(page, ws, ADMIN)

  // Screenshots first, so the same run shows the screens as they are.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    await page.goto('/equipo')
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
    await shoot(page, 'overview', width)
    await page.goto('/equipo/postulaciones')
    await expect(page.getByText('Pago Claro', { exact: true }).locator('visible=true').first()).toBeVisible()
    await shoot(page, 'list', width)
    await page.goto(`/equipo/postulaciones/${apps[0]!.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
    await shoot(page, 'detail', width)
    await page.goto('/equipo/auditoria')
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible()
    await shoot(page, 'audit', width)
  }

  // The menu: one button at 390 px, the sections behind it.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/equipo')
  const header = page.getByRole('banner')
  const menu = header.getByRole('button', { name: 'Menú' })
  await expect(menu).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Postulaciones' })).toBeHidden()
  expect((await header.boundingBox())!.height, 'the header is one row').toBeLessThan(80)
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  expect(await axeViolations(page), 'menu open at 390 px').toEqual([])
  await shoot(page, 'menu-open', 390)
  await page.keyboard.press('Escape')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeFocused()
  await menu.click()
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Postulaciones' }).click()
  await expect(page).toHaveURL(/\/equipo\/postulaciones$/)
  await expect(menu).toHaveAttribute('aria-expanded', 'false')

  // The list: each application a card, its stage, due date and score on screen.
  await expect(page.getByText('Pago Claro', { exact: true }).locator('visible=true').first()).toBeVisible()
  expect(await overflow(page), 'the list is no wider than the phone').toBeLessThanOrEqual(0)
  // By its reference: the worker's server is shared, and another spec may send a "Pago Claro" of its own.
  const card = page.getByRole('listitem').filter({ hasText: apps[2]!.reference })
  await expect(card).toBeVisible()
  for (const text of ['Recibida', 'Vence', 'Puntaje']) {
    const box = await card.getByText(text, { exact: false }).first().boundingBox()
    expect(box, text).not.toBeNull()
    expect(box!.x + box!.width, `${text} is on screen`).toBeLessThanOrEqual(390)
  }
  expect(await axeViolations(page), 'list at 390 px').toEqual([])

  // The detail: jump links to its parts, each landing on its heading.
  await page.goto(`/equipo/postulaciones/${apps[0]!.id}`)
  const parts = page.getByRole('navigation', { name: 'Partes de la postulación' })
  await expect(parts).toBeVisible()
  for (const link of await parts.getByRole('link').all()) {
    const box = (await link.boundingBox())!
    expect(box.x + box.width, `${await link.textContent()} is on screen`).toBeLessThanOrEqual(390)
  }
  expect((await parts.boundingBox())!.height, 'the jump links are one row').toBeLessThan(60)
  for (const [link, heading] of [
    ['Evaluación', 'Evalúa esta postulación'],
    ['Notas', 'Notas internas'],
    ['Historial', 'Historial'],
    ['Documentos', 'Documentos de due diligence'],
    ['Datos', 'Empresa'],
  ] as const) {
    await parts.getByRole('link', { name: link, exact: true }).click()
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeInViewport()
  }
  await parts.getByRole('link', { name: 'Evaluación', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Evalúa esta postulación', exact: true })).toBeInViewport()
  await shoot(page, 'detail-evaluacion', 390, false)
  expect(await overflow(page), 'the detail is no wider than the phone').toBeLessThanOrEqual(0)
  expect(await axeViolations(page), 'detail at 390 px').toEqual([])

  // At 1280 px the sections are links again, no menu button.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/equipo')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menú' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Postulaciones' })).toBeVisible()

  // The audit log, filtered on the server from the page: by action, then by the application's reference.
  await page.goto('/equipo/auditoria')
  await page.getByLabel('Acción').selectOption({ label: 'Vio una postulación' })
  await page.getByLabel('Postulación').fill(apps[0]!.reference.toLowerCase())
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/action=application\.viewed/)
  const rows = page.getByRole('table').getByRole('row')
  // The admin's views of it today are one line (ADR 0201).
  await expect(rows.nth(1)).toContainText('Vio la postulación')
  await expect(rows.nth(1)).toContainText(/\d+ veces, (de|a las) /)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(apps[0]!.reference)
  expect(await page.getByRole('table').getByText('Inició sesión').count()).toBe(0)
  expect(await axeViolations(page), 'audit filtered at 1280 px').toEqual([])
  await shoot(page, 'audit-filtered', 1280)
})

test('a sign-in from the e-mailed link returns to the page one was opening', async ({ browser, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Huerta Viva' })
  // A member of this test's own (the worker's server is shared), whose invitation has left before the
  // sign-in link is asked for: the link read below is the sign-in's, not the invitation's.
  const admin = uniqueEmail('directora')
  const beforeInvite = await signInMailFiles(ws)
  await inviteFromCli(ws, admin, 'admin', 'Directora Programa')
  await nextSignInMail(ws, admin, beforeInvite)
  const context = await browser.newContext({ baseURL: origin, locale: 'es-CO' })
  const page = await context.newPage()
  // Signed out, a link to an application lands on the sign-in page, which remembers it.
  await page.goto(`/equipo/postulaciones/${app.id}`)
  await expect(page).toHaveURL(/\/equipo\/entrar\?volver=/)
  const seen = await signInMailFiles(ws)
  await page.getByLabel('Correo del equipo').fill(admin)
  await page.getByRole('button', { name: 'Enviarme un enlace' }).click()
  await expect(page.getByText('Revisa tu correo')).toBeVisible()
  const mail = await nextSignInMail(ws, admin, seen)
  const link = /https?:\/\/\S+#token=\S+/.exec(mail.text)![0]
  expect(link).toContain(`/equipo/entrar?volver=${encodeURIComponent(`/postulaciones/${app.id}`)}#token=`)
  // Opened later, in a fresh tab, as from the mail client.
  const fresh = await context.newPage()
  await fresh.goto(new URL(link).pathname + new URL(link).search + new URL(link).hash)
  await fresh.getByRole('button', { name: 'Entrar al espacio del equipo' }).click()
  await expect(fresh).toHaveURL(new RegExp(`/equipo/postulaciones/${app.id}$`))
  await expect(fresh.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
  await context.close()
})
