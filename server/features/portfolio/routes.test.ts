/**
 * The holdings register and «Portafolio» from the outside (ADR 0215): through the real workspace API
 * (session, CSRF, conflict guard, admin guard) on the real store. A deal signed as a convertible note at
 * 20 % under a cap; spots run (paid rises); a round modelled, then recorded, converting the note; a mark
 * proposed with its evidence and approved by a second admin; the portfolio, its report (.xlsx) and the
 * OCF package. Every refusal says why in Spanish and changes nothing.
 */
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { formatIsoDay as formatIso } from '../../../domain/format.ts'
import type { RateCardVersion } from '../../../domain/workspace-api/deals.ts'
import type { HoldingAnswer, PortfolioAnswer, RoundPreview } from '../../../domain/workspace-api/holdings.ts'
import type { MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { expectRefused } from '../../testing/refused.ts'
import { sendPaymentReminders } from './payment-reminders.ts'
import { founderRecords } from '../review/export-content.ts'
import { ocfProblems } from '../../testing/ocf-validator.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const openHarness = harnessPerTest(workspaceHarness)
const json = async <T>(res: Response) => (await res.json()) as T

/** A small PDF (its magic bytes and trailer): what the content check recognizes. */
const PDF = (() => {
  const bytes = new Uint8Array(2048).fill(0x20)
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0)
  bytes.set(new TextEncoder().encode('\n%%EOF\n'), 2048 - 7)
  return bytes
})()

const ISSUANCE = {
  kind: 'issuance',
  instrument: 'nota_convertible',
  shareClass: 'Ordinarias',
  subscribedCop: '500.000.000',
  discountPercent: '20',
  capCop: '4.000.000.000',
  companyShares: '1.000.000',
  fullyDilutedShares: '1.100.000',
  paymentMode: 'especie_pauta',
  termMonths: '24',
}
const ROUND = { day: '2027-05-03', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000', joined: false }

async function setUp() {
  const h = await openHarness()
  const first = await h.signIn(await h.addMember({ role: 'admin', name: 'Ana Administradora' }))
  const created = await h.call('POST', '/rate-cards', { as: first, body: { items: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: '12.000.000' }] } })
  const card = (await json<{ version: RateCardVersion }>(created)).version
  await h.call('POST', `/rate-cards/${card.id}/publish`, { as: first, body: {} })
  const company = await signedThroughApi(h, first, { rateCardVersionId: card.id, tradeName: 'Café Andino', email: 'fundadora@cafe-andino.example' })
  const other = await signedThroughApi(h, first, { tradeName: 'Agro Llanos' })
  const signedOn = (await json<HoldingAnswer>(await h.call('GET', `/applications/${company.id}/holding`, { as: first }))).holding!.deal.signedOn
  h.advance(new Date('2027-06-01T15:00:00.000Z').getTime() - h.now().getTime())
  const admin = await h.signIn(first.member)
  const second = await h.signIn(await h.addMember({ role: 'admin', name: 'Beatriz Segunda' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  return { h, admin, second, reviewer, company, other, signedOn }
}

const holding = async (h: WorkspaceHarness, as: SignedIn, id: string) => (await json<HoldingAnswer>(await h.call('GET', `/applications/${id}/holding`, { as }))).holding!

async function runSpots(h: WorkspaceHarness, admin: SignedIn, id: string, units: number) {
  const line = await json<MediaPlanAnswer>(await h.call('POST', `/applications/${id}/media-plan/lines`, { as: admin, body: { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '10', flightFrom: '2027-02-01', flightTo: '2027-05-31', notes: '' } }))
  const lineId = line.plan!.lines[0]!.id
  const ran = await h.call('POST', `/applications/${id}/media-plan/entries`, { as: admin, body: { lineId, kind: 'ran', day: '2027-03-10', units: String(units), proofUrl: 'https://canal.example.com/pauta/1' } })
  expect(ran.status).toBe(201)
}

const markForm = (over: Record<string, string> = {}, file: Uint8Array<ArrayBuffer> | null = PDF) => {
  const form = new FormData()
  for (const [k, v] of Object.entries({ method: 'ronda_reciente', day: '2027-05-10', price: '5.000', note: 'Ronda Semilla', ...over })) form.append(k, v)
  if (file) form.append('document', new File([file], 'acta-semilla.pdf', { type: 'application/pdf' }))
  return form
}

describe('the holdings register in the workspace', () => {
  it('a note issued, spots run (paid rises), a round modelled then recorded converts it, a mark approved by a second admin; audited', async () => {
    const { h, admin, second, company, signedOn } = await setUp()
    const id = company.id
    const empty = await holding(h, admin, id)
    // Before the issuance: no figures; the form starts from the deal (a note at 20 %, $ 500.000.000).
    expect(empty.figures).toBeNull()
    expect(empty.issuanceDefaults).toMatchObject({ instrument: 'nota_convertible', discountPercent: '20', subscribedCop: '500000000', day: signedOn, termMonths: '24' })

    const issued = await h.call('POST', `/applications/${id}/holding/events`, { as: admin, body: { ...ISSUANCE, day: signedOn } })
    expect(issued.status).toBe(201)
    expect((await json<HoldingAnswer>(issued)).holding!.payment).toMatchObject({ subscribedCop: 500_000_000, paidCop: 0, unpaidCop: 500_000_000, status: 'paying' })

    // 5 spots of $ 12.000.000 ran: $ 60.000.000 at rate card × 500 / 1.500 = $ 20.000.000 paid.
    await runSpots(h, admin, id, 5)
    expect((await holding(h, admin, id)).payment).toMatchObject({ paidCop: 20_000_000, unpaidCop: 480_000_000 })

    // The pro-forma: $ 5.000 a share; the note converts at the cap, 3.636,3636 (lower than 5.000 × 0,8 = 4.000): 137.500 shares.
    const before = h.snapshot()
    const preview = await h.call('POST', `/applications/${id}/holding/rounds/preview`, { as: admin, body: ROUND })
    expect(preview.status).toBe(200)
    expect(await json<RoundPreview>(preview)).toMatchObject({
      price: '5000',
      newShares: 200_000,
      conversions: [{ price: '3636.3636', shares: 137_500, principalCop: 500_000_000 }],
      after: { shares: 137_500, companyShares: 1_337_500, fullyDilutedShares: 1_437_500, valueCop: 687_500_000 },
    })
    expect(h.snapshot()).toEqual(before)

    const recorded = await h.call('POST', `/applications/${id}/holding/rounds`, { as: admin, body: ROUND })
    expect(recorded.status).toBe(201)
    const after = (await json<HoldingAnswer>(recorded)).holding!
    expect(after.events.map((e) => e.kind)).toEqual(['issuance', 'round', 'conversion'])
    expect(after.figures).toMatchObject({ shares: 137_500, companyShares: 1_337_500, basis: { kind: 'cost' }, costCop: 500_000_000, fairValueCop: 500_000_000 })
    // The subscription's shares are now the conversion's: 20.000.000 of 500.000.000 paid is 5.500 shares.
    expect(after.payment).toMatchObject({ subscribedShares: 137_500, paidShares: 5_500, unpaidShares: 132_000 })

    // A mark: proposed with its evidence; the proposer cannot approve it; a second admin does.
    const proposed = await h.call('POST', `/applications/${id}/holding/marks`, { as: admin, body: markForm() })
    expect(proposed.status).toBe(201)
    const mark = (await json<HoldingAnswer>(proposed)).holding!.marks[0]!
    expect(mark).toMatchObject({ status: 'proposed', price: '5000', documentName: 'acta-semilla.pdf', proposedByName: 'Ana Administradora' })
    await expectRefused(h, { method: 'POST', path: `/applications/${id}/holding/marks/${mark.id}/approve`, body: {} }, admin, 409, 'same_member')
    const approved = await h.call('POST', `/applications/${id}/holding/marks/${mark.id}/approve`, { as: second, body: {} })
    expect(approved.status).toBe(200)
    // 137.500 × 5.000 = 687.500.000; ÷ 500.000.000 = 1,375 → 1,38 (half-up).
    expect((await json<HoldingAnswer>(approved)).holding!.figures).toMatchObject({ fairValueCop: 687_500_000, moic: '1.38', basis: { kind: 'mark', method: 'ronda_reciente', day: '2027-05-10', price: '5000' } })

    // The evidence, downloadable as an attachment.
    const file = await h.call('GET', `/applications/${id}/holding/documents/${mark.documentId}`, { as: second })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('attachment')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)
    // Another application's path does not reach this document, nor does an unknown id.
    const other = (await json<PortfolioAnswer>(await h.call('GET', '/portfolio', { as: second }))).rows.find((r) => r.applicationId !== id)!
    await expectRefused(h, { method: 'GET', path: `/applications/${other.applicationId}/holding/documents/${mark.documentId}` }, second, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/holding/documents/${crypto.randomUUID()}` }, second, 404, 'not_found')

    const audit = h.snapshot().audit_log as { action: string; member_id: string | null }[]
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('holding.'))).toEqual(
      expect.arrayContaining(['holding.viewed', 'holding.event_recorded', 'holding.round_recorded', 'holding.mark_proposed', 'holding.mark_approved', 'holding.document_downloaded']),
    )
  })

  it('«Portafolio»: each holding and totals equal to the sum of the holdings; the report (.xlsx) has the same figures; the OCF package downloads', async () => {
    const { h, admin, company, other, signedOn } = await setUp()
    await h.call('POST', `/applications/${company.id}/holding/events`, { as: admin, body: { ...ISSUANCE, day: signedOn } })
    await h.call('POST', `/applications/${other.id}/holding/events`, {
      as: admin,
      body: { ...ISSUANCE, instrument: 'acciones', shares: '40.000', discountPercent: undefined, capCop: undefined, day: signedOn, subscribedCop: '300.000.000' },
    })
    const p = await json<PortfolioAnswer>(await h.call('GET', '/portfolio', { as: admin }))
    expect(p.quarter).toBe('2.º trimestre de 2027')
    expect(p.rows.map((r) => r.tradeName)).toEqual(expect.arrayContaining(['Café Andino', 'Agro Llanos']))
    expect(p.totals).toMatchObject({ holdings: 2, costCop: 800_000_000, fairValueCop: 800_000_000, subscribedCop: 800_000_000, moic: '1.00' })
    expect(p.byYear.map((g) => [g.key, g.holdings, g.costCop])).toEqual([[signedOn.slice(0, 4), 2, 800_000_000]])
    expect(p.totals.costCop).toBe(p.rows.reduce((a, r) => a + (r.figures?.costCop ?? 0), 0))

    // What another instance records shows at once: the portfolio keeps parsed registers only under their version.
    const written = await openWorkspaceStores(h.store).holdings.append({
      applicationId: other.id,
      document: null,
      memberId: admin.member.id,
      at: h.now(),
      decide: () => ({ events: [{ kind: 'write_off', id: crypto.randomUUID(), day: formatIso(h.now()), note: '', documentId: null }], audit: [] }),
    })
    expect(written.ok).toBe(true)
    const after = await json<PortfolioAnswer>(await h.call('GET', '/portfolio', { as: admin }))
    expect(after.totals).toMatchObject({ costCop: 800_000_000, fairValueCop: 500_000_000 })
    expect(after.rows.find((r) => r.applicationId === other.id)!.figures!.basis.kind).toBe('write_off')

    const report = await h.call('GET', '/portfolio/report.xlsx', { as: admin })
    expect(report.status).toBe(200)
    expect(report.headers.get('content-disposition')).toContain('informe-portafolio-2027-T2.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await report.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = book.getWorksheet('Participaciones')!
    const headers = (sheet.getRow(1).values as unknown[]).slice(1)
    const col = (name: string) => headers.indexOf(name) + 1
    const last = sheet.getRow(sheet.rowCount)
    expect(last.getCell(1).value).toBe('Total del portafolio')
    let sum = 0
    for (let r = 2; r < sheet.rowCount; r++) sum += Number(sheet.getRow(r).getCell(col('Costo (valor invertido)')).value)
    expect(sum).toBe(800_000_000)
    expect(last.getCell(col('Costo (valor invertido)')).value).toBe(sum)
    let fair = 0
    for (let r = 2; r < sheet.rowCount; r++) fair += Number(sheet.getRow(r).getCell(col('Valor razonable')).value)
    expect([fair, last.getCell(col('Valor razonable')).value]).toEqual([500_000_000, 500_000_000])
    expect(book.worksheets.map((w) => w.name)).toEqual(['Participaciones', 'Por medio', 'Por año de firma', 'Por etapa'])

    const ocf = await h.call('GET', `/applications/${company.id}/holding/ocf`, { as: admin })
    expect(ocf.status).toBe(200)
    expect(ocf.headers.get('content-type')).toBe('application/zip')
    const zip = await JSZip.loadAsync(await ocf.arrayBuffer())
    expect(Object.keys(zip.files).sort()).toEqual(expect.arrayContaining(['Manifest.ocf.json', 'Stakeholders.ocf.json', 'StockClasses.ocf.json', 'Transactions.ocf.json']))
    // Every file of the package validates against the standard's schemas.
    for (const name of Object.keys(zip.files)) expect(ocfProblems(JSON.parse(await zip.file(name)!.async('string'))), name).toBeNull()
    const transactions = JSON.parse(await zip.file('Transactions.ocf.json')!.async('string')) as { items: { object_type: string; investment_amount?: { amount: string } }[] }
    expect(transactions.items.map((t) => t.object_type)).toEqual(['TX_CONVERTIBLE_ISSUANCE'])
    const actions = (h.snapshot().audit_log as { action: string }[]).map((a) => a.action)
    expect(actions).toEqual(expect.arrayContaining(['portfolio.viewed', 'portfolio.report_exported', 'holding.exported']))
  })

  it('refuses bad input in Spanish and changes nothing', async () => {
    const { h, admin, company, signedOn } = await setUp()
    const id = company.id
    const events = `/applications/${id}/holding/events`
    // Before the issuance: nothing else joins.
    const down = await h.call('POST', events, { as: admin, body: { kind: 'write_down', day: '2027-05-01', price: '1.000' } })
    expect(down.status).toBe(422)
    expect(await down.json()).toMatchObject({ message: 'Primero registra la emisión al programa: es el primer evento de la participación.' })
    await h.call('POST', events, { as: admin, body: { ...ISSUANCE, instrument: 'acciones', shares: '50.000', discountPercent: undefined, capCop: undefined, day: signedOn } })
    const refusals: [unknown, string, string][] = [
      [{ kind: 'secondary_sale', day: '2027-05-01', shares: '50.001', price: '1.000', buyer: 'Fondo' }, 'message', 'El programa tiene 50.000 acciones: no puede vender más que eso.'],
      [{ kind: 'secondary_sale', day: '2027-05-01', shares: '0', price: '1.000', buyer: 'Fondo' }, 'shares', 'Las acciones vendidas debe ser mayor que 0.'],
      [{ kind: 'write_down', day: '2027-05-01', price: '-3' }, 'price', 'El nuevo precio por acción debe ser mayor que 0.'],
      [{ ...ISSUANCE, day: signedOn, instrument: 'acciones', shares: '1' }, 'message', 'La emisión al programa ya está registrada. Para corregirla, anúlala y regístrala de nuevo.'],
    ]
    for (const [body, where, message] of refusals) {
      const before = h.snapshot()
      const res = await h.call('POST', events, { as: admin, body })
      expect(res.status).toBe(422)
      const out = (await res.json()) as { message: string; issues?: { path: string; message: string }[] }
      if (where === 'message') expect(out.message).toBe(message)
      else expect(out.issues).toContainEqual({ path: where, message })
      expect(h.snapshot()).toEqual(before)
    }
    await h.call('POST', `/applications/${id}/holding/rounds`, { as: admin, body: ROUND })
    // Refused by the preview as by the confirmation.
    for (const path of ['rounds/preview', 'rounds']) {
      const earlier = await h.call('POST', `/applications/${id}/holding/${path}`, { as: admin, body: { ...ROUND, day: '2027-05-02', name: 'Puente' } })
      expect(earlier.status).toBe(422)
      expect(((await earlier.json()) as { message: string }).message).toBe('La ronda no puede tener fecha anterior a la ronda anterior (3 de mayo de 2027).')
    }
    // A mark without evidence; a file that is no document.
    const noEvidence = await h.call('POST', `/applications/${id}/holding/marks`, { as: admin, body: markForm({}, null) })
    expect(((await noEvidence.json()) as { message: string }).message).toBe('Adjunta la evidencia de la valoración (un PDF, una hoja de cálculo o una imagen).')
    const exe = new Uint8Array(1024)
    exe.set([0x4d, 0x5a], 0)
    const form = markForm({}, null)
    form.append('document', new File([exe], 'acta.pdf', { type: 'application/pdf' }))
    const refusedFile = await h.call('POST', `/applications/${id}/holding/marks`, { as: admin, body: form })
    expect(refusedFile.status).toBe(422)
    expect(h.snapshot().valuation_marks).toEqual([])
    expect(h.snapshot().holding_documents).toEqual([])
  })

  it('refuses without a session, from another origin, a reviewer, a member with a conflict, and a GET where a POST is meant', async () => {
    const { h, admin, reviewer, company, signedOn } = await setUp()
    const id = company.id
    const write = { method: 'POST', path: `/applications/${id}/holding/events`, body: { ...ISSUANCE, day: signedOn } }
    const preview = { method: 'POST', path: `/applications/${id}/holding/rounds/preview`, body: ROUND }
    for (const e of [write, preview]) {
      await expectRefused(h, e, null, 401, 'unauthenticated')
      await expectRefused(h, e, admin, 403, 'csrf', { origin: 'https://evil.example' })
      await expectRefused(h, e, reviewer, 403, 'forbidden')
    }
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/holding/events` }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/holding/rounds` }, admin, 404, 'not_found')
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/holding` }, reviewer, 403, 'forbidden')
    await expectRefused(h, { method: 'GET', path: '/portfolio' }, reviewer, 403, 'forbidden')
    expect((await h.call('POST', write.path, { as: admin, body: write.body })).status).toBe(201)
    expect((await h.call('POST', '/conflicts', { as: admin, body: { applicationId: id, kind: 'personal', note: '' } })).status).toBe(201)
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/holding` }, admin, 403, 'conflict_of_interest')
    await expectRefused(h, { method: 'GET', path: `/applications/${id}/holding/ocf` }, admin, 403, 'conflict_of_interest')
    await expectRefused(h, preview, admin, 403, 'conflict_of_interest')
    // In «Portafolio», the conflicted company is its reference alone, out of the totals and the report.
    const p = await json<PortfolioAnswer>(await h.call('GET', '/portfolio', { as: admin }))
    expect(p.rows.find((r) => r.applicationId === id)).toMatchObject({ conflicted: true, tradeName: '', figures: null, payment: null })
    expect(p.totals).toMatchObject({ holdings: 0, costCop: 0 })
    expect(JSON.stringify(p)).not.toContain('Café')
  })

  it('the founder reads on their status page what the programme subscribed, what the media paid and what remains, until when', async () => {
    const { h, admin, company, signedOn } = await setUp()
    const id = company.id
    const res = await h.app.request(`${SITE}/postulacion`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: 'fundadora@cafe-andino.example' }).toString() })
    expect(res.status).toBe(200)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === 'fundadora@cafe-andino.example' && m.text.includes('/postulacion/'))!.text)
    const page = async () => (await h.app.request(`${SITE}/postulacion/${token}`)).text()
    // Nothing before the issuance is recorded.
    expect(await page()).not.toContain('Tu participación')
    await h.call('POST', `/applications/${id}/holding/events`, { as: admin, body: { ...ISSUANCE, instrument: 'acciones', shares: '50.000', discountPercent: undefined, capCop: undefined, day: signedOn } })
    await runSpots(h, admin, id, 5)
    const html = (await page()).replaceAll('\u00a0', ' ')
    expect(html).toContain('Tu participación')
    expect(html).toContain('El programa suscribió 50.000 acciones (Ordinarias) de tu compañía por $ 500.000.000, que se pagan con la pauta que sale al aire.')
    // $ 60.000.000 ran at rate card → $ 20.000.000 paid → 2.000 of 50.000 shares.
    expect(html).toContain('Hasta hoy la pauta emitida pagó $ 20.000.000: 2.000 de 50.000 acciones están pagadas.')
    expect(html).toMatch(/Faltan \$ 480\.000\.000 \(48\.000 acciones\), que se pagan con la pauta que falta por salir, a más tardar el \d+ de \w+ de 2028\./)
    // The programme's books stay the programme's: no value, no mark, no round.
    expect(html).not.toMatch(/Valor razonable|MOIC|valoración/)
    // The titular's data copy (Ley 1581) holds the register as recorded, numbers as stored, never who on the team.
    const [copy] = await founderRecords(h.store, 'fundadora@cafe-andino.example')
    expect(copy!.holding!.events).toEqual([expect.objectContaining({ kind: 'issuance', label: 'Emisión al programa', day: signedOn, voided: false, detail: expect.objectContaining({ shares: 50_000, subscribedCop: 500_000_000, instrument: 'acciones' }) })])
    expect(JSON.stringify(copy!.holding)).not.toContain(admin.member.id)
  })

  it('reminds the deal’s owner 60 and 14 days before an unpaid balance’s deadline, once each, read from the outbox; never once written off', async () => {
    const { h, admin, company, other, signedOn } = await setUp()
    const deadline = (await holding(h, admin, company.id)).deal.signedOn
    expect(deadline).toBe(signedOn)
    await h.call('POST', `/applications/${company.id}/holding/events`, { as: admin, body: { ...ISSUANCE, instrument: 'acciones', shares: '50.000', discountPercent: undefined, capCop: undefined, day: signedOn, termMonths: '12' } })
    await h.call('POST', `/applications/${other.id}/holding/events`, { as: admin, body: { ...ISSUANCE, instrument: 'acciones', shares: '40.000', discountPercent: undefined, capCop: undefined, day: signedOn, termMonths: '12' } })
    await h.call('PUT', `/applications/${company.id}/deal/owner`, { as: admin, body: { memberId: admin.member.id } })
    const last = (await holding(h, admin, company.id)).payment!.deadline!
    const dayOf = (day: string, plus: number) => new Date(new Date(`${day}T17:00:00.000Z`).getTime() + plus * 86_400_000)
    const run = () => sendPaymentReminders(h.services.paymentReminders)
    await h.deliverMail()
    // 61 days before: nothing yet.
    h.advance(dayOf(last, -61).getTime() - h.now().getTime())
    expect(await run()).toBe(0)
    h.advance(86_400_000)
    expect(await run()).toBe(2)
    expect(await run()).toBe(0)
    const mails = (await h.deliverMail()).filter((m) => m.subject.startsWith('Suscripción sin pagar'))
    // The owner of the first; every active admin for the second, which has no owner.
    expect(mails.filter((m) => m.subject.includes('Café Andino')).map((m) => m.to)).toEqual([admin.member.email])
    const mail = mails.find((m) => m.subject.includes('Café Andino'))!
    expect(mail.text.replaceAll('\u00a0', ' ')).toContain('le faltan $ 500.000.000 por pagar con pauta (50.000 acciones).')
    expect(mail.text).toContain('en 60 días')
    // The second company is written off before the 14-day mark: nothing left to collect, only the first is reminded again.
    expect((await h.call('POST', `/applications/${other.id}/holding/events`, { as: await h.signIn(admin.member), body: { kind: 'write_off', day: formatIso(h.now()) } })).status).toBe(201)
    h.advance(dayOf(last, -14).getTime() - h.now().getTime())
    expect(await run()).toBe(1)
    const second = (await h.deliverMail()).filter((m) => m.subject.startsWith('Suscripción sin pagar'))
    expect(second.map((m) => [m.to, m.subject.includes('Café Andino'), m.text.includes('en 14 días')])).toEqual([[admin.member.email, true, true]])
    expect(await run()).toBe(0)
  })

  it('flags a holding for impairment review (runway under 6 months, three reports missed) and lists it for a new valuation after 12 months with no round', async () => {
    const { h, admin, company, signedOn } = await setUp()
    const id = company.id
    await h.call('POST', `/applications/${id}/holding/events`, { as: admin, body: { ...ISSUANCE, instrument: 'acciones', shares: '50.000', discountPercent: undefined, capCop: undefined, day: signedOn } })
    const row = async () => (await json<PortfolioAnswer>(await h.call('GET', '/portfolio', { as: await h.signIn(admin.member) }))).rows.find((r) => r.applicationId === id)!
    // On 1 June 2027 the months of January to April closed unanswered (the follow-up started 1 December 2026).
    expect((await row()).impairment).toEqual(['5 reportes sin respuesta'])
    const values = { salesUsdCents: 100_000, activeCustomers: 10, newCustomers: 1, siteVisits: null, leads: null, teamSize: 4, runwayMonths: 4, wentWell: '', wentBadly: '', needs: '' }
    for (const month of [2, 3, 4, 5])
      expect((await openWorkspaceStores(h.store).followUp.submitCheckIn({ applicationId: id, month, baseVersion: 0, values: { ...values, runwayMonths: month === 5 ? 4 : 9 }, at: h.now() })).status).toBe('saved')
    // The latest month's runway, 4: under 6. One month missed: under three.
    expect((await row()).impairment).toEqual(['Caja para 4 meses (menos de 6)'])
    expect((await holding(h, admin, id)).impairment).toEqual(['Caja para 4 meses (menos de 6)'])
    // Valued at cost since the issuance; twelve months and a day later with no round, it is listed for review.
    expect((await row()).staleSince).toBeNull()
    h.advance(new Date(`${signedOn}T17:00:00.000Z`).getTime() + 367 * 86_400_000 - h.now().getTime())
    expect((await row()).staleSince).toBe(signedOn)
  })
})

