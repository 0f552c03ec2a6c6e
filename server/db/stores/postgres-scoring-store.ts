/**
 * The ScoringStore on PostgreSQL, on the ApplicationStore's pool; each
 * change and its audit entries in one transaction. No node: imports.
 */
import type { Sql } from 'postgres'
import { OPEN_STAGES } from '../../../domain/pipeline.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import { DEFAULT_WEIGHTS, conflictKey, type CriterionWeights } from '../../../domain/scoring.ts'
import type { PostgresStore } from '../postgres-store.ts'
import { insertAuditPostgres } from './audit-writes.ts'
import { isUuid } from './review-store-types.ts'
import { COUNTED_REVIEW_SQL } from './review-rows.ts'
import { assignmentFromRow, scoredReviewFromRow, type AssignmentRow, type ScoredReviewRow } from './scoring-rows.ts'
import type { ScoringStore } from './scoring-store.ts'
import { timeOrderedId } from '../time-ordered-id.ts'

export function openPostgresScoringStore(store: PostgresStore): ScoringStore {
  const sql: Sql = store.sql
  const open = sql.array([...OPEN_STAGES])

  const audit = insertAuditPostgres

  return {
    async getWeights() {
      const rows = await sql<{ criterion: string; weight: number }[]>`select criterion, weight from criterion_weights`
      const weights = { ...DEFAULT_WEIGHTS }
      for (const r of rows) if (r.criterion in weights) weights[r.criterion as keyof CriterionWeights] = Number(r.weight)
      return weights
    },

    async setWeights(weights, memberId, at) {
      await sql.begin(async (tx) => {
        for (const { key } of SELECTION_CRITERIA) {
          await tx`
            insert into criterion_weights (criterion, weight, updated_by, updated_at) values (${key}, ${weights[key]}, ${memberId}, ${at})
            on conflict (criterion) do update set weight = excluded.weight, updated_by = excluded.updated_by, updated_at = excluded.updated_at
          `
        }
        await audit(tx, { at, memberId, action: 'weights.changed', applicationId: null, detail: { ...weights } })
      })
    },

    async listAssignments(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = await sql<AssignmentRow<Date>[]>`
        select s.member_id, m.name as member_name, s.assigned_by, b.name as by_name, s.assigned_at
        from assignments s join team_members m on m.id = s.member_id join team_members b on b.id = s.assigned_by
        where s.application_id = ${applicationId} order by s.assigned_at, s.member_id
      `
      return rows.map((r) => assignmentFromRow(r, (v) => v))
    },

    async assign(pairs, assignedBy, at) {
      const valid = pairs.filter((p) => isUuid(p.applicationId) && isUuid(p.memberId))
      if (valid.length === 0) return { added: 0, skipped: pairs.length }
      // One statement for the whole batch, then one for its audit entries: a few round trips for any size.
      return sql.begin(async (tx) => {
        const added = await tx<{ application_id: string; member_id: string }[]>`
          insert into assignments (application_id, member_id, assigned_by, assigned_at)
          select a.id, m.id, ${assignedBy}, ${at}
          from unnest(${sql.array(valid.map((p) => p.applicationId))}::uuid[], ${sql.array(valid.map((p) => p.memberId))}::uuid[]) as p(app, member)
          join applications a on a.id = p.app
          join team_members m on m.id = p.member and m.active
          where not exists (select 1 from conflicts c where c.application_id = a.id and c.member_id = m.id and c.lifted_at is null)
          on conflict (application_id, member_id) do nothing
          returning application_id, member_id
        `
        if (added.length > 0) {
          const entries = added.map((r) => ({
            id: timeOrderedId(),
            at,
            member_id: assignedBy,
            action: 'assignment.added',
            application_id: r.application_id,
            detail: { memberId: r.member_id },
          }))
          await tx`
            insert into audit_log (id, at, member_id, action, application_id, detail)
            select id, at, member_id, action, application_id, detail
            from jsonb_to_recordset(${tx.json(entries)}::jsonb)
              as e(id uuid, at timestamptz, member_id uuid, action text, application_id uuid, detail jsonb)
          `
        }
        return { added: added.length, skipped: pairs.length - added.length }
      })
    },

    async unassign({ applicationId, memberId }, removedBy, at) {
      if (!isUuid(applicationId) || !isUuid(memberId)) return false
      return sql.begin(async (tx) => {
        const deleted = await tx`delete from assignments where application_id = ${applicationId} and member_id = ${memberId} returning 1`
        if (deleted.length === 0) return false
        await audit(tx, { at, memberId: removedBy, action: 'assignment.removed', applicationId, detail: { memberId } })
        return true
      })
    },

    async assignmentState() {
      const [unassigned, reviewers, conflicts] = await Promise.all([
        sql<{ id: string }[]>`
          select a.id from applications a
          where a.stage = any(${open}) and not exists (select 1 from assignments s where s.application_id = a.id)
          order by a.created_at, a.id
        `,
        sql<{ member_id: string; load: string }[]>`
          select m.id as member_id,
                 (select count(*) from assignments s join applications a on a.id = s.application_id
                  where s.member_id = m.id and a.stage = any(${open})
                    and not exists (select 1 from application_reviews v where v.application_id = s.application_id and v.member_id = m.id)
                 ) as load
          from team_members m where m.active and m.role = 'reviewer' order by m.id
        `,
        sql<{ application_id: string; member_id: string }[]>`select application_id, member_id from conflicts where lifted_at is null`,
      ])
      return {
        unassigned: unassigned.map((r) => r.id),
        reviewers: reviewers.map((r) => ({ memberId: r.member_id, load: Number(r.load) })),
        conflicts: new Set(conflicts.map((r) => conflictKey(r.application_id, r.member_id))),
      }
    },

    async reviewsOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return []
      const rows = await sql<ScoredReviewRow[]>`
        select application_id, member_id, producto_validado, primeros_clientes, modelo_escalable, founders_comprometidos, apertura_participacion
        from application_reviews v where application_id = any(${sql.array(ids)}::uuid[]) and ${sql.unsafe(COUNTED_REVIEW_SQL)}
      `
      return rows.map(scoredReviewFromRow)
    },

    async reviewsBy(memberIds, since) {
      const ids = memberIds.filter(isUuid)
      if (ids.length === 0) return []
      const rows = await sql<ScoredReviewRow[]>`
        select application_id, member_id, producto_validado, primeros_clientes, modelo_escalable, founders_comprometidos, apertura_participacion
        from application_reviews v where member_id = any(${sql.array(ids)}::uuid[]) and updated_at >= ${since} and ${sql.unsafe(COUNTED_REVIEW_SQL)}
      `
      return rows.map(scoredReviewFromRow)
    },

    async discussionStates(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return new Map()
      const rows = await sql<{ id: string; discussion_cleared_at: Date | null; discussion_cleared_scores: string | null }[]>`
        select id, discussion_cleared_at, discussion_cleared_scores from applications where id = any(${sql.array(ids)}::uuid[])
      `
      return new Map(rows.map((r) => [r.id, { clearedAt: r.discussion_cleared_at, clearedScores: r.discussion_cleared_scores }]))
    },

    async clearDiscussion(applicationId, clearedScores, memberId, at) {
      if (!isUuid(applicationId)) return false
      return sql.begin(async (tx) => {
        const updated = await tx`
          update applications set discussion_cleared_at = ${at}, discussion_cleared_scores = ${clearedScores}
          where id = ${applicationId} returning 1
        `
        if (updated.length === 0) return false
        await audit(tx, { at, memberId, action: 'discussion.cleared', applicationId })
        return true
      })
    },
  }
}
