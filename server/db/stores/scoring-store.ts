/**
 * Assignments, criterion weights and the "Para discutir" flag:
 * the storage behind "Repartir", the weighted and normalised scores and the
 * disagreement flag. On the same database as the ReviewStore (SQLite: its
 * connection and group commit; PostgreSQL: its pool), written once for both
 * engines (ADR 0124) and held to scoring-store-contract.ts on both. Every
 * change writes its audit entries in the same transaction. The math is in
 * domain/scoring.ts.
 */
import { sql, type InferResult, type SqlBool } from 'kysely'
import { OPEN_STAGES } from '../../../domain/pipeline.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import type { CriterionScores } from '../../../domain/review.ts'
import { DEFAULT_WEIGHTS, conflictKey, type CriterionWeights } from '../../../domain/scoring.ts'
import { db, updateFromExcluded, type Engine } from '../engine.ts'
import { toDate, toDateOrNull, toNumber } from '../schema.ts'
import { isUuid } from '../time-ordered-id.ts'
import { auditWriter, type NewAuditEntry } from './audit-log.ts'
import { COUNTED_REVIEW_SQL, scoresFromRow } from './review-rows.ts'
import type { MemberRef } from '../../../domain/review-records.ts'

export interface Assignment {
  member: MemberRef
  assignedBy: MemberRef
  assignedAt: Date
}

export interface AssignmentPair {
  applicationId: string
  memberId: string
}

export interface AssignOutcome {
  /** Pairs written (one audit entry each). */
  added: number
  /** Already assigned, conflicted, inactive members or unknown applications: left as they were. */
  skipped: number
}

/** What "Repartir" plans from. */
export interface AssignmentState {
  /** Open applications without any assignment, oldest first. */
  unassigned: string[]
  /** Active reviewers (role reviewer) and their open load: assigned open applications they have not scored yet. */
  reviewers: { memberId: string; load: number }[]
  /** conflictKey(applicationId, memberId) of every active conflict (lifted_at null). */
  conflicts: Set<string>
}

export interface ScoredReview {
  applicationId: string
  memberId: string
  scores: CriterionScores
}

export interface DiscussionState {
  clearedAt: Date | null
  /** scoresFingerprint of the scores cleared; null when never cleared. */
  clearedScores: string | null
}

export interface ScoringStore {
  /** Missing rows count as DEFAULT_WEIGHT. */
  getWeights(): Promise<CriterionWeights>
  setWeights(weights: CriterionWeights, memberId: string, at: Date): Promise<void>
  /** Oldest first. */
  listAssignments(applicationId: string): Promise<Assignment[]>
  /** The assignments of many applications in one query (the exports), each oldest first; those without any are absent. */
  assignmentsOf(applicationIds: readonly string[]): Promise<Map<string, Assignment[]>>
  /** Adds each pair unless already there, the member is conflicted with the application or inactive, or the application is unknown. */
  assign(pairs: readonly AssignmentPair[], assignedBy: string, at: Date): Promise<AssignOutcome>
  /** False when there was no such assignment. */
  unassign(pair: AssignmentPair, removedBy: string, at: Date): Promise<boolean>
  assignmentState(): Promise<AssignmentState>
  /** Every score of the given applications' reviews, but those of members with an active conflict (left out). */
  reviewsOf(applicationIds: readonly string[]): Promise<ScoredReview[]>
  /** The members' reviews updated since `since` (their baselines' window). */
  reviewsBy(memberIds: readonly string[], since: Date): Promise<ScoredReview[]>
  /** By application id; applications that do not exist are absent. */
  discussionStates(applicationIds: readonly string[]): Promise<Map<string, DiscussionState>>
  /** Records the scores cleared; false when there is no such application. */
  clearDiscussion(applicationId: string, clearedScores: string, memberId: string, at: Date): Promise<boolean>
}

/** The open stages as literals (constants, never input), so the planner sees them. */
const openStage = (ref: string) => sql<SqlBool>`${sql.ref(ref)} in (${sql.join(OPEN_STAGES.map((s) => sql.lit(s)))})`
const counted = sql<SqlBool>`${sql.raw(COUNTED_REVIEW_SQL)}`

const scoredReviews = () =>
  db
    .selectFrom('application_reviews as v')
    .select(['v.application_id', 'v.member_id', 'v.producto_validado', 'v.primeros_clientes', 'v.modelo_escalable', 'v.founders_comprometidos', 'v.apertura_participacion'])
    .where(counted)

const assignmentRows = () =>
  db
    .selectFrom('assignments as s')
    .innerJoin('team_members as m', 'm.id', 's.member_id')
    .innerJoin('team_members as b', 'b.id', 's.assigned_by')
    .select(['s.application_id', 's.member_id', 'm.name as member_name', 's.assigned_by', 'b.name as by_name', 's.assigned_at'])
type AssignmentRow = InferResult<ReturnType<typeof assignmentRows>>[number]
const toAssignment = (r: AssignmentRow): Assignment => ({
  member: { id: r.member_id, name: r.member_name },
  assignedBy: { id: r.assigned_by, name: r.by_name },
  assignedAt: toDate(r.assigned_at),
})

export function openScoringStore(e: Engine): ScoringStore {
  const insertAudit = auditWriter(e)
  const q = {
    weights: e.prepare(() => db.selectFrom('criterion_weights').select(['criterion', 'weight'])),
    setWeight: e.prepare((p: { criterion: keyof CriterionWeights; weight: number; memberId: string; at: Date }) =>
      db
        .insertInto('criterion_weights')
        .values({ criterion: p.criterion, weight: p.weight, updated_by: p.memberId, updated_at: p.at })
        .onConflict(updateFromExcluded(['criterion'], ['weight', 'updated_by', 'updated_at'])),
    ),
    assignments: e.prepare((p: { applicationId: string }) => assignmentRows().where('s.application_id', '=', p.applicationId).orderBy('s.assigned_at').orderBy('s.member_id')),
    assignmentsOf: e.prepare((p: { ids: string[] }) =>
      assignmentRows().where(e.inList('s.application_id', p.ids)).orderBy('s.application_id').orderBy('s.assigned_at').orderBy('s.member_id'),
    ),
    // One statement for the whole batch: only an active member without an active conflict, on an existing application.
    assign: e.prepare((p: { pairs: { app: string; member: string }[]; assignedBy: string; at: Date }) =>
      db
        .insertInto('assignments')
        .columns(['application_id', 'member_id', 'assigned_by', 'assigned_at'])
        .expression(
          db
            .selectFrom(e.rows({ app: 'uuid', member: 'uuid' }, p.pairs).as('p'))
            .innerJoin('applications as a', 'a.id', 'p.app')
            .innerJoin('team_members as m', (join) => join.onRef('m.id', '=', 'p.member').on('m.active', '=', true))
            .select(['a.id', 'm.id as member_id', sql<string>`${p.assignedBy}`.as('assigned_by'), sql<Date>`${p.at}`.as('assigned_at')])
            .where(sql<SqlBool>`not exists (select 1 from conflicts c where c.application_id = a.id and c.member_id = m.id and c.lifted_at is null)`),
        )
        .onConflict((c) => c.columns(['application_id', 'member_id']).doNothing())
        .returning(['application_id', 'member_id']),
    ),
    unassign: e.prepare((p: { applicationId: string; memberId: string }) =>
      db.deleteFrom('assignments').where('application_id', '=', p.applicationId).where('member_id', '=', p.memberId),
    ),
    unassigned: e.prepare(() =>
      db
        .selectFrom('applications as a')
        .select('a.id')
        .where(openStage('a.stage'))
        .where(sql<SqlBool>`not exists (select 1 from assignments s where s.application_id = a.id)`)
        .orderBy('a.created_at')
        .orderBy('a.id'),
    ),
    // A reviewer's load: the open applications assigned to them that they have not scored yet.
    reviewers: e.prepare(() =>
      db
        .selectFrom('team_members as m')
        .select([
          'm.id as member_id',
          sql<number | string>`(select count(*) from assignments s join applications a on a.id = s.application_id
            where s.member_id = m.id and ${openStage('a.stage')}
              and not exists (select 1 from application_reviews v where v.application_id = s.application_id and v.member_id = m.id))`.as('load'),
        ])
        .where('m.active', '=', true)
        .where('m.role', '=', 'reviewer')
        .orderBy('m.id'),
    ),
    conflicts: e.prepare(() => db.selectFrom('conflicts').select(['application_id', 'member_id']).where('lifted_at', 'is', null)),
    reviewsOf: e.prepare((p: { ids: string[] }) => scoredReviews().where(e.inList('v.application_id', p.ids))),
    reviewsBy: e.prepare((p: { ids: string[]; since: Date }) => scoredReviews().where(e.inList('v.member_id', p.ids)).where('v.updated_at', '>=', p.since)),
    discussions: e.prepare((p: { ids: string[] }) =>
      db.selectFrom('applications').select(['id', 'discussion_cleared_at', 'discussion_cleared_scores']).where(e.inList('id', p.ids)),
    ),
    clearDiscussion: e.prepare((p: { id: string; scores: string; at: Date }) =>
      db.updateTable('applications').set({ discussion_cleared_at: p.at, discussion_cleared_scores: p.scores }).where('id', '=', p.id),
    ),
  }
  const toScored = (r: { application_id: string; member_id: string } & Parameters<typeof scoresFromRow>[0]): ScoredReview => ({
    applicationId: r.application_id,
    memberId: r.member_id,
    scores: scoresFromRow(r),
  })

  return {
    async getWeights() {
      const weights = { ...DEFAULT_WEIGHTS }
      for (const r of await e.all(q.weights({}))) if (r.criterion in weights) weights[r.criterion] = toNumber(r.weight)
      return weights
    },

    async setWeights(weights, memberId, at) {
      await e.transaction(function* (tx) {
        for (const { key } of SELECTION_CRITERIA) yield* tx.run(q.setWeight({ criterion: key, weight: weights[key], memberId, at }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'weights.changed', applicationId: null, detail: { ...weights } }]))
      })
    },

    async listAssignments(applicationId) {
      if (!isUuid(applicationId)) return []
      return (await e.all(q.assignments({ applicationId }))).map(toAssignment)
    },

    async assignmentsOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      const byApplication = new Map<string, Assignment[]>()
      if (ids.length === 0) return byApplication
      for (const r of await e.all(q.assignmentsOf({ ids }))) {
        const list = byApplication.get(r.application_id) ?? []
        list.push(toAssignment(r))
        byApplication.set(r.application_id, list)
      }
      return byApplication
    },

    async assign(pairs, assignedBy, at) {
      const valid = pairs.filter((p) => isUuid(p.applicationId) && isUuid(p.memberId))
      if (valid.length === 0) return { added: 0, skipped: pairs.length }
      // The batch, then its audit entries: two statements for any size.
      return e.transaction(function* (tx) {
        const added = yield* tx.all(q.assign({ pairs: valid.map((p) => ({ app: p.applicationId, member: p.memberId })), assignedBy, at }))
        if (added.length > 0) {
          const entries = added.map(
            (r): NewAuditEntry => ({ at, memberId: assignedBy, action: 'assignment.added', applicationId: r.application_id, detail: { memberId: r.member_id } }),
          )
          yield* tx.run(insertAudit(entries))
        }
        return { added: added.length, skipped: pairs.length - added.length }
      })
    },

    async unassign({ applicationId, memberId }, removedBy, at) {
      if (!isUuid(applicationId) || !isUuid(memberId)) return false
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.unassign({ applicationId, memberId }))) === 0) return false
        yield* tx.run(insertAudit([{ at, memberId: removedBy, action: 'assignment.removed', applicationId, detail: { memberId } }]))
        return true
      })
    },

    async assignmentState() {
      const [unassigned, reviewers, conflicts] = await Promise.all([e.all(q.unassigned({})), e.all(q.reviewers({})), e.all(q.conflicts({}))])
      return {
        unassigned: unassigned.map((r) => r.id),
        reviewers: reviewers.map((r) => ({ memberId: r.member_id, load: toNumber(r.load) })),
        conflicts: new Set(conflicts.map((r) => conflictKey(r.application_id, r.member_id))),
      }
    },

    async reviewsOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return []
      return (await e.all(q.reviewsOf({ ids }))).map(toScored)
    },

    async reviewsBy(memberIds, since) {
      const ids = memberIds.filter(isUuid)
      if (ids.length === 0) return []
      return (await e.all(q.reviewsBy({ ids, since }))).map(toScored)
    },

    async discussionStates(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return new Map()
      const rows = await e.all(q.discussions({ ids }))
      return new Map(rows.map((r) => [r.id, { clearedAt: toDateOrNull(r.discussion_cleared_at), clearedScores: r.discussion_cleared_scores }]))
    },

    async clearDiscussion(applicationId, clearedScores, memberId, at) {
      if (!isUuid(applicationId)) return false
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.clearDiscussion({ id: applicationId, scores: clearedScores, at }))) === 0) return false
        yield* tx.run(insertAudit([{ at, memberId, action: 'discussion.cleared', applicationId }]))
        return true
      })
    },
  }
}
