/**
 * The titular's copy (Ley 1581; ADR 0143) carries the media plan (ADR 0160): each line at its
 * rate-card price, every entry with its proof link, the corrections too; never who on the team.
 */
import { describe, expect, it } from 'vitest'
import { engineOf } from '../../db/engine-of.ts'
import { openMediaPlanStore } from '../../db/stores/media-plan-store.ts'
import { openReviewStore } from '../../db/stores/review-store.ts'
import { signedApplication } from '../../db/testing/signed.ts'
import { freshSqliteDatabase, harnessPerTest } from '../../db/testing/store-databases.ts'
import { founderCopy, founderCopyHtml } from './data-copy.ts'

const database = harnessPerTest(freshSqliteDatabase)

describe("the titular's copy of the media plan", () => {
  it('lists the lines and every entry, voids included, with the proof links, in Colombian figures', async () => {
    const db = await database()
    const e = engineOf(db.store)
    const { admin, id, sub } = await signedApplication(db)
    const plans = openMediaPlanStore(e)
    const by = { memberId: admin.id, at: new Date('2027-02-20T15:00:00.000Z') }
    const line = await plans.addLine(id, () => ({ ok: true, line: { outlet: 'tv_nacional', format: 'Spot 30"', units: 4, unitPriceCop: 12_000_000, flightFrom: '2027-02-01', flightTo: '2027-02-28', notes: '' } }), by)
    if (line.status !== 'written') throw new Error('no line')
    const entry = { lineId: line.value.id, day: '2027-02-10', units: 1, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null }
    const ran = await plans.appendEntry(id, () => ({ ok: true, entry: { ...entry, kind: 'ran', proofUrl: 'https://canal.example.com/pauta/1' } }), by)
    if (ran.status !== 'written') throw new Error('no entry')
    await plans.appendEntry(id, () => ({ ok: true, entry: { ...entry, kind: 'void', units: 1, proofUrl: null, reason: 'Era de otra franja', voids: ran.value.id } }), by)

    const copy = await founderCopy({ store: db.store, reviews: openReviewStore(e), documents: { list: async () => [] } }, sub.application.formData.email, new Date())
    expect(copy.applications[0]!.mediaPlan).toMatchObject({ lines: [{ number: 1, units: 4, unitPriceCop: 12_000_000 }], entries: [{ kind: 'ran' }, { kind: 'void', voids: ran.value.id }] })
    const html = founderCopyHtml(copy, { contactEmail: 'hola@catalitico.example', actionBase: null })
    expect(html).toContain('<h3>Tu plan de medios</h3>')
    expect(html).toContain('<td>TV nacional, Spot 30&quot;</td><td>4</td><td>$\u00a012.000.000</td><td>$\u00a048.000.000</td>')
    expect(html).toContain('<li>Emitido, línea 1, 10 de febrero de 2027: 1 unidad · <a href="https://canal.example.com/pauta/1" rel="noopener noreferrer">prueba de emisión</a> · anulado después</li>')
    expect(html).toContain('<li>Anulación, línea 1, 10 de febrero de 2027: 1 unidad (Era de otra franja)</li>')
    expect(html).not.toContain(admin.id)
  })
})
