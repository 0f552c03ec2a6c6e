/**
 * The contract of the ConflictStore and the ClockStore ("Mis pendientes",
 * reminders, the stage punctuality), run on a real SQLite file and on the
 * real PostgreSQL (clock-store.sqlite.test.ts, clock-store.postgres.test.ts).
 * The factory opens a FRESH, migrated database per test.
 */
import { describe, expect, it } from 'vitest'
import type { Application } from '../../../domain/application.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import { runReminders } from '../../features/review/reminder-job.ts'
import type { ApplicationStore } from './application-store.ts'
import type { Role } from '../../../domain/team.ts'
import type { Member } from './team-store.ts'
import { openWorkspaceStores, type WorkspaceStores } from './open-workspace-stores.ts'
import { stageMoves } from '../../features/review/pipeline.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import { insertMember } from '../testing/members.ts'
import { APPLICATION_SORTS, type ApplicationListQuery } from './review-store.ts'
import { review as reviewInput, submission } from './review-store-contract.ts'

export interface ClockStoreHarness {
  store: ApplicationStore
  stores: WorkspaceStores
  addMember: (role: Role, name?: string, email?: string) => Promise<Member>
  /** Another ApplicationStore and its workspace stores on the same database, as a second instance. */
  openSecond: () => Promise<{ store: ApplicationStore; stores: WorkspaceStores }>
  /** Runs one statement with ? placeholders (test set-up: assignments the other branch's routes would write). */
  exec: (sql: string, params: readonly unknown[]) => Promise<void>
  count: (table: 'conflicts' | 'audit_log' | 'assignments' | 'reminder_runs' | 'outbox') => Promise<number>
  dispose: () => Promise<void>
}

/** The harness on a test database of either store (testing/store-databases.ts). */
export function clockStoreHarness<S extends ApplicationStore>(db: TestDatabase<S>): ClockStoreHarness {
  return {
    store: db.store,
    stores: openWorkspaceStores(db.store),
    addMember: (role, name, email) => insertMember(db.store, role, name, email),
    openSecond: async () => {
      const second = await db.openAnother()
      return { store: second, stores: openWorkspaceStores(second) }
    },
    exec: db.exec,
    count: db.count,
    dispose: db.dispose,
  }
}

export const T0 = new Date('2026-03-02T15:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000
export const at = (days: number) => new Date(T0.getTime() + days * DAY)

export async function savedApplication(store: ApplicationStore, createdAt = T0, form: Partial<Application> = {}) {
  const sub = submission(createdAt, form)
  await store.saveSubmission(sub)
  return sub.application
}

export async function assign(h: ClockStoreHarness, applicationId: string, member: Member, by: Member, when = T0) {
  await h.exec('INSERT INTO assignments (application_id, member_id, assigned_by, assigned_at) VALUES (?, ?, ?, ?)', [
    applicationId,
    member.id,
    by.id,
    when.toISOString(),
  ])
}

export function describeConflictStoreContract(name: string, open: () => Promise<ClockStoreHarness>): void {
  describe(`ConflictStore contract: ${name}`, () => {
    const harness = harnessPerTest(open)
    /** An admin, a reviewer (Ana) and one application, in that order. */
    async function setUp() {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      return { h, admin, ana, app: await savedApplication(h.store) }
    }

    it('a member declares a conflict: conflicted from then on, their assignment dropped, audited without the note', async () => {
      const { h, admin, ana, app } = await setUp()
      const other = await savedApplication(h.store)
      await assign(h, app.id, ana, admin)
      expect(await h.stores.conflicts.isConflicted(ana.id, app.id)).toBe(false)
      const outcome = await h.stores.conflicts.declare({
        applicationId: app.id,
        memberId: ana.id,
        kind: 'comercial',
        note: 'Invertí en su ronda semilla',
        declaredBy: ana.id,
        at: T0,
      })
      expect(outcome.status).toBe('declared')
      expect(await h.stores.conflicts.isConflicted(ana.id, app.id)).toBe(true)
      expect(await h.stores.conflicts.isConflicted(ana.id, other.id)).toBe(false)
      expect(await h.stores.conflicts.isConflicted(admin.id, app.id)).toBe(false)
      expect([...(await h.stores.conflicts.conflictedMembers(app.id))]).toEqual([ana.id])
      expect([...(await h.stores.conflicts.conflictedApplications(ana.id))]).toEqual([app.id])
      expect(await h.count('assignments')).toBe(0)
      const [entry] = (await h.stores.review.listAudit(1, 10)).items
      expect(entry).toMatchObject({ action: 'conflict.declared', applicationId: app.id, member: { id: ana.id } })
      expect(JSON.stringify(entry!.detail)).not.toContain('semilla')
      expect(entry!.detail).toMatchObject({ kind: 'comercial', memberId: ana.id })
    })

    it('an admin records one for a member (conflict.recorded); a second declaration changes nothing', async () => {
      const { h, admin, ana, app } = await setUp()
      const first = await h.stores.conflicts.declare({ applicationId: app.id, memberId: ana.id, kind: 'personal', note: '', declaredBy: admin.id, at: T0 })
      expect(first.status).toBe('declared')
      const again = await h.stores.conflicts.declare({ applicationId: app.id, memberId: ana.id, kind: 'otra', note: 'x', declaredBy: ana.id, at: at(1) })
      expect(again).toMatchObject({ status: 'exists', conflict: { kind: 'personal', declaredBy: admin.id } })
      expect(await h.count('conflicts')).toBe(1)
      expect((await h.stores.review.listAudit(1, 10)).items.map((e) => e.action)).toEqual(['conflict.recorded'])
    })

    it('lifting keeps the row with who, when and why, audits it, and frees the member; twice is refused', async () => {
      const { h, admin, ana, app } = await setUp()
      const declared = await h.stores.conflicts.declare({ applicationId: app.id, memberId: ana.id, kind: 'competencia', note: '', declaredBy: ana.id, at: T0 })
      if (declared.status !== 'declared') throw new Error('not declared')
      const lifted = await h.stores.conflicts.lift(declared.conflict.id, { memberId: admin.id, reason: 'Ya vendió su participación', at: at(2) })
      expect(lifted).toMatchObject({ status: 'lifted', conflict: { liftedAt: at(2), liftedBy: admin.id, liftReason: 'Ya vendió su participación' } })
      expect(await h.stores.conflicts.isConflicted(ana.id, app.id)).toBe(false)
      expect(await h.stores.conflicts.lift(declared.conflict.id, { memberId: admin.id, reason: 'x', at: at(3) })).toEqual({ status: 'already_lifted' })
      expect(await h.stores.conflicts.lift(crypto.randomUUID(), { memberId: admin.id, reason: 'x', at: at(3) })).toEqual({ status: 'not_found' })
      expect((await h.stores.review.listAudit(1, 10)).items.map((e) => e.action)).toEqual(['conflict.lifted', 'conflict.declared'])
      // A new declaration after a lift is a new conflict.
      const again = await h.stores.conflicts.declare({ applicationId: app.id, memberId: ana.id, kind: 'otra', note: '', declaredBy: ana.id, at: at(4) })
      expect(again.status).toBe('declared')
      expect((await h.stores.conflicts.list({ applicationId: app.id })).map((c) => c.kind)).toEqual(['otra', 'competencia'])
      expect((await h.stores.conflicts.list({ memberId: ana.id, activeOnly: true })).map((c) => c.kind)).toEqual(['otra'])
    })

    it('masked rows never match a search or filter, sort last by reference, and leave the counts alone (ADR 0107)', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      // The masked one would sort first by company, by due date and by score, and is the newest.
      const secret = await savedApplication(h.store, at(2), { companyName: 'Aaa Secreta Agro S.A.S.', founderName: 'Zoila Oculta', productStage: 'mvp' })
      const other = await savedApplication(h.store, at(1), { companyName: 'Bbb Visible Agro S.A.S.', founderName: 'Rosa Abierta', productStage: 'beta' })
      await h.stores.review.upsertReview(secret.id, ana.id, reviewInput(5, 5, 5, 5, 5), at(2))
      await h.stores.review.upsertReview(other.id, ana.id, reviewInput(1, 1, 1, 1, 1), at(2))
      for (const member of [ana, admin]) {
        await h.stores.conflicts.declare({ applicationId: secret.id, memberId: member.id, kind: 'otra', note: '', declaredBy: admin.id, at: at(3) })
      }
      const list = (viewer: Member, q: Partial<ApplicationListQuery> = {}) =>
        h.stores.review.listApplications({
          sort: 'received_desc',
          page: 1,
          pageSize: 50,
          now: at(3),
          viewer: { memberId: viewer.id, isAdmin: viewer.role === 'admin' },
          masked: 'listed_last',
          ...q,
        })
      const ids = async (viewer: Member, q: Partial<ApplicationListQuery> = {}) => {
        const page = await list(viewer, q)
        return { ids: page.items.map((i) => i.id), total: page.total }
      }
      for (const viewer of [ana, admin]) {
        // Its company, its founder, its reference's letters, a word both share: the masked row matches none.
        for (const q of ['secreta', 'zoila', 'oculta', secret.reference.slice(-6), 'agro']) {
          const expected = q === 'agro' ? [other.id] : []
          expect(await ids(viewer, { q }), `${viewer.role} searching ${q}`).toEqual({ ids: expected, total: expected.length })
        }
        // Each filter the masked row would match (as another member's list shows): it does not, and is not counted.
        const eva = await h.addMember('reviewer')
        for (const filter of [{ stage: 'recibida' }, { productStage: 'mvp' }, { due: 'overdue', now: at(60) }, { unreviewed: true }] as const) {
          expect((await ids(eva, filter)).ids, JSON.stringify(filter)).toContain(secret.id)
          const seen = await ids(viewer, filter)
          expect(seen.ids, JSON.stringify(filter)).not.toContain(secret.id)
          expect(seen.total).toBe(seen.ids.length)
        }
        // Unfiltered: listed, after every other row whatever the sort, and counted once.
        for (const sort of APPLICATION_SORTS) expect(await ids(viewer, { sort }), `${viewer.role} sorted by ${sort}`).toEqual({ ids: [other.id, secret.id], total: 2 })
        // Paged: the tail follows on the next page.
        expect(await ids(viewer, { pageSize: 1, page: 1, sort: 'company_asc' })).toEqual({ ids: [other.id], total: 2 })
        expect(await ids(viewer, { pageSize: 1, page: 2, sort: 'company_asc' })).toEqual({ ids: [secret.id], total: 2 })
        // Bulk actions and exports (the default) never take it.
        expect(await ids(viewer, { masked: 'left_out' })).toEqual({ ids: [other.id], total: 1 })
      }
      // Another member sees it like any other row.
      const eva = await h.addMember('reviewer')
      expect(await ids(eva, { q: 'secreta' })).toEqual({ ids: [secret.id], total: 1 })
      expect(await ids(eva, { sort: 'company_asc' })).toEqual({ ids: [secret.id, other.id], total: 2 })
      // Lifted: it matches again.
      const [active] = await h.stores.conflicts.list({ memberId: ana.id, activeOnly: true })
      await h.stores.conflicts.lift(active!.id, { memberId: admin.id, reason: 'Ya no aplica', at: at(4) })
      expect(await ids(ana, { q: 'secreta' })).toEqual({ ids: [secret.id], total: 1 })
    })

    it('an unknown application or member, or a malformed id, is not_found and writes nothing', async () => {
      const h = await harness()
      const ana = await h.addMember('reviewer')
      const app = await savedApplication(h.store)
      for (const [applicationId, memberId] of [
        [crypto.randomUUID(), ana.id],
        [app.id, crypto.randomUUID()],
        ['nope', ana.id],
      ] as const) {
        expect(await h.stores.conflicts.declare({ applicationId, memberId, kind: 'otra', note: '', declaredBy: ana.id, at: T0 })).toEqual({ status: 'not_found' })
      }
      expect(await h.stores.conflicts.isConflicted(ana.id, 'nope')).toBe(false)
      expect(await h.count('conflicts')).toBe(0)
      expect(await h.count('audit_log')).toBe(0)
    })

    it('two instances declaring the same conflict at once: one conflict, one audit entry', async () => {
      const h = await harness()
      const ana = await h.addMember('reviewer')
      const app = await savedApplication(h.store)
      const second = await h.openSecond()
      const input = { applicationId: app.id, memberId: ana.id, kind: 'otra' as const, note: '', declaredBy: ana.id, at: T0 }
      const outcomes = await Promise.all([h.stores.conflicts.declare(input), second.stores.conflicts.declare(input)])
      expect(outcomes.map((o) => o.status).sort()).toEqual(['declared', 'exists'])
      expect(await h.count('conflicts')).toBe(1)
      expect(await h.count('audit_log')).toBe(1)
    })
  })
}

const MAIL = { from: 'Catalítico <equipo@catalitico.example>', siteOrigin: 'https://catalitico.example' }
const silentLog = () => {}

export function describeClockStoreContract(name: string, open: () => Promise<ClockStoreHarness>): void {
  describe(`ClockStore contract: ${name}`, () => {
    const harness = harnessPerTest(open)
    const review = reviewInput(3, 3, 3, 3, 3)

    it('Mis pendientes: assigned and open, waiting for my review or due within the window; never conflicted, closed or not mine', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      // Received at T0: recibida is due at T0 + 14 days.
      const waiting = await savedApplication(h.store, at(0), { companyName: 'Espera S.A.S.', tradeName: '' })
      const reviewedDueSoon = await savedApplication(h.store, at(-1), { companyName: 'Pronto S.A.S.', tradeName: 'Pronto' })
      const reviewedLater = await savedApplication(h.store, at(5), { companyName: 'Tarde S.A.S.' })
      const conflicted = await savedApplication(h.store, at(0))
      const closed = await savedApplication(h.store, at(0))
      const notMine = await savedApplication(h.store, at(0))
      for (const app of [waiting, reviewedDueSoon, reviewedLater, conflicted, closed]) await assign(h, app.id, ana, admin)
      await assign(h, notMine.id, admin, admin)
      await h.stores.review.upsertReview(reviewedDueSoon.id, ana.id, review, at(1))
      await h.stores.review.upsertReview(reviewedLater.id, ana.id, review, at(6))
      await stageMoves(h.stores.stageSteps).transition(closed.id, { from: 'recibida', to: 'no_seleccionada', reason: null, memberId: admin.id, at: at(1) })
      // An admin records it: the store keeps no assignment of a conflicted member, so put one back to prove the filter.
      await h.stores.conflicts.declare({ applicationId: conflicted.id, memberId: ana.id, kind: 'otra', note: '', declaredBy: admin.id, at: at(1) })
      await assign(h, conflicted.id, ana, admin)
      // Now = day 11: the window (3 days) reaches day 14, where `waiting` and `reviewedDueSoon` (day 13) fall.
      const page = await h.stores.clock.pending(ana.id, { now: at(11), dueSoonUntil: at(14), limit: 50 })
      expect(page.items.map((i) => [i.companyName, i.tradeName, i.waitingForMe])).toEqual([
        ['Pronto S.A.S.', 'Pronto', false],
        ['Espera S.A.S.', '', true],
      ])
      expect(page.items[0]).toMatchObject({ id: reviewedDueSoon.id, reference: reviewedDueSoon.reference, stage: 'recibida', stageDueAt: at(13) })
      expect([page.total, page.overdue, page.dueSoon, page.waitingForMe]).toEqual([2, 0, 2, 1])
      // Day 17: two overdue (days 13 and 14), the one due at day 19 is due soon; the limit keeps the most urgent, the counts all.
      const later = await h.stores.clock.pending(ana.id, { now: at(17), dueSoonUntil: at(20), limit: 2 })
      expect(later.items.map((i) => i.companyName)).toEqual(['Pronto S.A.S.', 'Espera S.A.S.'])
      expect([later.total, later.overdue, later.dueSoon, later.waitingForMe]).toEqual([3, 2, 1, 1])
      expect(await h.stores.clock.pending(crypto.randomUUID(), { now: at(17), dueSoonUntil: at(20), limit: 50 })).toEqual({
        items: [],
        total: 0,
        overdue: 0,
        dueSoon: 0,
        waitingForMe: 0,
      })
    })

    it('keeps each member’s reminder frequency; recipients are active members who want one and have none today', async () => {
      const h = await harness()
      const ana = await h.addMember('reviewer')
      const luis = await h.addMember('reviewer')
      const off = await h.addMember('reviewer')
      const gone = await h.addMember('reviewer')
      expect(await h.stores.clock.reminderFrequency(ana.id)).toBe('daily')
      expect(await h.stores.clock.setReminderFrequency(luis.id, 'weekdays')).toBe(true)
      expect(await h.stores.clock.setReminderFrequency(off.id, 'off')).toBe(true)
      expect(await h.stores.clock.setReminderFrequency(crypto.randomUUID(), 'off')).toBe(false)
      await h.exec(`UPDATE team_members SET active = ${name === 'sqlite' ? 0 : 'false'} WHERE id = ?`, [gone.id])
      const ids = async () => (await h.stores.clock.reminderRecipients('2026-03-02')).map((r) => [r.id, r.frequency])
      expect(await ids()).toEqual([[ana.id, 'daily'], [luis.id, 'weekdays']].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)))
      expect(await h.stores.clock.claimReminder({ memberId: ana.id, day: '2026-03-02', at: T0 }, null)).toBe(true)
      expect(await ids()).toEqual([[luis.id, 'weekdays']])
      expect((await h.stores.clock.reminderRecipients('2026-03-03')).length).toBe(2)
    })

    it('two instances racing over the reminders: exactly one e-mail per member and day, run and e-mail together', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer', 'Ana')
      await h.addMember('reviewer', 'Sin pendientes')
      const app = await savedApplication(h.store, at(0), { companyName: 'Café Andino S.A.S.', tradeName: 'Café Andino' })
      await assign(h, app.id, ana, admin)
      const second = await h.openSecond()
      // 07:30 in Bogotá on day 12.
      const now = new Date(at(12).getTime() - 15 * 3_600_000 + 12.5 * 3_600_000)
      const job = (stores: WorkspaceStores) => runReminders({ clock: stores.clock, mail: MAIL, now: () => now, log: silentLog })
      const runs = await Promise.all([job(h.stores), job(second.stores), job(h.stores), job(second.stores)])
      expect(runs.reduce((n, r) => n + r!.queued, 0)).toBe(1)
      expect(runs.reduce((n, r) => n + r!.silent, 0)).toBe(2)
      expect(await h.count('reminder_runs')).toBe(3)
      const reminders = (await h.store.listMessages({})).filter((m) => m.kind === 'team_reminder')
      expect(reminders).toHaveLength(1)
      expect(reminders[0]).toMatchObject({ to: ana.email, memberId: ana.id, applicationId: null })
      expect(reminders[0]!.text).toContain(' · Café Andino — ') // the trade name
      expect(reminders[0]!.text).toContain(`https://catalitico.example/equipo/postulaciones/${app.id}`)
      expect(reminders[0]!.text).not.toContain(app.formData.founderName)
      expect(reminders[0]!.text).not.toContain(app.formData.email)
      // Later the same day, and on another instance: nothing more.
      expect(await runReminders({ clock: second.stores.clock, mail: MAIL, now: () => new Date(now.getTime() + 3_600_000), log: silentLog })).toMatchObject({ queued: 0, silent: 0, lost: 0 })
    })

    it('sends nothing before 07:00 in Bogotá, nothing to a deactivated member, and nothing on weekends for "weekdays"', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      const app = await savedApplication(h.store, at(0))
      await assign(h, app.id, ana, admin)
      await h.stores.clock.setReminderFrequency(admin.id, 'off')
      const run = (iso: string) => runReminders({ clock: h.stores.clock, mail: MAIL, now: () => new Date(iso), log: silentLog })
      expect(await run('2026-03-07T11:59:00.000Z')).toBeNull() // 06:59 in Bogotá
      await h.stores.clock.setReminderFrequency(ana.id, 'weekdays')
      expect(await run('2026-03-07T12:00:00.000Z')).toMatchObject({ day: '2026-03-07', queued: 0, silent: 1 }) // a Saturday
      expect(await run('2026-03-09T12:00:00.000Z')).toMatchObject({ day: '2026-03-09', queued: 1 }) // Monday
      await h.exec(`UPDATE team_members SET active = ${name === 'sqlite' ? 0 : 'false'} WHERE id = ?`, [ana.id])
      expect(await run('2026-03-10T12:00:00.000Z')).toMatchObject({ queued: 0, silent: 0 })
      expect((await h.store.listMessages({})).filter((m) => m.kind === 'team_reminder')).toHaveLength(1)
    })

    it('stage punctuality: per stage, the stays that ended since the date and those within their promised time', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const move = (id: string, from: Stage, to: Stage, day: number) =>
        stageMoves(h.stores.stageSteps).transition(id, { from, to, reason: null, memberId: admin.id, at: at(day) })
      // Stage 1 (recibida + validacion_preliminar) is due 14 days after reception; sesion_panel 7 days after entering.
      const fast = await savedApplication(h.store, at(0))
      await move(fast.id, 'recibida', 'validacion_preliminar', 2)
      await move(fast.id, 'validacion_preliminar', 'sesion_panel', 10)
      await move(fast.id, 'sesion_panel', 'due_diligence', 20) // 10 days > 7: late
      const slow = await savedApplication(h.store, at(0))
      await move(slow.id, 'recibida', 'validacion_preliminar', 15) // late
      const old = await savedApplication(h.store, at(-200))
      await move(old.id, 'recibida', 'no_seleccionada', -199) // before the window
      const result = await h.stores.clock.stagePunctuality(at(-90))
      expect(result.recibida).toEqual({ left: 2, onTime: 1 })
      expect(result.validacion_preliminar).toEqual({ left: 1, onTime: 1 })
      expect(result.sesion_panel).toEqual({ left: 1, onTime: 0 })
      expect(result.due_diligence).toEqual({ left: 0, onTime: 0 })
      expect((await h.stores.clock.stagePunctuality(at(12))).recibida).toEqual({ left: 1, onTime: 0 })
    })
  })
}
