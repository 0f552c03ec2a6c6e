/**
 * The founder's side end to end, against the real server and Chromium: a
 * member moves an application to the panel, the founder's e-mail waits in
 * "Correos por enviar" until the member sends it, the worker writes it to
 * the .eml outbox, the founder opens the link from it, sees the right stage
 * (axe, and screenshots at 360/768/1280 px under e2e-artifacts/screenshots/)
 * and withdraws, which sends its confirmation.
 */
import AxeBuilder from '@axe-core/playwright'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, inviteFromCli, signInWithLink, submitApplication, test } from './fixtures/workspace.ts'

const SCREENSHOTS = 'e2e-artifacts/screenshots'

/** The decoded text of the .eml files of `kind` (quoted-printable soft breaks joined). */
function mails(dataDir: string, kind: string): string[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && f.includes(kind))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
}

async function waitForMail(dataDir: string, kind: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const found = mails(dataDir, kind)
    if (found.length >= count) return found
    if (Date.now() > deadline) throw new Error(`no ${kind} e-mail after 15 s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const ADMIN = 'directora@catalitico.example'

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

test('a stage change in the workspace, the e-mail reviewed and sent from "Correos por enviar", the founder reads the right stage and withdraws', async ({
  page,
  ws,
  origin,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = `fundadora.${Date.now()}@startup.example`
  const { id, reference } = await submitApplication(request, origin, { email, tradeName: 'Huerta Viva' })

  await inviteFromCli(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)
  await page.goto(`/equipo/postulaciones/${id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')

  // Nothing leaves before a member sends it.
  await page.getByRole('link', { name: 'Correos por enviar' }).click()
  const card = page.getByRole('article', { name: `Avanza a la sesión con el panel, ${reference}` })
  await expect(card).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: `${SCREENSHOTS}/workspace-founder-mail-1280.png`, fullPage: true })
  expect(mails(ws.dataDir, 'founder_status')).toEqual([])
  await card.getByText('Leer el correo').click()
  // The team reads where the founder's link goes, never the link itself (ADR 0117).
  await expect(card.locator('pre')).toContainText('[enlace personal]')
  await expect(card.locator('pre')).not.toContainText('/postulacion/')
  await card.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(page.getByText('No hay correos por enviar.')).toBeVisible()

  const [mail] = await waitForMail(ws.dataDir, 'founder_status', 1)
  expect(mail).toContain(email)
  const link = /https?:\/\/[^\s"<>]+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail!)![0]
  const path = new URL(link).pathname

  // The founder, in a browser of their own (no team cookie), opens their link.
  const founder = await browser.newContext({ baseURL: origin, locale: 'es-CO' })
  const founderPage = await founder.newPage()
  const errors: string[] = []
  founderPage.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())))
  const res = await founderPage.goto(path)
  expect(res!.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(res!.headers()['referrer-policy']).toBe('no-referrer')
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Sesión con panel de expertos')
  await expect(founderPage.locator('p.ref')).toHaveText(reference)
  await expect(founderPage.locator('li[aria-current="step"]')).toContainText('Etapa 2.')

  const axe = await new AxeBuilder({ page: founderPage }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  for (const width of [360, 768, 1280]) {
    await founderPage.setViewportSize({ width, height: 800 })
    await founderPage.screenshot({ path: `${SCREENSHOTS}/founder-status-${width}.png`, fullPage: true })
    const overflow = await founderPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `horizontal scroll at ${width} px`).toBeLessThanOrEqual(0)
  }

  await founderPage.getByRole('button', { name: 'Retirar mi postulación' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('¿Retirar tu postulación?')
  await founderPage.getByRole('button', { name: 'Sí, retirar mi postulación' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Retirada')
  await expect(founderPage.getByRole('button', { name: 'Retirar mi postulación' })).toHaveCount(0)
  await founderPage.setViewportSize({ width: 360, height: 800 })
  await founderPage.screenshot({ path: `${SCREENSHOTS}/founder-status-withdrawn-360.png`, fullPage: true })

  // The withdrawal's confirmation goes at once; the team sees the stage.
  const sent = await waitForMail(ws.dataDir, 'founder_status', 2)
  expect(sent.some((m) => /retiro/i.test(m))).toBe(true)
  await page.goto(`/equipo/postulaciones/${id}`)
  await expect(page.getByRole('region', { name: 'Etapa', exact: true })).toContainText('Retirada')
  await founder.close()
  expect(errors).toEqual([])
})

test('a wrong link shows the Spanish 404 page, and a form posted from another site is refused', async ({ page }) => {
  const res = await page.goto(`/postulacion/${'A'.repeat(43)}`)
  expect(res!.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este enlace no es válido')
  const refused = await page.request.post(`/postulacion/${'A'.repeat(43)}/retirar`, {
    form: { confirm: '1' },
    headers: { origin: 'https://evil.example' },
  })
  expect(refused.status()).toBe(403)
})
