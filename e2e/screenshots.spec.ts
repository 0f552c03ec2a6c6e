/**
 * Full-page screenshots of the landing page and the 404 page at the three
 * widths the issue names, saved under e2e-artifacts/screenshots/ (gitignored)
 * and attached to the report, for a person to look at. Each run also checks
 * that nothing scrolls sideways at that width.
 */
import { mkdirSync } from 'node:fs'
import { test, expect } from './fixtures/test.ts'

const WIDTHS = [360, 768, 1280] as const
const DIR = 'e2e-artifacts/screenshots'

for (const width of WIDTHS) {
  test(`landing page at ${width} px: screenshot, no horizontal scroll`, async ({ page, consoleErrors }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await page.evaluate(() => document.fonts.ready)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'page wider than the viewport').toBeLessThanOrEqual(0)

    mkdirSync(DIR, { recursive: true })
    const path = `${DIR}/landing-${width}.png`
    await page.screenshot({ path, fullPage: true })
    await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' })
    expect(consoleErrors).toEqual([])
  })
}

test('404 page at 360 px: screenshot, no horizontal scroll', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/no-existe')
  await page.evaluate(() => document.fonts.ready)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  mkdirSync(DIR, { recursive: true })
  const path = `${DIR}/not-found-360.png`
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach('not-found-360', { path, contentType: 'image/png' })
})
