/**
 * The media plan and its ledger from the outside (ADRs 0160-0161):
 * through the real workspace API (session, CSRF, conflict guard, admin
 * guard) on the real store. An admin builds the plan from the deal's rate
 * card, records what ran with its proof, a miss and its make-good, and reads
 * the balances; every refusal says why in Spanish and changes nothing.
 */
import { describe, expect, it } from 'vitest'
import type { RateCardVersion } from '../../../domain/workspace-api/deals.ts'
import type { FollowUpAnswer } from '../../../domain/workspace-api/follow-up.ts'
import type { BehindDeals, MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const openHarness = harnessPerTest(workspaceHarness)
const json = async <T>(res: Response) => (await res.json()) as T

async function publishedCard(h: WorkspaceHarness, admin: SignedIn): Promise<RateCardVersion> {
  const created = await h.call('POST', '/rate-cards', {
    as: admin,
    body: {
      items: [
        { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: '12.000.000' },
        { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: '800.000' },
      ],
    },
  })
  const { version } = await json<{ version: RateCardVersion }>(created)
  expect((await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} })).status).toBe(200)
  return version
}

const signed = (h: WorkspaceHarness, admin: SignedIn, rateCardVersionId: string | null) => signedThroughApi(h, admin, { rateCardVersionId })

/** A small PDF (its magic bytes and trailer): what the content check recognizes. */
const PDF = (() => {
  const bytes = new Uint8Array(2048).fill(0x20)
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0)
  bytes.set(new TextEncoder().encode('\n%%EOF\n'), 2048 - 7)
  return bytes
})()

const LINE = { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '10', flightFrom: '2027-02-01', flightTo: '2027-04-30', notes: 'Franja prime' }

/** Two signed startups (window from 15 Jan 2027, 9 months, $ 1.500 M), one unsigned; the clock on 15 March 2027. */
async function setUp() {
  const h = await openHarness()
  const first = await h.signIn(await h.addMember({ role: 'admin' }))
  const card = await publishedCard(h, first)
  const one = await signed(h, first, card.id)
  const other = await signed(h, first, card.id)
  const unsigned = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(unsigned)
  h.advance(new Date('2027-03-15T15:00:00.000Z').getTime() - h.now().getTime())
  const admin = await h.signIn(first.member)
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  return { h, admin, reviewer, one, other, unsigned: unsigned.application }
}

const plan = async (h: WorkspaceHarness, as: SignedIn, id: string) => (await json<MediaPlanAnswer>(await h.call('GET', `/applications/${id}/media-plan`, { as }))).plan!
const post = (h: WorkspaceHarness, as: SignedIn, id: string, what: 'lines' | 'entries', body: unknown) => h.call('POST', `/applications/${id}/media-plan/${what}`, { as, body })

describe('the media plan in the workspace', () => {
  it('builds the plan from the rate card, records a ran spot with its proof and a miss with its make-good, and shows the balances, audited', async () => {
    const { h, admin, one } = await setUp()
    const empty = await plan(h, admin, one.id)
    expect(empty).toMatchObject({ mediaValueCop: 1_500_000_000, windowStart: '2027-01-15', windowEnd: '2027-10-14', rateCardVersionNumber: 1, lines: [], entries: [], today: '2027-03-15' })
    expect(empty.rateCard.map((i) => i.format)).toEqual(['Spot 30" por franja', 'Cuña 30" por región'])

    const added = await post(h, admin, one.id, 'lines', LINE)
    expect(added.status).toBe(201)
    const withLine = (await json<MediaPlanAnswer>(added)).plan!
    expect(withLine.lines).toMatchObject([{ number: 1, units: 10, unitPriceCop: 12_000_000, notes: 'Franja prime', createdBy: admin.member.id }])
    const lineId = withLine.lines[0]!.id

    expect((await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day: '2027-02-10', units: '3', proofUrl: 'https://canal.example.com/pauta/123' })).status).toBe(201)
    const missed = await json<MediaPlanAnswer>(await post(h, admin, one.id, 'entries', { lineId, kind: 'missed', day: '2027-02-17', units: '1', reason: 'Transmisión especial' }))
    const missId = missed.plan!.entries.find((x) => x.kind === 'missed')!.id
    const made = await post(h, admin, one.id, 'entries', { lineId, kind: 'make_good', day: '2027-02-24', units: '1', makeGoodFor: missId, proofUrl: 'https://canal.example.com/pauta/124' })
    expect(made.status).toBe(201)
    const final = await json<MediaPlanAnswer>(made)
    expect(final.plan!.balances).toMatchObject({ committed: 1_500_000_000, placed: 120_000_000, ran: 48_000_000, missed: 0, forfeited: 0, unplaced: 1_380_000_000, remaining: 1_452_000_000 })
    expect(final.plan!.pacing.valueShare).toBeCloseTo(48 / 1500)
    // 60 of 273 days gone, 3 % ran: behind by far more than the margin.
    expect(final.plan!.behind).toBe(true)
    expect(final.memberNames).toEqual({ [admin.member.id]: admin.member.name })

    const audit = (await h.reviews.listAudit(1, 100, { applicationId: one.id })).items.filter((e) => e.action.startsWith('media_plan.'))
    expect(audit.map((e) => [e.action, e.detail]).reverse()).toEqual([
      ['media_plan.viewed', {}],
      ['media_plan.line_added', { line: 1, outlet: 'tv_nacional', units: 10 }],
      ['media_plan.entry_recorded', { line: 1, kind: 'ran', units: 3 }],
      ['media_plan.entry_recorded', { line: 1, kind: 'missed', units: 1 }],
      ['media_plan.entry_recorded', { line: 1, kind: 'make_good', units: 1 }],
    ])
  })

  it("draws what ran behind the follow-up's charts: the days of live ran and make-good entries, never a planned flight or a voided entry", async () => {
    const { h, admin, one, other } = await setUp()
    const mediaDays = async (id: string) => (await json<FollowUpAnswer>(await h.call('GET', `/applications/${id}/follow-up`, { as: admin }))).mediaDays
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    // A planned flight alone is not media that ran.
    expect(await mediaDays(one.id)).toEqual([])
    for (const [day, proof] of [['2027-02-10', 'a'], ['2027-02-11', 'b']] as const) {
      expect((await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day, units: '1', proofUrl: `https://canal.example.com/${proof}` })).status).toBe(201)
    }
    const missId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'entries', { lineId, kind: 'missed', day: '2027-02-17', units: '1', reason: 'Transmisión especial' }))).plan!.entries.at(-1)!.id
    expect((await post(h, admin, one.id, 'entries', { lineId, kind: 'make_good', day: '2027-02-24', units: '1', makeGoodFor: missId, proofUrl: 'https://canal.example.com/c' })).status).toBe(201)
    const wrong = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day: '2027-03-01', units: '1', proofUrl: 'https://canal.example.com/d' }))).plan!.entries.at(-1)!.id
    expect((await post(h, admin, one.id, 'entries', { lineId, kind: 'void', day: '2027-03-02', voids: wrong, reason: 'Se registró en la línea equivocada.' })).status).toBe(201)
    expect(await mediaDays(one.id)).toEqual([
      { from: '2027-02-10', to: '2027-02-11' },
      { from: '2027-02-24', to: '2027-02-24' },
    ])
    // Another deal's ledger is its own.
    expect(await mediaDays(other.id)).toEqual([])
  })

  it('refuses bad input with a Spanish message beside the field and changes nothing: outside the window, beyond the units, units ≤ 0, a format not in the version, another application\'s line', async () => {
    const { h, admin, one, other } = await setUp()
    const line = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', { ...LINE, units: '2' }))).plan!.lines[0]!
    const otherLine = (await json<MediaPlanAnswer>(await post(h, admin, other.id, 'lines', LINE))).plan!.lines[0]!

    const cases: [string, 'lines' | 'entries', unknown, string, string][] = [
      ['outside the window', 'lines', { ...LINE, flightTo: '2027-12-31' }, 'flightTo', 'El vuelo debe estar dentro de la ventana de exposición del acuerdo, del 15 de enero de 2027 al 14 de octubre de 2027.'],
      ['units 0', 'lines', { ...LINE, units: '0' }, 'units', 'Las unidades deben ser al menos 1.'],
      ['format not in the version', 'lines', { ...LINE, format: 'Spot 60"' }, 'format', 'Ese formato no está en la versión 1 del tarifario del acuerdo para TV nacional: elige uno de la lista.'],
      ['ran beyond the units', 'entries', { lineId: line.id, kind: 'ran', day: '2027-02-10', units: '3', proofUrl: 'https://canal.example.com/a' }, 'units', 'La línea tiene 2 unidades por emitir: no se pueden emitir más.'],
      ['ran without proof', 'entries', { lineId: line.id, kind: 'ran', day: '2027-02-10', units: '1' }, 'proofUrl', 'Pega el enlace de la prueba de emisión (empieza con https://) o sube el archivo.'],
      ['negative units', 'entries', { lineId: line.id, kind: 'missed', day: '2027-02-10', units: '-1', reason: 'x' }, 'units', 'Las unidades deben ser al menos 1.'],
      ["another application's line", 'entries', { lineId: otherLine.id, kind: 'ran', day: '2027-02-10', units: '1', proofUrl: 'https://canal.example.com/a' }, 'lineId', 'Esa línea no es del plan de medios de esta postulación.'],
      ['a day to come', 'entries', { lineId: line.id, kind: 'ran', day: '2027-03-16', units: '1', proofUrl: 'https://canal.example.com/a' }, 'day', 'Ese día todavía no llega: se registra lo que ya pasó.'],
    ]
    for (const [name, what, body, path, message] of cases) {
      const before = h.snapshot()
      const res = await post(h, admin, one.id, what, body)
      expect(res.status, name).toBe(422)
      const answer = await json<{ error: string; message: string; issues: { path: string; message: string }[] }>(res)
      expect(answer.error, name).toBe('invalid')
      expect(answer.issues.find((i) => i.path === path)?.message, name).toBe(message)
      expect(h.snapshot(), name).toEqual(before)
    }
    // A body that is no entry at all: refused by the schema, in Spanish, nothing written.
    await expectRefused(h, { method: 'POST', path: `/applications/${one.id}/media-plan/entries`, body: { lineId: line.id, kind: 'emitido', day: '2027-02-10' } }, admin, 422, 'invalid')
    await expectRefused(h, { method: 'POST', path: `/applications/${one.id}/media-plan/lines`, body: 'no' }, admin, 422, 'invalid')
  })

  it('refuses without a session, from another origin, a reviewer, a member with a conflict, and a GET where a POST is meant', async () => {
    const { h, admin, reviewer, one } = await setUp()
    const line = { method: 'POST', path: `/applications/${one.id}/media-plan/lines`, body: LINE }
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    const withdrawal = { method: 'POST', path: `/applications/${one.id}/media-plan/lines/${lineId}/withdrawal`, body: { reason: 'Duplicada' } }
    for (const write of [line, withdrawal]) {
      await expectRefused(h, write, null, 401, 'unauthenticated')
      await expectRefused(h, write, admin, 403, 'csrf', { origin: 'https://evil.example' })
      await expectRefused(h, write, reviewer, 403, 'forbidden')
    }
    await expectRefused(h, { method: 'GET', path: withdrawal.path }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${one.id}/media-plan` }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'GET', path: `/applications/${one.id}/media-plan/lines` }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${one.id}/media-plan/entries` }, admin, 404, 'not_found')
    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: one.id, kind: 'personal', note: '' } })).status).toBe(201)
    await expectRefused(h, { method: 'GET', path: `/applications/${one.id}/media-plan` }, admin, 403, 'conflict_of_interest')
    await expectRefused(h, line, admin, 403, 'conflict_of_interest')
    await expectRefused(h, withdrawal, admin, 403, 'conflict_of_interest')
    await expectRefused(h, { method: 'POST', path: `/applications/${one.id}/media-plan/entries`, body: { lineId: crypto.randomUUID(), kind: 'booked', day: '2027-02-01', units: '1' } }, admin, 403, 'conflict_of_interest')
  })

  it('records a ran spot with its proof as a file (PDF), downloadable by an admin as an attachment, audited; a file that is no PDF or image is refused and nothing is stored', async () => {
    const { h, admin, one, other } = await setUp()
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    const withFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string, over: Record<string, string> = {}) => {
      const form = new FormData()
      for (const [k, v] of Object.entries({ lineId, kind: 'ran', day: '2027-02-10', units: '1', proofUrl: '', reason: '', makeGoodFor: '', toLineId: '', voids: '', ...over })) form.append(k, v)
      form.append('proofFile', new File([bytes], name, { type }))
      return form
    }

    // Refused before anything is written: an executable renamed .pdf, a text file, an empty file, a file on a miss.
    const exe = new Uint8Array(1024)
    exe.set([0x4d, 0x5a], 0)
    new DataView(exe.buffer).setUint32(0x3c, 0x80, true)
    exe.set([0x50, 0x45, 0, 0], 0x80)
    const refusals: [string, FormData, string][] = [
      ['an .exe renamed .pdf', withFile(exe, 'pauta.pdf', 'application/pdf'), 'Este archivo no es un PDF ni una imagen (JPG, PNG o WebP): sube la prueba en uno de esos formatos o pega el enlace.'],
      ['a text file', withFile(new TextEncoder().encode('emitido el 10 de febrero\n'), 'pauta.txt', 'text/plain'), 'Este archivo no es un PDF ni una imagen (JPG, PNG o WebP): sube la prueba en uno de esos formatos o pega el enlace.'],
      ['an empty file', withFile(new Uint8Array(0), 'pauta.pdf', 'application/pdf'), 'El archivo de la prueba está vacío.'],
      ['a file on a miss', withFile(PDF, 'pauta.pdf', 'application/pdf', { kind: 'missed', reason: 'Fútbol' }), 'El archivo de la prueba va solo con lo que salió al aire o con una reposición.'],
    ]
    for (const [name, form, message] of refusals) {
      const before = h.snapshot()
      const res = await h.call('POST', `/applications/${one.id}/media-plan/entries`, { as: admin, body: form })
      expect(res.status, name).toBe(422)
      const answer = await json<{ error: string; issues: { path: string; message: string }[] }>(res)
      expect(answer.issues, name).toEqual([{ path: 'proofFile', message }])
      expect(h.snapshot(), name).toEqual(before)
      expect(before.media_plan_proofs, name).toEqual([])
      expect(before.media_plan_entries, name).toEqual([])
    }

    const res = await h.call('POST', `/applications/${one.id}/media-plan/entries`, { as: admin, body: withFile(PDF, 'Pauta febrero.pdf', 'application/pdf') })
    expect(res.status).toBe(201)
    const ran = (await json<MediaPlanAnswer>(res)).plan!.entries[0]!
    expect(ran).toMatchObject({ kind: 'ran', units: 1, proofUrl: null, proofFileName: 'Pauta febrero.pdf' })
    expect(h.snapshot().media_plan_proofs).toHaveLength(1)
    const proofPath = `/applications/${one.id}/media-plan/proofs/${ran.proofDocumentId!}`

    const file = await h.call('GET', proofPath, { as: admin })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toContain('attachment;')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)
    expect((await h.reviews.listAudit(1, 100, { applicationId: one.id })).items.filter((e) => e.action === 'media_plan.proof_downloaded')).toHaveLength(1)
    // Not under another application's id.
    await expectRefused(h, { method: 'GET', path: `/applications/${other.id}/media-plan/proofs/${ran.proofDocumentId!}` }, admin, 404, 'not_found')

    // The titular's copy names it; deleting the titular deletes it.
    const email = one.formData.email
    const exported = JSON.parse(await (await h.call('POST', '/data-requests/export', { as: admin, body: { email, format: 'json' } })).text()) as { mediaPlan: unknown }[]
    expect(exported[0]!.mediaPlan).toMatchObject({ entries: [{ line: 1, kind: 'ran', proofUrl: null, proofFile: 'Pauta febrero.pdf' }] })
    expect((await h.call('POST', '/data-requests/delete', { as: admin, body: { email, confirm: email } })).status).toBe(200)
    expect(h.snapshot().media_plan_proofs).toEqual([])
  })

  it("refuses a proof file's upload and download without a session, from another origin, to a reviewer, to a member with a conflict, and a GET where a POST is meant", async () => {
    const { h, admin, reviewer, one } = await setUp()
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    const form = new FormData()
    for (const [k, v] of Object.entries({ lineId, kind: 'ran', day: '2027-02-10', units: '1' })) form.append(k, v)
    form.append('proofFile', new File([PDF], 'pauta.pdf', { type: 'application/pdf' }))
    const upload = { method: 'POST', path: `/applications/${one.id}/media-plan/entries`, body: form }
    const ran = (await json<MediaPlanAnswer>(await h.call('POST', upload.path, { as: admin, body: form }))).plan!.entries[0]!
    const download = { method: 'GET', path: `/applications/${one.id}/media-plan/proofs/${ran.proofDocumentId!}` }
    await expectRefused(h, upload, null, 401, 'unauthenticated')
    await expectRefused(h, download, null, 401, 'unauthenticated')
    await expectRefused(h, upload, admin, 403, 'csrf', { origin: 'https://evil.example' })
    await expectRefused(h, upload, reviewer, 403, 'forbidden')
    await expectRefused(h, download, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'POST', path: download.path, body: {} }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${one.id}/media-plan/proofs/${crypto.randomUUID()}` }, admin, 404, 'not_found')
    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: one.id, kind: 'personal', note: '' } })).status).toBe(201)
    await expectRefused(h, upload, admin, 403, 'conflict_of_interest')
    await expectRefused(h, download, admin, 403, 'conflict_of_interest')
  })

  it('has no plan without a deal: null to read, 404 to write, nothing audited', async () => {
    const { h, admin, unsigned } = await setUp()
    expect(await json(await h.call('GET', `/applications/${unsigned.id}/media-plan`, { as: admin }))).toEqual({ plan: null, memberNames: {} })
    await expectRefused(h, { method: 'POST', path: `/applications/${unsigned.id}/media-plan/lines`, body: LINE }, admin, 404, 'no_deal')
    await expectRefused(h, { method: 'POST', path: `/applications/${crypto.randomUUID()}/media-plan/lines`, body: LINE }, admin, 404, 'not_found')
    expect((await h.reviews.listAudit(1, 100, { applicationId: unsigned.id })).items.filter((e) => e.action.startsWith('media_plan.'))).toEqual([])
  })

  it("corrects by a void, and the titular's Ley 1581 export carries the plan with every entry; deleting the titular deletes it", async () => {
    const { h, admin, one } = await setUp()
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    const ran = await json<MediaPlanAnswer>(await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day: '2027-02-10', units: '2', proofUrl: 'https://canal.example.com/a' }))
    const ranId = ran.plan!.entries[0]!.id
    const voided = await post(h, admin, one.id, 'entries', { lineId, kind: 'void', day: '2027-03-15', voids: ranId, reason: 'Era de otra franja' })
    expect(voided.status).toBe(201)
    expect((await json<MediaPlanAnswer>(voided)).plan!.balances.ran).toBe(0)
    const twice = await post(h, admin, one.id, 'entries', { lineId, kind: 'void', day: '2027-03-15', voids: ranId, reason: 'otra vez' })
    expect(await json(twice)).toMatchObject({ message: 'Ese registro ya está anulado.' })

    const email = one.formData.email
    const exported = JSON.parse(await (await h.call('POST', '/data-requests/export', { as: admin, body: { email, format: 'json' } })).text()) as { mediaPlan: unknown }[]
    expect(exported[0]!.mediaPlan).toMatchObject({
      lines: [{ number: 1, outlet: 'tv_nacional', units: 10, unitPriceCop: 12_000_000, flightFrom: '2027-02-01', flightTo: '2027-04-30' }],
      entries: [
        { line: 1, kind: 'ran', units: 2, proofUrl: 'https://canal.example.com/a', voids: null },
        { line: 1, kind: 'void', voids: ranId, reason: 'Era de otra franja' },
      ],
    })
    expect(JSON.stringify(exported)).not.toContain(admin.member.id)
    expect((await h.call('POST', '/data-requests/delete', { as: admin, body: { email, confirm: email } })).status).toBe(200)
    const left = h.snapshot()
    expect(left.media_plan_lines).toEqual([])
    expect(left.media_plan_entries).toEqual([])
  })

  it('voiding an entry and withdrawing a line are two actions (issue 32): a void naming no entry is refused and the line stays; a withdrawal is its own route, only for a line with nothing but bookings, audited as such', async () => {
    const { h, admin, reviewer, one, other } = await setUp()
    // A line worth $ 180.000.000 (15 spots at $ 12 M), as in the issue.
    const planned = await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', { ...LINE, units: '15' }))
    const lineId = planned.plan!.lines[0]!.id
    const before = h.snapshot()
    const routine = await post(h, admin, one.id, 'entries', { lineId, kind: 'void', day: '2027-03-15', voids: null, reason: 'Corrección de rutina' })
    expect(routine.status).toBe(422)
    expect(await json(routine)).toMatchObject({ error: 'invalid', issues: [{ path: 'voids', message: 'Elige el registro que se anula. Retirar la línea del plan es otra acción: «Retirar la línea».' }] })
    expect(h.snapshot()).toEqual(before)
    expect((await plan(h, admin, one.id)).balances.placed).toBe(180_000_000)

    const withdrawal = (id: string, line: string) => `/applications/${id}/media-plan/lines/${line}/withdrawal`
    // A reason is required; a line with something that ran is not withdrawn; a line of another deal is not this deal's.
    await expectRefused(h, { method: 'POST', path: withdrawal(one.id, lineId), body: { reason: ' ' } }, admin, 422, 'invalid')
    await expectRefused(h, { method: 'POST', path: withdrawal(one.id, lineId), body: { reason: 'Duplicada' } }, reviewer, 403, 'forbidden')
    const otherLine = (await json<MediaPlanAnswer>(await post(h, admin, other.id, 'lines', LINE))).plan!.lines[0]!.id
    await expectRefused(h, { method: 'POST', path: withdrawal(one.id, otherLine), body: { reason: 'Duplicada' } }, admin, 422, 'invalid')
    const ranLine = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', { ...LINE, units: '1' }))).plan!.lines[1]!.id
    expect((await post(h, admin, one.id, 'entries', { lineId: ranLine, kind: 'ran', day: '2027-03-01', units: '1', proofUrl: 'https://canal.example.com/x' })).status).toBe(201)
    const refused = await h.call('POST', withdrawal(one.id, ranLine), { as: admin, body: { reason: 'Duplicada' } })
    expect(refused.status).toBe(422)
    expect(await json(refused)).toMatchObject({ issues: [{ path: 'lineId', message: 'La línea ya tiene registros: anula primero cada uno, o mueve o da por perdido lo que queda.' }] })

    const withdrawn = await h.call('POST', withdrawal(one.id, lineId), { as: admin, body: { reason: 'La línea se agregó dos veces.' } })
    expect(withdrawn.status).toBe(201)
    const after = (await json<MediaPlanAnswer>(withdrawn)).plan!
    expect(after.entries.at(-1)).toMatchObject({ lineId, kind: 'void', voids: null, units: 0, day: '2027-03-15', reason: 'La línea se agregó dos veces.', recordedBy: admin.member.id })
    expect(after.balances.placed).toBe(12_000_000)
    await expectRefused(h, { method: 'POST', path: withdrawal(one.id, lineId), body: { reason: 'otra vez' } }, admin, 422, 'invalid')
    const audit = (await h.reviews.listAudit(1, 100, { applicationId: one.id })).items.filter((e) => e.action === 'media_plan.line_withdrawn')
    expect(audit).toMatchObject([{ member: { id: admin.member.id }, detail: { line: 1, kind: 'void', units: 0 } }])
  })

  it('lists on «Acuerdos atrasados» the deals behind their pace (audited); a conflicted one by its reference only; reviewers refused', async () => {
    const { h, admin, reviewer, one, other } = await setUp()
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    // 10 spots of $ 12 M ran: 8 % of the value with 22 % of the window gone, within the 15-point margin.
    expect((await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day: '2027-03-01', units: '10', proofUrl: 'https://canal.example.com/a' })).status).toBe(201)
    const behind = await json<BehindDeals>(await h.call('GET', '/media-plans/behind', { as: admin }))
    expect(behind).toMatchObject({ today: '2027-03-15', deals: 2 })
    expect(behind.items).toEqual([
      {
        applicationId: other.id,
        reference: other.reference,
        tradeName: other.formData.tradeName,
        conflicted: false,
        committed: 1_500_000_000,
        ran: 0,
        remaining: 1_500_000_000,
        pacing: { valueShare: 0, windowShare: 60 / 273, behindPoints: 22, lastMonth: false },
        windowEnd: '2027-10-14',
      },
    ])
    const audit = (await h.reviews.listAudit(1, 100, {})).items.filter((e) => e.action === 'media_plan.portfolio_viewed')
    expect(audit).toMatchObject([{ member: { id: admin.member.id }, detail: { deals: 2, behind: 1 } }])

    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: other.id, kind: 'personal', note: '' } })).status).toBe(201)
    const conflicted = await json<BehindDeals>(await h.call('GET', '/media-plans/behind', { as: admin }))
    expect(conflicted.items).toEqual([{ applicationId: other.id, reference: other.reference, tradeName: '', conflicted: true, committed: null, ran: null, remaining: null, pacing: null, windowEnd: null }])
    await expectRefused(h, { method: 'GET', path: '/media-plans/behind' }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'GET', path: '/media-plans/behind' }, null, 401, 'unauthenticated')
  })

  it('refuses a proof link to an address, a machine or a network that is not a public site (422 in Spanish, nothing written; ADR 0203)', async () => {
    const { h, admin, one } = await setUp()
    const lineId = (await json<MediaPlanAnswer>(await post(h, admin, one.id, 'lines', LINE))).plan!.lines[0]!.id
    const hostile = [
      'https://127.0.0.1/pauta',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/',
      'https://192.168.0.10/',
      'https://100.64.0.1/',
      'https://[::1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/',
      'https://intranet/',
      'https://servidor.local/',
      'https://api.internal/',
      'https://router.home.arpa/',
    ]
    for (const proofUrl of hostile) {
      const before = h.snapshot()
      const res = await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day: '2027-02-10', units: '1', proofUrl })
      expect(res.status, proofUrl).toBe(422)
      const answer = await json<{ issues: { path: string; message: string }[] }>(res)
      expect(answer.issues.find((i) => i.path === 'proofUrl')?.message, proofUrl).toMatch(/^El enlace de la prueba debe ser una dirección pública de internet/)
      expect(h.snapshot(), proofUrl).toEqual(before)
    }
    // A public name is taken.
    expect((await post(h, admin, one.id, 'entries', { lineId, kind: 'ran', day: '2027-02-10', units: '1', proofUrl: 'https://www.canal.com.co/pauta/1' })).status).toBe(201)
  })
})
