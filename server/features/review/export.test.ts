/**
 * Exports a Colombian team opens (ADR 0195): the list's export is what the list shows (its filter, its
 * search, its order, every page, never an application the admin declared a conflict with), as an .xlsx
 * (numbers as numbers, dates as dates in Bogotá, one sheet per subject, no formula at all) beside a CSV
 * for the Colombian Excel (`;`, decimal comma, UTF-8 with BOM, formulas guarded without a visible
 * apostrophe, a phone's `+` kept as data). Read back with the library that wrote them.
 */
import ExcelJS from 'exceljs'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import type { Application } from '../../../domain/application.ts'
import { DEFAULT_WEIGHTS } from '../../../domain/scoring.ts'
import { engineOf } from '../../db/engine-of.ts'
import { openConflictStore } from '../../db/stores/conflict-store.ts'
import { openFollowUpStore } from '../../db/stores/follow-up-store.ts'
import { CHECK_IN } from '../../db/stores/follow-up-store-contract.ts'
import { openMediaPlanStore } from '../../db/stores/media-plan-store.ts'
import { review, submission } from '../../db/stores/review-store-contract.ts'
import { openScoringStore } from '../../db/stores/scoring-store.ts'
import { openSourceStore } from '../../db/stores/source-store.ts'
import { SIGNED_DEAL } from '../../db/testing/signed-deal.ts'
import { runApplicationsCommand } from '../../cli/applications-command.ts'
import { cellOf, readCsv, readXlsx } from '../../testing/spreadsheets.ts'
import { reviewHarness, type ReviewHarness } from '../../testing/review-harness.ts'

// Wednesday 2026-03-18, 15:00 in Bogotá
const NOW = new Date('2026-03-18T20:00:00.000Z')
const openReviewHarness = harnessPerTest(reviewHarness)
const json = async <T>(res: Response) => (await res.json()) as T
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer())

async function saved(h: ReviewHarness, createdAt: Date, form: Partial<Application> = {}, attribution?: { sourceSlug: string | null; heardFrom: 'radio' | null }) {
  const sub = submission(createdAt, form)
  await h.store.saveSubmission(attribution ? { ...sub, attribution } : sub)
  return sub.application
}

/** The references of a CSV export's rows, and of the .xlsx's applications sheet, in order. */
async function csvReferences(res: Response) {
  expect(res.status).toBe(200)
  const { rows } = await readCsv(await bytes(res))
  return rows.slice(1).map((r) => r[0])
}
async function xlsxReferences(res: Response) {
  expect(res.status).toBe(200)
  const sheet = (await readXlsx(await bytes(res))).get('Postulaciones')!
  return sheet.rows.map((r) => cellOf(r, 'Referencia').value)
}

describe('the list’s export is what the list shows (issue 32)', () => {
  it('takes the list’s filter, search and order, every page; never an application the admin is conflicted with; admins only', async () => {
    const h = await openReviewHarness(NOW)
    const admin = await h.addMember('admin', 'Ana Admin')
    const other = await h.addMember('admin', 'Otto Otro')
    const reviewer = await h.addMember('reviewer', 'Rafa Revisor')
    const huerta = await saved(h, new Date('2026-03-10T15:00:00.000Z'), { tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })
    const ruta = await saved(h, new Date('2026-03-11T15:00:00.000Z'), { tradeName: 'Ruta Andina', companyName: 'Ruta Andina S.A.S.' })
    const pago = await saved(h, new Date('2026-03-12T15:00:00.000Z'), { tradeName: 'Pago Claro', companyName: 'Pago Claro S.A.S.' })
    await h.reviews.transition(pago.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: admin.id, at: NOW })

    // The list shows one of three: the export holds that one, in every format.
    const list = await json<{ total: number; items: { reference: string }[] }>(await h.call(admin, 'GET', '/applications?q=huerta'))
    expect(list.items.map((i) => i.reference)).toEqual([huerta.reference])
    expect(await csvReferences(await h.call(admin, 'GET', '/exports/applications.csv?q=huerta'))).toEqual([huerta.reference])
    expect(await xlsxReferences(await h.call(admin, 'GET', '/exports/applications.xlsx?q=huerta'))).toEqual([huerta.reference])
    const exported = await json<{ reference: string }[]>(await h.call(admin, 'GET', '/exports/applications.json?q=huerta'))
    expect(exported.map((a) => a.reference)).toEqual([huerta.reference])
    // Every page of it, whatever page the list is on.
    expect(await csvReferences(await h.call(admin, 'GET', '/exports/applications.csv?q=huerta&page=3&pageSize=1'))).toEqual([huerta.reference])

    // A stage, in the list's order: the export's rows are the list's rows.
    const byStage = await json<{ items: { reference: string }[] }>(await h.call(admin, 'GET', '/applications?stage=recibida&sort=received_asc'))
    expect(byStage.items.map((i) => i.reference)).toEqual([huerta.reference, ruta.reference])
    expect(await csvReferences(await h.call(admin, 'GET', '/exports/applications.csv?stage=recibida&sort=received_asc'))).toEqual([huerta.reference, ruta.reference])
    expect(await xlsxReferences(await h.call(admin, 'GET', '/exports/applications.xlsx?stage=recibida&sort=company_asc'))).toEqual([huerta.reference, ruta.reference])
    // Ranked by the normalised score as the list ranks it (none has one: the list's newest-first order).
    const ranked = await json<{ items: { reference: string }[] }>(await h.call(admin, 'GET', '/applications?sort=normalised_desc'))
    expect(await csvReferences(await h.call(admin, 'GET', '/exports/applications.csv?sort=normalised_desc'))).toEqual(ranked.items.map((i) => i.reference))
    // Unfiltered: every application, newest first as the list.
    expect(await csvReferences(await h.call(admin, 'GET', '/exports/applications.csv'))).toEqual([pago.reference, ruta.reference, huerta.reference])

    // A conflict (ADR 0107): the application is never in the admin's export, searched for or not; the other admin's has it.
    await openConflictStore(engineOf(h.store)).declare({ applicationId: ruta.id, memberId: admin.id, kind: 'otra', note: '', declaredBy: admin.id, at: NOW })
    for (const query of ['', '?q=ruta', '?stage=recibida']) {
      expect(await csvReferences(await h.call(admin, 'GET', `/exports/applications.csv${query}`)), query).not.toContain(ruta.reference)
      expect(await xlsxReferences(await h.call(admin, 'GET', `/exports/applications.xlsx${query}`)), query).not.toContain(ruta.reference)
      expect(await csvReferences(await h.call(other, 'GET', `/exports/applications.csv${query}`)), query).toContain(ruta.reference)
    }
    expect(await csvReferences(await h.call(admin, 'GET', '/exports/applications.csv?q=ruta'))).toEqual([])

    // Each export on the record with its format, its count and whether it was filtered; never the data.
    const audit = await json<{ items: { action: string; detail: Record<string, unknown> }[] }>(await h.call(admin, 'GET', '/audit?action=applications.exported'))
    expect(audit.items.slice(-4).map((e) => e.detail).reverse()).toEqual([
      { format: 'csv', count: 1, filtered: true },
      { format: 'xlsx', count: 1, filtered: true },
      { format: 'json', count: 1, filtered: true },
      { format: 'csv', count: 1, filtered: true },
    ])
    // A sort alone is no filter.
    expect(audit.items.map((e) => e.detail)).toContainEqual({ format: 'csv', count: 3 })
    expect(JSON.stringify(audit)).not.toContain('Huerta')

    // A filter the list refuses, the export refuses; a reviewer exports nothing, and nothing is recorded.
    expect((await h.call(admin, 'GET', '/exports/applications.xlsx?stage=ninguna')).status).toBe(422)
    const before = h.count('audit_log')
    for (const format of ['csv', 'xlsx', 'json']) {
      for (const query of ['', '?q=huerta']) {
        const res = await h.call(reviewer, 'GET', `/exports/applications.${format}${query}`)
        expect(res.status, `${format}${query}`).toBe(403)
      }
      expect((await h.call(null, 'GET', `/exports/applications.${format}`)).status).toBe(401)
      expect((await h.call(admin, 'POST', `/exports/applications.${format}`)).status).toBe(404)
    }
    expect(h.count('audit_log')).toBe(before)
  })
})

describe('what the export holds, as a Colombian team opens it (issue 32)', () => {
  /**
   * Two applications: a signed one (scored by two reviewers under non-equal weights, both assigned, from a
   * source, with its deal, a plan line with a spot that ran and one missed, and two months of check-ins, the
   * second corrected), with a founder's text that would be a formula; and a fresh one received late at night
   * in Bogotá (the next day in UTC).
   */
  async function setUp() {
    const h = await openReviewHarness(NOW)
    const e = engineOf(h.store)
    const admin = await h.addMember('admin', 'Ana Admin')
    const rafa = await h.addMember('reviewer', 'Rafa Revisor')
    const olga = await h.addMember('reviewer', 'Olga Otra')
    const source = await openSourceStore(e).createSource({ name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' }, { memberId: admin.id, at: NOW })
    if (source === 'slug_taken') throw new Error('slug taken')
    const signed = await saved(
      h,
      new Date('2026-03-01T15:00:00.000Z'),
      {
        tradeName: 'Café Andino',
        companyName: '=HIPERVINCULO("http://x.example";"clic")',
        problemSolution: '-Vendemos café de origen\n@todos los cafés',
        phone: '+57 300 123 4567',
        foundingYear: '2019',
        revenue: '85000.50',
      },
      { sourceSlug: 'radio-cali', heardFrom: 'radio' },
    )
    const fresh = await saved(h, new Date('2026-03-15T04:30:00.000Z'), { tradeName: 'Pago Claro', phone: '3001234567' })

    const scoring = openScoringStore(e)
    await scoring.setWeights({ ...DEFAULT_WEIGHTS, productoValidado: 3 }, admin.id, NOW)
    await scoring.assign([{ applicationId: signed.id, memberId: rafa.id }], admin.id, new Date('2026-03-02T15:00:00.000Z'))
    await scoring.assign([{ applicationId: signed.id, memberId: olga.id }], admin.id, new Date('2026-03-03T15:00:00.000Z'))
    await h.reviews.upsertReview(signed.id, rafa.id, review(5, 4, 4, 3, 5), NOW)
    await h.reviews.upsertReview(signed.id, olga.id, review(3, 3, 3, 3, 3), NOW)

    h.store.db.prepare("UPDATE applications SET stage = 'due_diligence' WHERE id = ?").run(signed.id)
    const signedAt = new Date('2026-03-10T20:00:00.000Z')
    expect(await h.reviews.transition(signed.id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: signedAt, deal: SIGNED_DEAL })).toMatchObject({ status: 'moved' })

    const plans = openMediaPlanStore(e)
    const by = { memberId: admin.id, at: NOW }
    const line = await plans.addLine(
      signed.id,
      () => ({ ok: true as const, line: { outlet: 'tv_nacional' as const, format: 'Spot 30" por franja', units: 10, unitPriceCop: 10_000_000, flightFrom: '2027-01-15', flightTo: '2027-03-31', notes: '' } }),
      by,
    )
    if (line.status !== 'written') throw new Error('no line')
    const entry = (kind: 'ran' | 'missed', day: string, units: number, extra: { proofUrl?: string; reason?: string }) => () => ({
      ok: true as const,
      entry: { lineId: line.value.id, kind, day, units, proofUrl: extra.proofUrl ?? null, proofDocumentId: null, reason: extra.reason ?? null, makeGoodFor: null, toLineId: null, voids: null },
    })
    await plans.appendEntry(signed.id, entry('ran', '2027-02-01', 3, { proofUrl: 'https://prueba.example.com/spot' }), { memberId: admin.id, at: new Date('2026-03-11T15:00:00.000Z') })
    await plans.appendEntry(signed.id, entry('missed', '2027-02-08', 1, { reason: '=Partido de fútbol' }), { memberId: admin.id, at: new Date('2026-03-11T16:00:00.000Z') })
    // A line added by mistake, withdrawn: the sheet names the withdrawal, not a void.
    const extra = await plans.addLine(
      signed.id,
      () => ({ ok: true as const, line: { outlet: 'radio_regional' as const, format: 'Cuña 30" por región', units: 5, unitPriceCop: 800_000, flightFrom: '2027-01-15', flightTo: '2027-03-31', notes: '' } }),
      by,
    )
    if (extra.status !== 'written') throw new Error('no line')
    await plans.appendEntry(
      signed.id,
      () => ({ ok: true as const, entry: { lineId: extra.value.id, kind: 'void' as const, day: '2026-03-11', units: 0, proofUrl: null, proofDocumentId: null, reason: 'Agregada por error.', makeGoodFor: null, toLineId: null, voids: null } }),
      { memberId: admin.id, at: new Date('2026-03-11T17:00:00.000Z') },
    )

    const followUps = openFollowUpStore(e)
    await followUps.submitCheckIn({ applicationId: signed.id, month: 1, baseVersion: 0, values: CHECK_IN, at: new Date('2026-03-12T13:05:00.000Z') })
    await followUps.submitCheckIn({ applicationId: signed.id, month: 2, baseVersion: 0, values: CHECK_IN, at: new Date('2026-03-15T13:00:00.000Z') })
    await followUps.submitCheckIn({ applicationId: signed.id, month: 2, baseVersion: 1, values: { ...CHECK_IN, teamSize: 8 }, at: new Date('2026-03-16T14:00:00.000Z') })
    return { h, admin, signed, fresh }
  }

  /** A wall-clock time in Bogotá as the .xlsx holds it: a date without a zone. */
  const bogota = (text: string) => new Date(`${text}Z`)

  it('CSV: `;`-separated, decimal comma, UTF-8 with BOM, Bogotá times, every column the team asked for; formulas guarded, phones without an apostrophe', async () => {
    const { h, admin, signed, fresh } = await setUp()
    const res = await h.call(admin, 'GET', '/exports/applications.csv')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="postulaciones-2026-03-18.csv"')
    const raw = await bytes(res)
    const text = Buffer.from(raw).toString('utf8')
    const { bom, rows } = await readCsv(raw)
    expect(bom).toBe(true)
    expect(text.split('\r\n')[0]!.split(';').length).toBe(rows[0]!.length)
    const [header, ...data] = rows
    const column = (row: string[], name: string) => {
      const i = header!.indexOf(name)
      if (i < 0) throw new Error(`No column «${name}» in ${header!.join(' | ')}`)
      return row[i]
    }
    expect(data.map((r) => r[0])).toEqual([fresh.reference, signed.reference])
    const [late, cafe] = data as [string[], string[]]

    expect(column(cafe, 'Recibida')).toBe('2026-03-01 10:00')
    expect(column(late, 'Recibida')).toBe('2026-03-14 23:30')
    expect(column(cafe, 'Etapa')).toBe('Acuerdo firmado')
    expect(column(cafe, 'En la etapa desde')).toBe('2026-03-10 15:00')
    expect(column(late, 'Etapa')).toBe('Recibida')
    expect(column(late, 'Vence la etapa')).toMatch(/^2026-03-\d\d \d\d:\d\d$/)
    expect(column(cafe, 'Fuente')).toBe('Radio Cali')
    expect(column(cafe, '¿Dónde nos conociste?')).toBe('La radio')
    expect(column(cafe, 'Evaluaciones')).toBe('2')
    // (4,2 + 3) / 2 unweighted; (31/7 + 3) / 2 with «Producto validado» weighing 3.
    expect(column(cafe, 'Puntaje promedio')).toBe('3,6')
    expect(column(cafe, 'Puntaje ponderado')).toBe('3,71')
    expect(column(late, 'Puntaje promedio')).toBe('')
    expect(column(cafe, 'Evaluadores asignados')).toBe('Rafa Revisor, Olga Otra')
    expect(column(cafe, 'Participación (%)')).toBe('4,5')
    expect(column(cafe, 'Valor en medios (COP)')).toBe('1500000000')
    expect(column(cafe, 'Plan: comprometido (COP)')).toBe('1500000000')
    expect(column(cafe, 'Plan: emitido (COP)')).toBe('30000000')
    expect(column(cafe, 'Plan: por emitir (COP)')).toBe('1470000000')
    expect(column(cafe, 'Último reporte: mes')).toBe('2')
    expect(column(cafe, 'Último reporte: enviado')).toBe('2026-03-16 09:00')
    expect(column(late, 'Participación (%)')).toBe('')
    expect(column(cafe, 'Ingresos de los últimos 12 meses (USD)')).toBe('85000,5')
    expect(column(cafe, 'Año de fundación')).toBe('2019')

    // Formulas never run, and no apostrophe shows: a leading tab inside the quoted cell keeps it text.
    expect(column(cafe, 'Razón social')).toBe('\t=HIPERVINCULO("http://x.example";"clic")')
    expect(column(cafe, 'Problema y solución')).toBe('\t-Vendemos café de origen\n@todos los cafés')
    expect(text).toContain('"\t=HIPERVINCULO(""http://x.example"";""clic"")"')
    // A phone's "+" is data: the phone as typed, kept as text the same way (no number, no formula).
    expect(column(cafe, 'Teléfono o WhatsApp')).toBe('\t+57 300 123 4567')
    expect(column(late, 'Teléfono o WhatsApp')).toBe('\t3001234567')
    expect(text).not.toMatch(/(^|;|")'[=+\-@]/m)
    expect(text).not.toContain("'+57")
  })

  it('.xlsx: one sheet per subject; numbers as numbers, dates as dates in Bogotá, text as text and never a formula', async () => {
    const { h, admin, signed, fresh } = await setUp()
    const res = await h.call(admin, 'GET', '/exports/applications.xlsx')
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="postulaciones-2026-03-18.xlsx"')
    const sheets = await readXlsx(await bytes(res))
    expect([...sheets.keys()]).toEqual(['Postulaciones', 'Acuerdos', 'Plan de medios', 'Reportes mensuales'])

    const apps = sheets.get('Postulaciones')!
    expect(apps.rows.map((r) => cellOf(r, 'Referencia').value)).toEqual([fresh.reference, signed.reference])
    const [late, cafe] = apps.rows as [Map<string, ExcelJS.Cell>, Map<string, ExcelJS.Cell>]
    const typed = (row: Map<string, ExcelJS.Cell>, header: string, type: ExcelJS.ValueType, value: unknown) => {
      const cell = cellOf(row, header)
      expect([header, cell.type], header).toEqual([header, type])
      if (typeof value === 'number' && !Number.isInteger(value)) expect(cell.value as number, header).toBeCloseTo(value, 9)
      else expect(cell.value, header).toEqual(value)
      return cell
    }
    const { Number: N, Date: D, String: S, Null } = ExcelJS.ValueType
    expect(typed(cafe, 'Recibida', D, bogota('2026-03-01T10:00:00')).numFmt).toBe('yyyy-mm-dd hh:mm')
    typed(late, 'Recibida', D, bogota('2026-03-14T23:30:00'))
    typed(cafe, 'Etapa', S, 'Acuerdo firmado')
    typed(cafe, 'En la etapa desde', D, bogota('2026-03-10T15:00:00'))
    typed(cafe, 'Fuente', S, 'Radio Cali')
    typed(cafe, 'Evaluaciones', N, 2)
    typed(cafe, 'Puntaje promedio', N, 3.6)
    typed(cafe, 'Puntaje ponderado', N, (31 / 7 + 3) / 2)
    typed(late, 'Puntaje promedio', Null, null)
    typed(cafe, 'Evaluadores asignados', S, 'Rafa Revisor, Olga Otra')
    typed(cafe, 'Participación (%)', N, 4.5)
    typed(cafe, 'Valor en medios (COP)', N, 1_500_000_000)
    typed(cafe, 'Plan: emitido (COP)', N, 30_000_000)
    typed(cafe, 'Plan: por emitir (COP)', N, 1_470_000_000)
    typed(cafe, 'Último reporte: mes', N, 2)
    typed(cafe, 'Último reporte: periodo', D, bogota('2027-01-01T00:00:00'))
    typed(cafe, 'Último reporte: enviado', D, bogota('2026-03-16T09:00:00'))
    typed(cafe, 'Año de fundación', N, 2019)
    typed(cafe, 'Ingresos de los últimos 12 meses (USD)', N, 85000.5)
    typed(cafe, 'Teléfono o WhatsApp', S, '+57 300 123 4567')
    typed(late, 'Teléfono o WhatsApp', S, '3001234567')
    // A founder's text that looks like a formula is a string, exactly as written: no formula, no apostrophe,
    // in Excel's text format so that editing it keeps it text.
    const formula = typed(cafe, 'Razón social', S, '=HIPERVINCULO("http://x.example";"clic")')
    expect([formula.formula, formula.numFmt]).toEqual([undefined, '@'])
    typed(cafe, 'Problema y solución', S, '-Vendemos café de origen\n@todos los cafés')
    typed(cafe, 'Autorización', D, bogota('2026-03-01T10:00:00'))

    const deals = sheets.get('Acuerdos')!
    expect(deals.rows).toHaveLength(1)
    const deal = deals.rows[0]!
    typed(deal, 'Referencia', S, signed.reference)
    typed(deal, 'Empresa', S, 'Café Andino')
    typed(deal, 'Instrumento', S, 'Acciones')
    typed(deal, 'Participación (%)', N, 4.5)
    typed(deal, 'Valoración (USD)', N, 1_500_000)
    typed(deal, 'Valor en medios (COP)', N, 1_500_000_000)
    typed(deal, 'Valor de la inversión (COP)', N, 500_000_000)
    expect(typed(deal, 'Inicio de la exposición', D, bogota('2027-01-15T00:00:00')).numFmt).toBe('yyyy-mm-dd')
    typed(deal, 'Meses de exposición', N, 9)
    typed(deal, 'Inicio del seguimiento', D, bogota('2026-12-01T00:00:00'))
    typed(deal, 'Firmado', D, bogota('2026-03-10T15:00:00'))
    typed(deal, 'Plan: comprometido (COP)', N, 1_500_000_000)
    typed(deal, 'Plan: emitido (COP)', N, 30_000_000)
    typed(deal, 'Plan: por emitir (COP)', N, 1_470_000_000)
    typed(deal, 'Último reporte: mes', N, 2)

    const entries = sheets.get('Plan de medios')!
    expect(entries.rows.map((r) => [cellOf(r, 'Referencia').value, cellOf(r, 'Línea').value, cellOf(r, 'Registro').value, cellOf(r, 'Unidades').value, cellOf(r, 'Valor (COP)').value])).toEqual([
      [signed.reference, 1, 'Emitido', 3, 30_000_000],
      [signed.reference, 1, 'No emitido', 1, 10_000_000],
      [signed.reference, 2, 'Línea retirada', 0, 0],
    ])
    const [ran, missed] = entries.rows as [Map<string, ExcelJS.Cell>, Map<string, ExcelJS.Cell>, Map<string, ExcelJS.Cell>]
    typed(ran, 'Medio', S, 'TV nacional')
    typed(ran, 'Día', D, bogota('2027-02-01T00:00:00'))
    typed(ran, 'Precio unitario (COP)', N, 10_000_000)
    typed(ran, 'Prueba (enlace)', S, 'https://prueba.example.com/spot')
    typed(ran, 'Registrado', D, bogota('2026-03-11T10:00:00'))
    expect(typed(missed, 'Motivo', S, '=Partido de fútbol').formula).toBeUndefined()

    const checkIns = sheets.get('Reportes mensuales')!
    // The latest version of each month.
    expect(checkIns.rows.map((r) => [cellOf(r, 'Mes').value, cellOf(r, 'Versión').value, cellOf(r, 'Personas en el equipo').value])).toEqual([
      [1, 1, 6],
      [2, 2, 8],
    ])
    const second = checkIns.rows[1]!
    typed(second, 'Periodo', D, bogota('2027-01-01T00:00:00'))
    typed(second, 'Enviado', D, bogota('2026-03-16T09:00:00'))
    typed(second, 'Ventas del mes en USD', N, 1_250_000_000.5)
    typed(second, 'Leads', Null, null)
    typed(second, 'Qué salió bien', S, CHECK_IN.wentWell)
  })

  it('is one content with `npm run applications -- export`: the CSV byte for byte, the .xlsx cell for cell', async () => {
    const { h, admin } = await setUp()
    const csv = Buffer.from(await bytes(await h.call(admin, 'GET', '/exports/applications.csv?sort=received_asc'))).toString('utf8')
    let out = ''
    expect(await runApplicationsCommand(['export', '--format', 'csv'], h.store, { out: (t) => void (out += t), err: () => {} })).toBe(0)
    expect(out).toBe(csv)

    const xlsx = await readXlsx(await bytes(await h.call(admin, 'GET', '/exports/applications.xlsx?sort=received_asc')))
    const file = join(mkdtempSync(join(tmpdir(), 'catalitico-export-')), 'postulaciones.xlsx')
    let told = ''
    expect(await runApplicationsCommand(['export', '--format', 'xlsx', '--output', file], h.store, { out: () => {}, err: (t) => void (told += t) })).toBe(0)
    expect(told).toBe(`Exported 2 applications to ${file}.\n`)
    const fromCli = await readXlsx(readFileSync(file))
    const values = (sheets: typeof xlsx) => [...sheets].map(([name, s]) => [name, s.headers, s.rows.map((r) => [...r.values()].map((c) => [c.type, c.value]))])
    expect(values(fromCli)).toEqual(values(xlsx))
    // Binary to a terminal helps nobody: the .xlsx needs --output.
    expect(await runApplicationsCommand(['export', '--format', 'xlsx'], h.store, { out: () => {}, err: () => {} })).toBe(2)
  })
})
