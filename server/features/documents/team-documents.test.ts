/**
 * The team's side of the documents through the real session and CSRF
 * middleware: authorization on every endpoint (nothing changed when
 * refused), the audited download, and a review the founder then sees.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import { SITE, workspaceHarness } from '../../testing/workspace-harness.ts'
import { founderTus, samples } from './testing/tus.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

async function setup() {
  const h = await openWorkspaceHarness()
  const founder = await seedFounder(h.store)
  const tus = founderTus(h.app, founder.token, SITE)
  const bytes = samples.pdf(10_000)
  expect((await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes })).status).toBe(204)
  const list = await h.app.request(`${SITE}/postulacion/${founder.token}/api/documentos`)
  const doc = ((await list.json()) as { items: { key: string; document: { id: string } | null }[] }).items.find((i) => i.key === 'rut')!.document!
  const member = await h.signIn(await h.addMember())
  return { h, founder, doc, bytes, member }
}

describe('team documents', () => {
  it('every endpoint: no session 401, forged Origin or missing CSRF 403, nothing changed', async () => {
    const { h, founder, doc, member } = await setup()
    const base = `/applications/${founder.applicationId}/documents`
    const endpoints = [
      { method: 'GET', path: base },
      { method: 'GET', path: `${base}/${doc.id}/file` },
      { method: 'POST', path: `${base}/${doc.id}/review`, body: { status: 'accepted' } },
    ]
    const before = h.snapshot()
    for (const e of endpoints) {
      expect((await h.call(e.method, e.path, { body: e.body, as: null })).status, `${e.method} ${e.path}`).toBe(401)
      if (e.method !== 'GET') {
        expect((await h.call(e.method, e.path, { body: e.body, as: member, origin: 'https://evil.example' })).status).toBe(403)
        expect((await h.call(e.method, e.path, { body: e.body, as: member, csrf: null })).status).toBe(403)
      }
    }
    expect(h.snapshot()).toEqual(before)
  })

  it('lists the items with size, time and SHA-256; an unknown application is a 404', async () => {
    const { h, founder, bytes, member } = await setup()
    const res = await h.call('GET', `/applications/${founder.applicationId}/documents`, { as: member })
    expect(res.status).toBe(200)
    const { items } = (await res.json()) as { items: { key: string; document: Record<string, unknown> | null }[] }
    expect(items.find((i) => i.key === 'rut')!.document).toMatchObject({
      sizeBytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'received',
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(items.filter((i) => i.document === null)).toHaveLength(6)
    expect((await h.call('GET', `/applications/${crypto.randomUUID()}/documents`, { as: member })).status).toBe(404)
  })

  it('a download is an attachment with nosniff, and in the audit log; another application\'s id is a 404 and unaudited', async () => {
    const { h, founder, doc, bytes, member } = await setup()
    const other = await seedFounder(h.store)
    const wrong = await h.call('GET', `/applications/${other.applicationId}/documents/${doc.id}/file`, { as: member })
    expect(wrong.status).toBe(404)
    const res = await h.call('GET', `/applications/${founder.applicationId}/documents/${doc.id}/file`, { as: member })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // Through the whole app: the download's own policy, not the site's that every other answer gets.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect((await h.call('GET', `/applications/${founder.applicationId}/documents`, { as: member })).headers.get('content-security-policy')).toMatch(/^default-src 'self'/)
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
    const audit = h.store.db.prepare("SELECT member_id, application_id, detail FROM audit_log WHERE action = 'document.downloaded'").all()
    expect(audit).toEqual([{ member_id: member.member.id, application_id: founder.applicationId, detail: expect.stringContaining(doc.id) }])
  })

  it('a file uploaded as estados_financieros.pdf.bat is listed and downloaded as estados_financieros.pdf, and so is one stored before under that name', async () => {
    const { h, founder, member } = await setup()
    const tus = founderTus(h.app, founder.token, SITE)
    expect((await tus.upload({ itemKey: 'estados_financieros', fileName: 'estados_financieros.pdf.bat', bytes: samples.pdf(5000) })).status).toBe(204)
    // As if stored before names followed the checked type (ADR 0120).
    await h.store.write(() => h.store.db.prepare("UPDATE documents SET file_name = 'rut.pdf.hta' WHERE item_key = 'rut'").run())
    const list = await h.call('GET', `/applications/${founder.applicationId}/documents`, { as: member })
    const items = ((await list.json()) as { items: { key: string; document: { id: string; fileName: string } | null }[] }).items
    for (const [key, name] of [['estados_financieros', 'estados_financieros.pdf'], ['rut', 'rut.pdf']] as const) {
      const doc = items.find((i) => i.key === key)!.document!
      expect(doc.fileName).toBe(name)
      const res = await h.call('GET', `/applications/${founder.applicationId}/documents/${doc.id}/file`, { as: member })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`)
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    }
  })

  it('accepts a document, or asks for a new version with a note the founder sees', async () => {
    const { h, founder, doc, member } = await setup()
    const path = `/applications/${founder.applicationId}/documents/${doc.id}/review`
    const noNote = await h.call('POST', path, { as: member, body: { status: 'new_version_requested' } })
    expect(noNote.status).toBe(422)
    const asked = await h.call('POST', path, { as: member, body: { status: 'new_version_requested', note: 'Falta la página 2.' } })
    expect(asked.status).toBe(200)
    const founderView = async () =>
      ((await (await h.app.request(`${SITE}/postulacion/${founder.token}/api/documentos`)).json()) as {
        items: { key: string; document: { status: string; reviewNote: string | null } | null }[]
      }).items.find((i) => i.key === 'rut')!.document!
    expect(await founderView()).toMatchObject({ status: 'new_version_requested', reviewNote: 'Falta la página 2.' })
    const page = await (await h.app.request(`${SITE}/postulacion/${founder.token}/documentos`)).text()
    expect(page).toContain('Falta la página 2.')
    expect((await h.call('POST', path, { as: member, body: { status: 'accepted' } })).status).toBe(200)
    expect(await founderView()).toMatchObject({ status: 'accepted', reviewNote: null })
    const actions = h.store.db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'document.reviewed'").get() as { n: number }
    expect(actions.n).toBe(2)
    const wrongApp = await h.call('POST', `/applications/${crypto.randomUUID()}/documents/${doc.id}/review`, { as: member, body: { status: 'accepted' } })
    expect(wrongApp.status).toBe(404)
  })
})
