/**
 * The contract of DealStore (ADRs 0157-0159) on each engine: the
 * rate card's versions (drafts edited, published ones never), the deal
 * written in the stage change's own transaction (both or neither), its
 * corrections audited with the fields that changed, and the deal deleted
 * with its application.
 */
import { describe, expect, it } from 'vitest'
import type { DealTerms } from '../../../domain/deals.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import { insertMember } from '../testing/members.ts'
import { SIGNED_DEAL, signedApplication } from '../testing/signed.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { openDealStore } from './deal-store.ts'
import { openReviewStore } from './review-store.ts'
import { withStageMoves } from '../testing/stage-moves.ts'

const T0 = new Date('2026-11-29T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

export const DEAL: DealTerms = {
  equityBp: 450,
  instrument: 'nota_convertible',
  discountBp: 2000,
  valuationUsdCents: 150_000_050,
  // Beyond 2^31: the bigint columns must hold it on both engines.
  mediaValueCop: 4_500_000_000_000,
  investmentValueCop: 1_500_000_000_000,
  windowStart: '2027-01-15',
  windowMonths: 9,
  followUpStart: '2026-11-29',
  rateCardVersionId: null,
}

export function describeDealStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`DealStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    it('versions the rate card: numbered drafts edited by replacing their rows, published ones never edited, each step audited', async () => {
      const db = await database()
      const deals = openDealStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      expect(await deals.listRateCards()).toEqual([])

      const first = await deals.createRateCard({
        note: 'Precios 2027',
        items: [
          { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 12_000_000 },
          { outlet: 'diario_popular', format: 'Página completa', unitPriceCop: 3_000_000_000_000 },
        ],
        memberId: admin.id,
        at: at(0),
      })
      expect(first).toMatchObject({ number: 1, status: 'draft', note: 'Precios 2027', createdBy: admin.id, publishedAt: null })
      expect(first.items.map((i) => [i.outlet, i.format, i.unitPriceCop])).toEqual([
        ['tv_nacional', 'Spot 30" por franja', 12_000_000],
        ['diario_popular', 'Página completa', 3_000_000_000_000],
      ])

      const edited = await deals.editRateCard(first.id, { note: 'Precios 2027 (revisados)', items: [{ outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 800_000 }], memberId: admin.id, at: at(1) })
      expect(edited).toMatchObject({ number: 1, note: 'Precios 2027 (revisados)', updatedAt: at(1) })
      expect((edited as { items: unknown[] }).items).toEqual([{ id: expect.any(String), outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 800_000 }])
      expect(await db.count('rate_card_items')).toBe(1)

      expect(await deals.publishRateCard(first.id, { memberId: admin.id, at: at(2) })).toMatchObject({ status: 'published', publishedBy: admin.id, publishedAt: at(2) })
      // Published: never edited, never published again; nothing changed.
      expect(await deals.editRateCard(first.id, { note: 'x', items: [], memberId: admin.id, at: at(3) })).toBe('published')
      expect(await deals.publishRateCard(first.id, { memberId: admin.id, at: at(3) })).toBe('published')
      expect((await deals.rateCard(first.id))!.items).toHaveLength(1)
      expect((await deals.rateCard(first.id))!.note).toBe('Precios 2027 (revisados)')

      const second = await deals.createRateCard({ note: '', items: [], memberId: admin.id, at: at(4) })
      expect(second.number).toBe(2)
      expect((await deals.listRateCards()).map((v) => [v.number, v.status])).toEqual([
        [2, 'draft'],
        [1, 'published'],
      ])
      expect(await deals.editRateCard(crypto.randomUUID(), { note: '', items: [], memberId: admin.id, at: at(5) })).toBe('not_found')
      expect(await deals.rateCard('not-a-uuid')).toBeNull()

      const audit = await db.all(`SELECT action FROM audit_log ORDER BY id`)
      expect(audit.map((a) => a.action)).toEqual(['rate_card.created', 'rate_card.edited', 'rate_card.published', 'rate_card.created'])
    })

    it('writes the deal with the move to acuerdo_firmado, in its transaction: a refused move writes no deal; a correction is audited with the fields', async () => {
      const db = await database()
      const e = engineOf(db.store)
      const deals = openDealStore(e)
      const reviews = withStageMoves(openReviewStore(e), e)
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const sub = newSubmission({ createdAt: T0 })
      await db.store.saveSubmission(sub)
      const id = sub.application.id
      const card = await deals.createRateCard({ note: '', items: [{ outlet: 'consultoria', format: 'Sesión', unitPriceCop: 2_000_000 }], memberId: admin.id, at: at(0) })
      await deals.publishRateCard(card.id, { memberId: admin.id, at: at(0) })
      await db.exec(`UPDATE applications SET stage = 'due_diligence' WHERE id = ?`, [id])

      // A stale move (the member saw another stage): nothing, not even the deal.
      const terms = { ...DEAL, rateCardVersionId: card.id }
      expect(await reviews.transition(id, { from: 'sesion_panel', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: at(1), deal: terms })).toEqual({ status: 'conflict', stage: 'due_diligence' })
      expect(await deals.deal(id)).toBeNull()

      // A draft version (or none at all) is no frozen rate card: refused in the move's transaction, nothing changes.
      const draft = await deals.createRateCard({ note: '', items: [], memberId: admin.id, at: at(1) })
      for (const rateCardVersionId of [draft.id, crypto.randomUUID()]) {
        expect(await reviews.transition(id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: at(1), deal: { ...DEAL, rateCardVersionId } })).toEqual({ status: 'rate_card' })
      }
      expect((await reviews.getApplication(id))!.stage).toBe('due_diligence')
      expect(await deals.deal(id)).toBeNull()

      expect(await reviews.transition(id, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: at(2), deal: terms })).toMatchObject({ status: 'moved', stage: 'acuerdo_firmado' })
      const deal = await deals.deal(id)
      expect(deal).toEqual({ ...terms, applicationId: id, rateCardVersionNumber: 1, signedBy: admin.id, signedAt: at(2), updatedBy: admin.id, updatedAt: at(2), ownerId: null })
      // A later version does not move the deal: it keeps the one it was signed with.
      const later = await deals.createRateCard({ note: '', items: [{ outlet: 'consultoria', format: 'Sesión', unitPriceCop: 3_000_000 }], memberId: admin.id, at: at(3) })
      await deals.publishRateCard(later.id, { memberId: admin.id, at: at(3) })
      expect((await deals.deal(id))!.rateCardVersionId).toBe(card.id)

      const corrected = await deals.correctDeal(id, { ...terms, equityBp: 500, instrument: 'acciones', discountBp: null }, { memberId: admin.id, at: at(4) })
      expect(corrected).toMatchObject({ changed: ['equityBp', 'instrument', 'discountBp'], deal: { equityBp: 500, instrument: 'acciones', discountBp: null, signedAt: at(2), updatedAt: at(4) } })
      // The same terms again: nothing to record.
      expect(await deals.correctDeal(id, { ...terms, equityBp: 500, instrument: 'acciones', discountBp: null }, { memberId: admin.id, at: at(5) })).toMatchObject({ changed: [] })
      expect(await deals.correctDeal(crypto.randomUUID(), terms, { memberId: admin.id, at: at(5) })).toBe('not_found')

      // «Responsable» (ADR 0162): named, cleared, audited each time it changes; nothing when unchanged.
      expect(await deals.setOwner(id, admin.id, { memberId: admin.id, at: at(5) })).toMatchObject({ ownerId: admin.id, equityBp: 500 })
      expect(await deals.setOwner(id, admin.id, { memberId: admin.id, at: at(5) })).toMatchObject({ ownerId: admin.id })
      expect(await deals.setOwner(id, null, { memberId: admin.id, at: at(5) })).toMatchObject({ ownerId: null })
      expect(await deals.setOwner(crypto.randomUUID(), admin.id, { memberId: admin.id, at: at(5) })).toBe('not_found')

      const audit = await db.all(`SELECT action, detail FROM audit_log WHERE application_id = '${id}' ORDER BY id`)
      const actions = audit.map((a) => a.action)
      expect(actions).toEqual(['stage.changed', 'deal.recorded', 'deal.corrected', 'deal.owner_set', 'deal.owner_set'])
      const detail = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
      expect(detail(audit[1]!.detail)).toEqual({ rateCardVersion: 1 })
      expect(detail(audit[2]!.detail)).toEqual({ fields: ['equityBp', 'instrument', 'discountBp'] })

      // The database refuses what the rules refuse, whatever the caller: a window of 13 months.
      await expect(deals.correctDeal(id, { ...terms, windowMonths: 13 }, { memberId: admin.id, at: at(6) })).rejects.toThrow()
      expect((await deals.deal(id))!.windowMonths).toBe(9)

      // Deleted with the application; the rate card stays (it is the programme's).
      await db.store.deleteByEmail(sub.application.formData.email)
      expect(await db.count('deals')).toBe(0)
      expect(await db.count('rate_card_versions')).toBe(3)
    })

    it('reads the deals of many applications in one call: those with a deal, as deal() reads each; none for the others', async () => {
      const db = await database()
      const deals = openDealStore(engineOf(db.store))
      const first = await signedApplication(db)
      const second = await signedApplication(db, { admin: first.admin, followUpStart: '2027-01-01' })
      const unsigned = newSubmission({ createdAt: T0 })
      await db.store.saveSubmission(unsigned)
      expect(await deals.dealsOf([])).toEqual(new Map())
      const read = await deals.dealsOf([first.id, second.id, unsigned.application.id, crypto.randomUUID(), 'not-a-uuid'])
      expect([...read.keys()].sort()).toEqual([first.id, second.id].sort())
      expect(read.get(first.id)).toEqual(await deals.deal(first.id))
      expect(read.get(second.id)).toMatchObject({ applicationId: second.id, followUpStart: '2027-01-01', mediaValueCop: SIGNED_DEAL.mediaValueCop })
    })
  })
}
