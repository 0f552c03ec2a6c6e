/**
 * Due-diligence documents in Chromium against the real server: the page's
 * script is the build's hashed asset, which the landing never loads; the founder
 * uploads every checklist item from their link, one of them cut part-way
 * (a PATCH dropped after the first 4 MB part) and resumed from where the
 * server stopped; then a team member signed in with the real link flow sees
 * them in the application's detail, downloads each (same SHA-256) and
 * accepts them, and the founder's page says so.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOCUMENT_ITEMS } from '../domain/documents.ts'
import { samples } from '../server/features/documents/testing/tus.ts'
import { seedFounder } from '../server/testing/seed-founder.ts'
import { openSqliteStore } from '../server/db/sqlite-store.ts'
import { expect, inviteFromCli, newMemberContext, signInWithLink, test } from './fixtures/workspace.ts'

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const PART = 4 * 1024 * 1024
const REVIEWER = 'revisora@catalitico.example'

test('the founder uploads the checklist (one upload resumed), the team downloads and accepts it', async ({ page, ws, browser, origin }) => {
  test.setTimeout(120_000)
  const store = openSqliteStore(join(ws.dataDir, 'catalitico.sqlite'))
  const founder = await seedFounder(store)
  await store.close()

  // The landing loads nothing of the documents page (its script is its own file under /postulacion/).
  const landingRequests: string[] = []
  page.on('request', (r) => landingRequests.push(new URL(r.url()).pathname))
  await page.goto('/', { waitUntil: 'networkidle' })
  expect(landingRequests.length).toBeGreaterThan(0)
  const landingCount = landingRequests.length
  expect(landingRequests.filter((path) => path.startsWith('/postulacion'))).toEqual([])
  for (const path of landingRequests.filter((p) => p.endsWith('.js'))) {
    expect(await (await page.request.get(path)).text(), path).not.toContain('Tus-Resumable')
  }

  const files = new Map<string, Buffer>()
  for (const item of DOCUMENT_ITEMS) files.set(item.key, item.key === 'pitch_deck' ? samples.pdf(10 * 1024 * 1024) : samples.pdf(20_000 + item.key.length))

  // Drop the second PATCH of the big file (the part after the first 4 MB), once.
  const patchOffsets: number[] = []
  let dropped = false
  await page.route('**/api/subidas/*', async (route) => {
    const request = route.request()
    if (request.method() !== 'PATCH') return route.continue()
    const offset = Number(request.headers()['upload-offset'])
    patchOffsets.push(offset)
    if (offset === PART && !dropped) {
      dropped = true
      return route.abort('connectionreset')
    }
    return route.continue()
  })

  await page.goto(`/postulacion/${founder.token}/documentos`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentos de due diligence')
  // Its script is a hashed asset of the build, cached for good, and not one the landing requested.
  const src = (await page.locator('script[src]').getAttribute('src'))!
  expect(src).toMatch(/^\/assets\/documentos-[\w-]+\.js$/)
  expect(landingRequests.slice(0, landingCount)).not.toContain(src)
  const script = await page.request.get(src)
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(await script.text()).toContain('Tus-Resumable')
  for (const item of DOCUMENT_ITEMS) {
    const form = page.locator(`form[data-item="${item.key}"]`)
    const reloaded = page.waitForEvent('load')
    await form.locator('input[type=file]').setInputFiles({ name: `${item.key}.pdf`, mimeType: 'application/pdf', buffer: files.get(item.key)! })
    await reloaded
    await expect(page.locator('li', { has: page.locator(`form[data-item="${item.key}"]`) })).toContainText('Recibido, en revisión')
  }
  expect(dropped).toBe(true)
  // The big file: 0, then 4 MB (dropped), then 4 MB again (resumed, not from 0), then 8 MB.
  expect(patchOffsets.slice(0, 4)).toEqual([0, PART, PART, 2 * PART])

  // The team, in the workspace: see, download (same bytes), accept.
  await inviteFromCli(ws, REVIEWER, 'reviewer', 'Revisora')
  const team = await newMemberContext(browser, origin)
  await signInWithLink(team.page, ws, REVIEWER)
  await team.page.goto(`/equipo/postulaciones/${founder.applicationId}`)
  const panel = team.page.getByRole('region', { name: 'Documentos de due diligence' })
  await expect(panel).toBeVisible()
  for (const item of DOCUMENT_ITEMS) {
    const entry = panel.locator(`[data-document-item="${item.key}"]`)
    await expect(entry).toContainText(sha256(files.get(item.key)!))
    const [download] = await Promise.all([team.page.waitForEvent('download'), entry.getByRole('link', { name: `${item.key}.pdf` }).click()])
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(files.get(item.key)!))
    await entry.getByRole('button', { name: 'Aceptar' }).click()
    await expect(entry).toContainText('Estado: Aceptado')
  }
  await team.context.close()

  await page.reload()
  await expect(page.getByText('Aceptado', { exact: true })).toHaveCount(DOCUMENT_ITEMS.length)
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
  await expect(form.getByRole('status')).toHaveText(
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
