/**
 * The contract of the ConflictStore and the ClockStore ("Mis pendientes",
 * reminders, the stage punctuality), run on a real SQLite file and on the
 * real PostgreSQL (clock-store.sqlite.test.ts, clock-store.postgres.test.ts).
 * The factory opens a FRESH, migrated database per test.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Application } from '../../../domain/application.ts'
import type { ApplicationStore } from '../../storage/store.ts'
import type { Member, Role } from '../context.ts'
import type { WorkspaceStores } from './open-workspace-stores.ts'
import { submission } from './review-store-contract.ts'

export interface ClockStoreHarness {
  store: ApplicationStore
  stores: WorkspaceStores
  addMember: (role: Role, name?: string, email?: string) => Promise<Member>
  /** Another ApplicationStore and its workspace stores on the same database, as a second instance. */
  openSecond: () => Promise<{ store: ApplicationStore; stores: WorkspaceStores }>
  /** Runs one statement with ? placeholders (test set-up: assignments the other branch's routes would write). */
  exec: (sql: string, params: unknown[]) => Promise<void>
  count: (table: 'conflicts' | 'audit_log' | 'assignments' | 'reminder_runs' | 'outbox') => Promise<number>
  dispose: () => Promise<void>
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
    let disposers: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const d of disposers.reverse()) await d()
      disposers = []
    })
    async function harness() {
      const h = await open()
      disposers.push(h.dispose)
      return h
    }

    it('a member declares a conflict: conflicted from then on, their assignment dropped, audited without the note', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      const app = await savedApplication(h.store)
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
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      const app = await savedApplication(h.store)
      const first = await h.stores.conflicts.declare({ applicationId: app.id, memberId: ana.id, kind: 'personal', note: '', declaredBy: admin.id, at: T0 })
      expect(first.status).toBe('declared')
      const again = await h.stores.conflicts.declare({ applicationId: app.id, memberId: ana.id, kind: 'otra', note: 'x', declaredBy: ana.id, at: at(1) })
      expect(again).toMatchObject({ status: 'exists', conflict: { kind: 'personal', declaredBy: admin.id } })
      expect(await h.count('conflicts')).toBe(1)
      expect((await h.stores.review.listAudit(1, 10)).items.map((e) => e.action)).toEqual(['conflict.recorded'])
    })

    it('lifting keeps the row with who, when and why, audits it, and frees the member; twice is refused', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ana = await h.addMember('reviewer')
      const app = await savedApplication(h.store)
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
