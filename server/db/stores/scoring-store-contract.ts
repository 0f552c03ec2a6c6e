/**
 * The contract every ScoringStore honours, run on a real SQLite file and on
 * the real PostgreSQL (scoring-store.sqlite.test.ts, scoring-store.postgres.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import { insertMember } from '../testing/members.ts'
import { DEFAULT_WEIGHTS, conflictKey } from '../../../domain/scoring.ts'
import type { ApplicationStore } from './application-store.ts'
import type { Role } from '../../../domain/team.ts'
import type { Member } from './team-store.ts'
import { review, submission } from './review-store-contract.ts'
import type { ReviewStore } from './review-store.ts'
import type { ScoringStore } from './scoring-store.ts'
import { engineOf } from '../engine-of.ts'
import { withStageMoves, type StageMoves } from '../testing/stage-moves.ts'

export interface ScoringStoreHarness {
  store: ApplicationStore
  reviews: ReviewStore & StageMoves
  scoring: ScoringStore
  addMember: (role: Role, name?: string) => Promise<Member>
  /** Runs SQL written for both databases (? placeholders are rewritten for PostgreSQL). */
  exec: (sql: string, ...params: unknown[]) => Promise<void>
  auditActions: () => Promise<string[]>
  dispose: () => Promise<void>
}

/** The harness on a test database of either store, with that store's ReviewStore and ScoringStore. */
export function scoringStoreHarness<S extends ApplicationStore>(
  db: TestDatabase<S>,
  open: { reviews: (store: S) => ReviewStore; scoring: (store: S) => ScoringStore },
): ScoringStoreHarness {
  return {
    store: db.store,
    reviews: withStageMoves(open.reviews(db.store), engineOf(db.store)),
    scoring: open.scoring(db.store),
    addMember: (role, name) => insertMember(db.store, role, name),
    exec: (sql, ...params) => db.exec(sql, params),
    auditActions: async () => (await db.all('SELECT action FROM audit_log ORDER BY id')).map((r) => String(r.action)),
    dispose: db.dispose,
  }
}

const T0 = new Date('2026-03-02T15:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000
const at = (days: number) => new Date(T0.getTime() + days * DAY)

export function describeScoringStoreContract(name: string, open: () => Promise<ScoringStoreHarness>): void {
  describe(`ScoringStore contract: ${name}`, () => {
    const harness = harnessPerTest(open)
    async function application(h: ScoringStoreHarness, days = 0) {
      const s = submission(at(days))
      await h.store.saveSubmission(s)
      return s.application.id
    }

    /** A conflict declared at T0, written straight into its table (set-up, not the store under test). */
    async function declaredConflict(h: ScoringStoreHarness, c: { applicationId: string; memberId: string; kind: string; declaredBy: string }) {
      await h.exec(
        'INSERT INTO conflicts (id, application_id, member_id, kind, declared_by, declared_at) VALUES (?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        c.applicationId,
        c.memberId,
        c.kind,
        c.declaredBy,
        at(0).toISOString(),
      )
    }

    it('weights default to 1, are saved together and audited, and weigh the list average at read time', async () => {
      const h = await harness()
      expect(await h.scoring.getWeights()).toEqual(DEFAULT_WEIGHTS)
      const admin = await h.addMember('admin')
      const id = await application(h)
      await h.reviews.upsertReview(id, admin.id, review(5, 1, 1, 1, 1), at(1))
      const viewer = { memberId: admin.id, isAdmin: true }
      const list = () => h.reviews.listApplications({ sort: 'score_desc', page: 1, pageSize: 10, now: at(2), viewer })
      expect((await list()).items[0]!.average).toBeCloseTo(9 / 5, 12)
      const weights = { ...DEFAULT_WEIGHTS, productoValidado: 3 }
      await h.scoring.setWeights(weights, admin.id, at(2))
      expect(await h.scoring.getWeights()).toEqual(weights)
      // (3·5 + 4·1) / 7
      expect((await list()).items[0]!.average).toBeCloseTo(19 / 7, 12)
      expect(await h.auditActions()).toContain('weights.changed')
    })

    it('assigns active, unconflicted members once each, with one audit entry per assignment', async () => {
      const h = await harness()
      const admin = await h.addMember('admin', 'Ana')
      const ada = await h.addMember('reviewer', 'Ada')
      const bob = await h.addMember('reviewer', 'Bob')
      const gone = await h.addMember('reviewer', 'Gone')
      await h.exec(`UPDATE team_members SET active = ${h.store.kind === 'sqlite' ? 0 : 'false'} WHERE id = ?`, gone.id)
      const id = await application(h)
      await declaredConflict(h, { applicationId: id, memberId: bob.id, kind: 'personal', declaredBy: bob.id })
      const outcome = await h.scoring.assign(
        [
          { applicationId: id, memberId: ada.id },
          { applicationId: id, memberId: ada.id },
          { applicationId: id, memberId: bob.id },
          { applicationId: id, memberId: gone.id },
          { applicationId: crypto.randomUUID(), memberId: ada.id },
        ],
        admin.id,
        at(1),
      )
      expect(outcome).toEqual({ added: 1, skipped: 4 })
      const assignments = await h.scoring.listAssignments(id)
      expect(assignments).toEqual([{ member: { id: ada.id, name: 'Ada' }, assignedBy: { id: admin.id, name: 'Ana' }, assignedAt: at(1) }])
      expect((await h.auditActions()).filter((a) => a === 'assignment.added')).toHaveLength(1)

      expect(await h.scoring.unassign({ applicationId: id, memberId: ada.id }, admin.id, at(2))).toBe(true)
      expect(await h.scoring.unassign({ applicationId: id, memberId: ada.id }, admin.id, at(2))).toBe(false)
      expect(await h.scoring.listAssignments(id)).toEqual([])
      expect(await h.auditActions()).toContain('assignment.removed')
    })

    it('reads the assignments of many applications in one call, each oldest first, as listAssignments reads them', async () => {
      const h = await harness()
      const admin = await h.addMember('admin', 'Ana')
      const ada = await h.addMember('reviewer', 'Ada')
      const bob = await h.addMember('reviewer', 'Bob')
      const [one, two, none] = [await application(h), await application(h, 1), await application(h, 2)]
      await h.scoring.assign([{ applicationId: one, memberId: bob.id }], admin.id, at(1))
      await h.scoring.assign([{ applicationId: one, memberId: ada.id }, { applicationId: two, memberId: ada.id }], admin.id, at(2))
      expect(await h.scoring.assignmentsOf([])).toEqual(new Map())
      const read = await h.scoring.assignmentsOf([one, two, none, 'not-a-uuid'])
      expect([...read.keys()].sort()).toEqual([one, two].sort())
      expect(read.get(one)!.map((a) => a.member.name)).toEqual(['Bob', 'Ada'])
      expect(read.get(one)).toEqual(await h.scoring.listAssignments(one))
      expect(read.get(two)).toEqual([{ member: { id: ada.id, name: 'Ada' }, assignedBy: { id: admin.id, name: 'Ana' }, assignedAt: at(2) }])
    })

    it("gives Repartir the unassigned open applications, the reviewers' open load and the active conflicts", async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ada = await h.addMember('reviewer')
      const bob = await h.addMember('reviewer')
      const first = await application(h, 0)
      const second = await application(h, 1)
      const third = await application(h, 2)
      const closed = await application(h, 3)
      await h.reviews.transition(closed, { from: 'recibida', to: 'no_seleccionada', reason: null, memberId: admin.id, at: at(4) })
      await h.scoring.assign([{ applicationId: first, memberId: ada.id }, { applicationId: second, memberId: ada.id }], admin.id, at(4))
      // Scored work is done work: it no longer counts in the load.
      await h.reviews.upsertReview(second, ada.id, review(3, 3, 3, 3, 3), at(5))
      await h.exec(
        `INSERT INTO conflicts (id, application_id, member_id, kind, declared_by, declared_at, lifted_at, lifted_by, lift_reason)
         VALUES (?, ?, ?, 'otra', ?, ?, ?, ?, 'resuelto')`,
        crypto.randomUUID(),
        third,
        ada.id,
        ada.id,
        at(0).toISOString(),
        at(1).toISOString(),
        admin.id,
      )
      await declaredConflict(h, { applicationId: third, memberId: bob.id, kind: 'competencia', declaredBy: admin.id })
      const state = await h.scoring.assignmentState()
      expect(state.unassigned).toEqual([third])
      expect(state.reviewers).toEqual(
        [
          { memberId: ada.id, load: 1 },
          { memberId: bob.id, load: 0 },
        ].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)),
      )
      expect([...state.conflicts]).toEqual([conflictKey(third, bob.id)])
    })

    it('reads scores by application and by member within the window, and records the cleared discussion', async () => {
      const h = await harness()
      const admin = await h.addMember('admin')
      const ada = await h.addMember('reviewer')
      const id = await application(h)
      const old = await application(h)
      await h.reviews.upsertReview(old, ada.id, review(1, 1, 1, 1, 1), at(-400))
      await h.reviews.upsertReview(id, ada.id, review(5, 4, 3, 2, 1), at(1))
      await h.reviews.upsertReview(id, admin.id, review(2, 4, 3, 2, 1), at(1))
      const of = await h.scoring.reviewsOf([id])
      expect(of.map((r) => r.memberId).sort()).toEqual([ada.id, admin.id].sort())
      expect(of.find((r) => r.memberId === ada.id)!.scores.productoValidado).toBe(5)
      const by = await h.scoring.reviewsBy([ada.id], at(-365))
      expect(by.map((r) => r.applicationId)).toEqual([id])

      expect((await h.scoring.discussionStates([id])).get(id)).toEqual({ clearedAt: null, clearedScores: null })
      expect(await h.scoring.clearDiscussion(id, 'fp', admin.id, at(2))).toBe(true)
      expect((await h.scoring.discussionStates([id, crypto.randomUUID()])).get(id)).toEqual({ clearedAt: at(2), clearedScores: 'fp' })
      expect(await h.scoring.clearDiscussion(crypto.randomUUID(), 'fp', admin.id, at(2))).toBe(false)
      expect(await h.auditActions()).toContain('discussion.cleared')
    })
  })
}
