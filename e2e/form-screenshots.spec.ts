/**
 * Screenshots of the application form at the three widths the issue names,
 * in its three looks (empty, with errors, confirmed), saved under
 * e2e-artifacts/screenshots/ (gitignored) and attached to the report for a
 * person to judge. Each run also checks that nothing scrolls sideways.
 */
import { mkdirSync } from 'node:fs'
import type { Page, TestInfo } from '@playwright/test'
import { FORM_ANCHOR } from '../src/content/anchors.ts'
import { FUNCTION_PATH, SUBMIT, expect, fillForm, openForm, test } from './form-fill.ts'

const DIR = 'e2e-artifacts/screenshots'

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(DIR, { recursive: true })
  const path = `${DIR}/${name}.png`
  await page.locator(`#${FORM_ANCHOR}`).screenshot({ path, animations: 'disabled' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name}: no horizontal scroll`).toBeLessThanOrEqual(0)
}

for (const width of [360, 768, 1280] as const) {
  test(`the form at ${width} px: empty, with errors, confirmed`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await page.route(`**${FUNCTION_PATH}`, (route) => route.fulfill({ json: { id: 'app_1', reference: 'CAT-7K2M-9QXD' } }))
    await openForm(page)
    await page.evaluate(() => document.fonts.ready)
    await shoot(page, testInfo, `form-empty-${width}`)

    await fillForm(page, { companyName: 'Huerta Viva S.A.S.', email: 'maria@huertaviva', foundingYear: '1999' }, { consent: false })
    await page.getByRole('button', { name: SUBMIT }).click()
    await expect(page.getByRole('group', { name: /Revisa \d+ campos antes de enviar/ })).toBeFocused()
    await shoot(page, testInfo, `form-errors-${width}`)

    await page.reload()
    await openForm(page)
    await page.getByRole('button', { name: 'Descartar borrador' }).click()
    await fillForm(page)
    await page.getByRole('button', { name: SUBMIT }).click()
    await expect(page.getByRole('region', { name: 'Recibimos tu postulación' })).toBeFocused()
    await shoot(page, testInfo, `form-confirmed-${width}`)
  })
}
