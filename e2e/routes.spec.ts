import { test, expect } from './fixtures/test.ts'

test('the landing page is served prerendered at /', async ({ request }) => {
  const res = await request.get('/')
  expect(res.status()).toBe(200)
  expect(await res.text()).toContain('Catalítico Media for Equity')
})

test('an unknown path answers 404 with the 404 page and logs the path', async ({ page, consoleErrors }) => {
  const res = await page.goto('/no-existe')
  expect(res?.status()).toBe(404)
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => consoleErrors.join('\n')).toContain('/no-existe')
})
