/** The ClockStore on the SQLite file; the reminder's run and its e-mail commit together through the group commit. */
import type Database from 'better-sqlite3'
import type { Stage } from '../../../domain/pipeline.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import { OPEN_STAGES_SQL, punctuality, type ClockStore, type ReminderFrequency, type ReminderRecipient } from './clock-store.ts'
import { isUuid } from './review-store-types.ts'
import { statementCache } from '../sqlite-statements.ts'

const iso = (d: Date) => d.toISOString()
// The outbox runs on the real clock: a reminder decided on a shifted one (WORKER_CLOCK_OFFSET_MS) is due now.
const DB_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
const date = (s: string) => new Date(s)

interface PendingRow {
  id: string
  reference: string
  company_name: string
  stage: Stage
  stage_due_at: string | null
  assigned_at: string
  waiting: number
}

export function openSqliteClockStore(store: SqliteStore): ClockStore {
  const db: Database.Database = store.db
  const stmt = statementCache(db)

  return {
    async pending(memberId, query) {
      // From the member's assignments (assignments_member), so the cost follows their load, not the
      // table; the counts and the order read narrow columns only, the company's name (json) only for the page.
      const params = { member: memberId, now: iso(query.now), soon: iso(query.dueSoonUntil), limit: query.limit }
      const matching = `
        SELECT a.id, a.stage, a.stage_due_at, a.created_at, s.assigned_at,
               NOT EXISTS (SELECT 1 FROM application_reviews v WHERE v.application_id = a.id AND v.member_id = s.member_id) AS waiting
        FROM assignments s JOIN applications a ON a.id = s.application_id
        WHERE s.member_id = @member AND a.stage IN (${OPEN_STAGES_SQL})
          AND NOT EXISTS (SELECT 1 FROM conflicts k WHERE k.application_id = a.id AND k.member_id = s.member_id AND k.lifted_at IS NULL)`
      const counts = stmt(
        `SELECT count(*) AS total, coalesce(sum(stage_due_at < @now), 0) AS overdue,
                coalesce(sum(stage_due_at >= @now AND stage_due_at <= @soon), 0) AS due_soon, coalesce(sum(waiting), 0) AS waiting
         FROM (${matching}) WHERE waiting OR stage_due_at <= @soon`,
      ).get(params) as { total: number; overdue: number; due_soon: number; waiting: number }
      const rows = stmt(
        `SELECT p.*, a.reference, json_extract(a.form_data, '$.companyName') AS company_name
         FROM (SELECT * FROM (${matching}) WHERE waiting OR stage_due_at <= @soon
               ORDER BY stage_due_at IS NULL, stage_due_at, created_at, id LIMIT @limit) p
         JOIN applications a ON a.id = p.id
         ORDER BY p.stage_due_at IS NULL, p.stage_due_at, p.created_at, p.id`,
      ).all(params) as PendingRow[]
      const items = rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        companyName: r.company_name,
        stage: r.stage,
        stageDueAt: r.stage_due_at === null ? null : date(r.stage_due_at),
        assignedAt: date(r.assigned_at),
        waitingForMe: r.waiting === 1,
      }))
      return { items, total: counts.total, overdue: counts.overdue, dueSoon: counts.due_soon, waitingForMe: counts.waiting }
    },

    async reminderFrequency(memberId) {
      const row = stmt('SELECT reminder_frequency AS f FROM team_members WHERE id = ?').get(memberId) as { f: ReminderFrequency } | undefined
      return row?.f ?? null
    },

    setReminderFrequency(memberId, frequency) {
      return store.write(() => stmt('UPDATE team_members SET reminder_frequency = ? WHERE id = ?').run(frequency, memberId).changes === 1)
    },

    async reminderRecipients(day) {
      return stmt(
        `SELECT id, email, name, reminder_frequency AS frequency FROM team_members m
         WHERE active = 1 AND reminder_frequency <> 'off'
           AND NOT EXISTS (SELECT 1 FROM reminder_runs r WHERE r.member_id = m.id AND r.day = ?)
         ORDER BY id`,
      ).all(day) as ReminderRecipient[]
    },

    claimReminder(run, m) {
      return store.write(() => {
        if (!isUuid(run.memberId)) return false
        const at = iso(run.at)
        const claimed = stmt('INSERT INTO reminder_runs (member_id, day, outbox_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(
          run.memberId,
          run.day,
          m?.id ?? null,
          at,
        )
        if (claimed.changes === 0) return false
        if (m) {
          stmt(
            `INSERT INTO outbox (id, application_id, member_id, kind, message_id, sender, recipient, reply_to, subject, text_body,
                                 html_body, redact_after_send, next_attempt_at, created_at)
             VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ${DB_NOW}, ${DB_NOW})`,
          ).run(m.id, run.memberId, m.kind, m.messageId, m.from, m.to, m.replyTo ?? null, m.subject, m.text, m.html)
        }
        return true
      })
    },

    async stagePunctuality(since) {
      const rows = stmt(
        `SELECT * FROM (
           SELECT c.from_stage AS stage, c.at AS left_at, a.created_at AS received_at,
                  coalesce(lag(c.at) OVER (PARTITION BY c.application_id ORDER BY c.at, c.id), a.created_at) AS entered_at
           FROM stage_changes c JOIN applications a ON a.id = c.application_id
           WHERE c.application_id IN (SELECT application_id FROM stage_changes WHERE at >= @since)
         ) WHERE left_at >= @since`,
      ).all({ since: iso(since) }) as { stage: Stage; left_at: string; received_at: string; entered_at: string }[]
      return punctuality(rows.map((r) => ({ stage: r.stage, leftAt: date(r.left_at), enteredAt: date(r.entered_at), receivedAt: date(r.received_at) })))
    },
  }
}
