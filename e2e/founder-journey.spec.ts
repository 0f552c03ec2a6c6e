/**
 * The founder's side, end to end in Chromium against the real server: the
 * one founder spec (founder-status.spec.ts and documents.spec.ts
 * merged in, ADR 0130).
 *
 * 1. The next step as one chain, with the server's e-mail going to a real
 *    SMTP server (server/testing/smtp-sink.ts) in this process:
 *    a member moves an application to due diligence in the workspace → the
 *    founder's e-mail waits in "Correos por enviar", is read and sent → the
 *    founder opens the link from the message the SMTP server received → sees
 *    the stage → opens the documents page, whose script is the build's hashed
 *    asset the landing never loads → uploads every checklist item, one cut
 *    part-way and resumed (tus) → the team sees each, downloads it (same
 *    SHA-256) and accepts it → marks the agreement → the founder's e-mail and
 *    page say so. The earlier stages are written through the review store (no
 *    e-mail); this server and the SMTP server start once per worker.
 * 2. On the worker's shared server, with e-mail as .eml files in the outbox: a
 *    stage change reviewed and sent from "Correos por enviar", the founder's
 *    page (headers, axe, no sideways scroll at 360/768/1280 px) and the
 *    withdrawal with its confirmation; a wrong link and a forged form post;
 *    the cap of unfinished uploads, explained in Spanish (ADR 0119).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { DOCUMENT_ITEMS } from '../domain/documents.ts'
import { samples } from '../server/features/documents/testing/tus.ts'
import { openSqliteStore } from '../server/db/sqlite-store.ts'
import { seedFounder } from '../server/testing/seed-founder.ts'
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../server/testing/smtp-sink.ts'
import { test as base } from './fixtures/test.ts'
import { startServer, type RunningServer } from './fixtures/server.ts'
import { addMember, expect, fillDeal, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'
import { engineOf } from '../server/db/engine-of.ts'
import { axeViolations } from './fixtures/checks.ts'
import { stageMovesOn } from '../server/db/testing/stage-moves.ts'

const chainTest = base.extend<{ origin: string }, { chain: { server: RunningServer; sink: SmtpSink } }>({
  chain: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sink = await startSmtpSink()
      const server = await startServer({ RATE_LIMIT_MAX: '1000', SMTP_URL: sink.url }, { from: 'bundle' })
      await use({ server, sink })
      await server.stop()
      await sink.close()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // WebAuthn and the session cookie want a host name, not an IP address.
  origin: async ({ chain }, use) => use(chain.server.url.replace('127.0.0.1', 'localhost')),
  baseURL: async ({ origin }, use) => use(origin),
})

const PART = 4 * 1024 * 1024
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

async function mailTo(sink: SmtpSink, address: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      () => (found = sink.received.slice(after).find((m) => m.envelopeTo.includes(address) && subject.test(m.parsed.subject ?? ''))) !== undefined,
      { timeout: 15_000, message: `an e-mail to ${address} matching ${subject}` },
    )
    .toBe(true)
  return found!
}

async function signIn(page: Page, sink: SmtpSink, email: string) {
  const before = sink.received.length
  await page.goto('/equipo/entrar')
  await page.getByLabel('Correo del equipo').fill(email)
  await page.getByRole('button', { name: 'Enviarme un enlace' }).click()
  const mail = await mailTo(sink, email, /./, before)
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]
  await page.goto(`/equipo/entrar#token=${token}`)
  await page.getByRole('button', { name: 'Entrar al espacio del equipo' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión', exact: true })).toBeVisible()
}

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

/** Reviews the founder's draft in "Correos por enviar", sends it, and returns the status link from what the SMTP server got. */
async function reviewAndSend(page: Page, sink: SmtpSink, card: string, to: string, subject: RegExp): Promise<string> {
  const before = sink.received.length
  // Clicked again if the first click lands while the stage change's confirmation is still closing (seen
  // once in CI at a load of 15: the click was taken, the page stayed); it must get there within 30 s.
  await expect(async () => {
    await page.getByRole('link', { name: 'Correos por enviar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Correos por enviar' })).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  const draft = page.getByRole('article', { name: card })
  await draft.getByText('Leer el correo').click()
  // The team reads where the founder's link goes, never the link itself (ADR 0117).
  await expect(draft.locator('pre')).toContainText('[enlace personal]')
  await expect(draft.locator('pre')).not.toContainText('/postulacion/')
  // Nothing has left yet: the team reviews first.
  expect(sink.received.slice(before).filter((m) => m.envelopeTo.includes(to))).toEqual([])
  await draft.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(draft).toHaveCount(0)
  const mail = await mailTo(sink, to, subject, before)
  return new URL(/https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')![0]).pathname
}

chainTest('stage change → e-mail reviewed and sent → founder uploads the checklist (one upload resumed) → team downloads and accepts → agreement → founder sees it', async ({
  page,
  browser,
  chain,
  origin,
  request,
}) => {
  const { server, sink } = chain
  const email = `fundadora.${Date.now()}@startup.example`
  const { id, reference } = await submitApplication(request, origin, { email, tradeName: 'Cadena Viva' })
  const store = openSqliteStore(join(server.dataDir, 'catalitico.sqlite'))
  const reviews = stageMovesOn(engineOf(store))
  for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']] as const) {
    expect((await reviews.transition(id, { from, to, reason: null, memberId: null, at: new Date() })).status).toBe('moved')
  }
  await store.close()

  // The team moves it to due diligence; the founder's e-mail is reviewed, then sent.
  const ADMIN = uniqueEmail('directora.cadena')
  await addMember(server, ADMIN, 'admin', 'Directora Cadena')
  await signIn(page, sink, ADMIN)
  await page.goto(`/equipo/postulaciones/${id}`)
  await move(page, 'Mover a Due diligence y acuerdo')
  const link = await reviewAndSend(page, sink, `Inicio de due diligence, ${reference}`, email, /due diligence/)

  // The founder, in a browser of their own, opens the link from the e-mail.
  const founder = await browser.newContext({ baseURL: origin, locale: 'es-CO' })
  const founderPage = await founder.newPage()
  const errors: string[] = []
  founderPage.on('pageerror', (err) => errors.push(err.message))

  // (from documents.spec.ts) The landing loads nothing of the documents page (its script is its own file under /postulacion/).
  const landingRequests: string[] = []
  const recordRequest = (r: { url: () => string }) => landingRequests.push(new URL(r.url()).pathname)
  founderPage.on('request', recordRequest)
  await founderPage.goto('/', { waitUntil: 'networkidle' })
  founderPage.off('request', recordRequest)
  expect(landingRequests.length).toBeGreaterThan(0)
  expect(landingRequests.filter((path) => path.startsWith('/postulacion'))).toEqual([])
  for (const path of landingRequests.filter((p) => p.endsWith('.js'))) {
    expect(await (await founderPage.request.get(path)).text(), path).not.toContain('Tus-Resumable')
  }

  await founderPage.goto(link)
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Due diligence y acuerdo')
  await expect(founderPage.locator('p.ref')).toHaveText(reference)
  await expect(founderPage.locator('li[aria-current="step"]')).toContainText('Etapa 3.')
  await founderPage.getByRole('link', { name: 'Subir mis documentos' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Documentos de due diligence')
  // (from documents.spec.ts) Its script is a hashed asset of the build, cached for good, and not one the landing requested.
  const src = (await founderPage.locator('script[src]').getAttribute('src'))!
  expect(src).toMatch(/^\/assets\/documentos-[\w-]+\.js$/)
  expect(landingRequests).not.toContain(src)
  const script = await founderPage.request.get(src)
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(await script.text()).toContain('Tus-Resumable')

  // Small files, but the pitch deck spans three tus parts so that its second part can be cut once and the third follows.
  const files = new Map(DOCUMENT_ITEMS.map((item) => [item.key, samples.pdf(item.key === 'pitch_deck' ? 2 * PART + 64 * 1024 : 8_000 + item.key.length)]))
  const patchOffsets: number[] = []
  let dropped = false
  await founderPage.route('**/api/subidas/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue()
    const offset = Number(route.request().headers()['upload-offset'])
    patchOffsets.push(offset)
    if (offset === PART && !dropped) {
      dropped = true
      return route.abort('connectionreset')
    }
    return route.continue()
  })
  for (const item of DOCUMENT_ITEMS) {
    const reloaded = founderPage.waitForEvent('load')
    await founderPage
      .locator(`form[data-item="${item.key}"] input[type=file]`)
      .setInputFiles({ name: `${item.key}.pdf`, mimeType: 'application/pdf', buffer: files.get(item.key)! })
    await reloaded
    await expect(founderPage.locator('li', { has: founderPage.locator(`form[data-item="${item.key}"]`) })).toContainText('Recibido, en revisión')
  }
  // Cut after the first part, resumed from the server's offset (not from 0), then on to the third part.
  expect(dropped).toBe(true)
  expect(patchOffsets.slice(0, 4)).toEqual([0, PART, PART, 2 * PART])

  // The team sees every item, downloads it (same bytes) and accepts it.
  await page.goto(`/equipo/postulaciones/${id}`)
  const panel = page.getByRole('region', { name: 'Documentos de due diligence' })
  for (const item of DOCUMENT_ITEMS) {
    const entry = panel.locator(`[data-document-item="${item.key}"]`)
    await expect(entry).toContainText(sha256(files.get(item.key)!))
    const [download] = await Promise.all([page.waitForEvent('download'), entry.getByRole('link', { name: `${item.key}.pdf` }).click()])
    expect(sha256(readFileSync((await download.path())!)), item.key).toBe(sha256(files.get(item.key)!))
    await entry.getByRole('button', { name: 'Aceptar' }).click()
    await expect(entry).toContainText('Estado: Aceptado')
  }
  await founderPage.reload()
  await expect(founderPage.getByText('Aceptado', { exact: true })).toHaveCount(DOCUMENT_ITEMS.length)

  // The agreement: the team marks it and sends its e-mail; the founder's link shows it.
  // Every document accepted: the signature asks only for the deal's figures.
  await page.getByRole('button', { name: 'Mover a Acuerdo firmado' }).click()
  await fillDeal(page.getByRole('dialog'))
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  const agreementLink = await reviewAndSend(page, sink, `Acuerdo firmado, ${reference}`, email, /acuerdo firmado/i)
  for (const path of [agreementLink, link]) {
    await founderPage.goto(path)
    await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Acuerdo firmado')
  }
  await founder.close()
  expect(errors).toEqual([])
})

/**
 * The decoded text of the .eml files of `kind` to `address` (quoted-printable soft breaks joined): the worker's
 * server is shared, so other tests' e-mails may be there too.
 */
function mails(dataDir: string, kind: string, address: string): string[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && f.includes(kind))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((text) => text.includes(address))
}

/** Waits until the outbox holds `count` such e-mails, and returns them. */
async function waitForMail(dataDir: string, kind: string, address: string, count: number): Promise<string[]> {
  await expect.poll(() => mails(dataDir, kind, address).length, { timeout: 15_000, message: `${count} ${kind} e-mail(s) to the founder` }).toBeGreaterThanOrEqual(count)
  return mails(dataDir, kind, address)
}

test('a stage change in the workspace, the e-mail reviewed and sent from "Correos por enviar", the founder reads the right stage and withdraws', async ({
  page,
  ws,
  origin,
  request,
  browser,
}) => {
  const email = `fundadora.${Date.now()}@startup.example`
  const { id, reference } = await submitApplication(request, origin, { email, tradeName: 'Huerta Viva' })

  const ADMIN = uniqueEmail('directora')
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)
  await page.goto(`/equipo/postulaciones/${id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')

  // Nothing leaves before a member sends it.
  await page.getByRole('link', { name: 'Correos por enviar' }).click()
  const card = page.getByRole('article', { name: `Avanza a la sesión con el panel, ${reference}` })
  await expect(card).toBeVisible()
  expect(mails(ws.dataDir, 'founder_status', email)).toEqual([])
  await card.getByText('Leer el correo').click()
  // The team reads where the founder's link goes, never the link itself (ADR 0117).
  await expect(card.locator('pre')).toContainText('[enlace personal]')
  await expect(card.locator('pre')).not.toContainText('/postulacion/')
  await card.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(page.getByText('No hay correos por enviar.')).toBeVisible()

  const [mail] = await waitForMail(ws.dataDir, 'founder_status', email, 1)
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

  expect(await axeViolations(founderPage, { everyImpact: true })).toEqual([])

  for (const width of [360, 768, 1280]) {
    await founderPage.setViewportSize({ width, height: 800 })
    const overflow = await founderPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `horizontal scroll at ${width} px`).toBeLessThanOrEqual(0)
  }

  await founderPage.getByRole('button', { name: 'Retirar mi postulación' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('¿Retirar tu postulación?')
  await founderPage.getByRole('button', { name: 'Sí, retirar mi postulación' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Retirada')
  await expect(founderPage.getByRole('button', { name: 'Retirar mi postulación' })).toHaveCount(0)

  // The withdrawal's confirmation goes at once; the team sees the stage.
  const sent = await waitForMail(ws.dataDir, 'founder_status', email, 2)
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

test('a founder over the cap of unfinished uploads reads why on the page, in Spanish (ADR 0119)', async ({ page, ws, origin }) => {
  const store = openSqliteStore(join(ws.dataDir, 'catalitico.sqlite'))
  const founder = await seedFounder(store)
  await store.close()
  // Ten uploads started elsewhere (another device, a script) and never finished, none for the RUT.
  const b64 = (s: string) => Buffer.from(s).toString('base64')
  for (let i = 0; i < 10; i++) {
    const itemKey = DOCUMENT_ITEMS[i % 6]!.key
    const res = await page.request.post(`/postulacion/${founder.token}/api/subidas`, {
      headers: { 'Tus-Resumable': '1.0.0', Origin: origin, 'Upload-Length': '4096', 'Upload-Metadata': `filename ${b64('x.pdf')},itemKey ${b64(itemKey)}` },
    })
    expect(res.status()).toBe(201)
  }

  await page.goto(`/postulacion/${founder.token}/documentos`)
  const form = page.locator('form[data-item="rut"]')
  await form.locator('input[type=file]').setInputFiles({ name: 'rut.pdf', mimeType: 'application/pdf', buffer: samples.pdf(20_000) })
  // A refusal is an alert, in red, apart from the progress.
  await expect(form.getByRole('alert')).toContainText(
    'Tienes 10 subidas sin terminar, el máximo a la vez. Para continuar una, vuelve a elegir el mismo archivo en ese documento; las que no termines se borran a las 24 horas.',
  )
  await expect(form.locator('input[type=file]')).toBeEnabled()
  // A new file for an item with an unfinished upload replaces it, and goes in.
  const pitch = page.locator('form[data-item="pitch_deck"]')
  const reloaded = page.waitForEvent('load')
  await pitch.locator('input[type=file]').setInputFiles({ name: 'pitch.pdf', mimeType: 'application/pdf', buffer: samples.pdf(30_000) })
  await reloaded
  await expect(page.locator('li', { has: pitch })).toContainText('Recibido, en revisión')
})
