/**
 * The ScoringStore on the SQLite file of the ApplicationStore: reads on its
 * connection, every change through its group commit with its audit entries.
 */
import type Database from 'better-sqlite3'
import { OPEN_STAGES } from '../../../domain/pipeline.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import { DEFAULT_WEIGHTS, conflictKey, type CriterionWeights } from '../../../domain/scoring.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import { isUuid } from './review-store-types.ts'
import { COUNTED_REVIEW_SQL } from './review-rows.ts'
import { assignmentFromRow, scoredReviewFromRow, type AssignmentRow, type ScoredReviewRow } from './scoring-rows.ts'
import type { ScoringStore } from './scoring-store.ts'
import { statementCache } from '../sqlite-statements.ts'
import { sqliteAuditWriter } from './audit-writes.ts'

const iso = (d: Date) => d.toISOString()
const OPEN_LIST = OPEN_STAGES.map((s) => `'${s}'`).join(', ')
const SCORE_COLUMNS_SQL =
  'application_id, member_id, producto_validado, primeros_clientes, modelo_escalable, founders_comprometidos, apertura_participacion'

export function openSqliteScoringStore(store: SqliteStore): ScoringStore {
  const db: Database.Database = store.db
  const stmt = statementCache(db)
  const audit = sqliteAuditWriter(stmt)

  return {
    async getWeights() {
      const rows = stmt('SELECT criterion, weight FROM criterion_weights').all() as { criterion: string; weight: number }[]
      const weights = { ...DEFAULT_WEIGHTS }
      for (const r of rows) if (r.criterion in weights) weights[r.criterion as keyof CriterionWeights] = r.weight
      return weights
    },

    setWeights(weights, memberId, at) {
      return store.write(() => {
        for (const { key } of SELECTION_CRITERIA) {
          stmt(
            `INSERT INTO criterion_weights (criterion, weight, updated_by, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (criterion) DO UPDATE SET weight = excluded.weight, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
          ).run(key, weights[key], memberId, iso(at))
        }
        audit({ at, memberId, action: 'weights.changed', applicationId: null, detail: { ...weights } })
      })
    },

    async listAssignments(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = stmt(
        `SELECT s.member_id, m.name AS member_name, s.assigned_by, b.name AS by_name, s.assigned_at
         FROM assignments s JOIN team_members m ON m.id = s.member_id JOIN team_members b ON b.id = s.assigned_by
         WHERE s.application_id = ? ORDER BY s.assigned_at, s.member_id`,
      ).all(applicationId) as AssignmentRow<string>[]
      return rows.map((r) => assignmentFromRow(r, (v) => new Date(v)))
    },

    assign(pairs, assignedBy, at) {
      return store.write(() => {
        let added = 0
        for (const { applicationId, memberId } of pairs) {
          if (!isUuid(applicationId) || !isUuid(memberId)) continue
          // Only an active member without an active conflict, on an existing application.
          const result = stmt(
            `INSERT INTO assignments (application_id, member_id, assigned_by, assigned_at)
             SELECT a.id, m.id, ?, ? FROM applications a JOIN team_members m ON m.id = ? AND m.active = 1
             WHERE a.id = ?
               AND NOT EXISTS (SELECT 1 FROM conflicts c WHERE c.application_id = a.id AND c.member_id = m.id AND c.lifted_at IS NULL)
             ON CONFLICT (application_id, member_id) DO NOTHING`,
          ).run(assignedBy, iso(at), memberId, applicationId)
          if (result.changes === 0) continue
          added++
          audit({ at, memberId: assignedBy, action: 'assignment.added', applicationId, detail: { memberId } })
        }
        return { added, skipped: pairs.length - added }
      })
    },

    unassign({ applicationId, memberId }, removedBy, at) {
      return store.write(() => {
        if (!isUuid(applicationId) || !isUuid(memberId)) return false
        const result = stmt('DELETE FROM assignments WHERE application_id = ? AND member_id = ?').run(applicationId, memberId)
        if (result.changes === 0) return false
        audit({ at, memberId: removedBy, action: 'assignment.removed', applicationId, detail: { memberId } })
        return true
      })
    },

    async assignmentState() {
      const unassigned = (
        stmt(
          `SELECT a.id FROM applications a
           WHERE a.stage IN (${OPEN_LIST}) AND NOT EXISTS (SELECT 1 FROM assignments s WHERE s.application_id = a.id)
           ORDER BY a.created_at, a.id`,
        ).all() as { id: string }[]
      ).map((r) => r.id)
      const reviewers = (
        stmt(
          `SELECT m.id AS member_id,
                  (SELECT count(*) FROM assignments s JOIN applications a ON a.id = s.application_id
                   WHERE s.member_id = m.id AND a.stage IN (${OPEN_LIST})
                     AND NOT EXISTS (SELECT 1 FROM application_reviews v WHERE v.application_id = s.application_id AND v.member_id = m.id)
                  ) AS load
           FROM team_members m WHERE m.active = 1 AND m.role = 'reviewer' ORDER BY m.id`,
        ).all() as { member_id: string; load: number }[]
      ).map((r) => ({ memberId: r.member_id, load: r.load }))
      const conflicts = new Set(
        (stmt('SELECT application_id, member_id FROM conflicts WHERE lifted_at IS NULL').all() as { application_id: string; member_id: string }[]).map(
          (r) => conflictKey(r.application_id, r.member_id),
        ),
      )
      return { unassigned, reviewers, conflicts }
    },

    async reviewsOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return []
      const rows = stmt(`SELECT ${SCORE_COLUMNS_SQL} FROM application_reviews v WHERE application_id IN (SELECT value FROM json_each(?)) AND ${COUNTED_REVIEW_SQL}`).all(
        JSON.stringify(ids),
      ) as ScoredReviewRow[]
      return rows.map(scoredReviewFromRow)
    },

    async reviewsBy(memberIds, since) {
      const ids = memberIds.filter(isUuid)
      if (ids.length === 0) return []
      const rows = stmt(
        `SELECT ${SCORE_COLUMNS_SQL} FROM application_reviews v WHERE member_id IN (SELECT value FROM json_each(?)) AND updated_at >= ? AND ${COUNTED_REVIEW_SQL}`,
      ).all(JSON.stringify(ids), iso(since)) as ScoredReviewRow[]
      return rows.map(scoredReviewFromRow)
    },

    async discussionStates(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return new Map()
      const rows = stmt(
        'SELECT id, discussion_cleared_at, discussion_cleared_scores FROM applications WHERE id IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(ids)) as { id: string; discussion_cleared_at: string | null; discussion_cleared_scores: string | null }[]
      return new Map(
        rows.map((r) => [
          r.id,
          { clearedAt: r.discussion_cleared_at === null ? null : new Date(r.discussion_cleared_at), clearedScores: r.discussion_cleared_scores },
        ]),
      )
    },

    clearDiscussion(applicationId, clearedScores, memberId, at) {
      return store.write(() => {
        if (!isUuid(applicationId)) return false
        const result = stmt('UPDATE applications SET discussion_cleared_at = ?, discussion_cleared_scores = ? WHERE id = ?').run(
          iso(at),
          clearedScores,
          applicationId,
        )
        if (result.changes === 0) return false
        audit({ at, memberId, action: 'discussion.cleared', applicationId })
        return true
      })
    },
  }
}
