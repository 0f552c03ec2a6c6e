/**
 * axe-core on the workspace's main screens (no serious or critical
 * violation), keyboard use of the confirmation dialog, and screenshots at
 * 1280 and 768 px into e2e-artifacts/screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import { addMember, expect, signInWithLink, submitApplication, test } from './fixtures/workspace.ts'

// The screenshots show this test's applications alone: an empty server of its own.
test.use({ ownServer: true })

const ADMIN = 'directora@catalitico.example'
const DIR = 'e2e-artifacts/screenshots'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }))
}

async function check(page: Page, name: string, width: number, testInfo: TestInfo) {
  await page.evaluate(() => document.fonts.ready)
  expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${name} at ${width} px is wider than the viewport`).toBeLessThanOrEqual(0)
  mkdirSync(DIR, { recursive: true })
  const path = `${DIR}/workspace-${name}-${width}.png`
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(`workspace-${name}-${width}`, { path, contentType: 'image/png' })
}

test('sign-in, overview, list, detail and members: no serious axe violation, screenshots at 1280 and 768 px', async ({ page, ws, origin, request, browser }, testInfo) => {
  test.setTimeout(150_000)
  const apps = []
  for (const [tradeName, productStage] of [['Huerta Viva', 'live'], ['Ruta Andina', 'beta'], ['Pago Claro', 'scaling']] as const) {
    apps.push(await submitApplication(request, origin, { tradeName, companyName: `${tradeName} S.A.S.`, productStage }))
  }
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')

  for (const width of [1280, 768]) {
    const anonymous = await browser.newContext({ baseURL: origin, locale: 'es-CO', viewport: { width, height: 900 } })
    const signIn = await anonymous.newPage()
    await signIn.goto('/equipo/entrar')
    await expect(signIn.getByRole('heading', { level: 1 })).toBeVisible()
    await check(signIn, 'sign-in', width, testInfo)
    await anonymous.close()
  }

  await page.setViewportSize({ width: 1280, height: 900 })
  await signInWithLink(page, ws, ADMIN)
  // Some life in the pipeline: a review, a move, a note.
  await page.goto(`/equipo/postulaciones/${apps[0]!.id}`)
  await page.getByRole('button', { name: 'Mover a Validación preliminar' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.getByLabel('Nueva nota (solo la ve el equipo)').fill('Buena tracción en restaurantes de Medellín.')
  await page.getByRole('button', { name: 'Agregar nota' }).click()
  await expect(page.getByText('Buena tracción en restaurantes de Medellín.')).toBeVisible()

  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/equipo')
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Por etapa' })).toBeVisible()
    await check(page, 'overview', width, testInfo)

    await page.goto('/equipo/postulaciones')
    await expect(page.getByRole('row').filter({ hasText: 'Pago Claro' })).toBeVisible()
    await check(page, 'list', width, testInfo)

    await page.goto(`/equipo/postulaciones/${apps[0]!.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
    await check(page, 'detail', width, testInfo)

    await page.goto('/equipo/miembros')
    await expect(page.getByRole('row').filter({ hasText: ADMIN })).toBeVisible()
    await check(page, 'members', width, testInfo)
  }

  // The score radios from the keyboard: arrows move within a criterion, with a visible focus.
  await page.goto(`/equipo/postulaciones/${apps[2]!.id}`)
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
  await page.goto(`/equipo/postulaciones/${apps[1]!.id}`)
  const close = page.getByRole('button', { name: 'Cerrar como no seleccionada' })
  await close.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Motivo de la decisión' })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(close).toBeFocused()
})
