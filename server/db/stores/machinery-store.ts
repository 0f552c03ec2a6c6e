/**
 * The state of the machinery an admin watches (docs/workspace.md "Estado del
 * sistema") and /metrics exports: the outbox's depth, its oldest waiting
 * e-mail, the e-mails that failed for good, and how many applications the
 * database holds. Written once for both engines (ADR 0124), held to
 * machinery-store-contract.ts.
 *
 * Only the outbox counts as "waiting to leave": the founder's drafts in
 * "Correos por enviar" (founder_mail_drafts) wait for a person, not for the
 * machinery, and enter the outbox only once a member sends them.
 */
import { sql, type SqlBool } from 'kysely'
import { noActiveConflict } from './query-fragments.ts'
import { db, type Engine } from '../engine.ts'
import { toBool, toDateOrNull, toNumber, type TimeText } from '../schema.ts'
import type { FailedMailRecord as FailedMessage } from '../../../domain/machinery.ts'
import { isUuid } from '../time-ordered-id.ts'

export interface OutboxFigures {
  /** Applications in the database (deletions and retention lower it). */
  applications: number
  pending: number
  sent: number
  failed: number
  /** Pending e-mails refused at least once, waiting for their next attempt. */
  retrying: number
  /** E-mails of any status refused at least once. */
  retried: number
  /** When the oldest pending e-mail was queued; null when none waits. */
  oldestPendingAt: Date | null
}

export interface MachineryStore {
  outboxFigures(): Promise<OutboxFigures>
  /**
   * The most recently failed first, at most `limit`; `total` counts them all. One about an application
   * `viewer` has an active conflict of interest with is masked: its reference only, `conflicted`, not
   * retryable (ADR 0200).
   */
  failedMessages(limit: number, viewer: string): Promise<{ items: FailedMessage[]; total: number }>
  /**
   * Puts a failed, retryable e-mail back in the queue, due at `at`, with its
   * attempts reset so it gets the whole series again. Null when there is no
   * such failed, retryable e-mail (already retried, sent, blanked, unknown);
   * 'conflicted' when it is about an application `viewer` has an active
   * conflict of interest with (nothing changed).
   */
  retryFailed(id: string, at: Date, viewer: string): Promise<{ applicationId: string | null } | 'conflicted' | null>
}

/** How many rows of the outbox match `condition`: count() skips the nulls of the others. */
const countOf = (condition: string) => sql<number | string>`count(case when ${sql.raw(condition)} then 1 end)`

export function openMachineryStore(e: Engine): MachineryStore {
  const q = {
    figures: e.prepare(() =>
      db
        .selectFrom('outbox')
        .select([
          db.selectFrom('applications').select(sql<number | string>`count(*)`.as('n')).as('applications'),
          countOf(`status = 'pending'`).as('pending'),
          countOf(`status = 'sent'`).as('sent'),
          countOf(`status = 'failed'`).as('failed'),
          countOf(`status = 'pending' and attempts > 0`).as('retrying'),
          countOf('attempts > 0').as('retried'),
          sql<Date | TimeText | null>`min(case when status = 'pending' then created_at end)`.as('oldest'),
        ]),
    ),
    failedCount: e.prepare(() => db.selectFrom('outbox').select(sql<number | string>`count(*)`.as('n')).where('status', '=', 'failed')),
    failedPage: e.prepare((p: { limit: number; viewer: string }) =>
      db
        .selectFrom('outbox as o')
        .leftJoin('applications as a', 'a.id', 'o.application_id')
        .select([
          'o.id',
          'o.kind',
          'o.application_id',
          'a.reference',
          // A conflicted viewer's row keeps its reference; the names never leave the database (ADR 0200).
          sql<string | null>`case when ${noActiveConflict(p.viewer, sql.ref('o.application_id'))} then a.form_data ->> 'companyName' end`.as('company_name'),
          sql<string | null>`case when ${noActiveConflict(p.viewer, sql.ref('o.application_id'))} then a.form_data ->> 'tradeName' end`.as('trade_name'),
          sql<0 | 1>`case when ${noActiveConflict(p.viewer, sql.ref('o.application_id'))} then 0 else 1 end`.as('conflicted'),
          'o.attempts',
          'o.last_error',
          'o.settled_at',
          'o.redact_after_send',
        ])
        .where('o.status', '=', 'failed')
        .orderBy('o.settled_at', (o) => o.desc().nullsLast())
        .orderBy('o.id', 'desc')
        .limit(p.limit),
    ),
    // Only a failed e-mail whose body was kept: a sign-in link's was blanked. Never one the viewer is conflicted on.
    retry: e.prepare((p: { id: string; at: Date; viewer: string }) =>
      db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: p.at, settled_at: null, claimed_by: null, lease_until: null })
        .where('id', '=', p.id)
        .where('status', '=', 'failed')
        .where('redact_after_send', '=', false)
        .where(noActiveConflict(p.viewer, sql.ref('outbox.application_id')))
        .returning('application_id'),
    ),
    conflictedFailure: e.prepare((p: { id: string; viewer: string }) =>
      db
        .selectFrom('outbox as o')
        .select('o.id')
        .where('o.id', '=', p.id)
        .where('o.status', '=', 'failed')
        .where(sql<SqlBool>`not ${noActiveConflict(p.viewer, sql.ref('o.application_id'))}`),
    ),
  }

  return {
    async outboxFigures() {
      const r = (await e.first(q.figures({})))!
      return {
        applications: toNumber(r.applications!),
        pending: toNumber(r.pending),
        sent: toNumber(r.sent),
        failed: toNumber(r.failed),
        retrying: toNumber(r.retrying),
        retried: toNumber(r.retried),
        oldestPendingAt: toDateOrNull(r.oldest),
      }
    },
    async failedMessages(limit, viewer) {
      const [rows, count] = await Promise.all([e.all(q.failedPage({ limit, viewer })), e.first(q.failedCount({}))])
      return {
        total: toNumber(count!.n),
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind as FailedMessage['kind'],
          applicationId: r.application_id,
          reference: r.reference,
          companyName: r.company_name,
          tradeName: r.trade_name,
          attempts: r.attempts,
          lastError: r.last_error,
          failedAt: toDateOrNull(r.settled_at),
          conflicted: toBool(r.conflicted),
          // A sign-in link's body is blanked when it fails: it cannot go again as it is; nor by a conflicted viewer.
          retryable: !toBool(r.redact_after_send) && !toBool(r.conflicted),
        })),
      }
    },
    async retryFailed(id, at, viewer) {
      if (!isUuid(id)) return null
      const row = await e.transaction((tx) => tx.first(q.retry({ id, at, viewer })))
      if (row) return { applicationId: row.application_id }
      return (await e.first(q.conflictedFailure({ id, viewer }))) ? 'conflicted' : null
    },
  }
}
