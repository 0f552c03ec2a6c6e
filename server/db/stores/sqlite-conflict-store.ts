/** The ConflictStore on the SQLite file: writes through the group commit, each one transaction with its audit entry. */
import type Database from 'better-sqlite3'
import type { SqliteStore } from '../sqlite-store.ts'
import { conflictFromRow, declareAction, type ConflictRow, type ConflictStore } from './conflict-store.ts'
import { isUuid } from '../time-ordered-id.ts'
import { statementCache } from '../sqlite-statements.ts'
import { sqliteAuditWriter } from './audit-writes.ts'

const iso = (d: Date) => d.toISOString()
const date = (s: string) => new Date(s)

export function openSqliteConflictStore(store: SqliteStore): ConflictStore {
  const db: Database.Database = store.db
  const stmt = statementCache(db)
  const byId = (id: string) => {
    const row = stmt('SELECT * FROM conflicts WHERE id = ?').get(id) as ConflictRow<string> | undefined
    return row ? conflictFromRow(row, date) : null
  }
  const audit = sqliteAuditWriter(stmt)
  const ids = (sql: string, arg: string) => new Set((stmt(sql).pluck().all(arg) as string[]))

  return {
    declare(input) {
      return store.write(() => {
        if (!isUuid(input.applicationId) || !isUuid(input.memberId)) return { status: 'not_found' as const }
        if (!stmt('SELECT 1 FROM applications WHERE id = ?').get(input.applicationId)) return { status: 'not_found' as const }
        if (!stmt('SELECT 1 FROM team_members WHERE id = ?').get(input.memberId)) return { status: 'not_found' as const }
        const existing = stmt('SELECT * FROM conflicts WHERE application_id = ? AND member_id = ? AND lifted_at IS NULL').get(
          input.applicationId,
          input.memberId,
        ) as ConflictRow<string> | undefined
        if (existing) return { status: 'exists' as const, conflict: conflictFromRow(existing, date) }
        const id = crypto.randomUUID()
        stmt(
          `INSERT INTO conflicts (id, application_id, member_id, kind, note, declared_by, declared_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(id, input.applicationId, input.memberId, input.kind, input.note, input.declaredBy, iso(input.at))
        stmt('DELETE FROM assignments WHERE application_id = ? AND member_id = ?').run(input.applicationId, input.memberId)
        // The note is free text and may name people: the trail keeps the kind only.
        audit({
          at: input.at,
          memberId: input.declaredBy,
          action: declareAction(input),
          applicationId: input.applicationId,
          detail: { conflictId: id, kind: input.kind, memberId: input.memberId },
        })
        return { status: 'declared' as const, conflict: byId(id)! }
      })
    },

    lift(conflictId, by) {
      return store.write(() => {
        if (!isUuid(conflictId)) return { status: 'not_found' as const }
        const before = byId(conflictId)
        if (!before) return { status: 'not_found' as const }
        if (before.liftedAt) return { status: 'already_lifted' as const }
        stmt('UPDATE conflicts SET lifted_at = ?, lifted_by = ?, lift_reason = ? WHERE id = ? AND lifted_at IS NULL').run(
          iso(by.at),
          by.memberId,
          by.reason,
          conflictId,
        )
        audit({ at: by.at, memberId: by.memberId, action: 'conflict.lifted', applicationId: before.applicationId, detail: { conflictId, memberId: before.memberId } })
        return { status: 'lifted' as const, conflict: byId(conflictId)! }
      })
    },

    async get(conflictId) {
      return isUuid(conflictId) ? byId(conflictId) : null
    },

    async isConflicted(memberId, applicationId) {
      return stmt('SELECT 1 FROM conflicts WHERE member_id = ? AND application_id = ? AND lifted_at IS NULL').get(memberId, applicationId) !== undefined
    },

    async conflictedMembers(applicationId) {
      return ids('SELECT member_id FROM conflicts WHERE application_id = ? AND lifted_at IS NULL', applicationId)
    },

    async conflictedApplications(memberId) {
      return ids('SELECT application_id FROM conflicts WHERE member_id = ? AND lifted_at IS NULL', memberId)
    },

    async list(filter) {
      const rows = stmt(
        `SELECT * FROM conflicts
         WHERE (@app IS NULL OR application_id = @app) AND (@member IS NULL OR member_id = @member)
           AND (@active = 0 OR lifted_at IS NULL)
         ORDER BY declared_at DESC, id DESC`,
      ).all({ app: filter.applicationId ?? null, member: filter.memberId ?? null, active: filter.activeOnly ? 1 : 0 }) as ConflictRow<string>[]
      return rows.map((r) => conflictFromRow(r, date))
    },
  }
}
