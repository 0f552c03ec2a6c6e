/**
 * The contract of FollowUpStore (ADRs 0164-0167) on each engine:
 * check-ins versioned by compare-and-set (two tabs or two instances: one
 * version each, the other told), every version kept; milestones recorded
 * and replaced; the closing written once and stopping what follows; the
 * check-in e-mails claimed exactly once across two instances; every write
 * audited with months and versions only; everything deleted with the
 * application.
 */
import { describe, expect, it } from 'vitest'
import { checkInMonth, type CheckInValues } from '../../../domain/follow-up.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { signedApplication } from '../testing/signed.ts'
import { engineOf } from '../engine-of.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore, NewOutboxMessage } from './application-store.ts'
import { openFollowUpStore, type CheckInMailFacts } from './follow-up-store.ts'

const T0 = new Date('2027-01-05T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

export const CHECK_IN: CheckInValues = {
  // Beyond 2^31 cents: the bigint column holds it on both engines.
  salesUsdCents: 125_000_000_050,
  activeCustomers: 1250,
  newCustomers: 85,
  siteVisits: 3_000_000_000,
  leads: null,
  teamSize: 6,
  runwayMonths: 8,
  wentWell: 'Cerramos con una cadena de droguerías.',
  wentBadly: '',
  needs: 'Una presentación con el equipo de radio.',
}

const message = (facts: CheckInMailFacts): NewOutboxMessage => {
  const id = crypto.randomUUID()
  return {
    id,
    kind: 'founder_check_in',
    messageId: `<${id}@catalitico.example>`,
    from: 'postulaciones@catalitico.example',
    to: facts.email,
    subject: `${facts.kind} ${facts.month.number} ${facts.reference}`,
    text: `Hola, ${facts.founderName} (${facts.tradeName}): [enlace personal]/seguimiento`,
    html: '<p>[enlace personal]/seguimiento</p>',
  }
}

export function describeFollowUpStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`FollowUpStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    const signed = (db: TestDatabase<S>, email?: string) => signedApplication(db, email ? { email } : {})

    it('versions a check-in by compare-and-set, keeps every version, audits months and versions only', async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const { id } = await signed(db)
      expect(await store.followUp(crypto.randomUUID())).toBeNull()
      expect(await store.followUp('not-a-uuid')).toBeNull()
      expect(await store.followUp(id)).toMatchObject({ applicationId: id, stage: 'acuerdo_firmado', followUpStart: '2026-12-01', checkIns: [], milestones: [], closing: null })

      expect(await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: at(0) })).toEqual({
        status: 'saved',
        checkIn: { ...CHECK_IN, month: 1, version: 1, submittedAt: at(0) },
      })
      // A second tab still on "no version yet": told, nothing written.
      const stale = await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: { ...CHECK_IN, teamSize: 7 }, at: at(1) })
      expect(stale).toEqual({ status: 'stale', current: { ...CHECK_IN, month: 1, version: 1, submittedAt: at(0) } })
      // A version that never was: stale too.
      expect(await store.submitCheckIn({ applicationId: id, month: 2, baseVersion: 4, values: CHECK_IN, at: at(1) })).toEqual({ status: 'stale', current: null })
      // The correction from the latest: version 2; the first is kept. The runway left empty reads back null.
      const corrected = await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 1, values: { ...CHECK_IN, teamSize: 7, leads: 12, runwayMonths: null }, at: at(2) })
      expect(corrected).toMatchObject({ status: 'saved', checkIn: { version: 2, teamSize: 7, leads: 12, runwayMonths: null } })
      const follow = (await store.followUp(id))!
      expect(follow.checkIns.map((c) => [c.month, c.version, c.teamSize, c.leads, c.salesUsdCents, c.siteVisits, c.runwayMonths])).toEqual([
        [1, 1, 6, null, 125_000_000_050, 3_000_000_000, 8],
        [1, 2, 7, 12, 125_000_000_050, 3_000_000_000, null],
      ])
      expect(follow.checkIns[0]).toEqual({ ...CHECK_IN, month: 1, version: 1, submittedAt: at(0) })

      const audit = await db.all(`SELECT action, member_id, detail FROM audit_log WHERE application_id = '${id}' AND action LIKE 'follow_up.%' ORDER BY id`)
      const detail = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
      expect(audit.map((a) => [a.action, a.member_id, detail(a.detail)])).toEqual([
        ['follow_up.check_in_submitted', null, { month: 1, version: 1 }],
        ['follow_up.check_in_submitted', null, { month: 1, version: 2 }],
      ])

      // The database refuses what the rules refuse, whatever the caller.
      await expect(store.submitCheckIn({ applicationId: id, month: 3, baseVersion: 0, values: { ...CHECK_IN, newCustomers: -1 }, at: at(3) })).rejects.toThrow()
      await expect(store.submitCheckIn({ applicationId: id, month: 3, baseVersion: 0, values: { ...CHECK_IN, runwayMonths: -1 }, at: at(3) })).rejects.toThrow()
      await expect(store.submitCheckIn({ applicationId: id, month: 13, baseVersion: 0, values: CHECK_IN, at: at(3) })).rejects.toThrow()
      expect(await db.count('check_ins')).toBe(2)
      // No deal, no follow-up.
      expect(await store.submitCheckIn({ applicationId: crypto.randomUUID(), month: 1, baseVersion: 0, values: CHECK_IN, at: at(3) })).toEqual({ status: 'not_found' })
    })

    it('two instances saving from the same version at once: one version, the other told it is stale', async () => {
      const db = await database()
      const one = openFollowUpStore(engineOf(db.store))
      const two = openFollowUpStore(engineOf(await db.openAnother()))
      const { id } = await signed(db)
      const outcomes = await Promise.all([
        one.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: { ...CHECK_IN, teamSize: 3 }, at: at(0) }),
        two.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: { ...CHECK_IN, teamSize: 4 }, at: at(0) }),
      ])
      expect(outcomes.map((o) => o.status).sort()).toEqual(['saved', 'stale'])
      const saved = outcomes.find((o) => o.status === 'saved')!
      const staleOne = outcomes.find((o) => o.status === 'stale')!
      expect(staleOne).toEqual({ status: 'stale', current: 'checkIn' in saved ? saved.checkIn : null })
      expect(await db.count('check_ins')).toBe(1)
    })

    it('records and replaces milestones, closes once, and a closed follow-up takes no check-in', async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const { id, admin } = await signed(db)
      expect(await store.recordMilestone({ applicationId: id, month: 3, heldOn: '2027-04-12', note: 'Buen ritmo de ventas.', memberId: admin.id, at: at(0) })).toEqual({
        month: 3,
        heldOn: '2027-04-12',
        note: 'Buen ritmo de ventas.',
        recordedBy: admin.id,
        recordedAt: at(0),
      })
      await store.recordMilestone({ applicationId: id, month: 3, heldOn: '2027-04-13', note: 'Corregida la fecha.', memberId: admin.id, at: at(1) })
      await store.recordMilestone({ applicationId: id, month: 6, heldOn: '2027-07-01', note: 'Mitad del camino.', memberId: admin.id, at: at(2) })
      expect((await store.followUp(id))!.milestones).toEqual([
        { month: 3, heldOn: '2027-04-13', note: 'Corregida la fecha.', recordedBy: admin.id, recordedAt: at(1) },
        { month: 6, heldOn: '2027-07-01', note: 'Mitad del camino.', recordedBy: admin.id, recordedAt: at(2) },
      ])
      expect(await store.recordMilestone({ applicationId: crypto.randomUUID(), month: 3, heldOn: '2027-04-12', note: 'x', memberId: admin.id, at: at(0) })).toBe('not_found')

      expect(await store.close({ applicationId: id, note: 'Cerramos el programa con buenos resultados.', memberId: admin.id, at: at(3) })).toEqual({
        note: 'Cerramos el programa con buenos resultados.',
        closedBy: admin.id,
        closedAt: at(3),
      })
      expect(await store.close({ applicationId: id, note: 'Otra nota.', memberId: admin.id, at: at(4) })).toBe('closed')
      expect(await store.close({ applicationId: crypto.randomUUID(), note: 'x', memberId: admin.id, at: at(4) })).toBe('not_found')
      expect((await store.followUp(id))!.closing).toEqual({ note: 'Cerramos el programa con buenos resultados.', closedBy: admin.id, closedAt: at(3) })
      expect(await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: at(5) })).toEqual({ status: 'closed' })

      const audit = await db.all(`SELECT action, member_id, detail FROM audit_log WHERE application_id = '${id}' AND action LIKE 'follow_up.%' ORDER BY id`)
      const detail = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
      expect(audit.map((a) => [a.action, detail(a.detail)])).toEqual([
        ['follow_up.milestone_recorded', { month: 3, replaced: false }],
        ['follow_up.milestone_recorded', { month: 3, replaced: true }],
        ['follow_up.milestone_recorded', { month: 6, replaced: false }],
        ['follow_up.closed', {}],
      ])
    })

    it('lists every signed startup with its answered months (when each latest version came, its sales), milestones and closing, by reference', async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const first = await signed(db)
      const second = await signed(db)
      // Not signed: not in the list.
      await db.store.saveSubmission(newSubmission({ createdAt: at(0) }))
      await store.submitCheckIn({ applicationId: first.id, month: 1, baseVersion: 0, values: CHECK_IN, at: at(0) })
      // A correction: the list carries the latest version's sales.
      await store.submitCheckIn({ applicationId: first.id, month: 1, baseVersion: 1, values: { ...CHECK_IN, salesUsdCents: 99_950 }, at: at(5) })
      await store.submitCheckIn({ applicationId: first.id, month: 2, baseVersion: 0, values: { ...CHECK_IN, salesUsdCents: 0 }, at: at(9) })
      await store.recordMilestone({ applicationId: second.id, month: 3, heldOn: '2027-04-12', note: 'x', memberId: second.admin.id, at: at(0) })
      await store.close({ applicationId: second.id, note: 'Fin.', memberId: second.admin.id, at: at(10) })
      const list = await store.portfolio()
      expect(list.map((p) => p.reference)).toEqual([first.sub.application.reference, second.sub.application.reference].sort())
      const byId = new Map(list.map((p) => [p.applicationId, p]))
      expect(byId.get(first.id)).toEqual({
        applicationId: first.id,
        reference: first.sub.application.reference,
        companyName: first.sub.application.formData.companyName,
        tradeName: first.sub.application.formData.tradeName,
        followUpStart: '2026-12-01',
        recordedOn: '2026-11-25',
        answered: [
          { month: 1, lastAt: at(5), salesUsdCents: 99_950 },
          { month: 2, lastAt: at(9), salesUsdCents: 0 },
        ],
        milestones: [],
        closedAt: null,
      })
      expect(byId.get(second.id)).toMatchObject({ answered: [], milestones: [3], closedAt: at(10) })
    })

    it('claims each check-in e-mail once across two instances, never for an answered month or a closed follow-up', async () => {
      const db = await database()
      const one = openFollowUpStore(engineOf(db.store))
      const two = openFollowUpStore(engineOf(await db.openAnother()))
      const { id, sub, admin } = await signed(db, 'fundadora@startup.example')
      const other = await signed(db)
      const january = checkInMonth('2026-12-01', 1)
      const since = new Date('2027-01-01T05:00:00.000Z')
      expect((await one.mailCandidates(since)).map((c) => c.applicationId).sort()).toEqual([id, other.id].sort())

      const claims = await Promise.all([
        one.claimMail({ applicationId: id, month: january, kind: 'invitation', at: at(0) }, message),
        two.claimMail({ applicationId: id, month: january, kind: 'invitation', at: at(0) }, message),
      ])
      expect(claims.sort()).toEqual([false, true])
      const mails = (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind === 'founder_check_in')
      expect(mails.map((m) => [m.to, m.subject, m.status])).toEqual([['fundadora@startup.example', `invitation 1 ${sub.application.reference}`, 'pending']])
      expect(mails[0]!.text).toBe(`Hola, ${sub.application.formData.founderName} (${sub.application.formData.tradeName}): [enlace personal]/seguimiento`)
      // The same e-mail again: taken.
      expect(await one.claimMail({ applicationId: id, month: january, kind: 'invitation', at: at(1) }, message)).toBe(false)
      expect((await one.mailCandidates(since)).find((c) => c.applicationId === id)).toEqual({
        applicationId: id,
        followUpStart: '2026-12-01',
        recordedOn: '2026-11-25',
        answered: [],
        mailed: [{ month: 1, kind: 'invitation' }],
        welcomeWaiting: false,
      })
      // Only what happened since `since` is reported.
      expect((await one.mailCandidates(new Date('2027-02-01T05:00:00.000Z'))).find((c) => c.applicationId === id)!.mailed).toEqual([])

      // Answered: no reminder, and no row for it.
      await one.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: at(2) })
      expect(await one.claimMail({ applicationId: id, month: january, kind: 'reminder', at: at(3) }, message)).toBe(false)
      expect((await one.mailCandidates(since)).find((c) => c.applicationId === id)).toMatchObject({ answered: [1], mailed: [{ month: 1, kind: 'invitation' }] })
      // Closed: no e-mail, and it leaves the candidates.
      await one.close({ applicationId: other.id, note: 'Fin.', memberId: admin.id, at: at(4) })
      expect(await one.claimMail({ applicationId: other.id, month: january, kind: 'invitation', at: at(5) }, message)).toBe(false)
      expect((await one.mailCandidates(since)).map((c) => c.applicationId)).toEqual([id])
      // No address left (compose answers null): decided, nothing queued.
      const third = await signed(db)
      expect(await one.claimMail({ applicationId: third.id, month: january, kind: 'invitation', at: at(6) }, () => null)).toBe(true)
      expect((await db.store.listMessages({ applicationId: third.id })).filter((m) => m.kind === 'founder_check_in')).toEqual([])
      expect(await one.claimMail({ applicationId: third.id, month: january, kind: 'invitation', at: at(6) }, message)).toBe(false)
    })

    it('reads every check-in version of many applications in one call, as followUp() reads each', async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const { id, admin } = await signed(db)
      const quiet = await signedApplication(db, { admin })
      await store.submitCheckIn({ applicationId: id, month: 2, baseVersion: 0, values: CHECK_IN, at: at(0) })
      await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: at(1) })
      await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 1, values: { ...CHECK_IN, teamSize: 9 }, at: at(2) })
      expect(await store.checkInsOf([])).toEqual(new Map())
      const read = await store.checkInsOf([id, quiet.id, crypto.randomUUID(), 'not-a-uuid'])
      expect([...read.keys()]).toEqual([id])
      expect(read.get(id)).toEqual((await store.followUp(id))!.checkIns)
      expect(read.get(id)!.map((c) => [c.month, c.version, c.teamSize])).toEqual([
        [1, 1, 6],
        [1, 2, 9],
        [2, 1, 6],
      ])
    })

    it("reads each application's runway from its latest answered check-in, in one call", async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const { id, admin } = await signed(db)
      const corrected = await signedApplication(db, { admin })
      const blank = await signedApplication(db, { admin })
      const quiet = await signedApplication(db, { admin })
      // The latest month answered wins, whatever the order they came in.
      await store.submitCheckIn({ applicationId: id, month: 2, baseVersion: 0, values: { ...CHECK_IN, runwayMonths: 5 }, at: at(0) })
      await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: { ...CHECK_IN, runwayMonths: 12 }, at: at(1) })
      // Within a month, its latest version.
      await store.submitCheckIn({ applicationId: corrected.id, month: 1, baseVersion: 0, values: { ...CHECK_IN, runwayMonths: 3 }, at: at(0) })
      await store.submitCheckIn({ applicationId: corrected.id, month: 1, baseVersion: 1, values: { ...CHECK_IN, runwayMonths: 0 }, at: at(1) })
      // The latest check-in left it empty: null, never an earlier month's figure.
      await store.submitCheckIn({ applicationId: blank.id, month: 1, baseVersion: 0, values: { ...CHECK_IN, runwayMonths: 9 }, at: at(0) })
      await store.submitCheckIn({ applicationId: blank.id, month: 2, baseVersion: 0, values: { ...CHECK_IN, runwayMonths: null }, at: at(1) })
      expect(await store.latestRunways([])).toEqual(new Map())
      // The reports' version moves with every check-in version (and every closing).
      const version = await store.reportsVersion()
      expect(version).toMatch(/^6@.+\/0@-$/)
      const unknown = crypto.randomUUID()
      const runways = await store.latestRunways([id, corrected.id, blank.id, quiet.id, unknown, 'not-a-uuid'])
      expect(runways).toEqual(
        new Map<string, number | null>([
          [id, 5],
          [corrected.id, 0],
          [blank.id, null],
          [quiet.id, null],
          [unknown, null],
          ['not-a-uuid', null],
        ]),
      )
      expect((await store.latestRunways([corrected.id])).get(corrected.id)).toBe(0)
      // A bigint column: a figure beyond 2^31 reads back as a number on both engines.
      await store.submitCheckIn({ applicationId: corrected.id, month: 1, baseVersion: 2, values: { ...CHECK_IN, runwayMonths: 3_000_000_000 }, at: at(2) })
      expect(await store.latestRunways([corrected.id])).toEqual(new Map([[corrected.id, 3_000_000_000]]))
      expect(await store.reportsVersion()).not.toBe(version)
      expect(await store.reportsVersion()).toMatch(/^7@/)
    })

    it('is deleted with the application', async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const { id, sub, admin } = await signed(db)
      await store.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: at(0) })
      await store.recordMilestone({ applicationId: id, month: 3, heldOn: '2027-04-12', note: 'x', memberId: admin.id, at: at(0) })
      await store.claimMail({ applicationId: id, month: checkInMonth('2026-12-01', 2), kind: 'invitation', at: at(0) }, message)
      await store.close({ applicationId: id, note: 'Fin.', memberId: admin.id, at: at(1) })
      await db.store.deleteByEmail(sub.application.formData.email)
      for (const table of ['check_ins', 'follow_up_milestones', 'follow_up_closings', 'follow_up_mails']) expect(await db.count(table), table).toBe(0)
      expect(await store.followUp(id)).toBeNull()
    })
  })
}
