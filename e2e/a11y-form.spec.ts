/**
 * axe-core on the application form in the states a founder meets: empty,
 * with every error showing, with the policy dialog open, and confirmed.
 * No serious or critical violation is allowed. And in its three looks the
 * form never scrolls sideways at the widths the issue names (the screenshots
 * for people are a walk: e2e/walks/screenshots.walk.ts).
 */
import { sampleApplication } from '../domain/sample-application.ts'
import { FORM_ANCHOR } from '../src/content/anchors.ts'
import { FUNCTION_PATH, SUBMIT, expect, fillForm, openForm, test, walkFormLooks } from './form-fill.ts'
import { axeViolations } from './fixtures/checks.ts'

// One page through the four states, with axe in each: a page per state cost a context and a load of the landing each (ADR 0174).
test('the form empty, in its error state, with the policy dialog open, then confirmed with its toasts', async ({ page }) => {
  await page.route(`**${FUNCTION_PATH}`, (route) => route.fulfill({ json: { id: 'app_1', reference: 'CAT-A11Y-0001' } }))
  await openForm(page)
  expect(await axeViolations(page, { include: `#${FORM_ANCHOR}` }), 'the empty form').toEqual([])

  // Summary, inline messages, invalid consent.
  await fillForm(page, { email: 'maria@', foundingYear: '1999' }, { consent: false })
  await page.getByRole('button', { name: SUBMIT }).click()
  await expect(page.getByRole('group', { name: /Revisa \d+ campos antes de enviar/ })).toBeFocused()
  expect(await axeViolations(page, { include: `#${FORM_ANCHOR}` }), 'the error state').toEqual([])

  await page.getByRole('button', { name: 'Lee la política de tratamiento de datos' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await axeViolations(page, { include: 'dialog' }), 'the privacy policy dialog').toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  await fillForm(page, sampleApplication())
  await page.getByRole('button', { name: SUBMIT }).click()
  await expect(page.getByText('CAT-A11Y-0001')).toBeVisible()
  expect(await axeViolations(page, { include: 'body' }), 'the confirmation panel and the toasts').toEqual([])
})

test('the form, empty, with errors and confirmed, does not scroll sideways at 360, 768 or 1280 px', async ({ page }) => {
  const noSidewaysScroll = async (look: string) => {
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `the form (${look}) at ${width} px: no horizontal scroll`).toBeLessThanOrEqual(0)
    }
  }
  await page.setViewportSize({ width: 360, height: 900 })
  await walkFormLooks(page, noSidewaysScroll)
})
