/**
 * The contract of FounderActivityStore (ADR 0142) on each engine: who is
 * concerned by an application (active admins and assigned active reviewers,
 * never one with an active conflict), the activity written with its e-mails
 * in one transaction, and the badge until the member opens the application.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import { insertMember } from '../testing/members.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { openConflictStore } from './conflict-store.ts'
import { openFounderActivityStore } from './founder-activity-store.ts'
import { openScoringStore } from './scoring-store.ts'

const T0 = new Date('2026-11-23T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

export function describeFounderActivityContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`FounderActivityStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    it('tells the active admins and assigned reviewers, never a conflicted, inactive or unassigned member; the badge until seen', async () => {
      const db = await database()
      const e = engineOf(db.store)
      const store = openFounderActivityStore(e)
      const sub = newSubmission({ createdAt: T0 })
      await db.store.saveSubmission(sub)
      const id = sub.application.id
      const ana = await insertMember(db.store, 'admin', 'Ana')
      const beto = await insertMember(db.store, 'admin', 'Beto')
      const rita = await insertMember(db.store, 'reviewer', 'Rita')
      const sol = await insertMember(db.store, 'reviewer', 'Sol')
      const olga = await insertMember(db.store, 'admin', 'Olga')
      await db.exec('UPDATE team_members SET active = ? WHERE id = ?', [db.store.kind === 'sqlite' ? 0 : false, olga.id])
      await openScoringStore(e).assign([{ applicationId: id, memberId: rita.id }], ana.id, at(0))
      await openConflictStore(e).declare({ applicationId: id, memberId: beto.id, kind: 'personal', note: '', declaredBy: beto.id, at: at(0) })

      const concerned = await store.membersConcerned(id)
      expect(concerned.map((m) => m.name)).toEqual(['Ana', 'Rita'])

      const message = (to: string, memberId: string) => {
        const mid = crypto.randomUUID()
        return { id: mid, kind: 'team_founder_activity' as const, messageId: `<${mid}@catalitico.example>`, from: 'a@catalitico.example', to, subject: 's', text: 't', html: 'h', memberId }
      }
      await store.record({ id: crypto.randomUUID(), applicationId: id, kind: 'withdrawn', at: at(1) }, concerned.map((m) => message(m.email, m.id)))
      const mails = (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind === 'team_founder_activity')
      expect(mails.map((m) => [m.to, m.memberId]).sort()).toEqual([[ana.email, ana.id], [rita.email, rita.id]].sort())

      const unseen = await store.unseen({ id: ana.id, role: 'admin' })
      expect(unseen).toEqual([{ applicationId: id, reference: sub.application.reference, kinds: ['withdrawn'], lastAt: at(1) }])
      expect(await store.unseen({ id: rita.id, role: 'reviewer' })).toHaveLength(1)
      expect(await store.unseen({ id: beto.id, role: 'admin' })).toEqual([])
      expect(await store.unseen({ id: sol.id, role: 'reviewer' })).toEqual([])

      await store.markSeen(rita.id, id, at(2))
      await store.markSeen(rita.id, id, at(3)) // again: the upsert moves the mark
      expect(await store.unseen({ id: rita.id, role: 'reviewer' })).toEqual([])
      await store.record({ id: crypto.randomUUID(), applicationId: id, kind: 'document_uploaded', at: at(4) }, [])
      expect((await store.unseen({ id: rita.id, role: 'reviewer' })).map((u) => u.kinds)).toEqual([['document_uploaded']])
      expect((await store.unseen({ id: ana.id, role: 'admin' })).map((u) => u.kinds)).toEqual([['withdrawn', 'document_uploaded']])

      // Deleted with the application.
      await db.store.deleteByEmail(sub.application.formData.email)
      expect(await db.count('founder_activity')).toBe(0)
      expect(await db.count('founder_activity_seen')).toBe(0)
    })
  })
}
