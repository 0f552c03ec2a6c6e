/**
 * The deal at the signature and the rate card, from the outside (ADRs
 * 0157-0159): through the real workspace API (session, CSRF, conflict
 * guard, admin guard) on the real store. Every refusal says why in Spanish
 * and changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { DEAL_BODY, DEAL_BODY_TERMS } from '../../testing/deal-body.ts'
import type { Deal, RateCardVersion } from '../../../domain/workspace-api/deals.ts'

const openHarness = harnessPerTest(workspaceHarness)

const TO_DUE_DILIGENCE = [
  ['recibida', 'validacion_preliminar'],
  ['validacion_preliminar', 'sesion_panel'],
  ['sesion_panel', 'due_diligence'],
] as const


const json = async <T>(res: Response) => (await res.json()) as T

async function setUp() {
  const h = await openHarness()
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const s = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(s)
  const id = s.application.id
  for (const [from, to] of TO_DUE_DILIGENCE) {
    expect((await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
  }
  return { h, admin, reviewer, id, email: s.application.formData.email }
}

async function publishedCard(h: WorkspaceHarness, admin: SignedIn): Promise<RateCardVersion> {
  const created = await h.call('POST', '/rate-cards', {
    as: admin,
    body: { note: 'Precios 2027', items: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: '12.000.000' }] },
  })
  expect(created.status).toBe(201)
  const { version } = await json<{ version: RateCardVersion }>(created)
  expect((await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} })).status).toBe(200)
  return version
}

const sign = (h: WorkspaceHarness, as: SignedIn, id: string, deal: unknown, extra: Record<string, unknown> = {}) =>
  // Every required document is missing in these tests: confirmed, so only the deal decides (ADR 0139).
  h.call('POST', `/applications/${id}/transitions`, {
    as,
    body: { from: 'due_diligence', to: 'acuerdo_firmado', missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' }, ...(deal ? { deal } : {}), ...extra },
  })

describe('the deal at the signature', () => {
  it('refuses "Acuerdo firmado" without a deal, with a bad one (each field in Spanish), with a draft rate card, or from a reviewer: nothing changes', async () => {
    const { h, admin, reviewer, id } = await setUp()
    const before = h.snapshot()
    const noDeal = await sign(h, admin, id, null)
    expect(noDeal.status).toBe(422)
    expect(await json(noDeal)).toMatchObject({ error: 'deal_required', message: 'Para marcar «Acuerdo firmado» registra el acuerdo: participación, valores y ventana de exposición.' })

    const bad = await sign(h, admin, id, { ...DEAL_BODY, equityPercent: '101', windowMonths: 13, mediaValueCop: '-5', investmentValueCop: '1,500,000' })
    expect(bad.status).toBe(422)
    const issues = (await json<{ issues: { path: string; message: string }[] }>(bad)).issues
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message]))).toEqual({
      'deal.equityPercent': 'El porcentaje de participación debe ser mayor que 0 y como máximo 100 %.',
      'deal.windowMonths': 'La ventana de exposición dura de 6 a 12 meses.',
      'deal.mediaValueCop': 'El valor de la pauta a tarifa no puede ser negativo.',
      'deal.investmentValueCop': 'Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo 500.000.000.',
    })

    const draft = await json<{ version: RateCardVersion }>(await h.call('POST', '/rate-cards', { as: admin, body: { items: [{ outlet: 'consultoria', format: 'Sesión', unitPriceCop: '2.000.000' }] } }))
    const snapshotWithDraft = h.snapshot()
    const drafted = await sign(h, admin, id, { ...DEAL_BODY, rateCardVersionId: draft.version.id })
    expect(drafted.status).toBe(422)
    expect(await json(drafted)).toMatchObject({ message: 'Elige una versión publicada del tarifario: un borrador todavía puede cambiar.' })
    expect(h.snapshot()).toEqual(snapshotWithDraft)

    await expectRefused(h, { method: 'POST', path: `/applications/${id}/transitions`, body: { from: 'due_diligence', to: 'acuerdo_firmado', deal: DEAL_BODY } }, reviewer, 403, 'forbidden')
    // A deal with any other move: refused, nothing moves.
    const elsewhere = await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from: 'due_diligence', to: 'no_seleccionada', reason: 'x', deal: DEAL_BODY } })
    expect(elsewhere.status).toBe(422)
    expect(await json(elsewhere)).toMatchObject({ message: 'El acuerdo se registra al marcar la postulación como «Acuerdo firmado», desde «Due diligence».' })
    // Nor in bulk: each deal has its own figures.
    const bulk = await h.call('POST', '/bulk/apply', { as: admin, body: { filter: { stage: 'due_diligence' }, action: { type: 'move', to: 'acuerdo_firmado' }, expected: 1 } })
    expect(bulk.status).toBe(422)
    expect(((await h.reviews.getApplication(id))!).stage).toBe('due_diligence')
    const { rate_card_versions: _v, rate_card_items: _i, audit_log: _a, ...rest } = h.snapshot()
    const { rate_card_versions: _v0, rate_card_items: _i0, audit_log: _a0, ...restBefore } = before
    expect(rest).toEqual(restBefore)
  })

  it('records the deal with the move, shows it to admins only (audited), and lets an admin correct it, audited with the fields', async () => {
    const { h, admin, reviewer, id } = await setUp()
    const card = await publishedCard(h, admin)
    const signed = await sign(h, admin, id, { ...DEAL_BODY, rateCardVersionId: card.id })
    expect(signed.status).toBe(200)
    expect(await json(signed)).toMatchObject({ stage: 'acuerdo_firmado' })

    const read = await json<{ deal: Deal; memberNames: Record<string, string> }>(await h.call('GET', `/applications/${id}/deal`, { as: admin }))
    expect(read.deal).toMatchObject({
      applicationId: id,
      ...DEAL_BODY_TERMS,
      rateCardVersionId: card.id,
      rateCardVersionNumber: 1,
      signedBy: admin.member.id,
    })
    expect(read.memberNames).toEqual({ [admin.member.id]: admin.member.name })
    // A reviewer sees no deal at all (ADR 0159).
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/deal` }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'PUT', path: `/applications/${id}/deal`, body: DEAL_BODY }, reviewer, 403, 'forbidden')

    // A bad correction changes nothing.
    await expectRefused(h, { method: 'PUT', path: `/applications/${id}/deal`, body: { ...DEAL_BODY, windowMonths: 5 } }, admin, 422, 'invalid')
    const corrected = await h.call('PUT', `/applications/${id}/deal`, { as: admin, body: { ...DEAL_BODY, rateCardVersionId: card.id, equityPercent: '5', windowMonths: 12 } })
    expect(corrected.status).toBe(200)
    expect((await json<{ deal: Deal }>(corrected)).deal).toMatchObject({ equityBp: 500, windowMonths: 12, rateCardVersionId: card.id })

    const audit = (await h.reviews.listAudit(1, 100, { applicationId: id })).items
    const byAction = (a: string) => audit.filter((e) => e.action === a)
    expect(byAction('deal.recorded')).toMatchObject([{ member: { id: admin.member.id }, detail: { rateCardVersion: 1 } }])
    expect(byAction('deal.corrected')).toMatchObject([{ detail: { fields: ['equityBp', 'windowMonths'] } }])
    expect(byAction('deal.viewed')).toHaveLength(1)
  })

  it('has no deal to correct on an application never signed (404, in Spanish), and a GET where a POST is meant does nothing', async () => {
    const { h, admin, id } = await setUp()
    const res = await h.call('PUT', `/applications/${id}/deal`, { as: admin, body: DEAL_BODY })
    expect(res.status).toBe(404)
    expect(await json(res)).toMatchObject({ error: 'no_deal', message: expect.stringContaining('no tiene un acuerdo registrado') })
    expect(await json(await h.call('GET', `/applications/${id}/deal`, { as: admin }))).toEqual({ deal: null, memberNames: {} })
    const card = await json<{ version: RateCardVersion }>(await h.call('POST', '/rate-cards', { as: admin, body: { items: [{ outlet: 'consultoria', format: 'Sesión', unitPriceCop: '1' }] } }))
    await expectRefused(h, { method: 'GET', path: `/rate-cards/${card.version.id}/publish` }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/transitions` }, admin, 404, 'not_found')
  })

  it('refuses a member with a declared conflict the deal, like everything under the application', async () => {
    const { h, admin, id } = await setUp()
    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: id, kind: 'personal', note: '' } })).status).toBe(201)
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/deal` }, admin, 403, 'conflict_of_interest')
    await expectRefused(h, { method: 'PUT', path: `/applications/${id}/deal`, body: DEAL_BODY }, admin, 403, 'conflict_of_interest')
    await expectRefused(h, { method: 'POST', path: `/applications/${id}/transitions`, body: { from: 'due_diligence', to: 'acuerdo_firmado', deal: DEAL_BODY } }, admin, 403, 'conflict_of_interest')
  })
})

describe("the deal's «Responsable» (ADR 0162)", () => {
  it('names an active member without a conflict, or nobody, audited; refuses anyone else in Spanish, a reviewer, and an application never signed', async () => {
    const { h, admin, reviewer, id } = await setUp()
    const owner = path(id)
    await expectRefused(h, { method: 'PUT', path: owner, body: { memberId: admin.member.id } }, admin, 404, 'no_deal')
    expect((await sign(h, admin, id, DEAL_BODY)).status).toBe(200)

    const named = await h.call('PUT', owner, { as: admin, body: { memberId: reviewer.member.id } })
    expect(named.status).toBe(200)
    expect(await json(named)).toMatchObject({ deal: { ownerId: reviewer.member.id }, memberNames: { [reviewer.member.id]: reviewer.member.name } })
    await expectRefused(h, { method: 'PUT', path: owner, body: { memberId: crypto.randomUUID() } }, admin, 422, 'invalid')
    const unknown = await h.call('PUT', owner, { as: admin, body: { memberId: crypto.randomUUID() } })
    expect(await json(unknown)).toMatchObject({ message: 'Elige a una persona activa del equipo.', issues: [{ path: 'memberId' }] })
    await expectRefused(h, { method: 'PUT', path: owner, body: { memberId: 'ana' } }, admin, 422, 'invalid')
    await expectRefused(h, { method: 'PUT', path: owner, body: { memberId: admin.member.id } }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'GET', path: owner }, admin, 404, 'not_found')

    // A member who declared a conflict with the application is never its «Responsable».
    const other = await h.signIn(await h.addMember({ role: 'admin' }))
    expect((await h.call('POST', '/conflicts', { as: other, body: { applicationId: id, kind: 'personal', note: '' } })).status).toBe(201)
    const conflicted = await h.call('PUT', owner, { as: admin, body: { memberId: other.member.id } })
    expect(conflicted.status).toBe(422)
    expect(await json(conflicted)).toMatchObject({ message: 'Esa persona declaró un conflicto de interés con esta postulación: elige a otra.' })

    expect((await json<{ deal: Deal }>(await h.call('PUT', owner, { as: admin, body: { memberId: null } }))).deal.ownerId).toBeNull()
    const audit = (await h.reviews.listAudit(1, 100, { applicationId: id })).items.filter((e) => e.action === 'deal.owner_set')
    expect(audit.map((e) => e.detail).reverse()).toEqual([{ owner: reviewer.member.id }, { owner: null }])
  })
})

const path = (id: string) => `/applications/${id}/deal/owner`

describe('the rate card', () => {
  it('starts empty; drafts are edited and published; a published version is never edited; bad lines say which and why', async () => {
    const { h, admin, reviewer } = await setUp()
    expect(await json(await h.call('GET', '/rate-cards', { as: admin }))).toEqual({ versions: [], memberNames: {} })

    const badLines = await h.call('POST', '/rate-cards', {
      as: admin,
      body: { items: [{ outlet: 'radio_regional', format: 'Cuña 30"', unitPriceCop: '-800.000' }, { outlet: 'radio_regional', format: '', unitPriceCop: '1' }] },
    })
    expect(badLines.status).toBe(422)
    expect(await json(badLines)).toMatchObject({
      message: 'Revisa las 2 líneas marcadas del tarifario.',
      issues: [
        { path: 'items.0', message: 'El precio unitario no puede ser negativo.' },
        { path: 'items.1', message: 'Escribe el formato (hasta 120 caracteres).' },
      ],
    })
    expect(h.snapshot().rate_card_versions).toEqual([])

    const { version } = await json<{ version: RateCardVersion }>(await h.call('POST', '/rate-cards', { as: admin, body: { items: [] } }))
    expect(version).toMatchObject({ number: 1, status: 'draft', items: [] })
    expect(await json(await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} }))).toMatchObject({ message: 'Agrega al menos una línea antes de publicar el tarifario.' })
    const edited = await h.call('PUT', `/rate-cards/${version.id}`, { as: admin, body: { note: 'Radio', items: [{ outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: '800.000' }] } })
    expect((await json<{ version: RateCardVersion }>(edited)).version.items).toMatchObject([{ outlet: 'radio_regional', unitPriceCop: 800_000 }])
    expect((await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} })).status).toBe(200)

    await expectRefused(h, { method: 'PUT', path: `/rate-cards/${version.id}`, body: { items: [{ outlet: 'radio_regional', format: 'Mención', unitPriceCop: '1' }] } }, admin, 409, 'published')
    await expectRefused(h, { method: 'POST', path: `/rate-cards/${version.id}/publish`, body: {} }, admin, 409, 'published')
    await expectRefused(h, { method: 'GET', path: '/rate-cards' }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'POST', path: '/rate-cards', body: { items: [] } }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'POST', path: '/rate-cards', body: { items: [] } }, null, 401, 'unauthenticated')
    await expectRefused(h, { method: 'POST', path: '/rate-cards', body: { items: [] } }, admin, 403, 'csrf', { origin: 'https://evil.example' })
  })
})
