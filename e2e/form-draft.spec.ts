/**
 * Drafts: what the founder types survives a reload (or a crashed tab), is
 * announced with a way to discard it, and is gone once the application is sent.
 */
import type { Page } from '@playwright/test'
import { TOASTS } from '../domain/messages.ts'
import { sampleApplication } from '../domain/sample-application.ts'
import { CONSENT, FUNCTION_PATH, SUBMIT, controlOf, expect, fillForm, holdRequests, openForm, readForm, sampleInputs, test } from './form-fill.ts'

const DRAFT_KEY = 'catalitico:application-draft:v1'
const EMPTY = Object.fromEntries(Object.keys(sampleInputs()).map((field) => [field, '']))

const storedDraft = (page: Page) => page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)

// One page from the draft to its discarding: the restored draft is where discarding starts (ADR 0174).
test('a reload restores every value, says so, and asks for the consent again; "Descartar borrador" empties the form and forgets the draft', async ({ page, consoleErrors }) => {
  await openForm(page)
  await fillForm(page)
  // The 19 values, and nothing else: neither the consent nor the honeypot is kept.
  const storedValues = async () => (JSON.parse((await storedDraft(page)) ?? '{}') as { values?: unknown }).values
  await expect.poll(storedValues).toEqual(sampleInputs())

  await page.reload()
  await openForm(page)
  await expect(page.getByRole('status').filter({ hasText: 'Recuperamos tu borrador' })).toBeVisible()
  expect(await readForm(page)).toEqual(sampleInputs())
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked()
  // Restoring after hydration: no mismatch warning, no error.
  expect(consoleErrors).toEqual([])

  // "Descartar borrador" empties the form and forgets the draft.
  await page.getByRole('button', { name: 'Descartar borrador' }).click()

  expect(await readForm(page)).toEqual(EMPTY)
  await expect(page.getByText('Recuperamos tu borrador')).toHaveCount(0)
  await expect(controlOf(page, 'companyName')).toBeFocused()
  expect(await storedDraft(page)).toBeNull()
  await page.reload()
  await openForm(page)
  expect(await readForm(page)).toEqual(EMPTY)
})

test('the draft is saved while typing, even when the tab is closed right after', async ({ page }) => {
  await openForm(page)
  await controlOf(page, 'companyName').fill('Huerta Viva S.A.S.')
  await controlOf(page, 'city').fill('Pasto')
  // Leaving the page writes a pending draft at once (pagehide), without waiting for the debounce.
  await page.goto('about:blank')
  await openForm(page)
  await expect(controlOf(page, 'companyName')).toHaveValue('Huerta Viva S.A.S.')
  await expect(controlOf(page, 'city')).toHaveValue('Pasto')
})

test('a stored draft fills only the fields still empty at hydration, and ignores values of the wrong type', async ({ page }) => {
  await page.addInitScript(
    ({ key, value }) => localStorage.setItem(key, value),
    { key: DRAFT_KEY, value: JSON.stringify({ savedAt: Date.now(), values: { companyName: 'Del borrador', city: 'Bogotá', email: 42 } }) },
  )
  // Hold the page's script so the founder can type into the prerendered form before React hydrates it.
  const release = await holdRequests(page, '**/assets/*.js')
  // 'commit': module scripts hold back both 'load' and DOMContentLoaded.
  await page.goto('/#formulario', { waitUntil: 'commit' })
  await controlOf(page, 'companyName').fill('Lo que escribí')
  release()
  await expect(controlOf(page, 'city')).toHaveValue('Bogotá')
  await expect(controlOf(page, 'companyName')).toHaveValue('Lo que escribí')
  await expect(controlOf(page, 'email')).toHaveValue('')
})

test('an old draft (over 30 days) is dropped', async ({ page }) => {
  await page.addInitScript(
    ({ key, value }) => localStorage.setItem(key, value),
    { key: DRAFT_KEY, value: JSON.stringify({ savedAt: Date.now() - 31 * 24 * 3600 * 1000, values: { companyName: 'Viejo' } }) },
  )
  await openForm(page)
  await expect(controlOf(page, 'companyName')).toHaveValue('')
  await expect(page.getByText('Recuperamos tu borrador')).toHaveCount(0)
})

test('success clears the draft', async ({ page }) => {
  await page.route(`**${FUNCTION_PATH}`, (route) => route.fulfill({ json: { id: 'app_1', reference: 'CAT-DRAFT-0001' } }))
  await openForm(page)
  await fillForm(page, sampleApplication())
  await expect.poll(() => storedDraft(page)).not.toBeNull()
  await page.getByRole('button', { name: SUBMIT }).click()
  await expect(page.getByText(TOASTS.success.title, { exact: true })).toBeVisible()
  expect(await storedDraft(page)).toBeNull()

  await page.reload()
  await openForm(page)
  expect(await readForm(page)).toEqual(EMPTY)
  await expect(page.getByText('Recuperamos tu borrador')).toHaveCount(0)
})
