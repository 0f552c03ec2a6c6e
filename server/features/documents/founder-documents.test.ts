/**
 * The founder's documents over the real app (in-process) on a real SQLite
 * file and the real disk: upload, resume, replace, download, and every bad
 * input refused clearly with nothing stored and nothing leaked.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { DOCUMENT_ITEMS } from '../../../domain/documents.ts'
import { documentsDir } from '../../shared/env.ts'
import { seedFounder, type SeededFounder } from '../../testing/seed-founder.ts'
import { HARNESS_UPLOAD_SCRIPT, SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { founderUploading } from './testing/founder-uploads.ts'
import { founderTus, samples } from './testing/tus.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

const setup = async (env: Record<string, string> = {}) => founderUploading(await openWorkspaceHarness(env))

const clientFor = (h: WorkspaceHarness, founder: Pick<SeededFounder, 'token'>) => founderTus(h.app, founder.token, SITE)

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

/** Everything under DATA_DIR/documents, to show a refused upload left nothing. */
function storedFiles(h: WorkspaceHarness): string[] {
  const root = documentsDir(h.config)
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}

async function checklist(h: WorkspaceHarness, token: string) {
  const res = await h.app.request(`${SITE}/postulacion/${token}/api/documentos`)
  expect(res.status).toBe(200)
  return (await res.json()) as {
    canUpload: boolean
    items: { key: string; optional: boolean; document: { id: string; sha256: string; sizeBytes: number; fileName: string; status: string; reviewNote: string | null } | null }[]
  }
}

describe('founder documents', () => {
  it('lists the SPEC §9 checklist with the "si aplica" item optional', async () => {
    const { h, founder } = await setup()
    const list = await checklist(h, founder.token)
    expect(list.canUpload).toBe(true)
    expect(list.items.map((i) => i.key)).toEqual(DOCUMENT_ITEMS.map((i) => i.key))
    expect(list.items.filter((i) => i.optional).map((i) => i.key)).toEqual(['contratos_pi'])
    const page = await h.app.request(`${SITE}/postulacion/${founder.token}/documentos`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('noindex')
    expect(html).toContain('Cap table (tabla de accionistas)')
    expect(html).toContain(`<script src="${HARNESS_UPLOAD_SCRIPT}" defer></script>`)
  })

  it('takes a file in two parts (resumed from the offset the server kept), stores it durably and gives it back as an attachment', async () => {
    const { h, founder, tus } = await setup()
    const bytes = samples.pdf(300_000)
    const created = await tus.create({ itemKey: 'pitch_deck', fileName: 'Pitch deck é.pdf', length: bytes.byteLength })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    expect(location).toMatch(new RegExp(`^/postulacion/${founder.token}/api/subidas/[0-9a-f]{32}$`))
    expect((await tus.patch(location, 0, bytes.subarray(0, 100_000))).status).toBe(204)
    // The connection "dropped": the client asks where to go on from.
    const head = await tus.head(location)
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('100000')
    expect((await checklist(h, founder.token)).items[0]!.document).toBeNull()
    const done = await tus.patch(location, 100_000, bytes.subarray(100_000))
    expect(done.status).toBe(204)

    const doc = (await checklist(h, founder.token)).items.find((i) => i.key === 'pitch_deck')!.document!
    expect(doc).toMatchObject({ sha256: sha256(bytes), sizeBytes: bytes.byteLength, fileName: 'Pitch deck é.pdf', status: 'received' })
    const download = await h.app.request(`${SITE}/postulacion/${founder.token}/api/documentos/${doc.id}/archivo`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Pitch deck e.pdf"; filename\*=UTF-8''Pitch%20deck%20%C3%A9.pdf$/)
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes))
    // Nothing left in incoming/: the one stored file is the document.
    expect(storedFiles(h)).toEqual([h.documents.fileOf({ ...doc, applicationId: founder.applicationId, itemKey: 'pitch_deck', mediaType: '', uploadedAt: new Date(), reviewNote: null, reviewedAt: null, reviewedBy: null } as never)])
  })

  it('replaces an item: the new file takes the old one\'s place, on disk too', async () => {
    const { h, founder, tus } = await setup()
    expect((await tus.upload({ itemKey: 'cap_table', fileName: 'cap.csv', bytes: samples.csv() })).status).toBe(204)
    const first = (await checklist(h, founder.token)).items.find((i) => i.key === 'cap_table')!.document!
    expect((await tus.upload({ itemKey: 'cap_table', fileName: 'cap.png', bytes: samples.png() })).status).toBe(204)
    const second = (await checklist(h, founder.token)).items.find((i) => i.key === 'cap_table')!.document!
    expect(second.id).not.toBe(first.id)
    expect(second.sha256).toBe(sha256(samples.png()))
    expect(storedFiles(h)).toHaveLength(1)
    expect((await h.app.request(`${SITE}/postulacion/${founder.token}/api/documentos/${first.id}/archivo`)).status).toBe(404)
  })

  describe('refuses, clearly, storing nothing', () => {
    async function refused(res: Response, status: number, message: RegExp, h: WorkspaceHarness, before: Record<string, unknown[]>) {
      expect(res.status).toBe(status)
      const body = (await res.json()) as { message: string }
      expect(body.message).toMatch(message)
      expect(h.snapshot()).toEqual(before)
      expect(storedFiles(h)).toEqual([])
    }

    /** Refused once its bytes were in: the upload's creation went through, so it counts in the rate of new uploads (ADR 0119), and nothing else is left. */
    async function refusedContent(res: Response, status: number, message: RegExp, h: WorkspaceHarness, before: Record<string, unknown[]>) {
      const { rate_limit_counters: _counted, ...rest } = before
      expect(res.status).toBe(status)
      expect(((await res.json()) as { message: string }).message).toMatch(message)
      const { rate_limit_counters: counters, ...after } = h.snapshot()
      expect(after).toEqual(rest)
      expect(counters).toHaveLength(1)
      expect(storedFiles(h)).toEqual([])
    }

    it('a file over the limit (DOCUMENT_MAX_MB), announced or not', async () => {
      const { h, tus } = await setup({ DOCUMENT_MAX_MB: '1' })
      const before = h.snapshot()
      await refused(await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 1_048_577 }), 413, /más de 1 MB/, h, before)
    })

    it('an executable renamed .pdf', async () => {
      const { h, tus } = await setup()
      const before = h.snapshot()
      await refusedContent(await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.exe() }), 415, /no es un PDF/, h, before)
    })

    it('text named .pdf, and an executable named .doc', async () => {
      const { h, tus } = await setup()
      const before = h.snapshot()
      await refusedContent(await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.csv() }), 415, /no es un PDF/, h, before)
      await refusedContent(await tus.upload({ itemKey: 'rut', fileName: 'rut.doc', bytes: samples.exe() }), 415, /no es un PDF/, h, before)
    })

    it('a path in the file name', async () => {
      const { h, tus } = await setup()
      const before = h.snapshot()
      await refused(await tus.create({ itemKey: 'rut', fileName: '../../catalitico.sqlite', length: 10 }), 422, /carpetas/, h, before)
      await refused(await tus.create({ itemKey: 'rut', fileName: 'C:\\temp\\rut.pdf', length: 10 }), 422, /carpetas/, h, before)
    })

    it('an item that is not on the checklist', async () => {
      const { h, tus } = await setup()
      const before = h.snapshot()
      await refused(await tus.create({ itemKey: 'otro', fileName: 'rut.pdf', length: 10 }), 422, /Elige un documento/, h, before)
    })

    it('a wrong, malformed or revoked token: the same 404 on every founder path', async () => {
      const { h } = await setup()
      const revoked = await seedFounder(h.store, { revoked: true })
      const before = h.snapshot()
      for (const token of ['x'.repeat(43), 'no-es-un-token', revoked.token]) {
        const tus = clientFor(h, { token })
        await refused(await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 10 }), 404, /no es válido/, h, before)
        await refused(await h.app.request(`${SITE}/postulacion/${token}/api/documentos`), 404, /no es válido/, h, before)
        expect((await h.app.request(`${SITE}/postulacion/${token}/documentos`)).status).toBe(404)
      }
    })

    it('uploads outside due diligence', async () => {
      const { h } = await setup()
      const early = await seedFounder(h.store, { stage: 'sesion_panel' })
      const before = h.snapshot()
      await refused(await clientFor(h, early).create({ itemKey: 'rut', fileName: 'rut.pdf', length: 10 }), 409, /etapa de due diligence/, h, before)
      expect((await checklist(h, early.token)).canUpload).toBe(false)
    })

    it('a forged or missing Origin on an upload', async () => {
      const { h, tus } = await setup()
      const before = h.snapshot()
      await refused(await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 10, origin: 'https://evil.example' }), 403, /no viene/, h, before)
      await refused(await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 10, origin: null }), 403, /no viene/, h, before)
    })
  })

  it("another founder's document and upload ids answer 404 and change nothing", async () => {
    const { h, founder, tus } = await setup()
    const other = await seedFounder(h.store)
    const otherTus = clientFor(h, other)
    expect((await otherTus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf() })).status).toBe(204)
    const otherDoc = (await checklist(h, other.token)).items.find((i) => i.key === 'rut')!.document!
    const pending = await otherTus.create({ itemKey: 'cap_table', fileName: 'cap.pdf', length: 4096 })
    const pendingPath = new URL(pending.headers.get('location')!, SITE).pathname.split('/').pop()!
    const before = h.snapshot()
    const filesBefore = storedFiles(h)

    const download = await h.app.request(`${SITE}/postulacion/${founder.token}/api/documentos/${otherDoc.id}/archivo`)
    expect(download.status).toBe(404)
    expect(await download.text()).not.toContain('%PDF')
    const mine = `/postulacion/${founder.token}/api/subidas/${pendingPath}`
    expect((await tus.patch(mine, 0, samples.pdf(4096))).status).toBe(404)
    expect((await tus.head(mine)).status).toBe(404)
    expect(h.snapshot()).toEqual(before)
    expect(storedFiles(h)).toEqual(filesBefore)
  })
})

describe('one founder app under /postulacion', () => {
  it('makes every answer private, status pages, documents, uploads, downloads and refusals alike', async () => {
    const { h, founder, tus } = await setup()
    const uploaded = await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf(20_000) })
    expect(uploaded.status).toBe(204)
    const documentId = uploaded.headers.get('x-document-id')!
    const created = await tus.create({ itemKey: 'cap_table', fileName: 'cap.pdf', length: 10 })
    const wrong = 'A'.repeat(43)
    const base = `${SITE}/postulacion`
    const answers: [string, Response, number][] = [
      ['request a link', await h.app.request(base), 200],
      ['status page', await h.app.request(`${base}/${founder.token}`), 200],
      ['documents page', await h.app.request(`${base}/${founder.token}/documentos`), 200],
      ['checklist', await h.app.request(`${base}/${founder.token}/api/documentos`), 200],
      ['download', await h.app.request(`${base}/${founder.token}/api/documentos/${documentId}/archivo`), 200],
      ['tus upload', uploaded, 204],
      ['tus create', created, 201],
      ['wrong token, page', await h.app.request(`${base}/${wrong}`), 404],
      ['wrong token, documents', await h.app.request(`${base}/${wrong}/documentos`), 404],
      ['wrong token, api', await h.app.request(`${base}/${wrong}/api/documentos`), 404],
      ['form from elsewhere', await h.app.request(`${base}/${founder.token}/retirar`, { method: 'POST', headers: { origin: 'https://evil.example' } }), 403],
      ['upload from elsewhere', await tus.create({ itemKey: 'rut', fileName: 'r.pdf', length: 10, origin: 'https://evil.example' }), 403],
    ]
    for (const [name, res, status] of answers) {
      expect(res.status, name).toBe(status)
      expect(res.headers.get('cache-control'), name).toMatch(/no-store/)
      expect(res.headers.get('x-robots-tag'), name).toBe('noindex, nofollow')
      expect(res.headers.get('referrer-policy'), name).toBe('no-referrer')
    }
    // The documents' refusals stay JSON, the status pages' HTML; the download keeps its own headers.
    expect(answers[9]![1].headers.get('content-type')).toContain('application/json')
    expect(answers[7]![1].headers.get('content-type')).toContain('text/html')
    expect(answers[4]![1].headers.get('cache-control')).toBe('private, no-store')
    expect(answers[4]![1].headers.get('content-disposition')).toMatch(/^attachment;/)
    // The download's own policy outlives the site's security headers; the pages keep the site's.
    expect(answers[4]![1].headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(answers[2]![1].headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'/)
  })
})

describe('names follow the checked type (ADR 0120)', () => {
  const download = (h: WorkspaceHarness, token: string, id: string) => h.app.request(`${SITE}/postulacion/${token}/api/documentos/${id}/archivo`)
  const storedName = (h: WorkspaceHarness, id: string) => (h.store.db.prepare('SELECT file_name FROM documents WHERE id = ?').get(id) as { file_name: string }).file_name

  it('a PDF named .pdf.bat, .html, .hta, .svg or .exe is stored, listed and served as .pdf', async () => {
    const { h, founder, tus } = await setup()
    for (const suffix of ['.pdf.bat', '.html', '.hta', '.svg', '.exe', '.PDF.cmd .bat']) {
      const uploaded = await tus.upload({ itemKey: 'estados_financieros', fileName: `estados_financieros${suffix}`, bytes: samples.pdf(4096) })
      expect(uploaded.status, suffix).toBe(204)
      const id = uploaded.headers.get('x-document-id')!
      expect(storedName(h, id), suffix).toMatch(/^estados_financieros\.(pdf|PDF)$/)
      const listed = (await checklist(h, founder.token)).items.find((i) => i.key === 'estados_financieros')!.document!
      expect(listed.fileName, suffix).toBe(storedName(h, id))
      const res = await download(h, founder.token, id)
      expect(res.headers.get('content-disposition'), suffix).toBe(
        `attachment; filename="${storedName(h, id)}"; filename*=UTF-8''${storedName(h, id)}`,
      )
      expect(res.headers.get('content-type')).toBe('application/pdf')
    }
  })

  it("a name's extension is the detected type's: PNG bytes named x.html are x.png", async () => {
    const { h, founder, tus } = await setup()
    const uploaded = await tus.upload({ itemKey: 'identidad_representante', fileName: 'x.html', bytes: samples.png() })
    expect(uploaded.status).toBe(204)
    const res = await download(h, founder.token, uploaded.headers.get('x-document-id')!)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="x.png"; filename*=UTF-8''x.png`)
    expect(res.headers.get('content-type')).toBe('image/png')
  })

  it('names outside ASCII and with quotes or parentheses stay safe in Content-Disposition (RFC 6266, RFC 8187)', async () => {
    const { h, founder, tus } = await setup()
    const cases: [string, string][] = [
      ["Acta (final) de Acme S.A.S. 'v2'.pdf", `attachment; filename="Acta (final) de Acme S.A.S. 'v2'.pdf"; filename*=UTF-8''Acta%20%28final%29%20de%20Acme%20S.A.S.%20%27v2%27.pdf`],
      ['会社登記.pdf', `attachment; filename="documento.pdf"; filename*=UTF-8''%E4%BC%9A%E7%A4%BE%E7%99%BB%E8%A8%98.pdf`],
      ['100% "real".pdf', `attachment; filename="100_ _real_.pdf"; filename*=UTF-8''100%25%20_real_.pdf`],
    ]
    for (const [name, disposition] of cases) {
      const uploaded = await tus.upload({ itemKey: 'rut', fileName: name, bytes: samples.pdf(2048) })
      expect(uploaded.status, name).toBe(204)
      expect((await download(h, founder.token, uploaded.headers.get('x-document-id')!)).headers.get('content-disposition'), name).toBe(disposition)
    }
  })

  it('a document stored before under a bad name is listed and served under the mended one', async () => {
    const { h, founder } = await setup()
    const bytes = samples.pdf(3000)
    const id = crypto.randomUUID()
    const record = { id, applicationId: founder.applicationId }
    mkdirSync(dirname(h.documents.fileOf(record as never)), { recursive: true })
    writeFileSync(h.documents.fileOf(record as never), bytes)
    await h.store.write(() =>
      h.store.db
        .prepare(`INSERT INTO documents (id, application_id, item_key, file_name, media_type, size_bytes, sha256, uploaded_at) VALUES (?, ?, 'rut', ?, 'application/pdf', ?, ?, ?)`)
        .run(id, founder.applicationId, 'rut.pdf.bat', bytes.byteLength, sha256(bytes), new Date().toISOString()),
    )
    expect((await checklist(h, founder.token)).items.find((i) => i.key === 'rut')!.document!.fileName).toBe('rut.pdf')
    const page = await (await h.app.request(`${SITE}/postulacion/${founder.token}/documentos`)).text()
    expect(page).toContain('>rut.pdf</a>')
    expect(page).not.toContain('rut.pdf.bat')
    const res = await download(h, founder.token, id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="rut.pdf"; filename*=UTF-8''rut.pdf`)
  })
})

describe('stored files of deleted applications', () => {
  it("are swept once their rows are gone (a founder's data deleted on request), and only theirs", async () => {
    const { h, founder, tus } = await setup()
    const other = await seedFounder(h.store)
    const upload = async (client: typeof tus, bytes: Uint8Array) => {
      const created = await client.create({ itemKey: 'pitch_deck', fileName: 'deck.pdf', length: bytes.byteLength })
      expect((await client.patch(created.headers.get('location')!, 0, bytes)).status).toBe(204)
    }
    await upload(tus, samples.pdf(20_000))
    await upload(clientFor(h, other), samples.pdf(30_000))
    expect(storedFiles(h)).toHaveLength(2)
    // Young files are left alone: their row may be on its way.
    expect(await h.documents.sweepOrphanFiles()).toBe(0)

    const emailOf = async (id: string) => (await h.store.listApplications()).find((a) => a.id === id)!.formData.email
    expect(await emailOf(founder.applicationId)).not.toBe(await emailOf(other.applicationId))
    await h.store.deleteByEmail(await emailOf(founder.applicationId))
    expect(storedFiles(h)).toHaveLength(2)
    h.syncToWallClock()
    expect(await h.documents.sweepOrphanFiles(0)).toBe(1)
    const left = storedFiles(h)
    expect(left).toHaveLength(1)
    expect(left[0]).toContain(other.applicationId)
    expect((await checklist(h, other.token)).items[0]!.document).not.toBeNull()
  })
})
