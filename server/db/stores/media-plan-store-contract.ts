/**
 * The contract of MediaPlanStore (ADRs 0160-0161) on each engine:
 * the plan read whole with the deal's frozen rate card, lines and entries
 * written once through the domain's readings inside the transaction (a
 * refusal writes nothing), every write audited, corrections as void entries
 * (the database refuses a second void of the same entry), and the plan
 * deleted with its application.
 */
import { describe, expect, it } from 'vitest'
import { ENTRY_KIND_FACTS, ENTRY_KINDS, readPlanEntry, readPlanLine, balancesOf, deliveryOf, type EntryKind, type PlanEntryInput, type PlanLineInput } from '../../../domain/media-plan.ts'
import { engineOf } from '../engine-of.ts'
import { SIGNED_DEAL, signedApplication } from '../testing/signed.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { openDealStore } from './deal-store.ts'
import { openMediaPlanStore, type MediaPlanLedger } from './media-plan-store.ts'
import { openRequestKeyStore } from './request-key-store.ts'

const T0 = new Date('2027-03-15T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)
const TODAY = '2027-03-15'

const LINE: PlanLineInput = { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '5', flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: 'Franja prime' }

const lineReader = (input: PlanLineInput) => (l: MediaPlanLedger) =>
  readPlanLine(input, { deal: l.deal, rateCard: l.deal.rateCardVersionId ? l.deal.rateCard : null, rateCardNumber: l.deal.rateCardVersionNumber, placed: balancesOf(l.deal, l.lines, l.entries).placed })
const entryReader = (input: PlanEntryInput) => (l: MediaPlanLedger) => readPlanEntry(input, { deal: l.deal, lines: l.lines, entries: l.entries, today: TODAY })

export function describeMediaPlanStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`MediaPlanStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    async function setUp() {
      const db = await database()
      const e = engineOf(db.store)
      const { admin, id, sub } = await signedApplication(db)
      const deals = openDealStore(e)
      // A price beyond 2^31: the bigint columns must hold it on both engines.
      const card = await deals.createRateCard({
        note: '',
        items: [
          { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 10_000_000 },
          { outlet: 'diario_popular', format: 'Página completa', unitPriceCop: 300_000_000 },
        ],
        memberId: admin.id,
        at: at(0),
      })
      await deals.publishRateCard(card.id, { memberId: admin.id, at: at(0) })
      expect(await deals.correctDeal(id, { ...SIGNED_DEAL, rateCardVersionId: card.id }, { memberId: admin.id, at: at(0) })).toMatchObject({ changed: ['rateCardVersionId'] })
      /** Who writes and when: the admin, `n` minutes after T0. */
      const by = (n: number) => ({ memberId: admin.id, at: at(n) })
      return { db, plans: openMediaPlanStore(e), admin, id, sub, card, by }
    }

    it('reads the plan of a signed deal with its frozen rate card; none without a deal', async () => {
      const { db, plans, id, card } = await setUp()
      expect(await plans.ledger(crypto.randomUUID())).toBeNull()
      expect(await plans.ledger('not-a-uuid')).toBeNull()
      const ledger = await plans.ledger(id)
      expect(ledger).toMatchObject({
        deal: { applicationId: id, mediaValueCop: SIGNED_DEAL.mediaValueCop, windowStart: '2027-01-15', windowMonths: 9, rateCardVersionId: card.id, rateCardVersionNumber: 1 },
        lines: [],
        entries: [],
      })
      expect(ledger!.deal.rateCard).toEqual([
        { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 10_000_000 },
        { outlet: 'diario_popular', format: 'Página completa', unitPriceCop: 300_000_000 },
      ])
      expect(await db.count('media_plan_lines')).toBe(0)
    })

    it('adds lines numbered in order at the frozen price; a refused line writes nothing; each addition audited', async () => {
      const { db, plans, admin, id } = await setUp()
      const first = await plans.addLine(id, lineReader(LINE), { memberId: admin.id, at: at(1) })
      expect(first).toMatchObject({
        status: 'written',
        value: { number: 1, applicationId: id, outlet: 'tv_nacional', units: 5, unitPriceCop: 10_000_000, flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: 'Franja prime', createdBy: admin.id, createdAt: at(1) },
      })
      const refused = await plans.addLine(id, lineReader({ ...LINE, flightTo: '2027-12-31' }), { memberId: admin.id, at: at(2) })
      expect(refused).toMatchObject({ status: 'refused', refusal: { ok: false, errors: { flightTo: expect.stringContaining('ventana de exposición') } } })
      const second = await plans.addLine(id, lineReader({ ...LINE, outlet: 'diario_popular', format: 'Página completa', units: '3' }), { memberId: admin.id, at: at(3) })
      expect(second).toMatchObject({ status: 'written', value: { number: 2, unitPriceCop: 300_000_000 } })
      expect(await plans.addLine(crypto.randomUUID(), lineReader(LINE), { memberId: admin.id, at: at(4) })).toEqual({ status: 'not_found' })
      expect(await db.count('media_plan_lines')).toBe(2)
      const audit = await db.all(`SELECT action, detail FROM audit_log WHERE action LIKE 'media_plan.%' ORDER BY id`)
      const detail = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
      expect(audit.map((a) => [a.action, detail(a.detail)])).toEqual([
        ['media_plan.line_added', { line: 1, outlet: 'tv_nacional', units: 5 }],
        ['media_plan.line_added', { line: 2, outlet: 'diario_popular', units: 3 }],
      ])
    })

    it('appends entries checked against the whole ledger in the transaction; a correction is a void; the database refuses a second void', async () => {
      const { db, plans, admin, id, sub } = await setUp()
      const line = await plans.addLine(id, lineReader(LINE), { memberId: admin.id, at: at(1) })
      if (line.status !== 'written') throw new Error('no line')
      const lineId = line.value.id
      const ran = await plans.appendEntry(id, entryReader({ lineId, kind: 'ran', day: '2027-02-10', units: '4', proofUrl: 'https://prueba.example.com/a' }), { memberId: admin.id, at: at(2) })
      expect(ran).toMatchObject({ status: 'written', value: { kind: 'ran', units: 4, proofUrl: 'https://prueba.example.com/a', recordedBy: admin.id, recordedAt: at(2) } })
      // Beyond the line's units: refused, nothing written.
      const over = await plans.appendEntry(id, entryReader({ lineId, kind: 'ran', day: '2027-02-11', units: '2', proofUrl: 'https://prueba.example.com/b' }), { memberId: admin.id, at: at(3) })
      expect(over).toMatchObject({ status: 'refused', refusal: { message: 'La línea tiene 1 unidad por emitir: no se pueden emitir más.' } })
      expect(await db.count('media_plan_entries')).toBe(1)

      const miss = await plans.appendEntry(id, entryReader({ lineId, kind: 'missed', day: '2027-02-12', units: '1', reason: 'Partido de fútbol' }), { memberId: admin.id, at: at(4) })
      if (miss.status !== 'written') throw new Error('no miss')
      const made = await plans.appendEntry(id, entryReader({ lineId, kind: 'make_good', day: '2027-02-20', units: '1', makeGoodFor: miss.value.id, proofUrl: '' }), { memberId: admin.id, at: at(5) })
      expect(made).toMatchObject({ status: 'written', value: { kind: 'make_good', makeGoodFor: miss.value.id, proofUrl: null } })
      if (ran.status !== 'written') throw new Error('no ran')
      const voided = await plans.appendEntry(id, entryReader({ lineId, kind: 'void', day: '2027-03-01', voids: ran.value.id, reason: 'Era otra franja' }), { memberId: admin.id, at: at(6) })
      expect(voided).toMatchObject({ status: 'written', value: { kind: 'void', voids: ran.value.id, units: 4 } })
      if (voided.status !== 'written') throw new Error('no void')
      expect(balancesOf(voided.ledger.deal, voided.ledger.lines, voided.ledger.entries)).toMatchObject({ ran: 10_000_000, missed: 0 })
      // Whatever the caller: one void per entry (the unique index), nothing else written.
      const force = () => ({ ok: true as const, entry: { lineId, kind: 'void' as const, day: '2027-03-02', units: 4, proofUrl: null, proofDocumentId: null, reason: 'x', makeGoodFor: null, toLineId: null, voids: ran.value.id } })
      await expect(plans.appendEntry(id, force, { memberId: admin.id, at: at(7) })).rejects.toThrow()
      // A "ran" without its proof: refused by the database too.
      const noProof = () => ({ ok: true as const, entry: { lineId, kind: 'ran' as const, day: '2027-03-02', units: 1, proofUrl: null, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null } })
      await expect(plans.appendEntry(id, noProof, { memberId: admin.id, at: at(7) })).rejects.toThrow()
      expect(await db.count('media_plan_entries')).toBe(4)

      const audit = await db.all(`SELECT action FROM audit_log WHERE action LIKE 'media_plan.%' ORDER BY id`)
      expect(audit.map((a) => a.action)).toEqual(['media_plan.line_added', 'media_plan.entry_recorded', 'media_plan.entry_recorded', 'media_plan.entry_recorded', 'media_plan.entry_voided'])

      // Every deal's delivery, kept by each entry's transaction: exactly the ledger's balances (the voided spot left out).
      const ledger = (await plans.ledger(id))!
      expect(ledger.entries.map((x) => x.kind)).toEqual(['ran', 'missed', 'make_good', 'void'])
      expect(await plans.deliveries()).toEqual([
        { applicationId: id, reference: sub.application.reference, tradeName: sub.application.formData.tradeName ?? '', ownerId: null, ...deliveryOf(ledger.deal, ledger.lines, ledger.entries) },
      ])
      expect(deliveryOf(ledger.deal, ledger.lines, ledger.entries)).toMatchObject({ ran: 10_000_000, forfeited: 0 })

      // Deleted with the application, every line and entry.
      await db.store.deleteByEmail(sub.application.formData.email)
      expect(await db.count('media_plan_lines')).toBe(0)
      expect(await db.count('media_plan_entries')).toBe(0)
    })

    it('reads the lines and entries of many plans in one call, as ledger() reads each; none for a deal without lines or an unknown id', async () => {
      const { db, plans, admin, id, by } = await setUp()
      const bare = await signedApplication(db, { admin })
      const line = await plans.addLine(id, lineReader(LINE), by(1))
      if (line.status !== 'written') throw new Error('no line')
      await plans.addLine(id, lineReader({ ...LINE, outlet: 'diario_popular', format: 'Página completa', units: '2' }), by(2))
      await plans.appendEntry(id, entryReader({ lineId: line.value.id, kind: 'ran', day: '2027-02-10', units: '2', proofUrl: 'https://prueba.example.com/a' }), by(3))
      await plans.appendEntry(id, entryReader({ lineId: line.value.id, kind: 'missed', day: '2027-02-12', units: '1', reason: 'Partido' }), by(4))
      expect(await plans.plansOf([])).toEqual(new Map())
      const read = await plans.plansOf([id, bare.id, crypto.randomUUID(), 'not-a-uuid'])
      expect([...read.keys()]).toEqual([id])
      const ledger = (await plans.ledger(id))!
      expect(read.get(id)).toEqual({ lines: ledger.lines, entries: ledger.entries })
      expect(read.get(id)!.lines.map((l) => l.number)).toEqual([1, 2])
      expect(read.get(id)!.entries.map((x) => x.kind)).toEqual(['ran', 'missed'])
    })

    it('keeps a proof file with the entry that names it, in its transaction; a refused entry keeps no file; the file is read back only under its application and goes with it', async () => {
      const { db, plans, admin, id, sub, by } = await setUp()
      const other = await signedApplication(db, { admin })
      const line = await plans.addLine(id, lineReader(LINE), by(1))
      if (line.status !== 'written') throw new Error('no line')
      const content = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0xff, 0x00])
      const proof = { id: crypto.randomUUID(), fileName: 'Pauta febrero.pdf', mediaType: 'application/pdf', sizeBytes: content.byteLength, sha256: 'ab'.repeat(32), content }
      const reader = (input: PlanEntryInput) => (l: MediaPlanLedger) => readPlanEntry(input, { deal: l.deal, lines: l.lines, entries: l.entries, today: TODAY, proofFileId: proof.id })
      // Refused (more units than the line has): neither the entry nor the file.
      const refused = await plans.appendEntry(id, reader({ lineId: line.value.id, kind: 'ran', day: '2027-02-10', units: '6' }), by(2), proof)
      expect(refused.status).toBe('refused')
      expect(await db.count('media_plan_proofs')).toBe(0)
      const ran = await plans.appendEntry(id, reader({ lineId: line.value.id, kind: 'ran', day: '2027-02-10', units: '1' }), by(3), proof)
      expect(ran).toMatchObject({ status: 'written', value: { kind: 'ran', proofUrl: null, proofDocumentId: proof.id, proofFileName: 'Pauta febrero.pdf' } })
      const stored = await plans.proof(id, proof.id)
      expect(stored).toMatchObject({ id: proof.id, applicationId: id, fileName: 'Pauta febrero.pdf', mediaType: 'application/pdf', sizeBytes: 10 })
      expect(new Uint8Array(stored!.content)).toEqual(content)
      expect(await plans.proof(other.id, proof.id)).toBeNull()
      expect(await plans.proof(id, 'not-an-id')).toBeNull()
      // An entry naming a file it was not given: refused by the store, nothing written.
      await expect(plans.appendEntry(id, reader({ lineId: line.value.id, kind: 'ran', day: '2027-02-11', units: '1' }), by(4))).rejects.toThrow()
      expect(await db.count('media_plan_entries')).toBe(1)
      await db.store.deleteByEmail(sub.application.formData.email)
      expect(await db.count('media_plan_proofs')).toBe(0)
    })

    it('takes and reads back an entry of every kind of ENTRY_KINDS, as the database lists them', async () => {
      const { plans, id, by } = await setUp()
      const line = await plans.addLine(id, lineReader(LINE), by(1))
      const other = await plans.addLine(id, lineReader({ outlet: 'diario_popular', format: 'Página completa', units: '3', flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: '' }), by(2))
      if (line.status !== 'written' || other.status !== 'written') throw new Error('no lines')
      const base: Omit<Extract<ReturnType<typeof readPlanEntry>, { ok: true }>['entry'], 'kind'> = { lineId: line.value.id, day: '2027-02-10', units: 1, proofUrl: null, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null }
      const miss = await plans.appendEntry(id, () => ({ ok: true as const, entry: { ...base, kind: 'missed' as const, reason: 'Partido' } }), by(3))
      if (miss.status !== 'written') throw new Error('no miss')
      // A kind with a field of its own (a make-good's miss, a move's line) says it here; any other kind needs nothing.
      const ownFields: Partial<Record<EntryKind, Partial<typeof base>>> = { make_good: { makeGoodFor: miss.value.id }, moved: { toLineId: other.value.id } }
      let n = 3
      for (const kind of ENTRY_KINDS) {
        const facts = ENTRY_KIND_FACTS[kind]
        const entry = { ...base, kind, proofUrl: facts.proof ? `https://canal.example.com/${kind}` : null, reason: facts.reason ? `Razón de ${kind}` : null, ...ownFields[kind] }
        const written = await plans.appendEntry(id, () => ({ ok: true as const, entry }), by(++n))
        expect(written, kind).toMatchObject({ status: 'written', value: entry })
      }
      const kinds = (await plans.ledger(id))!.entries.map((x) => x.kind)
      expect(kinds.slice(1)).toEqual(ENTRY_KINDS)
    })

    it("keeps every deal's delivery exactly as the ledger's balances read it: ran and make-goods at their line's price, forfeits, voided entries and voids left out", async () => {
      const { db, plans, admin, id, sub, by } = await setUp()
      const other = await signedApplication(db, { admin })
      const tv = await plans.addLine(id, lineReader(LINE), by(1))
      const paper = await plans.addLine(id, lineReader({ outlet: 'diario_popular', format: 'Página completa', units: '3', flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: '' }), by(2))
      if (tv.status !== 'written' || paper.status !== 'written') throw new Error('no lines')
      // Entries as a reading would accept them (the window's end is not reached here; the store takes what the reading accepts).
      const write = async (n: number, entry: Partial<PlanEntryInput> & { lineId: string; kind: PlanEntryInput['kind'] }) => {
        const full = { day: '2027-02-10', units: 1, proofUrl: null, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null, ...entry }
        const written = await plans.appendEntry(id, () => ({ ok: true as const, entry: full as never }), by(n))
        if (written.status !== 'written') throw new Error(`not written: ${entry.kind}`)
        return written.value
      }
      await write(3, { lineId: tv.value.id, kind: 'ran', units: 2, proofUrl: 'https://canal.example.com/1' } as never)
      const miss = await write(4, { lineId: paper.value.id, kind: 'missed', reason: 'Cierre de edición' } as never)
      await write(5, { lineId: paper.value.id, kind: 'make_good', makeGoodFor: miss.id, proofUrl: 'https://diario.example.com/1' } as never)
      const wrong = await write(6, { lineId: paper.value.id, kind: 'ran', proofUrl: 'https://diario.example.com/2' } as never)
      await write(7, { lineId: paper.value.id, kind: 'void', voids: wrong.id, reason: 'Duplicado' } as never)
      await write(8, { lineId: tv.value.id, kind: 'forfeited', units: 2, day: '2027-10-15' } as never)
      const voidedForfeit = await write(9, { lineId: tv.value.id, kind: 'forfeited', units: 1, day: '2027-10-15' } as never)
      await write(10, { lineId: tv.value.id, kind: 'void', voids: voidedForfeit.id, reason: 'Sí salió' } as never)
      await write(11, { lineId: tv.value.id, kind: 'booked', units: 5 } as never)

      const ledger = (await plans.ledger(id))!
      const expected = deliveryOf(ledger.deal, ledger.lines, ledger.entries)
      // 2 spots at 10 M and one make-good page at 300 M ran; 2 spots at 10 M forfeited.
      expect(expected).toMatchObject({ ran: 320_000_000, forfeited: 20_000_000 })
      const deliveries = await plans.deliveries()
      expect(deliveries.find((d) => d.applicationId === id)).toEqual({ applicationId: id, reference: sub.application.reference, tradeName: sub.application.formData.tradeName ?? '', ownerId: null, ...expected })
      // A deal without entries delivered nothing.
      expect(deliveries.find((d) => d.applicationId === other.id)).toMatchObject({ ran: 0, forfeited: 0, mediaValueCop: SIGNED_DEAL.mediaValueCop })
      expect(deliveries).toHaveLength(2)
    })

    it("marks the form's key written in the write's own transaction (ADR 0189): a written line and entry do, a refused entry does not", async () => {
      const { db, plans, id, by } = await setUp()
      const keys = openRequestKeyStore(engineOf(db.store))
      const key = (n: number) => ({ principal: 'member:x', route: 'POST /applications/:id/media-plan/entries', key: `key-of-form-${n}` })
      for (const n of [1, 2, 3]) expect(await keys.claim(key(n), { hash: 'h', applicationId: id, at: at(0) })).toEqual({ status: 'claimed' })
      const line = await plans.addLine(id, lineReader(LINE), { ...by(1), requestKey: key(1) })
      if (line.status !== 'written') throw new Error('no line')
      expect(await plans.appendEntry(id, entryReader({ lineId: line.value.id, kind: 'ran', day: '2027-03-01', units: '1', proofUrl: 'https://canal.example.com/1' }), { ...by(2), requestKey: key(2) })).toMatchObject({ status: 'written' })
      expect(await plans.appendEntry(id, entryReader({ lineId: line.value.id, kind: 'ran', day: '2027-03-01', units: '99', proofUrl: 'https://canal.example.com/1' }), { ...by(3), requestKey: key(3) })).toMatchObject({ status: 'refused' })
      expect(await keys.claim(key(1), { hash: 'h', applicationId: id, at: at(4) })).toEqual({ status: 'pending', written: true, since: at(0) })
      expect(await keys.claim(key(2), { hash: 'h', applicationId: id, at: at(4) })).toEqual({ status: 'pending', written: true, since: at(0) })
      expect(await keys.claim(key(3), { hash: 'h', applicationId: id, at: at(4) })).toEqual({ status: 'pending', written: false, since: at(0) })
      // Written: never released, so a failure after the write cannot let the same submission write twice.
      expect(await keys.release(key(2))).toBe(false)
      expect(await keys.release(key(3))).toBe(true)
    })
  })
}
