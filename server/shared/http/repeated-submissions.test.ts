/**
 * One submission, one write (ADR 0189), from the outside: every
 * form of the workspace that writes to the media plan and its ledger, the
 * deal, the rate card and the panel session sends its key in the
 * Idempotency-Key header; two identical requests under one key, one after
 * the other or at once, write once and both get the first answer; the same
 * key with another body is refused in Spanish and writes nothing; a refused
 * submission corrected goes through under the same key; a key is the
 * member's own.
 */
import { describe, expect, it } from 'vitest'
import type { RateCardVersion } from '../../../domain/workspace-api/deals.ts'
import type { MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import type { PanelState } from '../../../domain/workspace-api/panel.ts'
import { founderMailConfigFrom } from '../../compose.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { panelActions } from '../../features/panel/panel-actions.ts'
import { DEAL_BODY, signedThroughApi } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const openHarness = harnessPerTest(workspaceHarness)
const HOUR = 3_600_000
const REUSED = 'Este formulario ya se envió con otros datos. Recarga la página para ver lo que quedó guardado y vuelve a enviarlo si hace falta.'

/** A form's key, as the workspace's forms make them. */
const newKey = () => crypto.randomUUID()
const rows = (h: WorkspaceHarness, table: string) => (h.snapshot()[table] ?? []).length

/** The same request twice under `key`: one after the other, or both at once. */
async function twice(h: WorkspaceHarness, method: string, path: string, as: SignedIn, body: unknown, key: string, atOnce: boolean): Promise<Response[]> {
  const send = () => h.call(method, path, { as, body, headers: { 'Idempotency-Key': key } })
  if (atOnce) return Promise.all([send(), send()])
  return [await send(), await send()]
}

/** Both answers the same: the first's status and body; the second says it is a replay. */
async function expectOneAnswer(answers: Response[], status: number) {
  const [a, b] = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.text(), replayed: r.headers.get('idempotent-replayed') })))
  expect([a!.status, b!.status], `${a!.body}\n${b!.body}`).toEqual([status, status])
  expect(b!.body).toBe(a!.body)
  expect([a!.replayed, b!.replayed].sort()).toEqual([null, 'true'])
  return JSON.parse(a!.body) as unknown
}

async function publishedCard(h: WorkspaceHarness, admin: SignedIn): Promise<RateCardVersion> {
  const created = await h.call('POST', '/rate-cards', { as: admin, body: { items: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: '12.000.000' }] } })
  const { version } = (await created.json()) as { version: RateCardVersion }
  expect((await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} })).status).toBe(200)
  return version
}

const LINE = { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '10', flightFrom: '2027-02-01', flightTo: '2027-04-30', notes: '' }

/** A startup signed with a published rate card, the clock on 15 March 2027. */
async function signedPlan() {
  const h = await openHarness()
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const card = await publishedCard(h, admin)
  const app = await signedThroughApi(h, admin, { rateCardVersionId: card.id })
  h.advance(new Date('2027-03-15T15:00:00.000Z').getTime() - h.now().getTime())
  return { h, admin: await h.signIn(admin.member), app }
}

describe('one write per submission in the workspace', () => {
  it('«Agregar línea» twice (a second click), then twice at once: one line each time, both answered with the first answer', async () => {
    const { h, admin, app } = await signedPlan()
    const path = `/applications/${app.id}/media-plan/lines`
    const first = (await expectOneAnswer(await twice(h, 'POST', path, admin, LINE, newKey(), false), 201)) as MediaPlanAnswer
    expect(first.plan!.lines).toHaveLength(1)
    expect(rows(h, 'media_plan_lines')).toBe(1)
    await expectOneAnswer(await twice(h, 'POST', path, admin, { ...LINE, units: '2' }, newKey(), true), 201)
    expect(rows(h, 'media_plan_lines')).toBe(2)
    // Without a key (another client), each request is its own.
    expect((await h.call('POST', path, { as: admin, body: { ...LINE, units: '1' } })).status).toBe(201)
    expect(rows(h, 'media_plan_lines')).toBe(3)
  })

  it('«Guardar registro» twice at once records the entry once; as a form with its proof file too (a new boundary each time)', async () => {
    const { h, admin, app } = await signedPlan()
    const lineId = ((await (await h.call('POST', `/applications/${app.id}/media-plan/lines`, { as: admin, body: LINE })).json()) as MediaPlanAnswer).plan!.lines[0]!.id
    const path = `/applications/${app.id}/media-plan/entries`
    const ran = { lineId, kind: 'ran', day: '2027-03-01', units: '2', proofUrl: 'https://canal.example.com/pauta/1' }
    const answer = (await expectOneAnswer(await twice(h, 'POST', path, admin, ran, newKey(), true), 201)) as MediaPlanAnswer
    expect(answer.plan!.entries).toHaveLength(1)
    expect(rows(h, 'media_plan_entries')).toBe(1)
    expect((await h.reviews.listAudit(1, 100, { applicationId: app.id })).items.filter((e) => e.action === 'media_plan.entry_recorded')).toHaveLength(1)

    const pdf = new Uint8Array(2048).fill(0x20)
    pdf.set(new TextEncoder().encode('%PDF-1.7\n'), 0)
    pdf.set(new TextEncoder().encode('\n%%EOF\n'), 2048 - 7)
    const form = () => {
      const f = new FormData()
      for (const [k, v] of Object.entries({ lineId, kind: 'ran', day: '2027-03-02', units: '1', proofUrl: '', reason: '', makeGoodFor: '', toLineId: '', voids: '' })) f.append(k, v)
      f.append('proofFile', new File([pdf], 'pauta.pdf', { type: 'application/pdf' }))
      return f
    }
    const key = newKey()
    const sent = await Promise.all([0, 1].map(() => h.call('POST', path, { as: admin, body: form(), headers: { 'Idempotency-Key': key } })))
    await expectOneAnswer(sent, 201)
    expect(rows(h, 'media_plan_entries')).toBe(2)
    expect(rows(h, 'media_plan_proofs')).toBe(1)
  })

  it('refuses the same key with another body in Spanish, writing nothing; a refused entry corrected goes through under its key; a key is the member\'s own', async () => {
    const { h, admin, app } = await signedPlan()
    const other = await h.signIn(await h.addMember({ role: 'admin' }))
    const path = `/applications/${app.id}/media-plan/lines`
    const key = newKey()
    expect((await h.call('POST', path, { as: admin, body: LINE, headers: { 'Idempotency-Key': key } })).status).toBe(201)
    const before = h.snapshot()
    const reused = await h.call('POST', path, { as: admin, body: { ...LINE, units: '3' }, headers: { 'Idempotency-Key': key } })
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ error: 'idempotency_key_reused', message: REUSED })
    expect(h.snapshot()).toEqual(before)
    // Another member's key is theirs, even the same text.
    expect((await h.call('POST', path, { as: other, body: LINE, headers: { 'Idempotency-Key': key } })).status).toBe(201)
    expect(rows(h, 'media_plan_lines')).toBe(2)

    // A refusal (a flight outside the window) keeps nothing under the key: the corrected line is recorded.
    const fix = newKey()
    const refused = await h.call('POST', path, { as: admin, body: { ...LINE, flightTo: '2028-12-31' }, headers: { 'Idempotency-Key': fix } })
    expect(refused.status).toBe(422)
    expect((await h.call('POST', path, { as: admin, body: LINE, headers: { 'Idempotency-Key': fix } })).status).toBe(201)
    expect(rows(h, 'media_plan_lines')).toBe(3)
    // A key that is not one.
    const bad = await h.call('POST', path, { as: admin, body: LINE, headers: { 'Idempotency-Key': 'no es una clave' } })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toContain('clave de envío')
  })

  it('«Acuerdo firmado» with its deal, sent twice at once: one stage change and one deal; the correction and the owner likewise', async () => {
    const h = await openHarness()
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const s = newSubmission({ createdAt: h.now() })
    await h.store.saveSubmission(s)
    const id = s.application.id
    for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel'], ['sesion_panel', 'due_diligence']] as const) {
      expect((await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
    }
    const sign = { from: 'due_diligence', to: 'acuerdo_firmado', missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' }, deal: DEAL_BODY }
    await expectOneAnswer(await twice(h, 'POST', `/applications/${id}/transitions`, admin, sign, newKey(), true), 200)
    expect(h.snapshot().stage_changes!.filter((r) => (r as { to_stage: string }).to_stage === 'acuerdo_firmado')).toHaveLength(1)
    expect(rows(h, 'deals')).toBe(1)

    const key = newKey()
    const corrected = { ...DEAL_BODY, equityPercent: '5' }
    await expectOneAnswer(await twice(h, 'PUT', `/applications/${id}/deal`, admin, corrected, key, true), 200)
    const reused = await h.call('PUT', `/applications/${id}/deal`, { as: admin, body: { ...DEAL_BODY, equityPercent: '6' }, headers: { 'Idempotency-Key': key } })
    expect(reused.status).toBe(422)
    expect((await h.reviews.listAudit(1, 100, { applicationId: id })).items.filter((e) => e.action === 'deal.corrected')).toHaveLength(1)
    await expectOneAnswer(await twice(h, 'PUT', `/applications/${id}/deal/owner`, admin, { memberId: admin.member.id }, newKey(), true), 200)
  })

  it('the rate card: a draft created twice is one draft; published twice, both answered as published', async () => {
    const h = await openHarness()
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const draft = { note: 'Tarifas 2027', items: [{ outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: '800.000' }] }
    const { version } = (await expectOneAnswer(await twice(h, 'POST', '/rate-cards', admin, draft, newKey(), true), 201)) as { version: RateCardVersion }
    expect(rows(h, 'rate_card_versions')).toBe(1)
    await expectOneAnswer(await twice(h, 'PUT', `/rate-cards/${version.id}`, admin, { ...draft, note: 'Tarifas 2027, revisadas' }, newKey(), false), 200)
    await expectOneAnswer(await twice(h, 'POST', `/rate-cards/${version.id}/publish`, admin, {}, newKey(), true), 200)
  })

  it('the panel: an offer saved twice at once is one offer and one e-mail to the founder; cancelled twice, one cancellation', async () => {
    const h = await openHarness()
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const panelist = await h.addMember({ role: 'reviewer' })
    const s = newSubmission({ createdAt: h.now() })
    await h.store.saveSubmission(s)
    const id = s.application.id
    for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel']] as const) {
      expect((await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
    }
    const at = (hours: number) => new Date(h.now().getTime() + hours * HOUR).toISOString()
    const mails = async () => (await h.store.listMessages({ applicationId: id })).length
    const before = await mails()
    const offer = { memberIds: [panelist.id], lengthMinutes: 60, place: { kind: 'video', value: 'https://meet.example/abc' }, times: [at(48), at(72)] }
    const state = (await expectOneAnswer(await twice(h, 'PUT', `/applications/${id}/panel/offer`, admin, offer, newKey(), true), 200)) as PanelState
    expect(rows(h, 'panel_offers')).toBe(1)
    expect(await mails()).toBe(before + 1)

    // The founder books a time (founder/repeated-submissions.test.ts sends it twice from the page), then the team
    // moves and cancels it.
    const actions = panelActions({ store: h.store, founders: { mail: founderMailConfigFrom(h.config) }, now: h.now, cutoffHours: 24 })
    expect((await actions.book(id, state.offer!.times[0]!.id, { kind: 'founder' })).status).toBe('done')
    await expectOneAnswer(await twice(h, 'POST', `/applications/${id}/panel/session/reschedule`, admin, { startsAt: at(96) }, newKey(), true), 200)
    const cancelMails = await mails()
    const cancelled = (await expectOneAnswer(await twice(h, 'POST', `/applications/${id}/panel/session/cancel`, admin, { reason: 'El panel no puede ese día.' }, newKey(), true), 200)) as PanelState
    expect(cancelled.session).toMatchObject({ status: 'cancelled' })
    // One CANCEL to each attendee (the founder and the panelist), not two.
    expect(await mails()).toBe(cancelMails + 2)
  })
})
