/**
 * The founder's side end to end, against the real server and Chromium: a
 * member moves an application to the panel, the founder's e-mail waits in
 * "Correos por enviar" until the member sends it, the worker writes it to
 * the .eml outbox, the founder opens the link from it, sees the right stage
 * (axe, and screenshots at 360/768/1280 px under e2e-artifacts/screenshots/)
 * and withdraws, which sends its confirmation.
 */
import AxeBuilder from '@axe-core/playwright'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { DEFAULT_ANON_KEY } from '../domain/submission.ts'
import { validBody } from '../server/testing/fixtures.ts'
import { expect, test } from './fixtures/test.ts'

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

/** Signed in as a new admin through the real invitation link; answers the session's CSRF token. */
async function signInAdmin(request: APIRequestContext, server: { url: string; dataDir: string }): Promise<string> {
  const email = `admin.${Date.now()}@catalitico.example`
  const invited = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/team.ts', 'invite', '--email', email, '--role', 'admin', '--name', 'Ana Admin'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: 'utf8',
  })
  expect(invited.status, invited.stderr).toBe(0)
  const [invitation] = (await waitForMail(server.dataDir, 'team_sign_in', 1)).filter((m) => m.includes(email))
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(invitation!)![1]!
  const done = await request.post('/equipo/api/auth/link/complete', { data: { token }, headers: { origin: server.url } })
  expect(done.status()).toBe(200)
  const session = (await (await request.get('/equipo/api/session')).json()) as { csrfToken: string }
  return session.csrfToken
}

test('a stage change, the e-mail reviewed and sent, the founder reads the right stage and withdraws', async ({ page, server, consoleErrors }) => {
  const body = validBody({ email: `fundadora.${Date.now()}@startup.example` })
  const submitted = await page.request.post('/functions/v1/send-application-email', { data: body, headers: { apikey: DEFAULT_ANON_KEY } })
  expect(submitted.status()).toBe(200)
  const { id, reference } = (await submitted.json()) as { id: string; reference: string }

  const csrf = await signInAdmin(page.request, server)
  const team = { origin: server.url, 'x-csrf-token': csrf }
  for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']]) {
    const moved = await page.request.post(`/equipo/api/applications/${id}/transitions`, { data: { from, to }, headers: team })
    expect(moved.status()).toBe(200)
  }

  // Nothing leaves before a member sends it.
  const drafts = (await (await page.request.get('/equipo/api/founder-mail/drafts')).json()) as { items: { id: string; reference: string; kind: string }[] }
  const draft = drafts.items.find((d) => d.reference === reference)!
  expect(draft.kind).toBe('sesion_panel')
  await page.waitForTimeout(500)
  expect(mails(server.dataDir, 'founder_status')).toEqual([])
  expect((await page.request.post(`/equipo/api/founder-mail/drafts/${draft.id}/send`, { data: {}, headers: team })).status()).toBe(200)

  const [mail] = await waitForMail(server.dataDir, 'founder_status', 1)
  expect(mail).toContain(body.formData.email)
  const link = /https?:\/\/[^\s"<>]+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail!)![0]
  const path = new URL(link).pathname

  // The founder, in a fresh browser context (no team cookie), opens their link.
  const founder = await page.context().browser()!.newContext()
  const founderPage = await founder.newPage()
  const res = await founderPage.goto(server.url + path)
  expect(res!.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Sesión con panel de expertos')
  await expect(founderPage.getByText(reference, { exact: true })).toBeVisible()
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
  await founderPage.screenshot({ path: `${SCREENSHOTS}/founder-withdraw-confirm-360.png`, fullPage: true })
  await founderPage.getByRole('button', { name: 'Sí, retirar mi postulación' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Retirada')
  await expect(founderPage.getByRole('button', { name: 'Retirar mi postulación' })).toHaveCount(0)

  const sent = await waitForMail(server.dataDir, 'founder_status', 2)
  expect(sent.some((m) => /retiro/i.test(m))).toBe(true)
  await founder.close()
  expect(consoleErrors).toEqual([])
})

test('a wrong link shows the Spanish 404 page, and a form posted from another site is refused', async ({ page, server }) => {
  const res = await page.goto(`/postulacion/${'A'.repeat(43)}`)
  expect(res!.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este enlace no es válido')
  const refused = await page.request.post(`/postulacion/${'A'.repeat(43)}/retirar`, {
    form: { confirm: '1' },
    headers: { origin: 'https://evil.example' },
  })
  expect(refused.status()).toBe(403)
  expect(server.url).toMatch(/^http/)
})
