/**
 * The ConflictStore on PostgreSQL. Two declarations at once meet the partial
 * unique index conflicts_active: the loser answers 'exists'. No node: imports.
 */
import type { Sql, TransactionSql } from 'postgres'
import type { PostgresStore } from '../postgres-store.ts'
import { insertAuditPostgres } from './audit-writes.ts'
import { conflictFromRow, declareAction, type ConflictRow, type ConflictStore } from './conflict-store.ts'
import { isUuid } from '../time-ordered-id.ts'

const asIs = (d: Date) => d

export function openPostgresConflictStore(store: PostgresStore): ConflictStore {
  const sql: Sql = store.sql
  const byId = async (q: Sql | TransactionSql, id: string) => {
    const [row] = await q<ConflictRow<Date>[]>`select * from conflicts where id = ${id}`
    return row ? conflictFromRow(row, asIs) : null
  }
  const active = async (q: Sql | TransactionSql, applicationId: string, memberId: string) => {
    const [row] = await q<ConflictRow<Date>[]>`
      select * from conflicts where application_id = ${applicationId} and member_id = ${memberId} and lifted_at is null
    `
    return row ? conflictFromRow(row, asIs) : null
  }

  return {
    async declare(input) {
      if (!isUuid(input.applicationId) || !isUuid(input.memberId)) return { status: 'not_found' }
      return sql.begin(async (tx) => {
        const [app] = await tx`select 1 from applications where id = ${input.applicationId}`
        const [member] = await tx`select 1 from team_members where id = ${input.memberId}`
        if (!app || !member) return { status: 'not_found' as const }
        const id = crypto.randomUUID()
        const [inserted] = await tx`
          insert into conflicts (id, application_id, member_id, kind, note, declared_by, declared_at)
          values (${id}, ${input.applicationId}, ${input.memberId}, ${input.kind}, ${input.note}, ${input.declaredBy}, ${input.at})
          on conflict (application_id, member_id) where lifted_at is null do nothing
          returning id
        `
        if (!inserted) return { status: 'exists' as const, conflict: (await active(tx, input.applicationId, input.memberId))! }
        await tx`delete from assignments where application_id = ${input.applicationId} and member_id = ${input.memberId}`
        // The note is free text and may name people: the trail keeps the kind only.
        await insertAuditPostgres(tx, { at: input.at, memberId: input.declaredBy, action: declareAction(input), applicationId: input.applicationId, detail: {
          conflictId: id,
          kind: input.kind,
          memberId: input.memberId,
        } })
        return { status: 'declared' as const, conflict: (await byId(tx, id))! }
      })
    },

    async lift(conflictId, by) {
      if (!isUuid(conflictId)) return { status: 'not_found' }
      return sql.begin(async (tx) => {
        const [row] = await tx<ConflictRow<Date>[]>`select * from conflicts where id = ${conflictId} for update`
        if (!row) return { status: 'not_found' as const }
        if (row.lifted_at !== null) return { status: 'already_lifted' as const }
        await tx`
          update conflicts set lifted_at = ${by.at}, lifted_by = ${by.memberId}, lift_reason = ${by.reason} where id = ${conflictId}
        `
        await insertAuditPostgres(tx, { at: by.at, memberId: by.memberId, action: 'conflict.lifted', applicationId: row.application_id, detail: { conflictId, memberId: row.member_id } })
        return { status: 'lifted' as const, conflict: (await byId(tx, conflictId))! }
      })
    },

    async get(conflictId) {
      return isUuid(conflictId) ? byId(sql, conflictId) : null
    },

    async isConflicted(memberId, applicationId) {
      if (!isUuid(memberId) || !isUuid(applicationId)) return false
      const [row] = await sql`
        select 1 from conflicts where member_id = ${memberId} and application_id = ${applicationId} and lifted_at is null
      `
      return row !== undefined
    },

    async conflictedMembers(applicationId) {
      if (!isUuid(applicationId)) return new Set()
      const rows = await sql<{ id: string }[]>`
        select member_id as id from conflicts where application_id = ${applicationId} and lifted_at is null
      `
      return new Set(rows.map((r) => r.id))
    },

    async conflictedApplications(memberId) {
      if (!isUuid(memberId)) return new Set()
      const rows = await sql<{ id: string }[]>`
        select application_id as id from conflicts where member_id = ${memberId} and lifted_at is null
      `
      return new Set(rows.map((r) => r.id))
    },

    async list(filter) {
      if ((filter.applicationId && !isUuid(filter.applicationId)) || (filter.memberId && !isUuid(filter.memberId))) return []
      const rows = await sql<ConflictRow<Date>[]>`
        select * from conflicts
        where (${filter.applicationId ?? null}::uuid is null or application_id = ${filter.applicationId ?? null}::uuid)
          and (${filter.memberId ?? null}::uuid is null or member_id = ${filter.memberId ?? null}::uuid)
          and (not ${filter.activeOnly ?? false} or lifted_at is null)
        order by declared_at desc, id desc
      `
      return rows.map((r) => conflictFromRow(r, asIs))
    },
  }
}
