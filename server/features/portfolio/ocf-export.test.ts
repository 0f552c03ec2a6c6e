import { createHash } from 'node:crypto'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { type HoldingEvent, type HoldingEventRecord, type ValuationMarkRecord, holdingState, modelRound, roundEvents } from '../../../domain/holdings.ts'
import { ocfProblems } from '../../testing/ocf-validator.ts'
import { type OcfInput, PROGRAMME_STAKEHOLDER_ID, ocfFiles, ocfText, ocfZip } from './ocf-export.ts'

// The validator: server/testing/ocf-validator.ts, every OCF schema loaded from the repository's copy, never fetched.
const problems = ocfProblems

// ---------------------------------------------------------------------------------------------------
// A worked history: a note, a round that converts it, a round the programme joins, a partial sale,
// a split 1:10, a write-down, a write-off; and an event recorded by mistake and voided.

const TODAY = '2027-12-31'
const record = (e: HoldingEvent): HoldingEventRecord => ({ ...e, applicationId: 'app-1', documentName: null, recordedBy: null, recordedByName: null, recordedAt: new Date('2026-01-01T12:00:00Z') })

function history(): { events: HoldingEventRecord[]; beforeWriteOff: HoldingEventRecord[] } {
  const events: HoldingEvent[] = [
    {
      kind: 'issuance',
      id: 'ev-note',
      day: '2026-01-15',
      note: '',
      documentId: null,
      instrument: 'nota_convertible',
      shareClass: 'Ordinarias',
      shares: 0,
      subscribedCop: 500_000_000,
      rateCardCop: 1_500_000_000,
      discountBp: 2500,
      capCop: 4_000_000_000,
      targetBp: null,
      companyShares: 1_000_000,
      fullyDilutedShares: 1_100_000,
      paymentMode: 'especie_pauta',
      termMonths: 24,
    },
  ]
  let n = 0
  const next = () => `ev-gen-${++n}`
  const seed = modelRound(events, { day: '2026-06-01', name: 'Semilla', preMoneyCop: '5.500.000.000', amountCop: '1.000.000.000', newShares: '200.000', joined: false }, TODAY)
  if (!seed.reading.ok) throw new Error(JSON.stringify(seed.reading.errors))
  events.push(...roundEvents(seed.reading, { round: 'ev-seed', next }))
  // Recorded by mistake, then voided: it must not reach the export.
  events.push({ kind: 'secondary_sale', id: 'ev-mistake', day: '2026-07-01', note: 'Error de digitación', documentId: null, shares: 1_000, price: '4000', buyer: 'Comprador Equivocado' })
  events.push({ kind: 'void', id: 'ev-void', day: '2026-07-02', note: '', documentId: null, voids: 'ev-mistake', reason: 'Error' })
  const seriesA = modelRound(events, { day: '2026-09-01', name: 'Serie A', price: '8000', amountCop: '2.000.000.000', joined: true, programmeCashCop: '100.000.000' }, TODAY)
  if (!seriesA.reading.ok) throw new Error(JSON.stringify(seriesA.reading.errors))
  events.push(...roundEvents(seriesA.reading, { round: 'ev-series-a', next }))
  events.push({ kind: 'secondary_sale', id: 'ev-sale', day: '2026-10-01', note: '', documentId: null, shares: 50_000, price: '9000', buyer: 'Fondo Andino SAS' })
  events.push({ kind: 'split', id: 'ev-split', day: '2026-11-01', note: '', documentId: null, from: 1, to: 10 })
  events.push({ kind: 'write_down', id: 'ev-down', day: '2027-01-10', note: 'Caja para 3 meses', documentId: null, price: '500' })
  const beforeWriteOff = events.map(record)
  events.push({ kind: 'write_off', id: 'ev-off', day: '2027-03-01', note: 'La compañía cerró operaciones', documentId: null })
  return { events: events.map(record), beforeWriteOff }
}

const mark = (id: string, status: ValuationMarkRecord['status'], day: string, price: string): ValuationMarkRecord => ({
  id,
  applicationId: 'app-1',
  method: 'ronda_reciente',
  day,
  price,
  note: '',
  documentId: 'doc-1',
  documentName: 'valoracion.pdf',
  status,
  proposedBy: 'u1',
  proposedByName: 'Ana',
  proposedAt: new Date('2026-12-01T15:00:00Z'),
  decidedBy: status === 'proposed' ? null : 'u2',
  decidedByName: status === 'proposed' ? null : 'Beto',
  decidedAt: status === 'proposed' ? null : new Date('2026-12-02T15:00:00Z'),
})

function input(): OcfInput {
  return {
    company: { applicationId: 'app-1', legalName: 'Tostadora Andina S.A.S.', tradeName: 'Tostadora', nit: '900123456-7', countryOfFormation: 'CO', city: 'Medellín', founderName: 'Laura Gómez' },
    programme: { name: 'Catalítico' },
    events: history().events,
    marks: [mark('mk-ok', 'approved', '2026-12-01', '900'), mark('mk-proposed', 'proposed', '2026-12-15', '1200'), mark('mk-no', 'rejected', '2026-12-20', '5')],
    deal: { mediaValueCop: 1_500_000_000, investmentValueCop: 500_000_000, signedOn: '2026-01-10' },
    dealReference: 'CAT-2026-0042',
    // 22:00 in Bogotá on 31 March.
    generatedAt: new Date('2027-04-01T03:00:00Z'),
  }
}

type Tx = Record<string, unknown> & { object_type: string; id: string; date: string; security_id?: string; quantity?: string; stakeholder_id?: string }
const fileOf = (files: { name: string; json: unknown }[], name: string) => {
  const f = files.find((x) => x.name === name)
  if (!f) throw new Error(`${name} is missing`)
  return f.json as Record<string, unknown> & { items: Tx[] }
}

/** Replays the OCF transactions: each security's quantity (splits applied), to compare with the register. */
function positions(items: readonly Tx[]): Map<string, { stakeholder: string; quantity: number }> {
  const held = new Map<string, { stakeholder: string; quantity: number }>()
  for (const t of items) {
    if (t.object_type === 'TX_STOCK_ISSUANCE') held.set(t.security_id!, { stakeholder: t.stakeholder_id!, quantity: Number(t.quantity) })
    else if (t.object_type === 'TX_STOCK_CLASS_SPLIT') {
      const r = t.split_ratio as { numerator: string; denominator: string }
      for (const s of held.values()) s.quantity = (s.quantity * Number(r.numerator)) / Number(r.denominator)
    } else if (t.object_type === 'TX_STOCK_TRANSFER') {
      // The source security ends: the transferred part and the balance are new issuances.
      const s = held.get(t.security_id!)!
      expect(Number(t.quantity)).toBeLessThanOrEqual(s.quantity)
      s.quantity = 0
    } else if (t.object_type === 'TX_STOCK_CANCELLATION') held.get(t.security_id!)!.quantity -= Number(t.quantity)
  }
  return held
}
const heldBy = (held: Map<string, { stakeholder: string; quantity: number }>, stakeholder: string) => [...held.values()].filter((s) => s.stakeholder === stakeholder).reduce((a, s) => a + s.quantity, 0)

describe('ocfFiles', () => {
  it('the worked history converts the note as the register models it', () => {
    const conversion = input().events.find((e) => e.kind === 'conversion')
    expect(conversion).toMatchObject({ kind: 'conversion', price: '3636.3636', shares: 137_500, principalCop: 500_000_000 })
    const seed = input().events.find((e) => e.id === 'ev-seed')
    expect(seed).toMatchObject({ kind: 'round', price: '5000', joined: false, newShares: 200_000 })
  })

  it('produces the five files, each valid against its OCF file schema', () => {
    const files = ocfFiles(input())
    expect(files.map((f) => f.name)).toEqual(['Manifest.ocf.json', 'Stakeholders.ocf.json', 'StockClasses.ocf.json', 'Transactions.ocf.json', 'Valuations.ocf.json'])
    for (const f of files) expect(problems(f.json), f.name).toBeNull()
  })

  it('the manifest lists every other file with the MD5 of the text the zip holds, and the Bogotá day', () => {
    const files = ocfFiles(input())
    const manifest = files[0]!.json as Record<string, unknown>
    expect(manifest).toMatchObject({ ocf_version: '1.2.1-alpha+main', as_of: '2027-03-31', generated_at: '2027-04-01T03:00:00.000Z' })
    expect(manifest.issuer).toMatchObject({ legal_name: 'Tostadora Andina S.A.S.', dba: 'Tostadora', country_of_formation: 'CO', tax_ids: [{ tax_id: '900123456-7', country: 'CO' }], formation_date: '2026-01-15' })
    const listed = ['stock_classes_files', 'transactions_files', 'stakeholders_files', 'valuations_files'].flatMap((k) => manifest[k] as { filepath: string; md5: string }[])
    expect(listed.map((l) => l.filepath).sort()).toEqual(files.slice(1).map((f) => `./${f.name}`).sort())
    for (const l of listed) {
      const f = files.find((x) => `./${x.name}` === l.filepath)!
      expect(l.md5).toBe(createHash('md5').update(ocfText(f.json)).digest('hex'))
    }
  })

  it('the transactions carry the register’s quantities: what the programme holds before the write-off, all of it cancelled by it', () => {
    const { beforeWriteOff } = history()
    const items = fileOf(ocfFiles(input()), 'Transactions.ocf.json').items
    const expected = holdingState(beforeWriteOff).shares
    expect(expected).toBe((137_500 + 12_500 - 50_000) * 10)

    const beforeOff = items.filter((t) => t.date < '2027-03-01')
    expect(heldBy(positions(beforeOff), PROGRAMME_STAKEHOLDER_ID)).toBe(expected)
    expect(heldBy(positions(beforeOff), 'comprador-ev-sale')).toBe(50_000 * 10)

    const cancelled = items.filter((t) => t.object_type === 'TX_STOCK_CANCELLATION')
    expect(cancelled.reduce((a, t) => a + Number(t.quantity), 0)).toBe(expected)
    expect(heldBy(positions(items), PROGRAMME_STAKEHOLDER_ID)).toBe(0)
    // The buyer's shares are not the programme's to cancel.
    expect(heldBy(positions(items), 'comprador-ev-sale')).toBe(500_000)
  })

  it('maps each event to its OCF transactions', () => {
    const items = fileOf(ocfFiles(input()), 'Transactions.ocf.json').items
    expect(items.map((t) => t.object_type)).toEqual([
      'TX_CONVERTIBLE_ISSUANCE',
      'TX_CONVERTIBLE_CONVERSION',
      'TX_STOCK_ISSUANCE', // the conversion's shares
      'TX_STOCK_ISSUANCE', // Serie A, joined
      'TX_STOCK_TRANSFER',
      'TX_STOCK_ISSUANCE', // the buyer's security
      'TX_STOCK_ISSUANCE', // the programme's balance
      'TX_STOCK_CLASS_SPLIT',
      'TX_STOCK_CANCELLATION',
      'TX_STOCK_CANCELLATION',
    ])
    const note = items[0]!
    expect(note).toMatchObject({ convertible_type: 'NOTE', investment_amount: { amount: '500000000', currency: 'COP' }, stakeholder_id: 'programa' })
    expect(note.consideration_text).toContain('$ 500.000.000')
    expect(note.consideration_text).toContain('$ 1.500.000.000')
    expect(note.consideration_text).toContain('CAT-2026-0042')
    const mechanism = (note.conversion_triggers as { conversion_right: { conversion_mechanism: Record<string, unknown> } }[])[0]!.conversion_right.conversion_mechanism
    expect(mechanism).toMatchObject({ type: 'CONVERTIBLE_NOTE_CONVERSION', conversion_discount: '0.25', conversion_valuation_cap: { amount: '4000000000', currency: 'COP' } })
    expect(items[1]).toMatchObject({ security_id: note.security_id, resulting_security_ids: [items[2]!.security_id] })
    expect(items[2]).toMatchObject({ quantity: '137500', share_price: { amount: '3636.3636', currency: 'COP' }, stakeholder_id: 'programa' })
    expect(items[3]).toMatchObject({ quantity: '12500', share_price: { amount: '8000', currency: 'COP' }, cost_basis: { amount: '100000000', currency: 'COP' } })
    expect(items[4]).toMatchObject({ security_id: items[2]!.security_id, quantity: '50000', resulting_security_ids: [items[5]!.security_id], balance_security_id: items[6]!.security_id })
    expect(items[5]).toMatchObject({ stakeholder_id: 'comprador-ev-sale', quantity: '50000', share_price: { amount: '9000', currency: 'COP' } })
    expect(items[6]).toMatchObject({ stakeholder_id: 'programa', quantity: '87500' })
    expect(items[7]).toMatchObject({ split_ratio: { numerator: '10', denominator: '1' } })
    for (const t of items) expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // Ids are stable: the same register gives the same export.
    expect(JSON.stringify(ocfFiles(input()))).toBe(JSON.stringify(ocfFiles(input())))
  })

  it('a share issuance carries the media value, the rate card and the reference in its consideration text', () => {
    const base = input()
    const issuance = { ...base.events[0]!, id: 'ev-shares', instrument: 'acciones' as const, shares: 100_000, discountBp: null, capCop: null }
    const files = ocfFiles({ ...base, events: [issuance as HoldingEventRecord], marks: [] })
    expect(files.map((f) => f.name)).not.toContain('Valuations.ocf.json')
    for (const f of files) expect(problems(f.json), f.name).toBeNull()
    const [tx] = fileOf(files, 'Transactions.ocf.json').items
    expect(tx).toMatchObject({ object_type: 'TX_STOCK_ISSUANCE', quantity: '100000', share_price: { amount: '5000', currency: 'COP' }, cost_basis: { amount: '500000000', currency: 'COP' } })
    expect(tx!.consideration_text).toMatch(/^Pauta en medios por \$ 500\.000\.000 \(a tarifa: \$ 1\.500\.000\.000\), acuerdo CAT-2026-0042/)
  })

  it('an empty register still gives valid files (no transactions, no valuations)', () => {
    const files = ocfFiles({ ...input(), events: [], marks: [] })
    expect(files.map((f) => f.name)).toEqual(['Manifest.ocf.json', 'Stakeholders.ocf.json', 'StockClasses.ocf.json', 'Transactions.ocf.json'])
    for (const f of files) expect(problems(f.json), f.name).toBeNull()
    expect(fileOf(files, 'Transactions.ocf.json').items).toEqual([])
  })

  it('voided events and unapproved marks are not exported; approved marks and write-downs are valuations', () => {
    const files = ocfFiles(input())
    const text = JSON.stringify(files)
    expect(text).not.toContain('ev-mistake')
    expect(text).not.toContain('Comprador Equivocado')
    expect(text).not.toContain('ev-void')
    const valuations = fileOf(files, 'Valuations.ocf.json').items
    expect(valuations.map((v) => v.id)).toEqual(['val-mk-ok', 'val-ev-down'])
    expect(valuations[0]).toMatchObject({ price_per_share: { amount: '900', currency: 'COP' }, effective_date: '2026-12-01', stock_class_id: 'clase-ordinarias' })
  })

  it('the validator bites: a transaction without a date, or a manifest without its issuer, fails', () => {
    const files = ocfFiles(input())
    const transactions = structuredClone(fileOf(files, 'Transactions.ocf.json'))
    delete (transactions.items[2] as Record<string, unknown>).date
    expect(problems(transactions)).not.toBeNull()
    const manifest = structuredClone(files[0]!.json) as Record<string, unknown>
    delete manifest.issuer
    expect(problems(manifest)).toContain('issuer')
    const price = structuredClone(fileOf(files, 'Transactions.ocf.json'))
    ;(price.items[2] as Record<string, unknown>).quantity = 137500
    expect(problems(price)).not.toBeNull()
  })
})

describe('ocfZip', () => {
  it('packs the same files, byte for byte as the manifest’s MD5s say', async () => {
    const zip = await JSZip.loadAsync(await ocfZip(input()))
    const names = Object.keys(zip.files).sort()
    expect(names).toEqual(['Manifest.ocf.json', 'Stakeholders.ocf.json', 'StockClasses.ocf.json', 'Transactions.ocf.json', 'Valuations.ocf.json'])
    const manifest = JSON.parse(await zip.file('Manifest.ocf.json')!.async('string')) as Record<string, { filepath: string; md5: string }[]>
    for (const key of ['stock_classes_files', 'transactions_files', 'stakeholders_files', 'valuations_files']) {
      for (const l of manifest[key]!) {
        const text = await zip.file(l.filepath.replace('./', ''))!.async('string')
        expect(createHash('md5').update(text).digest('hex')).toBe(l.md5)
        expect(problems(JSON.parse(text))).toBeNull()
      }
    }
  })
})
