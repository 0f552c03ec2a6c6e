/**
 * Full-page screenshots of the landing page and the 404 page at the three
 * widths the issue names, saved under e2e-artifacts/screenshots/ (gitignored)
 * and attached to the report, for a person to look at. Each run also checks
 * that nothing scrolls sideways at that width.
 */
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures/test.ts'

const WIDTHS = [360, 768, 1280] as const
const DIR = 'e2e-artifacts/screenshots'

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
  test(`landing page at ${width} px: screenshot, no horizontal scroll`, async ({ page, consoleErrors }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await page.evaluate(() => document.fonts.ready)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'page wider than the viewport').toBeLessThanOrEqual(0)

    await showWholePage(page, width)
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
