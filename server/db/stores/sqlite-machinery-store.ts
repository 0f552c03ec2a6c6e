/** The MachineryStore on the SQLite file: reads on the shared connection, the retry through the group commit. */
import type Database from 'better-sqlite3'
import type { SqliteStore } from '../sqlite-store.ts'
import { failedMessageFromRow, outboxFiguresFromRow, type FailedMessageRow, type OutboxFiguresRow } from './machinery-rows.ts'
import type { MachineryStore } from './machinery-store.ts'
import { isUuid } from '../time-ordered-id.ts'

const toDate = (value: string) => new Date(value)

export function openSqliteMachineryStore(store: SqliteStore): MachineryStore {
  const db: Database.Database = store.db
  const figures = db.prepare(`
    SELECT (SELECT count(*) FROM applications) AS applications,
           coalesce(sum(status = 'pending'), 0) AS pending,
           coalesce(sum(status = 'sent'), 0) AS sent,
           coalesce(sum(status = 'failed'), 0) AS failed,
           coalesce(sum(status = 'pending' AND attempts > 0), 0) AS retrying,
           coalesce(sum(attempts > 0), 0) AS retried,
           min(CASE WHEN status = 'pending' THEN created_at END) AS oldest
    FROM outbox`)
  const failedCount = db.prepare(`SELECT count(*) AS n FROM outbox WHERE status = 'failed'`)
  const failedPage = db.prepare(`
    SELECT o.id, o.kind, o.application_id, a.reference, json_extract(a.form_data, '$.companyName') AS company_name,
           o.attempts, o.last_error, o.settled_at, o.redact_after_send
    FROM outbox o LEFT JOIN applications a ON a.id = o.application_id
    WHERE o.status = 'failed'
    ORDER BY o.settled_at DESC, o.id DESC LIMIT ?`)
  const retry = db.prepare(`
    UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, settled_at = NULL, claimed_by = NULL, lease_until = NULL
    WHERE id = ? AND status = 'failed' AND redact_after_send = 0
    RETURNING application_id`)

  return {
    async outboxFigures() {
      return outboxFiguresFromRow(figures.get() as OutboxFiguresRow<string>, toDate)
    },
    async failedMessages(limit) {
      const rows = failedPage.all(limit) as FailedMessageRow<string, number>[]
      return {
        total: (failedCount.get() as { n: number }).n,
        items: rows.map((r) => failedMessageFromRow(r, toDate, (flag) => flag !== 0)),
      }
    },
    retryFailed(id, at) {
      return store.write(() => {
        if (!isUuid(id)) return null
        const row = retry.get(at.toISOString(), id) as { application_id: string | null } | undefined
        return row ? { applicationId: row.application_id } : null
      })
    },
  }
}
