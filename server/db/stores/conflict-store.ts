/**
 * Conflicts of interest: who may not see which application.
 * Declaring, recording (an admin for a member) and lifting write their audit
 * entry in the same transaction. Declaring also drops the member's
 * assignment to the application: a conflicted member is never assigned.
 *
 * isConflicted / conflictedMembers / conflictedApplications are what every
 * other part asks (the route guard, assignments, reminders, averages).
 *
 * Written once for both engines (ADR 0124). Two declarations at once meet
 * the partial unique index conflicts_active: the loser answers 'exists'.
 * Its contract is in clock-store-contract.ts (describeConflictStoreContract).
 */
import type { InferResult } from 'kysely'
import type { ConflictKind } from '../../../domain/conflicts.ts'
import type { ConflictRecord } from '../../../domain/conflicts-records.ts'
import { db, firstOrNull, prepareByShape, type Engine, type Tx } from '../engine.ts'
import { fromRow, toRow } from '../schema.ts'
import { auditWriter } from './audit-log.ts'
import { panelLeaver, type ComposeLeave } from './panel-steps.ts'
import { isUuid } from '../time-ordered-id.ts'

export type Conflict = ConflictRecord

export interface NewConflict {
  applicationId: string
  memberId: string
  kind: ConflictKind
  note: string
  /** The member themself (declared) or an admin (recorded). */
  declaredBy: string
  at: Date
  /**
   * The METHOD:CANCEL to the member when they sit on the application's booked panel session still to
   * come, queued in the declaration's transaction (ADR 0172; panel-store.ts panelLeaver).
   */
  panelLeave?: ComposeLeave
}

export type DeclareOutcome =
  | { status: 'declared'; conflict: Conflict }
  /** The member already has an active conflict with the application: nothing changed. */
  | { status: 'exists'; conflict: Conflict }
  /** No such application or member. */
  | { status: 'not_found' }

export type LiftOutcome = { status: 'lifted'; conflict: Conflict } | { status: 'already_lifted' } | { status: 'not_found' }

export interface ConflictStore {
  declare(input: NewConflict): Promise<DeclareOutcome>
  lift(conflictId: string, by: { memberId: string; reason: string; at: Date }): Promise<LiftOutcome>
  get(conflictId: string): Promise<Conflict | null>
  /** Active conflicts only. */
  isConflicted(memberId: string, applicationId: string): Promise<boolean>
  /** The members with an active conflict with the application. */
  conflictedMembers(applicationId: string): Promise<Set<string>>
  /** The applications the member has an active conflict with. */
  conflictedApplications(memberId: string): Promise<Set<string>>
  /** Newest first; lifted ones too unless activeOnly. */
  list(filter: { applicationId?: string; memberId?: string; activeOnly?: boolean }): Promise<Conflict[]>
}

const conflicts = () => db.selectFrom('conflicts').selectAll()
type ConflictRow = InferResult<ReturnType<typeof conflicts>>[number]
const toConflict = (r: ConflictRow): Conflict => fromRow('conflicts', r)

/** The audit action of a declaration: by the member themself, or recorded by an admin. */
const declareAction = (c: Pick<NewConflict, 'memberId' | 'declaredBy'>) =>
  c.memberId === c.declaredBy ? ('conflict.declared' as const) : ('conflict.recorded' as const)

export function openConflictStore(e: Engine): ConflictStore {
  const insertAudit = auditWriter(e)
  const leavePanelSession = panelLeaver(e)
  const q = {
    byId: e.prepare((p: { id: string }) => conflicts().where('id', '=', p.id)),
    lock: e.prepare((p: { id: string }) => conflicts().where('id', '=', p.id).$call(e.forUpdate)),
    active: e.prepare((p: { applicationId: string; memberId: string }) =>
      conflicts().where('application_id', '=', p.applicationId).where('member_id', '=', p.memberId).where('lifted_at', 'is', null),
    ),
    // The route guard asks this on every request about an application.
    isConflicted: e.prepare((p: { applicationId: string; memberId: string }) =>
      db.selectFrom('conflicts').select('id').where('member_id', '=', p.memberId).where('application_id', '=', p.applicationId).where('lifted_at', 'is', null),
    ),
    application: e.prepare((p: { id: string }) => db.selectFrom('applications').select('id').where('id', '=', p.id)),
    member: e.prepare((p: { id: string }) => db.selectFrom('team_members').select('id').where('id', '=', p.id)),
    // The member's active conflict with the application is unique (conflicts_active): a second one is a no-op.
    insert: e.prepare((p: { id: string; applicationId: string; memberId: string; kind: ConflictKind; note: string; declaredBy: string; at: Date }) =>
      db
        .insertInto('conflicts')
        .values({ ...toRow(p, ['id', 'application_id', 'member_id', 'kind', 'note', 'declared_by']), declared_at: p.at })
        .onConflict((oc) => oc.columns(['application_id', 'member_id']).where('lifted_at', 'is', null).doNothing()),
    ),
    unassign: e.prepare((p: { applicationId: string; memberId: string }) =>
      db.deleteFrom('assignments').where('application_id', '=', p.applicationId).where('member_id', '=', p.memberId),
    ),
    lift: e.prepare((p: { id: string; at: Date; memberId: string; reason: string }) =>
      db.updateTable('conflicts').set({ lifted_at: p.at, lifted_by: p.memberId, lift_reason: p.reason }).where('id', '=', p.id),
    ),
    conflictedMembers: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('conflicts').select('member_id as id').where('application_id', '=', p.applicationId).where('lifted_at', 'is', null),
    ),
    conflictedApplications: e.prepare((p: { memberId: string }) =>
      db.selectFrom('conflicts').select('application_id as id').where('member_id', '=', p.memberId).where('lifted_at', 'is', null),
    ),
  }
  const list = prepareByShape(e, (s: { application: boolean; member: boolean; activeOnly: boolean }, p: { applicationId: string; memberId: string }) => {
    let query = conflicts()
    if (s.application) query = query.where('application_id', '=', p.applicationId)
    if (s.member) query = query.where('member_id', '=', p.memberId)
    if (s.activeOnly) query = query.where('lifted_at', 'is', null)
    return query.orderBy('declared_at', 'desc').orderBy('id', 'desc')
  })
  function* byId(tx: Tx, id: string) {
    return toConflict((yield* tx.first(q.byId({ id })))!)
  }

  return {
    async declare(input) {
      const { applicationId, memberId } = input
      if (!isUuid(applicationId) || !isUuid(memberId)) return { status: 'not_found' }
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.application({ id: applicationId }))) || !(yield* tx.first(q.member({ id: memberId })))) {
          return { status: 'not_found' as const }
        }
        const id = crypto.randomUUID()
        const { panelLeave: _, ...conflict } = input
        if ((yield* tx.run(q.insert({ ...conflict, id }))) === 0) {
          return { status: 'exists' as const, conflict: toConflict((yield* tx.first(q.active({ applicationId, memberId })))!) }
        }
        yield* tx.run(q.unassign({ applicationId, memberId }))
        if (input.panelLeave) yield* leavePanelSession(tx, { applicationId, memberId, by: input.declaredBy, at: input.at, compose: input.panelLeave })
        // The note is free text and may name people: the trail keeps the kind only.
        yield* tx.run(
          insertAudit([
            { at: input.at, memberId: input.declaredBy, action: declareAction(input), applicationId, detail: { conflictId: id, kind: input.kind, memberId } },
          ]),
        )
        return { status: 'declared' as const, conflict: yield* byId(tx, id) }
      })
    },

    async lift(conflictId, by) {
      if (!isUuid(conflictId)) return { status: 'not_found' }
      return e.transaction(function* (tx) {
        const row = yield* tx.first(q.lock({ id: conflictId }))
        if (!row) return { status: 'not_found' as const }
        if (row.lifted_at !== null) return { status: 'already_lifted' as const }
        yield* tx.run(q.lift({ id: conflictId, at: by.at, memberId: by.memberId, reason: by.reason }))
        yield* tx.run(
          insertAudit([{ at: by.at, memberId: by.memberId, action: 'conflict.lifted', applicationId: row.application_id, detail: { conflictId, memberId: row.member_id } }]),
        )
        return { status: 'lifted' as const, conflict: yield* byId(tx, conflictId) }
      })
    },

    async get(conflictId) {
      if (!isUuid(conflictId)) return null
      return firstOrNull(e, q.byId({ id: conflictId }), toConflict)
    },

    async isConflicted(memberId, applicationId) {
      if (!isUuid(memberId) || !isUuid(applicationId)) return false
      return (await e.first(q.isConflicted({ applicationId, memberId }))) !== undefined
    },

    async conflictedMembers(applicationId) {
      if (!isUuid(applicationId)) return new Set()
      return new Set((await e.all(q.conflictedMembers({ applicationId }))).map((r) => r.id))
    },

    async conflictedApplications(memberId) {
      if (!isUuid(memberId)) return new Set()
      return new Set((await e.all(q.conflictedApplications({ memberId }))).map((r) => r.id))
    },

    async list(filter) {
      const { applicationId, memberId } = filter
      if ((applicationId !== undefined && !isUuid(applicationId)) || (memberId !== undefined && !isUuid(memberId))) return []
      const shape = { application: applicationId !== undefined, member: memberId !== undefined, activeOnly: filter.activeOnly === true }
      return (await e.all(list(shape, { applicationId: applicationId ?? '', memberId: memberId ?? '' }))).map(toConflict)
    },
  }
}
