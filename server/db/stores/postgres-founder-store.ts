/**
 * The FounderStore on PostgreSQL, sharing the ApplicationStore's pool. A
 * draft is settled under `select … for update`, so two members sending it at
 * once put one e-mail in the outbox; the retention job claims its rows with
 * `for update skip locked`, so instances running it together split the work.
 */
import type { Sql, TransactionSql } from 'postgres'
import type { PostgresStore } from '../postgres-store.ts'
import type { NewOutboxMessage } from './application-store.ts'
import { outboxColumns } from './application-rows.ts'
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

type Q = Sql | TransactionSql

type DraftRow = FounderDraftRow<Date>
const same = (d: Date) => d
const draftFromRow = (r: DraftRow) => mapDraft(r, same)

export async function insertFounderOutboxPostgres(q: Q, applicationId: string, m: NewOutboxMessage, at: Date): Promise<void> {
  await insertFounderOutboxesPostgres(q, [{ applicationId, message: m, at }])
}

/** E-mails about applications to the outbox, one multi-row insert; no body holds a secret (ADR 0117), so none is blanked. */
async function insertFounderOutboxesPostgres(q: Q, rows: readonly { applicationId: string; message: NewOutboxMessage; at: Date }[]) {
  if (rows.length === 0) return
  const values = rows.map(({ applicationId, message, at }) => ({
    ...outboxColumns(message),
    application_id: applicationId,
    member_id: null,
    redact_after_send: false,
    next_attempt_at: at,
    created_at: at,
  }))
  await q`insert into outbox ${q(values)}`
}

/** What a stage change writes for the founder, inside the transition's transaction (postgres-review-store.ts). */
export async function writeFounderMailPostgres(q: Q, applicationId: string, write: FounderMailWrite, at: Date): Promise<void> {
  await writeFounderMailsPostgres(q, [{ applicationId, write, at }])
}

/**
 * The founder e-mails of many stage changes (a bulk move, ADR 0108): still one
 * draft and at most one outbox message per application, written in two
 * multi-row inserts instead of two statements each.
 */
export async function writeFounderMailsPostgres(
  q: Q,
  writes: readonly { applicationId: string; write: FounderMailWrite; at: Date }[],
): Promise<void> {
  if (writes.length === 0) return
  await insertFounderOutboxesPostgres(
    q,
    writes.flatMap((w) => (w.write.sendNow ? [{ applicationId: w.applicationId, message: w.write.sendNow, at: w.at }] : [])),
  )
  // Sent straight away, the draft stays as the timeline's record, without the body.
  const drafts = writes.map(({ applicationId, write, at }) => {
    const d = write.draft
    const sent = write.sendNow !== null
    return {
      id: d.id,
      application_id: applicationId,
      kind: d.kind,
      recipient: d.to,
      subject: d.subject,
      text_body: sent ? '' : d.text,
      html_body: sent ? '' : d.html,
      status: sent ? 'sent' : 'draft',
      created_at: at,
      settled_at: sent ? at : null,
      outbox_id: write.sendNow?.id ?? null,
    }
  })
  await q`insert into founder_mail_drafts ${q(drafts)}`
}

export function openPostgresFounderStore(store: PostgresStore): FounderStore {
  const sql = store.sql

  const readDraft = async (q: Q, id: string, lock = false) => {
    if (!isUuid(id)) return null
    const [row] = lock
      ? await q<DraftRow[]>`
          select d.*, a.reference from founder_mail_drafts d join applications a on a.id = d.application_id where d.id = ${id} for update of d`
      : await q<DraftRow[]>`
          select d.*, a.reference from founder_mail_drafts d join applications a on a.id = d.application_id where d.id = ${id}`
    return row ? draftFromRow(row) : null
  }

  const settle = (id: string, change: (tx: TransactionSql, draft: FounderDraft) => Promise<void>): Promise<DraftOutcome> =>
    sql.begin(async (tx): Promise<DraftOutcome> => {
      const draft = await readDraft(tx, id, true)
      if (!draft) return { status: 'not_found' }
      if (draft.status !== 'draft') return { status: 'conflict', draft }
      await change(tx, draft)
      return { status: 'ok', draft: (await readDraft(tx, id))! }
    })

  return {
    async listWaitingDrafts() {
      const rows = await sql<DraftRow[]>`
        select d.*, a.reference from founder_mail_drafts d join applications a on a.id = d.application_id
        where d.status = 'draft' order by d.created_at, d.id`
      return rows.map(draftFromRow)
    },

    async listDrafts(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = await sql<DraftRow[]>`
        select d.*, a.reference from founder_mail_drafts d join applications a on a.id = d.application_id
        where d.application_id = ${applicationId} order by d.created_at, d.id`
      return rows.map(draftFromRow)
    },

    getDraft: (id) => readDraft(sql, id),

    editDraft(id, edit, memberId, at) {
      return settle(id, async (tx) => {
        await tx`
          update founder_mail_drafts set subject = ${edit.subject}, text_body = ${edit.text}, html_body = ${edit.html},
            edited_by = ${memberId}, edited_at = ${at}
          where id = ${id}`
      })
    },

    sendDraft(id, message, memberId, at) {
      return settle(id, async (tx, draft) => {
        const m = message(draft)
        await insertFounderOutboxPostgres(tx, draft.applicationId, m, at)
        await tx`
          update founder_mail_drafts set status = 'sent', text_body = '', html_body = '', settled_by = ${memberId}, settled_at = ${at},
            outbox_id = ${m.id}
          where id = ${id}`
      })
    },

    discardDraft(id, memberId, at) {
      return settle(id, async (tx) => {
        await tx`
          update founder_mail_drafts set status = 'discarded', text_body = '', html_body = '', settled_by = ${memberId}, settled_at = ${at}
          where id = ${id}`
      })
    },

    async sendImmediately() {
      const rows = await sql<MailSettingRow<boolean>[]>`select kind, send_immediately from founder_mail_settings`
      return sendImmediatelyFromRows(rows, (value) => value)
    },

    async setSendImmediately(kind, value, memberId, at) {
      await sql`
        insert into founder_mail_settings (kind, send_immediately, updated_by, updated_at) values (${kind}, ${value}, ${memberId}, ${at})
        on conflict (kind) do update set send_immediately = excluded.send_immediately, updated_by = excluded.updated_by,
          updated_at = excluded.updated_at`
    },

    async resolveLink(tokenHash) {
      const [row] = await sql<LinkedApplicationRow<Date>[]>`
        select a.id, a.reference, a.stage, a.created_at, a.stage_entered_at, a.stage_due_at
        from founder_links l join applications a on a.id = l.application_id
        where l.token_hash = ${tokenHash} and l.revoked_at is null and a.anonymized_at is null`
      if (!row) return null
      const changes = await sql<StageChangeRow<Date>[]>`
        select to_stage, at from stage_changes where application_id = ${row.id} order by at, id`
      return founderViewFromRows(row, changes, same)
    },

    async issueLink(applicationId, message, at) {
      await sql.begin(async (tx) => {
        await tx`update founder_links set revoked_at = ${at} where application_id = ${applicationId} and revoked_at is null`
        await insertFounderOutboxPostgres(tx, applicationId, message, at)
      })
    },

    async queueMessage(applicationId, message, at) {
      await insertFounderOutboxPostgres(sql, applicationId, message, at)
    },

    reduceClosedBefore(closedBefore, at) {
      return sql.begin(async (tx) => {
        // Rows another instance is reducing right now are skipped, not waited for: it will finish them.
        const ids = (
          await tx<{ id: string }[]>`
            select id from applications
            where anonymized_at is null and stage in ('no_seleccionada', 'retirada') and stage_entered_at < ${closedBefore}
            for update skip locked`
        ).map((r) => r.id)
        if (ids.length === 0) return { reduced: 0 }
        await tx`delete from outbox where application_id = any(${ids}::uuid[])`
        await tx`delete from founder_mail_drafts where application_id = any(${ids}::uuid[])`
        await tx`delete from founder_links where application_id = any(${ids}::uuid[])`
        await tx`delete from application_notes where application_id = any(${ids}::uuid[])`
        await tx`delete from idempotency_keys where application_id = any(${ids}::uuid[])`
        // The due-diligence documents' rows (and stored bytes); files on disk go with the documents' sweep.
        await tx`delete from documents where application_id = any(${ids}::uuid[])`
        await tx`update application_reviews set comments = '{}', overall_comment = '' where application_id = any(${ids}::uuid[])`
        await tx`update conflicts set note = '', lift_reason = null where application_id = any(${ids}::uuid[])`
        await tx`update stage_changes set reason = null where application_id = any(${ids}::uuid[])`
        // The personal data is gone: an open deletion request is answered (by no member: the retention job).
        await tx`update data_requests set closed_at = ${at} where application_id = any(${ids}::uuid[]) and kind = 'supresion' and closed_at is null`
        await tx`
          update applications set form_data = ${tx.json(EMPTIED_FORM_DATA)}, email = '', search_text = lower(reference), anonymized_at = ${at}
          where id = any(${ids}::uuid[])`
        return { reduced: ids.length }
      })
    },

    openDataRequest(request, notice) {
      return sql.begin(async (tx): Promise<OpenDataRequestOutcome> => {
        // Two requests at once: the partial unique index (data_requests_open) lets one insert; the other finds it.
        const [opened] = await tx<DataRequestRow<Date>[]>`
          insert into data_requests (id, application_id, reference, kind, opened_at, due_at)
          values (${request.id}, ${request.applicationId}, ${request.reference}, ${request.kind}, ${request.openedAt}, ${request.dueAt})
          on conflict (application_id, kind) where closed_at is null do nothing
          returning *`
        if (opened) {
          await insertFounderOutboxPostgres(tx, request.applicationId, notice, request.openedAt)
          return { status: 'opened', request: dataRequestFromRow(opened, same) }
        }
        const [open] = await tx<DataRequestRow<Date>[]>`
          select * from data_requests where application_id = ${request.applicationId} and kind = ${request.kind} and closed_at is null`
        // Closed between the two statements (an admin deleting right then): nothing is left to ask for.
        if (!open) throw new Error('data request closed while being opened')
        return { status: 'already_open', request: dataRequestFromRow(open, same) }
      })
    },

    async listDataRequests(reference) {
      const rows = await sql<DataRequestRow<Date>[]>`
        select * from data_requests where reference = ${reference} order by opened_at, id`
      return rows.map((r) => dataRequestFromRow(r, same))
    },
  }
}
