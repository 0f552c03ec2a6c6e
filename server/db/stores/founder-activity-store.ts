/**
 * What founders did that the team should see (ADR 0142): a document uploaded,
 * a withdrawal, a deletion request. Each is recorded with the short e-mails to
 * the members concerned, in one transaction; a member sees a badge on the
 * application until they open it (founder_activity_seen).
 *
 * The members concerned are the active admins and the application's assigned
 * reviewers who are active, less anyone with an active conflict of interest
 * on it (ADR 0101): the same rule decides who gets the e-mail and who sees
 * the badge.
 */
import { sql } from 'kysely'
import type { UnseenActivityRecord as UnseenActivity } from '../../../domain/founder-activity-records.ts'
import { db, prepareByShape, type Engine } from '../engine.ts'
import { toDate, toRow, type Row } from '../schema.ts'
import { messageColumns, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'
import { noActiveConflict } from './query-fragments.ts'
import type { Member } from './member-rows.ts'

export type FounderActivity = Row<'founder_activity'>

/** A member to tell: their address and the outbox message written for them. */
export type ConcernedMember = Pick<Member, 'id' | 'email' | 'name'>

export interface FounderActivityStore {
  /** Active admins and assigned active reviewers, less those with an active conflict on it; by name. */
  membersConcerned(applicationId: string): Promise<ConcernedMember[]>
  /** The activity and one e-mail per member (`memberId` set), in one transaction. */
  record(activity: FounderActivity, messages: readonly (NewOutboxMessage & { memberId: string })[]): Promise<void>
  /** What `member` has not seen: only applications they are concerned by, newest first. */
  unseen(member: { id: string; role: 'admin' | 'reviewer' }): Promise<UnseenActivity[]>
  /** The member opened the application: everything of it until `at` is seen. */
  markSeen(memberId: string, applicationId: string, at: Date): Promise<void>
}

/** An e-mail to a member about an application: the outbox's own columns plus whose and when. */
type MemberMessageValues = MessageValues & { applicationId: string; memberId: string; at: Date }

export function openFounderActivityStore(e: Engine): FounderActivityStore {
  const q = {
    concerned: e.prepare((p: { applicationId: string }) =>
      db
        .selectFrom('team_members as m')
        .select(['m.id', 'm.email', 'm.name'])
        .where('m.active', '=', true)
        .where((eb) =>
          eb.or([
            eb('m.role', '=', 'admin'),
            eb.exists(eb.selectFrom('assignments as x').select('x.member_id').whereRef('x.member_id', '=', 'm.id').where('x.application_id', '=', p.applicationId)),
          ]),
        )
        .where(noActiveConflict(sql.ref('m.id'), p.applicationId))
        .orderBy('m.name')
        .orderBy('m.id'),
    ),
    insertActivity: e.prepare((p: FounderActivity) =>
      db.insertInto('founder_activity').values(toRow(p, ['id', 'application_id', 'kind', 'at'])),
    ),
    insertMessage: e.prepare((p: MemberMessageValues) =>
      db
        .insertInto('outbox')
        .values({ ...messageColumns(p), application_id: p.applicationId, member_id: p.memberId, next_attempt_at: p.at, created_at: p.at }),
    ),
    seen: e.prepare((p: { memberId: string; applicationId: string; at: Date }) =>
      db
        .insertInto('founder_activity_seen')
        .values({ member_id: p.memberId, application_id: p.applicationId, seen_at: p.at })
        .onConflict((c) => c.columns(['member_id', 'application_id']).doUpdateSet({ seen_at: p.at })),
    ),
  }
  const unseenQuery = prepareByShape(e, (shape: { admin: boolean }, p: { memberId: string }) => {
    let query = db
      .selectFrom('founder_activity as f')
      .innerJoin('applications as a', 'a.id', 'f.application_id')
      .leftJoin('founder_activity_seen as s', (j) => j.onRef('s.application_id', '=', 'f.application_id').on('s.member_id', '=', p.memberId))
      .select(['f.application_id', 'a.reference', 'f.kind', 'f.at'])
      .where((eb) => eb.or([eb('s.seen_at', 'is', null), eb('f.at', '>', eb.ref('s.seen_at'))]))
      .where(noActiveConflict(p.memberId, sql.ref('f.application_id')))
    if (!shape.admin) {
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('assignments as x').select('x.member_id').whereRef('x.application_id', '=', 'f.application_id').where('x.member_id', '=', p.memberId)),
      )
    }
    return query.orderBy('f.at').orderBy('f.id')
  })

  return {
    async membersConcerned(applicationId) {
      return (await e.all(q.concerned({ applicationId }))).map((r) => ({ id: r.id, email: r.email, name: r.name }))
    },

    async record(activity, messages) {
      await e.transaction(function* (tx) {
        yield* tx.run(q.insertActivity(activity))
        for (const m of messages) {
          yield* tx.run(q.insertMessage({ ...m, replyTo: m.replyTo ?? null, applicationId: activity.applicationId, at: activity.at }))
        }
      })
    },

    async unseen(member) {
      const rows = await e.all(unseenQuery({ admin: member.role === 'admin' }, { memberId: member.id }))
      const byApplication = new Map<string, UnseenActivity>()
      for (const r of rows) {
        const at = toDate(r.at)
        const entry = byApplication.get(r.application_id) ?? { applicationId: r.application_id, reference: r.reference, kinds: [], lastAt: at }
        if (!entry.kinds.includes(r.kind)) entry.kinds.push(r.kind)
        entry.lastAt = at
        byApplication.set(r.application_id, entry)
      }
      return [...byApplication.values()].sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime())
    },

    async markSeen(memberId, applicationId, at) {
      await e.run(q.seen({ memberId, applicationId, at }))
    },
  }
}
