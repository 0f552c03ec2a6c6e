/**
 * SPEC §2 routes in the browser. What the server answers without a browser
 * (the prerendered landing, 404s, caching and compression) is tested in
 * server/served/built-site.test.ts (ADR 0132).
 */
import { PROGRAMME_NAME } from '../domain/programme.ts'
import { test, expect } from './fixtures/test.ts'

// One page for the 404 and its way back (ADR 0174).
test('an unknown path answers 404 with the 404 page and logs the path; Return to Home loads the landing page', async ({ page, consoleErrors }) => {
  const res = await page.goto('/no-existe')
  expect(res?.status()).toBe(404)
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => consoleErrors.join('\n')).toContain('/no-existe')

  // Return to Home loads the landing page.
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: PROGRAMME_NAME })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Medios Propios Disponibles' })).toBeVisible()
})
