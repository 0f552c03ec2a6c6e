/**
 * The whole form, from the header's call to action to the confirmation,
 * with the keyboard alone (the policy dialog opened and closed on the way):
 * no click, no fill(), no focus() from the test.
 */
import { INPUT_FIELDS, LEGAL_RESTRICTION_LABELS, PRODUCT_STAGE_LABELS } from '../domain/application.ts'
import { TOASTS } from '../domain/messages.ts'
import { sampleApplication } from '../domain/sample-application.ts'
import { CONSENT, FUNCTION_PATH, SUBMIT, controlOf, expect, isSelect, openForm, test } from './form-fill.ts'

test('a founder completes and sends the form with the keyboard alone, reading the policy in its dialog on the way', async ({ page, consoleErrors }) => {
  // About 700 keystrokes, each a round trip to the browser.
  test.slow()
  await openForm(page, '/')
  const sample = sampleApplication()

  // Tab to the header's "Postula tu startup" and follow it: focus lands in the form section.
  const apply = page.getByRole('banner').getByRole('link', { name: 'Postula tu startup' })
  for (let i = 0; i < 15 && !(await apply.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(apply).toBeFocused()
  await page.keyboard.press('Enter')
  for (let i = 0; i < 15 && !(await controlOf(page, 'companyName').evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }

  for (const field of INPUT_FIELDS) {
    await expect(controlOf(page, field), `focus reaches ${field}`).toBeFocused()
    if (isSelect(field)) {
      // Typing an option's first letters selects it, as on any native <select>.
      const label = field === 'productStage' ? PRODUCT_STAGE_LABELS.live : LEGAL_RESTRICTION_LABELS.no
      await page.keyboard.type(label)
    } else {
      await page.keyboard.type(sample[field])
    }
    await expect(controlOf(page, field)).toHaveValue(sample[field])
    await page.keyboard.press('Tab')
  }

  // «¿Dónde nos conociste?» is optional: passed by.
  await expect(page.getByLabel(/^¿Dónde nos conociste\?/)).toBeFocused()
  await page.keyboard.press('Tab')
  const consent = page.getByRole('checkbox', { name: CONSENT })
  await expect(consent).toBeFocused()
  await page.keyboard.press('Space')
  await expect(consent).toBeChecked()
  await page.keyboard.press('Tab')
  const opener = page.getByRole('button', { name: 'Lee la política de tratamiento de datos' })
  await expect(opener).toBeFocused()
  // The policy dialog works with the keyboard and gives focus back.
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Política de tratamiento de datos personales' })
  await expect(dialog).toBeVisible()
  // Focus is inside the dialog, on its first control.
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: SUBMIT })).toBeFocused()
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === FUNCTION_PATH),
    page.keyboard.press('Enter'),
  ])
  expect(response.status()).toBe(200)
  const { reference } = (await response.json()) as { reference: string }

  await expect(page.getByText(TOASTS.success.title, { exact: true })).toBeVisible()
  const panel = page.getByRole('region', { name: 'Recibimos tu postulación' })
  await expect(panel).toBeFocused()
  await expect(panel).toContainText(reference)
  expect(consoleErrors).toEqual([])
})
