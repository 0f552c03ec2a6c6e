/** The MachineryStore on PostgreSQL. No node: imports. */
import type { Sql } from 'postgres'
import type { PostgresStore } from '../postgres-store.ts'
import { failedMessageFromRow, outboxFiguresFromRow, type FailedMessageRow, type OutboxFiguresRow } from './machinery-rows.ts'
import type { MachineryStore } from './machinery-store.ts'
import { isUuid } from '../time-ordered-id.ts'

const asDate = (value: Date) => value

export function openPostgresMachineryStore(store: PostgresStore): MachineryStore {
  const sql: Sql = store.sql

  return {
    async outboxFigures() {
      const [r] = await sql<OutboxFiguresRow<Date>[]>`
        select (select count(*) from applications)::int as applications,
               count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'sent')::int as sent,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'pending' and attempts > 0)::int as retrying,
               count(*) filter (where attempts > 0)::int as retried,
               min(created_at) filter (where status = 'pending') as oldest
        from outbox`
      return outboxFiguresFromRow(r!, asDate)
    },
    async failedMessages(limit) {
      const [rows, [count]] = await Promise.all([
        sql<FailedMessageRow<Date, boolean>[]>`
          select o.id, o.kind, o.application_id, a.reference, a.form_data->>'companyName' as company_name,
                 o.attempts, o.last_error, o.settled_at, o.redact_after_send
          from outbox o left join applications a on a.id = o.application_id
          where o.status = 'failed'
          order by o.settled_at desc nulls last, o.id desc limit ${limit}`,
        sql<{ n: number }[]>`select count(*)::int as n from outbox where status = 'failed'`,
      ])
      return { total: count!.n, items: rows.map((r) => failedMessageFromRow(r, asDate, (flag) => flag)) }
    },
    async retryFailed(id, at) {
      if (!isUuid(id)) return null
      const [row] = await sql<{ application_id: string | null }[]>`
        update outbox set status = 'pending', attempts = 0, next_attempt_at = ${at}, settled_at = null, claimed_by = null, lease_until = null
        where id = ${id} and status = 'failed' and not redact_after_send
        returning application_id`
      return row ? { applicationId: row.application_id } : null
    },
  }
}
