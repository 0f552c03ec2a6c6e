/**
 * axe-core on the workspace's main screens (no serious or critical
 * violation), keyboard use of the confirmation dialog, and screenshots at
 * 1280 and 768 px into e2e-artifacts/screenshots/ for a person to look at
 * (`npm run screenshots`).
 */
import type { Page } from '@playwright/test'
import { axeViolations, overflow } from './fixtures/checks.ts'
import { screenshotForPeople } from './fixtures/screenshots.ts'
import { addMember, expect, signInWithLink, submitApplication, submitThreeApplications, test, uniqueEmail } from './fixtures/workspace.ts'

const ADMIN = 'directora@catalitico.example'

async function check(page: Page, name: string, width: number) {
  await page.evaluate(() => document.fonts.ready)
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([])
  expect(await overflow(page), `${name} at ${width} px is wider than the viewport`).toBeLessThanOrEqual(0)
  await screenshotForPeople(page, `workspace-${name}-${width}`)
}

test('the sign-in page at 1280 and 768 px: no serious axe violation, nothing wider than the screen', async ({ browser, origin }) => {
  for (const width of [1280, 768]) {
    const anonymous = await browser.newContext({ baseURL: origin, locale: 'es-CO', viewport: { width, height: 900 } })
    const signIn = await anonymous.newPage()
    await signIn.goto('/equipo/entrar')
    await expect(signIn.getByRole('heading', { level: 1 })).toBeVisible()
    await check(signIn, 'sign-in', width)
    await anonymous.close()
  }
})

test.describe('with three applications', () => {
  // The screenshots show this test's applications alone: an empty server of its own.
  test.use({ ownServer: true })

  test('overview, list, detail and members at 1280 and 768 px: no serious axe violation, nothing wider than the screen', async ({ page, ws, origin, request }) => {
    const apps = await submitThreeApplications(request, origin)
    await addMember(ws, ADMIN, 'admin', 'Directora Programa')

    await page.setViewportSize({ width: 1280, height: 900 })
    await signInWithLink(page, ws, ADMIN)
    // Some life in the pipeline: a review, a move, a note.
    await page.goto(`/equipo/postulaciones/${apps[0]!.id}`)
    await page.getByRole('button', { name: 'Mover a Validación preliminar' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByLabel('Nueva nota (interno: la persona fundadora no lo ve)').fill('Buena tracción en restaurantes de Medellín.')
    await page.getByRole('button', { name: 'Agregar nota' }).click()
    await expect(page.getByText('Buena tracción en restaurantes de Medellín.')).toBeVisible()

    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/equipo')
      await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Por etapa' })).toBeVisible()
      await check(page, 'overview', width)

      await page.goto('/equipo/postulaciones')
      await expect(page.getByRole('row').filter({ hasText: 'Pago Claro' })).toBeVisible()
      await check(page, 'list', width)

      await page.goto(`/equipo/postulaciones/${apps[0]!.id}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
      await check(page, 'detail', width)

      await page.goto('/equipo/miembros')
      await expect(page.getByRole('row').filter({ hasText: ADMIN })).toBeVisible()
      await check(page, 'members', width)
    }
  })
})

test('the score radios and the confirmation dialog from the keyboard', async ({ page, ws, origin, request }) => {
  const admin = uniqueEmail('teclado')
  const scored = await submitApplication(request, origin, { tradeName: 'Pago Claro' })
  const closing = await submitApplication(request, origin, { tradeName: 'Ruta Andina' })
  await addMember(ws, admin, 'admin', 'Coordinadora Teclado')
  await signInWithLink(page, ws, admin)

  // The score radios from the keyboard: arrows move within a criterion, with a visible focus.
  await page.goto(`/equipo/postulaciones/${scored.id}`)
  const first = page.getByRole('group', { name: 'Producto validado en el mercado' })
  await first.getByRole('radio', { name: '1' }).focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(first.getByRole('radio', { name: '3' })).toBeChecked()
  await expect(first.getByRole('radio', { name: '3' })).toBeFocused()
  const outline = await first.locator('label', { hasText: /^3$/ }).locator('span').evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe('none')

  // The confirmation dialog from the keyboard: focus moves in, Escape closes it and returns focus.
  await page.goto(`/equipo/postulaciones/${closing.id}`)
  const close = page.getByRole('button', { name: 'Cerrar como no seleccionada' })
  await close.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Motivo de la decisión' })).toBeFocused()
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(close).toBeFocused()
})
