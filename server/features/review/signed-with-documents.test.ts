/**
 * "Acuerdo firmado" with required due-diligence documents missing (ADR
 * 0139): the API refuses the move until the member confirms it with a
 * reason, says what is missing, and records the confirmation in the audit
 * log; the same on the bulk path. Through the real workspace API (harness).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DOCUMENT_ITEMS, type DocumentKey } from '../../../domain/documents.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { openDocumentStore } from '../../db/stores/document-store.ts'
import { engineOf } from '../../db/engine-of.ts'
import { DEAL_BODY } from '../../testing/deal-body.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const TO_DUE_DILIGENCE: [string, string][] = [
  ['recibida', 'validacion_preliminar'],
  ['validacion_preliminar', 'sesion_panel'],
  ['sesion_panel', 'due_diligence'],
]
const REQUIRED = DOCUMENT_ITEMS.filter((d) => !d.optional)

async function setUp(applications = 1) {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const ids: string[] = []
  for (let i = 0; i < applications; i++) {
    const s = newSubmission({ createdAt: h.now() })
    await h.store.saveSubmission(s)
    for (const [from, to] of TO_DUE_DILIGENCE) {
      expect((await h.call('POST', `/applications/${s.application.id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
    }
    ids.push(s.application.id)
  }
  return { h, admin, ids }
}

/** The founder uploaded these items. */
async function uploaded(h: WorkspaceHarness, applicationId: string, keys: readonly DocumentKey[]) {
  const docs = openDocumentStore(engineOf(h.store))
  for (const key of keys) {
    await docs.put(
      { id: crypto.randomUUID(), applicationId, itemKey: key, fileName: `${key}.pdf`, mediaType: 'application/pdf', sizeBytes: 4, sha256: '0'.repeat(64), uploadedAt: h.now() },
      { content: Buffer.from('%PDF') },
    )
  }
}

// The signature records the deal (ADR 0159); these tests are about the documents.
const sign = (h: WorkspaceHarness, as: SignedIn, id: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', `/applications/${id}/transitions`, { as, body: { from: 'due_diligence', to: 'acuerdo_firmado', deal: DEAL_BODY, ...extra } })

const stageOf = async (h: WorkspaceHarness, id: string) => (await h.reviews.getApplication(id))!.stage

describe('"Acuerdo firmado" with required documents missing', () => {
  it('is refused without a confirmation and a reason, saying what is missing; confirmed, it moves and the audit log keeps why', async () => {
    const { h, admin, ids } = await setUp()
    const [id] = ids as [string]
    await uploaded(h, id, ['pitch_deck', 'cap_table'])

    const refused = await sign(h, admin, id)
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as { error: string; message: string; missing: { key: string; label: string }[] }
    expect(body.error).toBe('documents_missing')
    const missing = REQUIRED.filter((d) => d.key !== 'pitch_deck' && d.key !== 'cap_table')
    expect(body.missing.map((d) => d.key)).toEqual(missing.map((d) => d.key))
    expect(body.message).toContain('Faltan documentos obligatorios de due diligence: Certificado de existencia y representación legal;')
    expect(await stageOf(h, id)).toBe('due_diligence')

    // A confirmation without a reason is not one.
    expect((await sign(h, admin, id, { missingDocuments: { confirmed: true, reason: '  ' } })).status).toBe(422)
    expect((await sign(h, admin, id, { missingDocuments: { confirmed: false, reason: 'x' } })).status).toBe(422)
    expect(await stageOf(h, id)).toBe('due_diligence')

    const ok = await sign(h, admin, id, { missingDocuments: { confirmed: true, reason: 'El RUT llega con la firma notarial.' } })
    expect(ok.status).toBe(200)
    expect(await stageOf(h, id)).toBe('acuerdo_firmado')
    const entries = (await h.reviews.listAudit(1, 100)).items.filter((e) => e.action === 'stage.signed_with_documents_missing')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      applicationId: id,
      member: { id: admin.member.id },
      detail: { missing: missing.map((d) => d.key), reason: 'El RUT llega con la firma notarial.' },
    })
  })

  it('asks nothing when every required document is there (the optional one aside, a replaced one counting as missing)', async () => {
    const { h, admin, ids } = await setUp(2)
    const [complete, replaced] = ids as [string, string]
    await uploaded(h, complete, REQUIRED.map((d) => d.key))
    expect((await sign(h, admin, complete)).status).toBe(200)

    await uploaded(h, replaced, REQUIRED.map((d) => d.key))
    const docs = openDocumentStore(engineOf(h.store))
    const rut = (await docs.list(replaced)).find((d) => d.itemKey === 'rut')!
    await docs.review(replaced, rut.id, { status: 'new_version_requested', note: 'Ilegible', memberId: admin.member.id, at: h.now() })
    const refused = await sign(h, admin, replaced)
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { missing: { key: string }[] }).missing.map((d) => d.key)).toEqual(['rut'])
  })

  it('is never a bulk move: each deal has its own figures (ADR 0159), so the bulk path refuses it before asking for documents, moving nothing', async () => {
    const { h, admin, ids } = await setUp(2)
    const filter = { stage: 'due_diligence' }
    const action = { type: 'move', to: 'acuerdo_firmado' }
    const apply = { expected: 2, missingDocuments: { confirmed: true, reason: 'Firmado en el evento.' } }
    for (const path of ['/bulk/preview', '/bulk/apply']) {
      const res = await h.call('POST', path, { as: admin, body: { filter, action, ...(path === '/bulk/apply' ? apply : {}) } })
      expect(res.status).toBe(422)
      expect(((await res.json()) as { message: string }).message).toBe(
        '«Acuerdo firmado» se marca de a una postulación, con las cifras de su acuerdo: ábrela y usa «Mover a Acuerdo firmado».',
      )
    }
    for (const id of ids) expect(await stageOf(h, id)).toBe('due_diligence')
  })
})
