/**
 * Which outlet brought each application, without a cookie (ADRs
 * 0168-0170), in Chromium against the real server: an admin creates the
 * radio's source (a short path that would shadow the workspace is refused in
 * Spanish) and gets its links and QR code; a listener opens the short path,
 * leaves, comes back a day later (the browser's clock moved) by the home
 * address and applies: the application carries the radio, the overview
 * counts the visit and the application, and the list filters by it. Axe
 * stays clean; nothing is wider than a 390 px phone. Screenshots at 390 and
 * 1280 px with `npm run screenshots`.
 */
import { sampleApplication } from '../domain/sample-application.ts'
import { SOURCE_MESSAGES } from '../domain/sources.ts'
import { expectAxeClean, expectFitsPhone, expectScreenFits } from './fixtures/checks.ts'
import { screenshotForPeople, screenshotsAtWidths } from './fixtures/screenshots.ts'
import { addMember, expect, signInWithLink, test, uniqueEmail } from './fixtures/workspace.ts'
import { fillForm, openForm, SUBMIT } from './form-fill.ts'

// The overview counts the whole database: an empty server of its own.
test.use({ ownServer: true })

/** A person's phone: headless Chromium says so in its User-Agent, and the server does not count automated visits. */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const SOURCE_KEY = 'catalitico:application-source:v1'
const DAY_MS = 86_400_000

test('a listener opens the radio’s short path, comes back a day later and applies: the application carries the radio; the overview counts it', async ({ page, ws, origin, browser }) => {
  const admin = uniqueEmail('fuentes')
  await addMember(ws, admin, 'admin', 'Directora Fuentes')
  await signInWithLink(page, ws, admin)

  // The admin creates the radio's source; a short path that would shadow the workspace is refused.
  await page.getByRole('link', { name: 'Fuentes' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Fuentes' })).toBeVisible()
  const form = page.getByRole('region', { name: 'Nueva fuente' })
  await form.getByLabel('Nombre').fill('Radio Cali mañana')
  await form.getByLabel('Medio').selectOption('radio')
  await form.getByLabel('Dirección corta').fill('equipo')
  await form.getByRole('button', { name: 'Crear fuente' }).click()
  await expect(form.getByText(SOURCE_MESSAGES.slugReserved)).toBeVisible()
  await expect(form.getByLabel('Dirección corta')).toBeFocused()
  await expectAxeClean(page, 'the new source refused')
  await form.getByLabel('Dirección corta').fill('radio-cali')
  await form.getByRole('button', { name: 'Crear fuente' }).click()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Radio Cali mañana' }) })
  await expect(card.getByLabel('Dirección corta (radio, TV, impreso)')).toHaveValue(`${origin}/radio-cali`)
  await expect(card.getByLabel('Enlace con utm para publicaciones digitales')).toHaveValue(
    `${origin}/radio-cali?utm_source=radio-cali&utm_medium=radio&utm_campaign=convocatoria`,
  )
  // The QR code is drawn by the server and shown as an image.
  const qr = card.getByRole('img', { name: `Código QR de ${origin}/radio-cali` })
  await expect(qr).toBeVisible()
  // Decoded, not merely in the page (polled: on a loaded machine the image arrives after it is laid out).
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true)
  await expectScreenFits(page, 'the sources page', 'workspace-sources')

  // The listener, in a browser of their own: a phone, with a clock the test moves.
  const listener = await browser.newContext({ userAgent: PHONE, baseURL: origin })
  const phone = await listener.newPage()
  const start = Date.now()
  await phone.clock.install({ time: start })
  await phone.goto('/radio-cali')
  await expect(phone).toHaveURL(`${origin}/?fuente=radio-cali`)
  // The form's script starts once the page has loaded and keeps the source, with no cookie.
  await expect.poll(() => phone.evaluate((key) => localStorage.getItem(key), SOURCE_KEY)).toContain('"slug":"radio-cali"')
  expect(await listener.cookies()).toEqual([])
  await phone.goto('about:blank')

  // A day later, by the home address.
  await phone.clock.setSystemTime(start + DAY_MS + 3_600_000)
  await openForm(phone, '/')
  expect(await phone.evaluate(() => Date.now())).toBeGreaterThan(start + DAY_MS)
  const values = { ...sampleApplication(), email: uniqueEmail('oyente', 'ejemplo.co'), tradeName: 'Oyentes Activos' }
  await fillForm(phone, values)
  await expect(phone.getByLabel(/^¿Dónde nos conociste\?/)).toHaveValue('')
  await expectAxeClean(phone, 'the form with «¿Dónde nos conociste?»')
  for (const width of [390, 1280]) {
    await phone.setViewportSize({ width, height: 900 })
    await phone.getByLabel(/^¿Dónde nos conociste\?/).scrollIntoViewIfNeeded()
    await screenshotForPeople(phone, `landing-heard-from-${width}`, { fullPage: false })
  }
  const sent = phone.waitForRequest((r) => r.url().endsWith('/functions/v1/send-application-email') && r.method() === 'POST')
  await phone.getByRole('button', { name: SUBMIT }).click()
  const body = (await sent).postDataJSON() as { attribution?: unknown; formData: Record<string, unknown> }
  expect(body.attribution).toEqual({ source: 'radio-cali' })
  expect(Object.keys(body.formData)).toHaveLength(21)
  await expect(phone.getByText('¡Aplicación enviada exitosamente!').first()).toBeVisible()
  // Sent: the browser forgets the source with the draft.
  expect(await phone.evaluate((key) => localStorage.getItem(key), SOURCE_KEY)).toBeNull()
  expect(await listener.cookies()).toEqual([])
  await listener.close()

  // The overview counts the visit and the application; the list filters by the source.
  await page.reload()
  const row = page.getByRole('table', { name: 'Visitas y postulaciones por fuente en el periodo' }).getByRole('row').filter({ hasText: 'Radio Cali mañana' })
  await expect(row.getByRole('cell')).toHaveText(['1', /^1\b/, '0', '0', '0'])
  await screenshotsAtWidths(page, 'workspace-sources-counted', [390, 1280])
  await row.getByRole('link', { name: /postulaciones de Radio Cali mañana/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Postulaciones' })).toBeVisible()
  await expect(page.getByLabel('Fuente')).toHaveValue(/^[0-9a-f-]{36}$/)
  await expect(page.getByRole('cell', { name: /^Oyentes Activos/ })).toBeVisible()
  await expect(page.getByText('1 postulación con estos filtros.')).toBeVisible()

  // The overview glances at the sources of the last 30 days.
  await page.getByRole('link', { name: 'Resumen' }).first().click()
  const glance = page.getByRole('region', { name: 'Por fuente, últimos 30 días' })
  await expect(glance.getByRole('row').filter({ hasText: 'Radio Cali mañana' }).getByRole('cell')).toHaveText(['1', '1', '0', '0'])
  await expectAxeClean(page, 'the overview with its sources')
  await expectFitsPhone(page, 'the overview with its sources')
})
