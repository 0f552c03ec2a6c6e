/**
 * The contract of PanelStore (ADRs 0152-0156) on each engine: the
 * offer (only in sesion_panel, never a conflicted or unknown member, replaced
 * whole), the founder's booking (future, offered, free for every panel
 * member across applications, once per application), a change (same UID,
 * SEQUENCE raised, refused past the cut-off) and a cancellation, each with
 * its e-mails in the same transaction; two instances racing for one member's
 * time; the day-before reminder exactly once.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import { insertMember } from '../testing/members.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { openConflictStore } from './conflict-store.ts'
import { openFounderStore, type FounderMailWrite } from './founder-store.ts'
import type { StageSessionFacts } from '../../../domain/pipeline.ts'
import { openPanelStore, type Compose, type ComposeLeave, type ComposeOffer, type LeaveMail, type OfferMail, type SessionMail } from './panel-store.ts'
import { openReviewStore } from './review-store.ts'
import { withStageMoves } from '../testing/stage-moves.ts'

const NOW = new Date('2026-12-01T13:00:00.000Z')
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000)

/** One e-mail per attendee, its calendar naming the method and sequence (the real ones are built in server/features/panel). */
function recorder(): { compose: Compose; calls: SessionMail[] } {
  const calls: SessionMail[] = []
  const compose: Compose = (mail) => {
    calls.push(mail)
    return [...mail.session.members.map((m) => ({ to: m.email, memberId: m.id as string | null })), { to: mail.founder.email, memberId: null }].map(({ to, memberId }) => {
      const id = crypto.randomUUID()
      return {
        id,
        kind: memberId ? ('team_panel_invitation' as const) : ('founder_panel_invitation' as const),
        messageId: `<${id}@catalitico.example>`,
        from: 'Catalítico <postulaciones@catalitico.example>',
        to,
        subject: 'Sesión',
        text: 't',
        html: 'h',
        calendar: `BEGIN:VCALENDAR\r\nMETHOD:${mail.method}\r\nSEQUENCE:${mail.session.sequence}\r\nEND:VCALENDAR\r\n`,
        memberId,
      }
    })
  }
  return { compose, calls }
}

export function describePanelStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`PanelStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    async function setUp() {
      const db = await database()
      const e = engineOf(db.store)
      const store = openPanelStore(e)
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const beto = await insertMember(db.store, 'reviewer', 'Beto')
      const carla = await insertMember(db.store, 'reviewer', 'Carla')
      const application = async (stage = 'sesion_panel') => {
        const sub = newSubmission({ createdAt: hours(-48) })
        await db.store.saveSubmission(sub)
        await db.exec('UPDATE applications SET stage = ?, stage_entered_at = ?, stage_due_at = ? WHERE id = ?', [
          stage,
          hours(-24).toISOString(),
          hours(24 * 6).toISOString(),
          sub.application.id,
        ])
        return sub.application
      }
      const offer = (applicationId: string, memberIds: string[], times: Date[], lengthMinutes = 60) =>
        store.saveOffer({ applicationId, offerId: crypto.randomUUID(), lengthMinutes, placeKind: 'video', place: 'https://meet.example/abc', memberIds, times, by: admin.id, at: NOW, compose: () => [] })
      return { db, e, store, admin, beto, carla, application, offer }
    }

    it('saves an offer only in sesion_panel, with known members and none in conflict; a new one replaces it whole', async () => {
      const { e, store, admin, beto, carla, application, offer } = await setUp()
      const early = await application('validacion_preliminar')
      expect(await offer(early.id, [beto.id], [hours(48)])).toEqual({ status: 'not_in_stage' })
      expect(await offer(crypto.randomUUID(), [beto.id], [hours(48)])).toEqual({ status: 'not_found' })

      const app = await application()
      const ghost = crypto.randomUUID()
      expect(await offer(app.id, [beto.id, ghost], [hours(48)])).toEqual({ status: 'unknown_member', memberIds: [ghost] })
      await openConflictStore(e).declare({ applicationId: app.id, memberId: carla.id, kind: 'comercial', note: '', declaredBy: carla.id, at: NOW })
      expect(await offer(app.id, [beto.id, carla.id], [hours(48)])).toEqual({ status: 'member_conflict', memberIds: [carla.id] })
      expect(await store.offer(app.id)).toBeNull()

      expect(await offer(app.id, [beto.id, admin.id], [hours(72), hours(48)])).toEqual({ status: 'saved' })
      const saved = (await store.offer(app.id))!
      expect(saved.times.map((t) => [t.startsAt, t.endsAt])).toEqual([
        [hours(48), hours(49)],
        [hours(72), hours(73)],
      ])
      expect(saved.members.map((m) => m.id).sort()).toEqual([admin.id, beto.id].sort())
      expect(saved).toMatchObject({ lengthMinutes: 60, placeKind: 'video', place: 'https://meet.example/abc', offeredBy: admin.id, offeredAt: NOW, noneFits: null })

      expect(await store.noneFits(app.id, 'Ese día viajo.', hours(1))).toBe(true)
      expect((await store.offer(app.id))!.noneFits).toEqual({ note: 'Ese día viajo.', at: hours(1) })
      expect(await offer(app.id, [beto.id], [hours(96)], 30)).toEqual({ status: 'saved' })
      const replaced = (await store.offer(app.id))!
      expect(replaced.times.map((t) => t.startsAt)).toEqual([hours(96)])
      expect(replaced.members.map((m) => m.id)).toEqual([beto.id])
      expect(replaced.noneFits).toBeNull()
      expect(await store.noneFits(early.id, 'x', NOW)).toBe(false)
    })

    it("queues the founder's e-mail of the times with the offer, in its transaction, saying whether it replaced one", async () => {
      const { db, e, store, admin, beto, application } = await setUp()
      const app = await application()
      const seen: OfferMail[] = []
      const compose: ComposeOffer = (mail) => {
        seen.push(mail)
        const id = crypto.randomUUID()
        return [{ id, kind: 'founder_panel_times', messageId: `<${id}@catalitico.example>`, from: 'x@catalitico.example', to: mail.founder.email, subject: 'Horarios', text: 't', html: 'h' }]
      }
      const save = (times: Date[]) =>
        store.saveOffer({ applicationId: app.id, offerId: crypto.randomUUID(), lengthMinutes: 45, placeKind: 'address', place: 'Calle 93', memberIds: [beto.id], times, by: admin.id, at: NOW, compose })
      expect(await save([hours(72), hours(48)])).toEqual({ status: 'saved' })
      expect(await save([hours(96)])).toEqual({ status: 'saved' })
      expect(seen.map((m) => [m.replaced, m.times, m.lengthMinutes, m.placeKind, m.place, m.reference])).toEqual([
        [false, [hours(48), hours(72)], 45, 'address', 'Calle 93', app.reference],
        [true, [hours(96)], 45, 'address', 'Calle 93', app.reference],
      ])
      expect(seen[0]!.founder.email).toBe(app.formData.email)
      const rows = (await db.store.listMessages({ applicationId: app.id })).filter((m) => m.kind === 'founder_panel_times')
      expect(rows.map((m) => m.to)).toEqual([app.formData.email, app.formData.email])
      // Refused (a member in conflict): nothing queued.
      await openConflictStore(e).declare({ applicationId: app.id, memberId: beto.id, kind: 'comercial', note: '', declaredBy: beto.id, at: NOW })
      expect((await save([hours(120)])).status).toBe('member_conflict')
      expect(seen).toHaveLength(2)
    })

    it("the team's cancellation keeps its reason and closes the offer; the founder's leaves the offer open", async () => {
      const { store, admin, beto, application, offer } = await setUp()
      const { compose, calls } = recorder()
      const byTeam = { kind: 'member', memberId: admin.id } as const
      const book = async (appId: string) => {
        const time = (await store.offer(appId))!.times[0]!
        return store.book({ applicationId: appId, timeId: time.id, sessionId: crypto.randomUUID(), uid: `${crypto.randomUUID()}@catalitico.example`, by: { kind: 'founder' }, at: NOW, compose })
      }
      const team = await application()
      await offer(team.id, [beto.id], [hours(48), hours(72)])
      expect((await book(team.id)).status).toBe('done')
      const cancelled = await store.cancel({ applicationId: team.id, by: byTeam, at: NOW, cutoffMs: null, reason: '  El panel no puede  ', closeOffer: true, compose })
      expect(cancelled).toMatchObject({ status: 'done', session: { status: 'cancelled', cancelReason: 'El panel no puede', changedBy: admin.id } })
      expect(calls.at(-1)).toMatchObject({ method: 'CANCEL', session: { cancelReason: 'El panel no puede' } })
      expect(await store.offer(team.id)).toBeNull()
      expect(await store.session(team.id)).toMatchObject({ status: 'cancelled', cancelReason: 'El panel no puede' })
      // The team's own cancellation, not a stage change's: no stage to name.
      expect(await store.cancelledByStage(team.id, (await store.session(team.id))!.id)).toBeNull()
      expect(await store.book({ applicationId: team.id, timeId: crypto.randomUUID(), sessionId: crypto.randomUUID(), uid: 'u@x', by: { kind: 'founder' }, at: NOW, compose })).toEqual({
        status: 'no_offer',
      })

      const founder = await application()
      await offer(founder.id, [beto.id], [hours(100), hours(120)])
      expect((await book(founder.id)).status).toBe('done')
      const own = await store.cancel({ applicationId: founder.id, by: { kind: 'founder' }, at: NOW, cutoffMs: 0, reason: null, closeOffer: false, compose })
      expect(own).toMatchObject({ status: 'done', session: { cancelReason: null } })
      expect((await store.offer(founder.id))!.times).toHaveLength(2)
    })

    it("retention's reduction of a closed application takes the founder's note with it", async () => {
      const { db, e, store, beto, application, offer } = await setUp()
      const app = await application()
      await offer(app.id, [beto.id], [hours(48)])
      expect(await store.noneFits(app.id, 'Viajo a Cali esa semana.', NOW)).toBe(true)
      await db.exec('UPDATE applications SET stage = ?, stage_entered_at = ? WHERE id = ?', ['no_seleccionada', hours(-24 * 400).toISOString(), app.id])
      expect(await openFounderStore(e).reduceClosedBefore(hours(-24 * 365), NOW)).toEqual({ reduced: 1 })
      expect((await store.offer(app.id))!.noneFits).toBeNull()
      expect(JSON.stringify(await db.all('SELECT * FROM panel_offers'))).not.toContain('Cali')
    })

    it('books an offered future time with its invitations in one transaction; a second booking of the application is refused', async () => {
      const { db, store, beto, carla, application, offer } = await setUp()
      const app = await application()
      await offer(app.id, [beto.id, carla.id], [hours(48), hours(72)])
      const times = (await store.offer(app.id))!.times
      const { compose, calls } = recorder()
      const book = (timeId: string, at = NOW) =>
        store.book({ applicationId: app.id, timeId, sessionId: crypto.randomUUID(), uid: `${crypto.randomUUID()}@catalitico.example`, by: { kind: 'founder' }, at, compose })

      expect(await book(crypto.randomUUID())).toEqual({ status: 'time_not_offered' })
      expect(await book(times[0]!.id, hours(49))).toEqual({ status: 'time_in_past' })
      expect(calls).toEqual([])

      const booked = await book(times[0]!.id)
      expect(booked.status).toBe('done')
      if (booked.status !== 'done') return
      expect(booked.session).toMatchObject({ status: 'booked', sequence: 0, startsAt: hours(48), endsAt: hours(49), bookedBy: 'founder', place: 'https://meet.example/abc' })
      expect(booked.session.members.map((m) => m.id).sort()).toEqual([beto.id, carla.id].sort())
      expect(calls.map((c) => c.method)).toEqual(['REQUEST'])
      expect(calls[0]!.reference).toBe(app.reference)
      expect(calls[0]!.founder.email).toBe(app.formData.email)
      const mails = (await db.store.listMessages({ applicationId: app.id })).filter((m) => m.kind.includes('panel'))
      expect(mails).toHaveLength(3)
      expect(mails.every((m) => m.calendar?.includes('METHOD:REQUEST'))).toBe(true)
      expect(mails.filter((m) => m.memberId !== null).map((m) => m.memberId).sort()).toEqual([beto.id, carla.id].sort())

      expect(await book(times[1]!.id)).toEqual({ status: 'already_booked' })
      expect(await store.session(app.id)).toEqual(booked.session)
      expect(await db.count('panel_sessions')).toBe(1)
    })

    it("refuses a time a panel member is booked at for another application, and shows it as that member's other session", async () => {
      const { store, beto, carla, application, offer } = await setUp()
      const first = await application()
      const second = await application()
      await offer(first.id, [beto.id], [hours(48)])
      // Carla and Beto on the second panel; 48h30 overlaps Beto's 48h–49h.
      await offer(second.id, [beto.id, carla.id], [hours(48.5), hours(50)])
      const { compose } = recorder()
      const book = async (applicationId: string, index: number) =>
        store.book({
          applicationId,
          timeId: (await store.offer(applicationId))!.times[index]!.id,
          sessionId: crypto.randomUUID(),
          uid: `${crypto.randomUUID()}@catalitico.example`,
          by: { kind: 'founder' },
          at: NOW,
          compose,
        })
      expect((await book(first.id, 0)).status).toBe('done')
      expect(await book(second.id, 0)).toEqual({ status: 'time_taken' })
      const busy = await store.busy([beto.id, carla.id], NOW, second.id)
      expect(busy.map((b) => [b.memberId, b.applicationId, b.reference, b.startsAt])).toEqual([[beto.id, first.id, first.reference, hours(48)]])
      expect(await store.busy([beto.id], NOW, first.id)).toEqual([])
      expect((await book(second.id, 1)).status).toBe('done')
      expect((await store.memberSessions(beto.id, NOW)).map((s) => s.applicationId)).toEqual([first.id, second.id])
      expect((await store.memberSessions(carla.id, NOW)).map((s) => s.applicationId)).toEqual([second.id])
      // "Mis pendientes" names the company; the other-sessions list needs only when and which.
      expect((await store.memberSessions(carla.id, NOW))[0]).toMatchObject({ reference: second.reference, companyName: second.formData.companyName, tradeName: second.formData.tradeName ?? '', placeKind: 'video' })
      expect(Object.keys(busy[0]!).sort()).toEqual(['applicationId', 'endsAt', 'hidden', 'memberId', 'reference', 'sessionId', 'startsAt'])
      expect(await store.memberSessions(carla.id, hours(51))).toEqual([])
    })

    it('refuses an offer with a time a panel member is booked at elsewhere, naming those times, and sends nothing (issue 32)', async () => {
      const { db, store, admin, beto, carla, application, offer } = await setUp()
      const first = await application()
      const second = await application()
      await offer(first.id, [beto.id], [hours(48)])
      const { compose } = recorder()
      const timeId = (await store.offer(first.id))!.times[0]!.id
      expect((await store.book({ applicationId: first.id, timeId, sessionId: crypto.randomUUID(), uid: 'u@catalitico.example', by: { kind: 'founder' }, at: NOW, compose })).status).toBe('done')
      const outbox = (await db.count('outbox'))
      let composed = 0
      const counting: ComposeOffer = () => {
        composed++
        return []
      }
      const save = (memberIds: string[], times: Date[]) =>
        store.saveOffer({ applicationId: second.id, offerId: crypto.randomUUID(), lengthMinutes: 60, placeKind: 'video', place: 'https://meet.example/x', memberIds, times, by: admin.id, at: NOW, compose: counting })
      // 48h30 overlaps Beto's 48h–49h; 49h (the end) does not.
      expect(await save([carla.id, beto.id], [hours(72), hours(48.5)])).toEqual({ status: 'time_taken', times: [hours(48.5)] })
      expect(await store.offer(second.id)).toBeNull()
      expect(composed).toBe(0)
      expect(await db.count('outbox')).toBe(outbox)
      expect(await save([carla.id], [hours(48.5)])).toEqual({ status: 'saved' })
      expect(await save([carla.id, beto.id], [hours(49), hours(72)])).toEqual({ status: 'saved' })
      expect(composed).toBe(2)
    })

    it("tells whether a member reading has a conflict on another session's application (hidden), and only for that member (issue 32)", async () => {
      const { e, store, admin, beto, carla, application, offer } = await setUp()
      const first = await application()
      const second = await application()
      await offer(first.id, [beto.id], [hours(48)])
      const { compose } = recorder()
      const timeId = (await store.offer(first.id))!.times[0]!.id
      expect((await store.book({ applicationId: first.id, timeId, sessionId: crypto.randomUUID(), uid: 'u@catalitico.example', by: { kind: 'founder' }, at: NOW, compose })).status).toBe('done')
      const conflicts = openConflictStore(e)
      const declared = await conflicts.declare({ applicationId: first.id, memberId: carla.id, kind: 'comercial', note: '', declaredBy: carla.id, at: NOW })
      const hiddenFor = async (viewer: string | null) => (await store.busy([beto.id], NOW, second.id, viewer)).map((b) => [b.applicationId, b.hidden])
      expect(await hiddenFor(carla.id)).toEqual([[first.id, true]])
      expect(await hiddenFor(admin.id)).toEqual([[first.id, false]])
      expect(await hiddenFor(null)).toEqual([[first.id, false]])
      // Lifted, it is hers to see again.
      if (declared.status !== 'declared') throw new Error('not declared')
      expect((await conflicts.lift(declared.conflict.id, { memberId: admin.id, reason: 'Ya no aplica', at: hours(1) })).status).toBe('lifted')
      expect(await hiddenFor(carla.id)).toEqual([[first.id, false]])
    })

    it("a member who declares a conflict after the booking leaves its panel: no later e-mail, not in their sessions", async () => {
      const { db, store, admin, beto, carla, application, offer } = await setUp()
      const app = await application()
      await offer(app.id, [beto.id, carla.id], [hours(48)])
      const timeId = (await store.offer(app.id))!.times[0]!.id
      const { compose, calls } = recorder()
      const booked = await store.book({ applicationId: app.id, timeId, sessionId: crypto.randomUUID(), uid: `${crypto.randomUUID()}@catalitico.example`, by: { kind: 'founder' }, at: NOW, compose })
      expect(booked.status).toBe('done')
      expect((await store.memberSessions(carla.id, NOW)).map((s) => s.applicationId)).toEqual([app.id])

      await db.exec(`INSERT INTO conflicts (id, application_id, member_id, kind, declared_by, declared_at) VALUES (?, ?, ?, 'personal', ?, ?)`, [
        crypto.randomUUID(),
        app.id,
        carla.id,
        admin.id,
        NOW.toISOString(),
      ])
      expect(await store.memberSessions(carla.id, NOW)).toEqual([])
      expect((await store.memberSessions(beto.id, NOW)).map((s) => s.applicationId)).toEqual([app.id])
      expect((await store.session(app.id))!.members.map((m) => m.id)).toEqual([beto.id])
      expect(await store.busy([carla.id], NOW, null)).toEqual([])
      // The team's cancellation writes to the panel as it now stands.
      const cancelled = await store.cancel({ applicationId: app.id, by: { kind: 'member', memberId: admin.id }, at: NOW, cutoffMs: null, reason: 'Conflicto declarado', closeOffer: true, compose })
      expect(cancelled.status).toBe('done')
      expect(calls.at(-1)!.session.members.map((m) => m.id)).toEqual([beto.id])
    })

    it("two instances booking one member's time for two applications at once: exactly one gets it", async () => {
      const { db, beto, application, offer } = await setUp()
      const other = openPanelStore(engineOf(await db.openAnother()))
      const mine = openPanelStore(engineOf(db.store))
      const apps = await Promise.all(Array.from({ length: 6 }, () => application()))
      for (const app of apps) await offer(app.id, [beto.id], [hours(48)])
      const { compose } = recorder()
      const timeIds = await Promise.all(apps.map(async (app) => (await mine.offer(app.id))!.times[0]!.id))
      const outcomes = await Promise.all(
        apps.map((app, i) =>
          (i % 2 ? other : mine).book({
            applicationId: app.id,
            timeId: timeIds[i]!,
            sessionId: crypto.randomUUID(),
            uid: `${crypto.randomUUID()}@catalitico.example`,
            by: { kind: 'founder' },
            at: NOW,
            compose,
          }),
        ),
      )
      expect(outcomes.filter((o) => o.status === 'done')).toHaveLength(1)
      expect(outcomes.filter((o) => o.status === 'time_taken')).toHaveLength(5)
      expect(await db.count('panel_sessions')).toBe(1)
    })

    it('two tabs of one founder booking two times at once: one session', async () => {
      const { db, beto, application, offer } = await setUp()
      const other = openPanelStore(engineOf(await db.openAnother()))
      const mine = openPanelStore(engineOf(db.store))
      const app = await application()
      await offer(app.id, [beto.id], [hours(48), hours(72)])
      const times = (await mine.offer(app.id))!.times
      const { compose } = recorder()
      const outcomes = await Promise.all(
        times.map((t, i) =>
          (i ? other : mine).book({ applicationId: app.id, timeId: t.id, sessionId: crypto.randomUUID(), uid: `${crypto.randomUUID()}@x`, by: { kind: 'founder' }, at: NOW, compose }),
        ),
      )
      expect(outcomes.map((o) => o.status).sort()).toEqual(['already_booked', 'done'])
      expect(await db.count('panel_sessions')).toBe(1)
    })

    it('reschedules (same UID, SEQUENCE raised, reminder again) and cancels (SEQUENCE raised again), refusing past the cut-off', async () => {
      const { store, admin, beto, application, offer } = await setUp()
      const app = await application()
      await offer(app.id, [beto.id], [hours(48), hours(72), hours(96)])
      const times = (await store.offer(app.id))!.times
      const { compose, calls } = recorder()
      const booked = await store.book({ applicationId: app.id, timeId: times[0]!.id, sessionId: crypto.randomUUID(), uid: 'uid-1@catalitico.example', by: { kind: 'founder' }, at: NOW, compose })
      expect(booked.status).toBe('done')
      expect(await store.remindersDue(hours(24), hours(48))).toHaveLength(1)
      const id = (await store.remindersDue(hours(24), hours(48)))[0]!
      expect(await store.claimReminder(id, hours(25), compose)).toBe(true)
      expect(await store.claimReminder(id, hours(25), compose)).toBe(false)
      expect(await store.remindersDue(hours(24), hours(48))).toEqual([])

      const day = 24 * 3_600_000
      const founder = { kind: 'founder' } as const
      expect(await store.reschedule({ applicationId: app.id, to: { timeId: times[1]!.id }, by: founder, at: hours(30), cutoffMs: day, compose })).toEqual({ status: 'past_cutoff' })
      expect(await store.reschedule({ applicationId: app.id, to: { timeId: times[0]!.id }, by: founder, at: NOW, cutoffMs: day, compose })).toEqual({ status: 'same_time' })
      expect(await store.reschedule({ applicationId: app.id, to: { timeId: crypto.randomUUID() }, by: founder, at: NOW, cutoffMs: day, compose })).toEqual({
        status: 'time_not_offered',
      })
      const moved = await store.reschedule({ applicationId: app.id, to: { timeId: times[1]!.id }, by: founder, at: NOW, cutoffMs: day, compose })
      expect(moved).toMatchObject({ status: 'done', session: { uid: 'uid-1@catalitico.example', sequence: 1, startsAt: hours(72), endsAt: hours(73), changedBy: 'founder', remindedAt: null } })
      // The team moves it to a time of its own (same length); a time in the past is refused.
      expect(await store.reschedule({ applicationId: app.id, to: { startsAt: hours(-1) }, by: { kind: 'member', memberId: admin.id }, at: NOW, cutoffMs: null, compose })).toEqual({
        status: 'time_in_past',
      })
      const byTeam = await store.reschedule({ applicationId: app.id, to: { startsAt: hours(100) }, by: { kind: 'member', memberId: admin.id }, at: NOW, cutoffMs: null, compose })
      expect(byTeam).toMatchObject({ status: 'done', session: { sequence: 2, startsAt: hours(100), endsAt: hours(101), changedBy: admin.id } })

      expect(await store.cancel({ applicationId: app.id, by: founder, at: hours(90), cutoffMs: day, reason: null, closeOffer: false, compose })).toEqual({ status: 'past_cutoff' })
      const cancelled = await store.cancel({ applicationId: app.id, by: founder, at: NOW, cutoffMs: day, reason: null, closeOffer: false, compose })
      expect(cancelled).toMatchObject({ status: 'done', session: { uid: 'uid-1@catalitico.example', sequence: 3, status: 'cancelled', cancelledAt: NOW } })
      expect(calls.map((c) => [c.method, c.session.sequence])).toEqual([
        ['REQUEST', 0],
        ['REQUEST', 0],
        ['REQUEST', 1],
        ['REQUEST', 2],
        ['CANCEL', 3],
      ])
      // A move's e-mails are written knowing the time it had and who moved it; nothing else carries it.
      expect(calls.map((c) => c.moved)).toEqual([
        undefined,
        undefined,
        { from: { startsAt: hours(48), endsAt: hours(49) }, by: { kind: 'founder' } },
        { from: { startsAt: hours(72), endsAt: hours(73) }, by: { kind: 'member', name: 'Ana' } },
        undefined,
      ])
      expect(await store.cancel({ applicationId: app.id, by: founder, at: NOW, cutoffMs: day, reason: null, closeOffer: false, compose })).toEqual({ status: 'no_session' })
      expect(await store.reschedule({ applicationId: app.id, to: { timeId: times[2]!.id }, by: founder, at: NOW, cutoffMs: day, compose })).toEqual({ status: 'no_session' })
      expect((await store.session(app.id))!.status).toBe('cancelled')
      // The times are free again: the founder books anew, a new session (a new UID).
      const again = await store.book({ applicationId: app.id, timeId: times[2]!.id, sessionId: crypto.randomUUID(), uid: 'uid-2@catalitico.example', by: founder, at: NOW, compose })
      expect(again).toMatchObject({ status: 'done', session: { uid: 'uid-2@catalitico.example', sequence: 0 } })
      expect(await store.remindersDue(hours(24), hours(200))).toHaveLength(1)
    })
    it('closing the application cancels its coming session in the stage change\'s transaction: a failed change leaves it booked, a done one cancelled with its CANCEL e-mails once', async () => {
      const { db, e, store, admin, beto, application, offer } = await setUp()
      const reviews = withStageMoves(openReviewStore(e), e)
      const app = await application()
      await offer(app.id, [beto.id], [hours(48)])
      const { compose, calls } = recorder()
      const booked = await store.book({ applicationId: app.id, timeId: (await store.offer(app.id))!.times[0]!.id, sessionId: crypto.randomUUID(), uid: 'uid-close@catalitico.example', by: { kind: 'founder' }, at: NOW, compose })
      expect(booked.status).toBe('done')
      const cancels = async () => (await db.all(`SELECT kind, recipient FROM outbox WHERE calendar LIKE '%METHOD:CANCEL%' ORDER BY recipient`)).map((r) => [r.kind, r.recipient])
      const move = (from: 'sesion_panel' | 'validacion_preliminar', compose: Compose) =>
        reviews.transitionMany([{ applicationId: app.id, from, to: 'no_seleccionada', reason: null, memberId: admin.id, at: hours(1), panelSession: { action: 'cancel', compose } }])

      // The stage change fails inside its transaction (here: writing the CANCEL e-mails throws): nothing of it stays.
      const failing: Compose = () => {
        throw new Error('the outbox is gone')
      }
      await expect(move('sesion_panel', failing)).rejects.toThrow('the outbox is gone')
      expect(await store.session(app.id)).toMatchObject({ status: 'booked', sequence: 0 })
      expect(await cancels()).toEqual([])
      expect((await db.all(`SELECT stage FROM applications`)).map((r) => r.stage)).toEqual(['sesion_panel'])
      // A stale move changes nothing either.
      expect(await move('validacion_preliminar', compose)).toEqual([{ status: 'conflict', stage: 'sesion_panel' }])
      expect(await store.session(app.id)).toMatchObject({ status: 'booked', sequence: 0 })

      expect(await move('sesion_panel', compose)).toMatchObject([{ status: 'moved', stage: 'no_seleccionada' }])
      expect(await store.session(app.id)).toMatchObject({ status: 'cancelled', sequence: 1, uid: 'uid-close@catalitico.example', cancelledAt: hours(1), changedBy: admin.id })
      expect(await store.cancelledByStage(app.id, (await store.session(app.id))!.id)).toBe('no_seleccionada')
      expect(calls.map((c) => [c.method, c.session.sequence])).toEqual([
        ['REQUEST', 0],
        ['CANCEL', 1],
      ])
      expect(await cancels()).toEqual([
        ['team_panel_invitation', beto.email],
        ['founder_panel_invitation', app.formData.email],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))))
    })

    it("a move past the panel stage does what it is told to the session ahead (ADR 0185): kept on purpose (who, when, audited; still reminded), cancelled with the founder's CANCEL riding in the stage e-mail, which goes alone if that e-mail is discarded or replaced; a held one is left", async () => {
      const { db, e, store, admin, beto, application, offer } = await setUp()
      const reviews = withStageMoves(openReviewStore(e), e)
      const founders = openFounderStore(e)
      const { compose } = recorder()
      const bookedApp = async (hoursAhead: number) => {
        const app = await application()
        await offer(app.id, [beto.id], [hours(hoursAhead)])
        const timeId = (await store.offer(app.id))!.times[0]!.id
        expect((await store.book({ applicationId: app.id, timeId, sessionId: crypto.randomUUID(), uid: `uid-${app.id}@catalitico.example`, by: { kind: 'founder' }, at: NOW, compose })).status).toBe('done')
        return app
      }
      const seen: StageSessionFacts[] = []
      const stageMail = (to: string) => (session: StageSessionFacts): FounderMailWrite => {
        seen.push(session)
        return { draft: { id: crypto.randomUUID(), kind: 'due_diligence', to, subject: `Etapa: ${session.state}`, text: 't', html: 'h' }, sendNow: null }
      }
      const cancelsTo = async (id: string) =>
        (await db.all(`SELECT kind, recipient FROM outbox WHERE application_id = '${id}' AND calendar LIKE '%METHOD:CANCEL%' ORDER BY kind, recipient`)).map((r) => [r.kind, r.recipient])
      const move = (app: { id: string; formData: { email: string } }, step: 'cancel' | 'keep', at = hours(1)) =>
        reviews.transitionMany([
          {
            applicationId: app.id,
            from: 'sesion_panel',
            to: 'due_diligence',
            reason: null,
            memberId: admin.id,
            at,
            founderMail: stageMail(app.formData.email),
            panelSession: step === 'cancel' ? { action: 'cancel', compose } : { action: 'keep' },
          },
        ])

      // Kept: still booked, who and when on it, in the audit log; its day-before reminder still due.
      const kept = await bookedApp(48)
      expect(await move(kept, 'keep')).toMatchObject([{ status: 'moved' }])
      expect(await store.session(kept.id)).toMatchObject({ status: 'booked', sequence: 0, keptBy: admin.id, keptAt: hours(1) })
      expect(await cancelsTo(kept.id)).toEqual([])
      const audits = await db.all(`SELECT action, detail FROM audit_log WHERE application_id = '${kept.id}' AND action LIKE 'panel.%' ORDER BY action`)
      expect(audits.map((a) => a.action)).toEqual(['panel.booked', 'panel.kept', 'panel.offered'])
      expect(JSON.parse(typeof audits[1]!.detail === 'string' ? audits[1]!.detail : JSON.stringify(audits[1]!.detail))).toMatchObject({ to: 'due_diligence', startsAt: hours(48).toISOString() })
      expect(await store.remindersDue(hours(24), hours(60))).toHaveLength(1)

      // Cancelled: the panel's CANCEL queued now; the founder's kept on the waiting stage e-mail, not queued.
      const cancelled = await bookedApp(72)
      expect(await move(cancelled, 'cancel')).toMatchObject([{ status: 'moved' }])
      expect(await store.session(cancelled.id)).toMatchObject({ status: 'cancelled', sequence: 1, keptBy: null })
      // Which move cancelled it, from its audit entry: the stage moved to; a kept session names none.
      expect(await store.cancelledByStage(cancelled.id, (await store.session(cancelled.id))!.id)).toBe('due_diligence')
      expect(await store.cancelledByStage(kept.id, (await store.session(kept.id))!.id)).toBeNull()
      expect(await store.cancelledByStage(cancelled.id, crypto.randomUUID())).toBeNull()
      expect(await cancelsTo(cancelled.id)).toEqual([['team_panel_invitation', beto.email]])
      const draft = (await founders.listDrafts(cancelled.id))[0]!
      expect(draft).toMatchObject({ status: 'draft', carriesPanelCancel: true, subject: 'Etapa: cancelled' })
      // Discarded unsent, the founder's CANCEL goes alone, once.
      expect((await founders.discardDraft(draft.id, admin.id, hours(2))).status).toBe('ok')
      expect(await cancelsTo(cancelled.id)).toEqual([
        ['founder_panel_invitation', cancelled.formData.email],
        ['team_panel_invitation', beto.email],
      ])
      expect(await founders.getDraft(draft.id)).toMatchObject({ status: 'discarded', carriesPanelCancel: false })

      // Replaced by a later move while waiting: the founder's CANCEL goes alone with that move.
      const replaced = await bookedApp(96)
      expect(await move(replaced, 'cancel')).toMatchObject([{ status: 'moved' }])
      expect(await reviews.transitionMany([{ applicationId: replaced.id, from: 'due_diligence', to: 'retirada', reason: null, memberId: admin.id, at: hours(2) }])).toMatchObject([
        { status: 'moved' },
      ])
      expect(await cancelsTo(replaced.id)).toEqual([
        ['founder_panel_invitation', replaced.formData.email],
        ['team_panel_invitation', beto.email],
      ])
      // The later move cancelled nothing more: the session still names the move that did.
      expect(await store.cancelledByStage(replaced.id, (await store.session(replaced.id))!.id)).toBe('due_diligence')

      // Sent, the stage e-mail takes the founder's calendar with it: one CANCEL, in the stage e-mail.
      const sent = await bookedApp(120)
      expect(await move(sent, 'cancel')).toMatchObject([{ status: 'moved' }])
      const waiting = (await founders.listDrafts(sent.id))[0]!
      const message = (d: { id: string; to: string; subject: string; text: string; html: string }) => ({
        id: crypto.randomUUID(), kind: 'founder_status' as const, messageId: `<${d.id}@catalitico.example>`, from: 'x@catalitico.example', to: d.to, subject: d.subject, text: d.text, html: d.html,
      })
      expect((await founders.sendDraft(waiting.id, message, admin.id, hours(2))).status).toBe('ok')
      expect(await cancelsTo(sent.id)).toEqual([
        ['founder_status', sent.formData.email],
        ['team_panel_invitation', beto.email],
      ])

      // Held: a session that has started is left as it is.
      const held = await bookedApp(6)
      expect(await move(held, 'cancel', hours(8))).toMatchObject([{ status: 'moved' }])
      expect(await store.session(held.id)).toMatchObject({ status: 'booked', sequence: 0 })
      expect(await cancelsTo(held.id)).toEqual([])
      expect(seen.map((f) => f.state)).toEqual(['kept', 'cancelled', 'cancelled', 'cancelled', 'held'])
      // Past the panel stage, the founder no longer cancels from their page; the team still may.
      expect(await store.cancel({ applicationId: kept.id, by: { kind: 'founder' }, at: hours(2), cutoffMs: 0, reason: null, closeOffer: false, compose })).toEqual({ status: 'not_in_stage' })
      // A kept session is reminded; one of an application moved on by an older version without a choice is not.
      await db.exec('UPDATE panel_sessions SET status = ?, kept_by = NULL, kept_at = NULL WHERE application_id = ?', ['booked', held.id])
      expect((await store.remindersDue(hours(0), hours(200))).length).toBe(1)
    })

    it('a member who declares a conflict after the booking gets the session\'s CANCEL alone (same UID, SEQUENCE raised), in the declaration\'s transaction', async () => {
      const { db, e, store, admin, beto, carla, application, offer } = await setUp()
      const conflicts = openConflictStore(e)
      const app = await application()
      await offer(app.id, [beto.id, carla.id], [hours(48)])
      const { compose, calls } = recorder()
      await store.book({ applicationId: app.id, timeId: (await store.offer(app.id))!.times[0]!.id, sessionId: crypto.randomUUID(), uid: 'uid-leave@catalitico.example', by: { kind: 'founder' }, at: NOW, compose })
      const left: LeaveMail[] = []
      const leave: ComposeLeave = (mail) => {
        left.push(mail)
        return [{ id: crypto.randomUUID(), kind: 'team_panel_invitation', messageId: `<${crypto.randomUUID()}@x>`, from: 'a@x', to: mail.leaving.email, subject: 's', text: 't', html: 'h', calendar: `METHOD:CANCEL\r\nSEQUENCE:${mail.session.sequence}`, memberId: mail.leaving.id }]
      }
      const outboxBefore = await db.count('outbox')
      const declared = await conflicts.declare({ applicationId: app.id, memberId: carla.id, kind: 'personal', note: '', declaredBy: carla.id, at: hours(1), panelLeave: leave })
      expect(declared.status).toBe('declared')
      expect(left.map((m) => [m.method, m.leaving.id, m.session.uid, m.session.sequence, m.session.members.map((x) => x.id)])).toEqual([
        ['CANCEL', carla.id, 'uid-leave@catalitico.example', 1, [beto.id]],
      ])
      expect(await db.count('outbox')).toBe(outboxBefore + 1)
      expect((await db.all(`SELECT recipient FROM outbox WHERE calendar LIKE 'METHOD:CANCEL%'`)).map((r) => r.recipient)).toEqual([carla.email])
      // The session stands, at its time, for the others; its next change carries the raised SEQUENCE.
      expect(await store.session(app.id)).toMatchObject({ status: 'booked', sequence: 1, startsAt: hours(48) })
      const moved = await store.reschedule({ applicationId: app.id, to: { startsAt: hours(72) }, by: { kind: 'member', memberId: admin.id }, at: hours(2), cutoffMs: null, compose })
      expect(moved).toMatchObject({ status: 'done', session: { sequence: 2 } })
      expect(calls.at(-1)!.session.members.map((m) => m.id)).toEqual([beto.id])

      // Beto's conflict on another application, or on this one if it failed, sends nothing: only a member on a booked session leaves it.
      const other = await application()
      await conflicts.declare({ applicationId: other.id, memberId: beto.id, kind: 'personal', note: '', declaredBy: admin.id, at: hours(3), panelLeave: leave })
      expect(left).toHaveLength(1)
      // A declaration that fails (already declared) changes nothing.
      expect((await conflicts.declare({ applicationId: app.id, memberId: carla.id, kind: 'personal', note: '', declaredBy: carla.id, at: hours(3), panelLeave: leave })).status).toBe('exists')
      expect(left).toHaveLength(1)
      expect(await store.session(app.id)).toMatchObject({ sequence: 2 })
    })
  })
}
