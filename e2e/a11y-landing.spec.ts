/**
 * axe-core in Chromium: no serious or critical violation on the landing page
 * or the 404 page; and neither scrolls sideways at the widths the issue names
 * (the screenshots for people are a walk: e2e/walks/screenshots.walk.ts).
 */
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures/test.ts'
import { axeViolations } from './fixtures/checks.ts'

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

// One page per test and several looks at it: each new page costs a context and a load of the landing (ADR 0174).
test('the landing page at 360, 768 and 1280 px: no console error, no sideways scroll, no serious or critical axe violation at 360 and 1280', async ({ page, consoleErrors }) => {
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await page.evaluate(() => document.fonts.ready)
    expect(await sideways(page), `the landing page is wider than the viewport at ${width} px`).toBeLessThanOrEqual(0)
    if (width !== 768) expect(await axeViolations(page), `axe at ${width} px`).toEqual([])
  }
  expect(consoleErrors).toEqual([])
})

test('the skip link moves keyboard users past the header', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Saltar al contenido' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#contenido$/)
})

test('the 404 page: no sideways scroll at 360 px, no serious or critical axe violation at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const res = await page.goto('/no-existe')
  expect(res?.status()).toBe(404)
  await page.evaluate(() => document.fonts.ready)
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 720 })
  expect(await axeViolations(page)).toEqual([])
})
