/**
 * The team workspace is a separate bundle (docs/decisions/0070), in the
 * browser: the landing never requests any of it, and the workspace page runs
 * under the CSP. The script graphs, the budget, the noindex page and the
 * crawler files are tested without a browser in
 * server/served/built-site.test.ts (ADR 0132).
 */
import { test, expect } from './fixtures/test.ts'

test('visiting the landing, even up to the form, never requests anything of the workspace', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (req) => requested.push(new URL(req.url()).pathname))
  await page.goto('/')
  // Near the form, the landing loads its application chunk: the whole of its JavaScript.
  const hydrated = page.waitForRequest(/\/assets\/hydrate-/)
  await page.locator('#formulario').scrollIntoViewIfNeeded()
  await hydrated
  await page.waitForLoadState('networkidle')
  expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true)
  expect(requested.filter((path) => path.includes('equipo'))).toEqual([])
})

test('the workspace page runs under the CSP without a violation and asks to sign in', async ({ page, consoleErrors }) => {
  await page.goto('/equipo')
  await expect(page).toHaveURL(/\/equipo\/entrar/)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar al espacio del equipo' })).toBeVisible()
  // The redirect comes from the API's 401 for GET /session; that 401 is the only console error.
  expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([])
})
