/**
 * The ClockStore on PostgreSQL. A reminder's run and its e-mail are one
 * transaction; two instances claiming the same member and day meet the
 * reminder_runs primary key and only one inserts. No node: imports.
 */
import type { Sql } from 'postgres'
import type { Stage } from '../../../domain/pipeline.ts'
import type { PostgresStore } from '../postgres-store.ts'
import { OPEN_STAGES_SQL, punctuality, type ClockStore, type ReminderFrequency, type ReminderRecipient } from './clock-store.ts'
import { isUuid } from './review-store-types.ts'

export function openPostgresClockStore(store: PostgresStore): ClockStore {
  const sql: Sql = store.sql

  return {
    async pending(memberId, query) {
      if (!isUuid(memberId)) return { items: [], total: 0, overdue: 0, dueSoon: 0, waitingForMe: 0 }
      const { now, dueSoonUntil: soon, limit } = query
      // One statement, one pass: the member's matching assignments (index-only on assignments_member and
      // applications_clock, ADR 0108) are materialised once, counted by window aggregates and cut to the
      // page; only the page's rows are read for the reference and the company's name (jsonb).
      const rows = await sql<
        {
          id: string
          reference: string
          company_name: string
          stage: Stage
          stage_due_at: Date | null
          assigned_at: Date
          waiting: boolean
          total: number
          overdue: number
          due_soon: number
          waiting_count: number
        }[]
      >`
        with m as materialized (
          select a.id, a.stage, a.stage_due_at, a.created_at, s.assigned_at,
                 not exists (select 1 from application_reviews v where v.application_id = a.id and v.member_id = s.member_id) as waiting
          from assignments s join applications a on a.id = s.application_id
          where s.member_id = ${memberId} and a.stage in (${sql.unsafe(OPEN_STAGES_SQL)})
            and not exists (select 1 from conflicts k where k.application_id = a.id and k.member_id = s.member_id and k.lifted_at is null)
        ), p as (
          select m.*, count(*) over ()::int as total,
                 (count(*) filter (where stage_due_at < ${now}) over ())::int as overdue,
                 (count(*) filter (where stage_due_at >= ${now} and stage_due_at <= ${soon}) over ())::int as due_soon,
                 (count(*) filter (where waiting) over ())::int as waiting_count
          from m where waiting or stage_due_at <= ${soon}
          order by stage_due_at nulls last, created_at, id
          limit ${limit}
        )
        select p.*, a.reference, a.form_data->>'companyName' as company_name
        from p join applications a on a.id = p.id
        order by p.stage_due_at nulls last, p.created_at, p.id
      `
      const c = rows[0] ?? { total: 0, overdue: 0, due_soon: 0, waiting_count: 0 }
      const items = rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        companyName: r.company_name,
        stage: r.stage,
        stageDueAt: r.stage_due_at,
        assignedAt: r.assigned_at,
        waitingForMe: r.waiting,
      }))
      return { items, total: c.total, overdue: c.overdue, dueSoon: c.due_soon, waitingForMe: c.waiting_count }
    },

    async reminderFrequency(memberId) {
      if (!isUuid(memberId)) return null
      const [row] = await sql<{ f: ReminderFrequency }[]>`select reminder_frequency as f from team_members where id = ${memberId}`
      return row?.f ?? null
    },

    async setReminderFrequency(memberId, frequency) {
      if (!isUuid(memberId)) return false
      const result = await sql`update team_members set reminder_frequency = ${frequency} where id = ${memberId}`
      return result.count === 1
    },

    async reminderRecipients(day) {
      return sql<ReminderRecipient[]>`
        select id, email, name, reminder_frequency as frequency from team_members m
        where active and reminder_frequency <> 'off'
          and not exists (select 1 from reminder_runs r where r.member_id = m.id and r.day = ${day})
        order by id
      `
    },

    async claimReminder(run, m) {
      if (!isUuid(run.memberId)) return false
      return sql.begin(async (tx) => {
        const [claimed] = await tx`
          insert into reminder_runs (member_id, day, outbox_id, created_at) values (${run.memberId}, ${run.day}, ${m?.id ?? null}, ${run.at})
          on conflict do nothing
          returning member_id
        `
        if (!claimed) return false
        // The outbox runs on the real clock: a reminder decided on a shifted one (WORKER_CLOCK_OFFSET_MS) is due now.
        if (m) {
          await tx`
            insert into outbox (id, application_id, member_id, kind, message_id, sender, recipient, reply_to, subject, text_body,
                                html_body, redact_after_send, next_attempt_at, created_at)
            values (${m.id}, null, ${run.memberId}, ${m.kind}, ${m.messageId}, ${m.from}, ${m.to}, ${m.replyTo ?? null}, ${m.subject},
                    ${m.text}, ${m.html}, false, now(), now())
          `
        }
        return true
      })
    },

    async stagePunctuality(since) {
      const rows = await sql<{ stage: Stage; left_at: Date; received_at: Date; entered_at: Date }[]>`
        select * from (
          select c.from_stage as stage, c.at as left_at, a.created_at as received_at,
                 coalesce(lag(c.at) over (partition by c.application_id order by c.at, c.id), a.created_at) as entered_at
          from stage_changes c join applications a on a.id = c.application_id
          where c.application_id in (select application_id from stage_changes where at >= ${since})
        ) s
        where left_at >= ${since}
      `
      return punctuality(rows.map((r) => ({ stage: r.stage, leftAt: r.left_at, enteredAt: r.entered_at, receivedAt: r.received_at })))
    },
  }
}
