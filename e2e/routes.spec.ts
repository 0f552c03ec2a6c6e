/** SPEC §2 routes and how the production server serves the build. */
import { PROGRAMME_NAME } from '../domain/programme.ts'
import { test, expect } from './fixtures/test.ts'

test('the landing page is served prerendered at /', async ({ request }) => {
  const res = await request.get('/')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('text/html; charset=utf-8')
  expect(await res.text()).toContain(PROGRAMME_NAME)
})

test('an unknown path answers 404 with the 404 page and logs the path', async ({ page, consoleErrors }) => {
  const res = await page.goto('/no-existe')
  expect(res?.status()).toBe(404)
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => consoleErrors.join('\n')).toContain('/no-existe')
})

test('nested unknown paths and the internal page files are 404 too', async ({ request }) => {
  for (const path of ['/programa/detalle', '/index.html', '/404.html', '/assets/no-existe.js']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(404)
    expect(await res.text(), path).toContain('Oops! Page not found')
  }
})

test('Return to Home loads the landing page', async ({ page }) => {
  await page.goto('/no-existe')
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: PROGRAMME_NAME })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Medios Propios Disponibles' })).toBeVisible()
})

test('HTML revalidates; hashed assets are compressed and cached for a year', async ({ request }) => {
  const page = await request.get('/', { headers: { 'Accept-Encoding': 'br' } })
  expect(page.headers()['cache-control']).toBe('no-cache')
  expect(page.headers()['content-encoding']).toBe('br')
  const etag = page.headers()['etag']
  expect(etag).toBeTruthy()
  const again = await request.get('/', { headers: { 'If-None-Match': etag! } })
  expect(again.status()).toBe(304)

  // The application chunk, imported by the inline entry.
  const script = (await page.text()).match(/import\(`(\/assets\/[^`]+\.js)`\)/)![1]!
  const asset = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(asset.status()).toBe(200)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(asset.headers()['content-encoding']).toBe('gzip')
  expect(asset.headers()['content-type']).toContain('text/javascript')
})
