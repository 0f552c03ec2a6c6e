/**
 * The FounderStore on the ApplicationStore's SQLite file: reads on its
 * connection, every change through its group commit, so a draft sent and
 * its outbox e-mail commit together.
 */
import type Database from 'better-sqlite3'
import type { SqliteStore } from '../sqlite-store.ts'
import type { NewOutboxMessage } from './application-store.ts'
import { isUuid } from './review-store-types.ts'
import { draftFromRow as mapDraft, founderViewFromRows, sendImmediatelyFromRows, type DraftRow as FounderDraftRow, type LinkedApplicationRow, type MailSettingRow, type StageChangeRow } from './founder-rows.ts'
import {
  EMPTIED_FORM_DATA,
  dataRequestFromRow,
  type DataRequestRow,
  type DraftOutcome,
  type FounderDraft,
  type FounderMailWrite,
  type FounderStore,
  type OpenDataRequestOutcome,
} from './founder-store.ts'

const iso = (d: Date) => d.toISOString()
const date = (s: string) => new Date(s)

type DraftRow = FounderDraftRow<string>
const draftFromRow = (r: DraftRow) => mapDraft(r, date)

type Stmt = (sql: string) => Database.Statement

/**
 * An e-mail about an application into the outbox. Its body holds no secret
 * (the founder's link is a placeholder until it leaves), so it is kept, and
 * a failed one can be sent again from "Estado del sistema".
 */
export function insertFounderOutboxSqlite(stmt: Stmt, applicationId: string, m: NewOutboxMessage, at: Date): void {
  stmt(
    `INSERT INTO outbox (id, application_id, member_id, kind, message_id, sender, recipient, reply_to, subject, text_body,
                         html_body, redact_after_send, next_attempt_at, created_at)
     VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  ).run(m.id, applicationId, m.kind, m.messageId, m.from, m.to, m.replyTo ?? null, m.subject, m.text, m.html, iso(at), iso(at))
}

/** What a stage change writes for the founder, inside the transition's transaction (sqlite-review-store.ts). */
export function writeFounderMailSqlite(stmt: Stmt, applicationId: string, write: FounderMailWrite, at: Date): void {
  const d = write.draft
  const sent = write.sendNow !== null
  if (write.sendNow) insertFounderOutboxSqlite(stmt, applicationId, write.sendNow, at)
  // Sent straight away, the draft stays as the timeline's record, without the body.
  stmt(
    `INSERT INTO founder_mail_drafts (id, application_id, kind, recipient, subject, text_body, html_body, status, created_at, settled_at, outbox_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    d.id,
    applicationId,
    d.kind,
    d.to,
    d.subject,
    sent ? '' : d.text,
    sent ? '' : d.html,
    sent ? 'sent' : 'draft',
    iso(at),
    sent ? iso(at) : null,
    write.sendNow?.id ?? null,
  )
}

export function openSqliteFounderStore(store: SqliteStore): FounderStore {
  const db = store.db
  const cache = new Map<string, Database.Statement>()
  const stmt: Stmt = (sql) => {
    let s = cache.get(sql)
    if (!s) {
      s = db.prepare(sql)
      cache.set(sql, s)
    }
    return s
  }
  const select = 'SELECT d.*, a.reference FROM founder_mail_drafts d JOIN applications a ON a.id = d.application_id'
  const readDraft = (id: string) => {
    if (!isUuid(id)) return null
    const row = stmt(`${select} WHERE d.id = ?`).get(id) as DraftRow | undefined
    return row ? draftFromRow(row) : null
  }

  /** Compare-and-set on status = 'draft'. */
  const settle = (id: string, change: (draft: FounderDraft) => void): DraftOutcome => {
    const draft = readDraft(id)
    if (!draft) return { status: 'not_found' }
    if (draft.status !== 'draft') return { status: 'conflict', draft }
    change(draft)
    return { status: 'ok', draft: readDraft(id)! }
  }

  return {
    async listWaitingDrafts() {
      return (stmt(`${select} WHERE d.status = 'draft' ORDER BY d.created_at, d.id`).all() as DraftRow[]).map(draftFromRow)
    },

    async listDrafts(applicationId) {
      if (!isUuid(applicationId)) return []
      return (stmt(`${select} WHERE d.application_id = ? ORDER BY d.created_at, d.id`).all(applicationId) as DraftRow[]).map(draftFromRow)
    },

    async getDraft(id) {
      return readDraft(id)
    },

    editDraft(id, edit, memberId, at) {
      return store.write(() =>
        settle(id, () => {
          stmt(`UPDATE founder_mail_drafts SET subject = ?, text_body = ?, html_body = ?, edited_by = ?, edited_at = ? WHERE id = ? AND status = 'draft'`).run(
            edit.subject,
            edit.text,
            edit.html,
            memberId,
            iso(at),
            id,
          )
        }),
      )
    },

    sendDraft(id, message, memberId, at) {
      return store.write(() =>
        settle(id, (draft) => {
          const m = message(draft)
          insertFounderOutboxSqlite(stmt, draft.applicationId, m, at)
          stmt(
            `UPDATE founder_mail_drafts SET status = 'sent', text_body = '', html_body = '', settled_by = ?, settled_at = ?, outbox_id = ?
             WHERE id = ? AND status = 'draft'`,
          ).run(memberId, iso(at), m.id, id)
        }),
      )
    },

    discardDraft(id, memberId, at) {
      return store.write(() =>
        settle(id, () => {
          stmt(
            `UPDATE founder_mail_drafts SET status = 'discarded', text_body = '', html_body = '', settled_by = ?, settled_at = ?
             WHERE id = ? AND status = 'draft'`,
          ).run(memberId, iso(at), id)
        }),
      )
    },

    async sendImmediately() {
      const rows = stmt('SELECT kind, send_immediately FROM founder_mail_settings').all() as MailSettingRow<number>[]
      return sendImmediatelyFromRows(rows, (value) => value === 1)
    },

    async setSendImmediately(kind, value, memberId, at) {
      await store.write(() =>
        stmt(
          `INSERT INTO founder_mail_settings (kind, send_immediately, updated_by, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (kind) DO UPDATE SET send_immediately = excluded.send_immediately, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        ).run(kind, value ? 1 : 0, memberId, iso(at)),
      )
    },

    async resolveLink(tokenHash) {
      const row = stmt(
        `SELECT a.id, a.reference, a.stage, a.created_at, a.stage_entered_at, a.stage_due_at
         FROM founder_links l JOIN applications a ON a.id = l.application_id
         WHERE l.token_hash = ? AND l.revoked_at IS NULL AND a.anonymized_at IS NULL`,
      ).get(tokenHash) as LinkedApplicationRow<string> | undefined
      if (!row) return null
      const changes = stmt('SELECT to_stage, at FROM stage_changes WHERE application_id = ? ORDER BY at, id').all(row.id) as StageChangeRow<string>[]
      return founderViewFromRows(row, changes, date)
    },

    async issueLink(applicationId, message, at) {
      await store.write(() => {
        // A founder who asks for a new link may have lost the old one where others can read it.
        stmt('UPDATE founder_links SET revoked_at = ? WHERE application_id = ? AND revoked_at IS NULL').run(iso(at), applicationId)
        insertFounderOutboxSqlite(stmt, applicationId, message, at)
      })
    },

    async queueMessage(applicationId, message, at) {
      await store.write(() => insertFounderOutboxSqlite(stmt, applicationId, message, at))
    },

    reduceClosedBefore(closedBefore, at) {
      return store.write(() => {
        // One write transaction at a time on SQLite: the anonymized_at IS NULL check makes a rerun (or another process) a no-op.
        const ids = (
          stmt(
            `SELECT id FROM applications
             WHERE anonymized_at IS NULL AND stage IN ('no_seleccionada', 'retirada') AND stage_entered_at < ?`,
          ).all(iso(closedBefore)) as { id: string }[]
        ).map((r) => r.id)
        if (ids.length === 0) return { reduced: 0 }
        const list = JSON.stringify(ids)
        const these = '(SELECT value FROM json_each(?))'
        stmt(`DELETE FROM outbox WHERE application_id IN ${these}`).run(list)
        stmt(`DELETE FROM founder_mail_drafts WHERE application_id IN ${these}`).run(list)
        stmt(`DELETE FROM founder_links WHERE application_id IN ${these}`).run(list)
        stmt(`DELETE FROM application_notes WHERE application_id IN ${these}`).run(list)
        stmt(`DELETE FROM idempotency_keys WHERE application_id IN ${these}`).run(list)
        // The due-diligence documents' rows (and stored bytes); files on disk go with the documents' sweep.
        stmt(`DELETE FROM documents WHERE application_id IN ${these}`).run(list)
        stmt(`UPDATE application_reviews SET comments = '{}', overall_comment = '' WHERE application_id IN ${these}`).run(list)
        stmt(`UPDATE conflicts SET note = '', lift_reason = NULL WHERE application_id IN ${these}`).run(list)
        stmt(`UPDATE stage_changes SET reason = NULL WHERE application_id IN ${these}`).run(list)
        // The personal data is gone: an open deletion request is answered (by no member: the retention job).
        stmt(`UPDATE data_requests SET closed_at = ? WHERE application_id IN ${these} AND kind = 'supresion' AND closed_at IS NULL`).run(iso(at), list)
        stmt(
          `UPDATE applications SET form_data = ?, email = '', search_text = lower(reference), anonymized_at = ?
           WHERE id IN ${these} AND anonymized_at IS NULL`,
        ).run(JSON.stringify(EMPTIED_FORM_DATA), iso(at), list)
        return { reduced: ids.length }
      })
    },

    openDataRequest(request, notice) {
      return store.write((): OpenDataRequestOutcome => {
        // One write transaction at a time on SQLite: the check and the insert cannot interleave with another's.
        const open = stmt('SELECT * FROM data_requests WHERE application_id = ? AND kind = ? AND closed_at IS NULL').get(
          request.applicationId,
          request.kind,
        ) as DataRequestRow<string> | undefined
        if (open) return { status: 'already_open', request: dataRequestFromRow(open, date) }
        stmt('INSERT INTO data_requests (id, application_id, reference, kind, opened_at, due_at) VALUES (?, ?, ?, ?, ?, ?)').run(
          request.id,
          request.applicationId,
          request.reference,
          request.kind,
          iso(request.openedAt),
          iso(request.dueAt),
        )
        insertFounderOutboxSqlite(stmt, request.applicationId, notice, request.openedAt)
        const row = stmt('SELECT * FROM data_requests WHERE id = ?').get(request.id) as DataRequestRow<string>
        return { status: 'opened', request: dataRequestFromRow(row, date) }
      })
    },

    async listDataRequests(reference) {
      const rows = stmt('SELECT * FROM data_requests WHERE reference = ? ORDER BY opened_at, id').all(reference) as DataRequestRow<string>[]
      return rows.map((r) => dataRequestFromRow(r, date))
    },
  }
}
