/**
 * Due-diligence documents in Chromium against the real server: the founder
 * uploads every checklist item from their link, one of them cut part-way
 * (a PATCH dropped after the first 4 MB part) and resumed from where the
 * server stopped; then a signed-in team member lists them, downloads each
 * (same SHA-256) and accepts them, and the founder's page says so.
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { DOCUMENT_ITEMS } from '../domain/documents.ts'
import { samples } from '../server/documents/testing/tus.ts'
import { seedFounder } from '../server/founder/testing.ts'
import { openSqliteStore } from '../server/storage/sqlite-store.ts'
import { newSession, sessionCookieName } from '../server/workspace/auth/sessions.ts'
import { createSqliteTeamStore } from '../server/workspace/storage/sqlite-team-store.ts'
import { expect, test } from './fixtures/test.ts'

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const PART = 4 * 1024 * 1024

test('the founder uploads the checklist (one upload resumed), the team downloads and accepts it', async ({ page, server }) => {
  test.setTimeout(90_000)
  const store = openSqliteStore(join(server.dataDir, 'catalitico.sqlite'))
  const founder = await seedFounder(store)
  const team = createSqliteTeamStore(store)
  const memberId = crypto.randomUUID()
  await team.createMember({ id: memberId, email: 'revisora@catalitico.example', name: 'Revisora', role: 'reviewer', invitedBy: null, createdAt: new Date() })
  const policy = { idleMs: 3_600_000, maxMs: 86_400_000, secureCookie: false }
  const { token: sessionToken, session } = newSession('link', new Date(), policy)
  await team.createSession({ ...session, memberId })
  await store.close()

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

  // The team: list, download each (same bytes), accept.
  const headers = { cookie: `${sessionCookieName(policy)}=${sessionToken}`, origin: server.url, 'x-csrf-token': session.csrfToken }
  const api = `${server.url}/equipo/api/applications/${founder.applicationId}/documents`
  const list = (await (await page.request.get(api, { headers })).json()) as { items: { key: string; document: { id: string; sha256: string } }[] }
  expect(list.items).toHaveLength(DOCUMENT_ITEMS.length)
  for (const item of list.items) {
    expect(item.document.sha256).toBe(sha256(files.get(item.key)!))
    const download = await page.request.get(`${api}/${item.document.id}/file`, { headers })
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/)
    expect(download.headers()['x-content-type-options']).toBe('nosniff')
    expect(sha256(await download.body())).toBe(item.document.sha256)
    const accepted = await page.request.post(`${api}/${item.document.id}/review`, { headers, data: { status: 'accepted' } })
    expect(accepted.status()).toBe(200)
  }

  await page.reload()
  await expect(page.getByText('Aceptado', { exact: true })).toHaveCount(DOCUMENT_ITEMS.length)
})
