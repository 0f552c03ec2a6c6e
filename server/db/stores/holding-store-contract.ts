/**
 * The contract of HoldingStore (ADR 0215) on each engine: events appended only after the register's own
 * check inside the transaction (two members at once checked one after the other), their detail's numbers
 * back exactly (beyond 2^31, decimal prices as text), documents kept byte for byte, marks proposed and
 * decided by another member only, reminders written once with their e-mail, and everything gone with its
 * application.
 */
import { describe, expect, it } from 'vitest'
import { eventProblem, type HoldingEvent } from '../../../domain/holdings.ts'
import { engineOf } from '../engine-of.ts'
import { insertMember } from '../testing/members.ts'
import { signedApplication } from '../testing/signed.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore, NewOutboxMessage } from './application-store.ts'
import type { NewAuditEntry } from './audit-log.ts'
import { newHoldingId, openHoldingStore, type NewHoldingDocument } from './holding-store.ts'

const T0 = new Date('2026-12-04T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

/** Every byte value once: no engine may mangle any of them. */
const FILE = Uint8Array.from({ length: 256 }, (_, i) => i)
const doc = (): NewHoldingDocument => ({ id: newHoldingId(), fileName: 'Acta de asamblea — Serie A.pdf', contentType: 'application/pdf', sha256: 'a'.repeat(64), content: FILE })

const issuance = (over: Partial<Extract<HoldingEvent, { kind: 'issuance' }>> = {}): HoldingEvent => ({
  kind: 'issuance',
  id: newHoldingId(),
  day: '2026-11-25',
  note: 'Según el acuerdo firmado',
  documentId: null,
  instrument: 'acciones',
  shareClass: 'Ordinarias',
  shares: 50_000,
  // Beyond 2^31 and 2^32: JSON numbers must come back exactly.
  subscribedCop: 4_500_000_000_000,
  rateCardCop: 9_000_000_000_000,
  discountBp: null,
  capCop: null,
  targetBp: null,
  companyShares: 5_000_000_000,
  fullyDilutedShares: 5_500_000_000,
  paymentMode: 'especie_pauta',
  termMonths: 24,
  ...over,
})
const writeDown = (day: string, price: string): HoldingEvent => ({ kind: 'write_down', price, id: newHoldingId(), day, note: '', documentId: null })

function message(to: string): NewOutboxMessage {
  return { id: crypto.randomUUID(), kind: 'team_holding', messageId: `<${crypto.randomUUID()}@catalitico.example>`, from: 'Catalítico <equipo@catalitico.example>', to, subject: 'Saldo sin pagar', text: 'Texto', html: '<p>Texto</p>' }
}

type Db = TestDatabase<ApplicationStore>

export function describeHoldingStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`HoldingStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    async function setUp() {
      const db = (await database()) as unknown as Db
      const { admin, id } = await signedApplication(db)
      return { db, holdings: openHoldingStore(engineOf(db.store)), admin, id }
    }
    const check = (next: readonly HoldingEvent[], audit: NewAuditEntry[] = []) => (current: readonly HoldingEvent[]) => {
      let all = [...current]
      for (const e of next) {
        const p = eventProblem(all, e)
        if (p) return p
        all = [...all, e]
      }
      return { events: next, audit }
    }

    it('appends events checked against the register, reads them back exactly with who recorded them and the document’s name', async () => {
      const { db, holdings, admin, id } = await setUp()
      const d = doc()
      const first = issuance({ documentId: d.id })
      const out = await holdings.append({ applicationId: id, document: d, memberId: admin.id, at: at(0), decide: check([first], [{ at: at(0), memberId: admin.id, action: 'holding.event_recorded', applicationId: id, detail: { kind: 'issuance' } }]) })
      expect(out.ok).toBe(true)
      const read = await holdings.eventsOf(id)
      expect(read).toEqual([{ ...first, applicationId: id, documentName: 'Acta de asamblea — Serie A.pdf', recordedBy: admin.id, recordedByName: 'Ana', recordedAt: at(0) }])
      expect(await holdings.document(d.id)).toEqual({ applicationId: id, fileName: d.fileName, contentType: 'application/pdf', content: FILE })
      // The register's version: one event so far; it moves with every append.
      const v1 = (await holdings.registerVersions()).get(id)
      expect(v1).toMatch(/^1@/)
      // A decimal price stays text, digit for digit.
      const down = writeDown('2026-12-01', '20000.1032')
      expect((await holdings.append({ applicationId: id, document: null, memberId: admin.id, at: at(1), decide: check([down]) })).ok).toBe(true)
      expect((await holdings.eventsOfMany([id])).get(id)!.map((e) => (e.kind === 'write_down' ? e.price : e.kind))).toEqual(['issuance', '20000.1032'])
      expect((await holdings.eventsOfMany(null)).get(id)).toHaveLength(2)
      expect((await holdings.registerVersions()).get(id)).toMatch(/^2@/)
      // The portfolio's read: the same events, without the names (no join).
      expect((await holdings.eventsOfMany([id], { names: false })).get(id)![0]).toEqual({ ...first, applicationId: id, documentName: null, recordedBy: admin.id, recordedByName: null, recordedAt: at(0) })
      expect((await holdings.eventsOfMany(null, { names: false })).get(id)!.map((e) => e.kind)).toEqual(['issuance', 'write_down'])
      expect((await db.all("SELECT action FROM audit_log WHERE action LIKE 'holding.%'")).map((r) => r.action)).toEqual(['holding.event_recorded'])
    })

    it('refuses what the check refuses and writes nothing (not the document either); refuses a company without a deal', async () => {
      const { db, holdings, admin, id } = await setUp()
      const early = writeDown('2026-12-01', '1')
      const d = doc()
      expect(await holdings.append({ applicationId: id, document: d, memberId: admin.id, at: at(0), decide: check([early]) })).toEqual({ ok: false, problem: 'Primero registra la emisión al programa: es el primer evento de la participación.' })
      expect(await db.all('SELECT id FROM holding_events')).toEqual([])
      expect(await db.all('SELECT id FROM holding_documents')).toEqual([])
      const other = crypto.randomUUID()
      expect(await holdings.append({ applicationId: other, document: null, memberId: admin.id, at: at(0), decide: () => ({ events: [issuance()], audit: [] }) })).toEqual({ ok: false, noDeal: true })
    })

    it('two members recording an issuance at once: one gets in, the other is refused by the check inside the transaction', async () => {
      const { db, holdings, admin, id } = await setUp()
      const other = openHoldingStore(engineOf(await (db as unknown as { openAnother: () => Promise<Db['store']> }).openAnother()))
      const a = issuance()
      const b = issuance()
      const results = await Promise.all([
        holdings.append({ applicationId: id, document: null, memberId: admin.id, at: at(0), decide: check([a]) }),
        other.append({ applicationId: id, document: null, memberId: admin.id, at: at(0), decide: check([b]) }),
      ])
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: 'La emisión al programa ya está registrada. Para corregirla, anúlala y regístrala de nuevo.' }])
      expect(await db.all('SELECT id FROM holding_events')).toHaveLength(1)
    })

    it('a mark is proposed with its evidence and decided once, by another member; the database refuses the proposer as decider', async () => {
      const { db, holdings, admin, id } = await setUp()
      const second = await insertMember(db.store, 'admin', 'Beatriz')
      const d = doc()
      const mark = await holdings.proposeMark({ id: newHoldingId(), applicationId: id, method: 'ronda_reciente', day: '2026-12-01', price: '12500.5', note: 'Serie A', document: d, memberId: admin.id, at: at(0) })
      expect(mark).toMatchObject({ status: 'proposed', price: '12500.5', documentId: d.id, documentName: d.fileName, proposedBy: admin.id, proposedByName: 'Ana', decidedBy: null })
      if (mark === 'no_deal') return
      expect(await holdings.decideMark({ id: mark.id, applicationId: id, memberId: admin.id, approve: true, at: at(1) })).toBe('same_member')
      expect(await holdings.decideMark({ id: mark.id, applicationId: crypto.randomUUID(), memberId: second.id, approve: true, at: at(1) })).toBe('not_found')
      expect(await holdings.decideMark({ id: mark.id, applicationId: id, memberId: second.id, approve: true, at: at(1) })).toMatchObject({ status: 'approved', decidedBy: second.id, decidedByName: 'Beatriz', decidedAt: at(1) })
      expect(await holdings.decideMark({ id: mark.id, applicationId: id, memberId: second.id, approve: false, at: at(2) })).toBe('decided')
      await expect(db.exec("UPDATE valuation_marks SET decided_by = proposed_by WHERE id = ?", [mark.id])).rejects.toThrow()
      expect((await holdings.marksOfMany([id])).get(id)).toHaveLength(1)
      expect((await db.all("SELECT action FROM audit_log WHERE action LIKE 'holding.mark%' ORDER BY id")).map((r) => r.action)).toEqual(['holding.mark_proposed', 'holding.mark_approved'])
      expect(await holdings.proposeMark({ id: newHoldingId(), applicationId: crypto.randomUUID(), method: 'multiplo', day: '2026-12-01', price: '1', note: '', document: doc(), memberId: admin.id, at: at(0) })).toBe('no_deal')
    })

    it('a payment reminder is written once per deadline and day, with its e-mail, even from two instances at once', async () => {
      const { db, holdings, admin, id } = await setUp()
      const other = openHoldingStore(engineOf(await (db as unknown as { openAnother: () => Promise<Db['store']> }).openAnother()))
      const p = { applicationId: id, deadline: '2028-11-24', daysBefore: 60 as const, ownerId: admin.id, at: at(0) }
      const results = await Promise.all([holdings.recordReminder({ ...p, mail: message('ana@catalitico.example') }), other.recordReminder({ ...p, mail: message('ana@catalitico.example') })])
      expect(results.sort()).toEqual([false, true])
      expect(await db.all("SELECT kind, recipient FROM outbox WHERE kind = 'team_holding'")).toEqual([{ kind: 'team_holding', recipient: 'ana@catalitico.example' }])
      expect(await holdings.recordReminder({ ...p, daysBefore: 14, mail: message('ana@catalitico.example') })).toBe(true)
      expect(await holdings.remindersSent([id])).toEqual(new Map([[id, expect.arrayContaining([{ deadline: '2028-11-24', daysBefore: 60 }, { deadline: '2028-11-24', daysBefore: 14 }])]]))
    })

    it('everything leaves with its application', async () => {
      const { db, holdings, admin, id } = await setUp()
      const d = doc()
      const first = issuance({ documentId: d.id })
      await holdings.append({ applicationId: id, document: d, memberId: admin.id, at: at(0), decide: () => ({ events: [first], audit: [] }) })
      await holdings.proposeMark({ id: newHoldingId(), applicationId: id, method: 'multiplo', day: '2026-12-01', price: '1', note: '', document: doc(), memberId: admin.id, at: at(0) })
      await holdings.recordReminder({ applicationId: id, deadline: '2028-11-24', daysBefore: 60, ownerId: null, at: at(0), mail: null })
      await db.exec('DELETE FROM applications WHERE id = ?', [id])
      for (const table of ['holding_events', 'valuation_marks', 'holding_documents', 'holding_reminders']) expect(await db.all(`SELECT * FROM ${table}`)).toEqual([])
    })
  })
}
