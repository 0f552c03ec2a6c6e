/**
 * The tests' Chromium flags (e2e/chromium.ts, ADR 0182). Chromium reads only
 * the last `--disable-features` switch: ours must repeat every feature
 * Playwright turns off in its own, or a Playwright update would silently turn
 * one back on. Read off the launched browser's command line (chrome://version).
 */
import { TEST_DISABLED_FEATURES } from './chromium.ts'
import { test, expect } from './fixtures/test.ts'

test("the last --disable-features keeps every feature Playwright turns off, and the tests' own", async ({ page }) => {
  // chrome://version shows the browser's command line as launched.
  await page.goto('chrome://version')
  const commandLine = await page.locator('#command_line').innerText()
  const lists = commandLine.split(/\s+/).filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','))
  // Playwright's own switch and ours, in that order.
  expect(lists).toHaveLength(2)
  const [playwrights, effective] = [lists[0]!, lists.at(-1)!]
  expect(playwrights).toContain('MediaRouter')
  expect(playwrights.filter((f) => !effective.includes(f)), "Playwright's features missing from e2e/chromium.ts").toEqual([])
  for (const feature of TEST_DISABLED_FEATURES) expect(effective).toContain(feature)
})

test('a new browser context opens no WebUI page of its own (the omnibox popup is off)', async ({ browser }) => {
  const context = await browser.newContext()
  await (await context.newPage()).goto('about:blank')
  const cdp = await browser.newBrowserCDPSession()
  const { targetInfos } = await cdp.send('Target.getTargets')
  await cdp.detach()
  await context.close()
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([])
})
