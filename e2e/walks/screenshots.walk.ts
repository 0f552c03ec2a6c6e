/**
 * Walk: full-page screenshots of the landing page and the 404 page, and of
 * the application form in its three looks (empty, with errors, confirmed), at
 * the three widths the issue names, for a person to look at; saved under
 * e2e-artifacts/walks/screenshots/ (gitignored) and attached to the report.
 * Moved out of `npm test` (ADR 0130): the sideways-scroll checks
 * they made are specs (a11y-landing.spec.ts, a11y-form.spec.ts); run with
 * `npm run walks` after `npm run build`.
 */
import { mkdirSync } from 'node:fs'
import type { Page, TestInfo } from '@playwright/test'
import { FORM_ANCHOR } from '../../src/content/anchors.ts'
import { expect, test, walkFormLooks } from '../form-fill.ts'

const WIDTHS = [360, 768, 1280] as const
const DIR = 'e2e-artifacts/walks/screenshots'

/**
 * Sections below the first screen are rendered only near the viewport
 * (content-visibility: auto, docs/decisions/0085), so a full-page capture of a
 * 900 px viewport would show them blank, as it would for a reader's own
 * full-page capture tool. The viewport grows to the whole page, again until the
 * page's height, now of rendered sections, stops changing.
 */
async function showWholePage(page: Page, width: number): Promise<void> {
  const nextFrame = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  for (let attempt = 0; attempt < 5; attempt++) {
    // The body's own height: the document's scroll height never falls below the viewport's.
    const height = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height))
    if (height === page.viewportSize()?.height) return
    await page.setViewportSize({ width, height })
    await nextFrame()
  }
  throw new Error('the page height kept changing as its sections were rendered')
}

for (const width of WIDTHS) {
  test(`landing page at ${width} px`, async ({ page, consoleErrors }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await page.evaluate(() => document.fonts.ready)
    await showWholePage(page, width)
    // The form's markup goes in place once its section is near the viewport (0085), a task
    // later: wait for it, then for the page's final height.
    await page.getByRole('form', { name: 'Formulario de aplicación' }).waitFor()
    await showWholePage(page, width)
    mkdirSync(DIR, { recursive: true })
    const path = `${DIR}/landing-${width}.png`
    await page.screenshot({ path, fullPage: true })
    await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' })
    expect(consoleErrors).toEqual([])
  })
}

test('404 page at 360 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/no-existe')
  await page.evaluate(() => document.fonts.ready)
  mkdirSync(DIR, { recursive: true })
  const path = `${DIR}/not-found-360.png`
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach('not-found-360', { path, contentType: 'image/png' })
})

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(DIR, { recursive: true })
  const path = `${DIR}/${name}.png`
  await page.locator(`#${FORM_ANCHOR}`).screenshot({ path, animations: 'disabled' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

for (const width of WIDTHS) {
  test(`the form at ${width} px: empty, with errors, confirmed`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await walkFormLooks(page, (look) => shoot(page, testInfo, `form-${look}-${width}`))
  })
}
