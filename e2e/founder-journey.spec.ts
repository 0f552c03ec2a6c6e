/**
 * The founder's next step as one chain, in Chromium against the real server
 * with its e-mail going to a real SMTP server (server/testing/smtp-sink.ts)
 * in this process:
 *   a member moves an application to due diligence in the workspace → the
 *   founder's e-mail waits in "Correos por enviar", is read and sent → the
 *   founder opens the link from the message the SMTP server received → sees
 *   the stage → uploads every checklist item, one cut part-way and resumed
 *   (tus) → the team sees each, downloads it (same SHA-256) and accepts it →
 *   marks the agreement → the founder's e-mail and page say so.
 * The earlier stages are written through the review store (no e-mail), so
 * the 60 s budget goes to the chain itself; the server and the SMTP server
 * start once per worker, outside that budget.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { DOCUMENT_ITEMS } from '../domain/documents.ts'
import { samples } from '../server/features/documents/testing/tus.ts'
import { openSqliteStore } from '../server/db/sqlite-store.ts'
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../server/testing/smtp-sink.ts'
import { expect, test as base } from './fixtures/test.ts'
import { startServer, type RunningServer } from './fixtures/server.ts'
import { inviteFromCli, submitApplication } from './fixtures/workspace.ts'
import { engineOf } from '../server/db/engine-of.ts'
import { openReviewStore } from '../server/db/stores/review-store.ts'

const test = base.extend<{ origin: string }, { chain: { server: RunningServer; sink: SmtpSink } }>({
  chain: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sink = await startSmtpSink()
      const server = await startServer({ RATE_LIMIT_MAX: '1000', SMTP_URL: sink.url })
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

const ADMIN = 'directora.cadena@catalitico.example'
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
  await page.getByRole('link', { name: 'Correos por enviar' }).click()
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

test('stage change → e-mail reviewed and sent → founder uploads the checklist (one upload resumed) → team downloads and accepts → agreement → founder sees it', async ({
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
  const reviews = openReviewStore(engineOf(store))
  for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']] as const) {
    expect((await reviews.transition(id, { from, to, reason: null, memberId: null, at: new Date() })).status).toBe('moved')
  }
  await store.close()

  // The team moves it to due diligence; the founder's e-mail is reviewed, then sent.
  await inviteFromCli(server, ADMIN, 'admin', 'Directora Cadena')
  await signIn(page, sink, ADMIN)
  await page.goto(`/equipo/postulaciones/${id}`)
  await move(page, 'Mover a Due diligence y acuerdo')
  const link = await reviewAndSend(page, sink, `Inicio de due diligence, ${reference}`, email, /due diligence/)

  // The founder, in a browser of their own, opens the link from the e-mail.
  const founder = await browser.newContext({ baseURL: origin, locale: 'es-CO' })
  const founderPage = await founder.newPage()
  const errors: string[] = []
  founderPage.on('pageerror', (err) => errors.push(err.message))
  await founderPage.goto(link)
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Due diligence y acuerdo')
  await expect(founderPage.locator('p.ref')).toHaveText(reference)
  await expect(founderPage.locator('li[aria-current="step"]')).toContainText('Etapa 3.')
  await founderPage.getByRole('link', { name: 'Subir mis documentos' }).click()
  await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Documentos de due diligence')

  // Small files, but the pitch deck spans two tus parts so that its second part can be cut once.
  const files = new Map(DOCUMENT_ITEMS.map((item) => [item.key, samples.pdf(item.key === 'pitch_deck' ? PART + 64 * 1024 : 8_000 + item.key.length)]))
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
  // Cut after the first part, resumed from the server's offset (not from 0).
  expect(dropped).toBe(true)
  expect(patchOffsets.slice(0, 3)).toEqual([0, PART, PART])

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
  await move(page, 'Mover a Acuerdo firmado')
  const agreementLink = await reviewAndSend(page, sink, `Acuerdo firmado, ${reference}`, email, /acuerdo firmado/i)
  for (const path of [agreementLink, link]) {
    await founderPage.goto(path)
    await expect(founderPage.getByRole('heading', { level: 1 })).toHaveText('Acuerdo firmado')
  }
  await founder.close()
  expect(errors).toEqual([])
})
