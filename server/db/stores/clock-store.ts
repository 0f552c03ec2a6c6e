/**
 * Each application on its own clock: "Mis pendientes", the daily
 * reminders' bookkeeping and the share of stays that ended within their
 * promised time. Written once for both engines (ADR 0124), held to
 * clock-store-contract.ts on both. A reminder's run and its e-mail are one
 * transaction; two instances claiming the same member and day meet the
 * reminder_runs primary key and only one inserts (ADR 0100).
 */
import { sql, type SqlBool } from 'kysely'
import { OPEN_STAGES, STAGES, stageDueAt, type Stage } from '../../../domain/pipeline.ts'
import { db, type Engine } from '../engine.ts'
import { toBool, toDate, toDateOrNull, toNumber } from '../schema.ts'
import { isUuid } from '../time-ordered-id.ts'
import { messageColumns, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'
import { stageStays } from './query-fragments.ts'
import type { Member } from './member-rows.ts'

import type { PendingItemRecord as PendingItem, ReminderFrequency } from '../../../domain/clock-records.ts'

export { REMINDER_FREQUENCIES, type PendingItemRecord as PendingItem, type ReminderFrequency } from '../../../domain/clock-records.ts'

export interface PendingQuery {
  now: Date
  /** Due at or before this counts as due soon (now + DUE_SOON_DAYS). */
  dueSoonUntil: Date
  /** Items returned, soonest due first; the counts cover them all. */
  limit: number
}

export interface PendingPage {
  items: PendingItem[]
  total: number
  overdue: number
  dueSoon: number
  waitingForMe: number
}

export type ReminderRecipient = Pick<Member, 'id' | 'email' | 'name'> & { frequency: Exclude<ReminderFrequency, 'off'> }

/** Stays that ended (a stage change) in the period: how many, and how many by their due date. */
export type StagePunctuality = Record<Stage, { left: number; onTime: number }>

export interface ClockStore {
  /**
   * The open applications assigned to the member, without an active conflict,
   * that wait for their review or are due by `dueSoonUntil` (overdue
   * included): the first `limit`, soonest due first, and the counts of all.
   */
  pending(memberId: string, query: PendingQuery): Promise<PendingPage>
  /** Null when there is no such member. */
  reminderFrequency(memberId: string): Promise<ReminderFrequency | null>
  setReminderFrequency(memberId: string, frequency: ReminderFrequency): Promise<boolean>
  /** Active members who want reminders and have no reminder run for `day` yet. */
  reminderRecipients(day: string): Promise<ReminderRecipient[]>
  /**
   * Records the member's reminder for `day` and queues `message` (null: there
   * was nothing to say) in ONE transaction; the (member_id, day) primary key
   * makes it once whichever instance gets there first. False: already done.
   */
  claimReminder(run: { memberId: string; day: string; at: Date }, message: NewOutboxMessage | null): Promise<boolean>
  /** From stage_changes at or after `since`. */
  stagePunctuality(since: Date): Promise<StagePunctuality>
}

/** One stay per stage change: its stage, when it began and ended, and when the application was received. */
export interface Stay {
  stage: Stage
  enteredAt: Date
  leftAt: Date
  receivedAt: Date
}

function punctuality(stays: readonly Stay[]): StagePunctuality {
  const result = Object.fromEntries(STAGES.map((s) => [s, { left: 0, onTime: 0 }])) as StagePunctuality
  for (const stay of stays) {
    const due = stageDueAt(stay.stage, stay.enteredAt, stay.receivedAt)
    // A stage without a promised time (a closed one) has nothing to be on time for.
    if (due === null) continue
    result[stay.stage].left++
    if (stay.leftAt.getTime() <= due.getTime()) result[stay.stage].onTime++
  }
  return result
}

/** The open stages as literals (constants, never input), so the planner sees them. */
const openStage = sql<SqlBool>`a.stage in (${sql.join(OPEN_STAGES.map((s) => sql.lit(s)))})`

const nothingPending = (): PendingPage => ({ items: [], total: 0, overdue: 0, dueSoon: 0, waitingForMe: 0 })

export function openClockStore(e: Engine): ClockStore {
  const q = {
    // One statement, one pass: the member's matching assignments (index-only on assignments_member and
    // applications_clock, ADR 0108) are materialised once, counted by window aggregates and cut to the
    // page; only the page's rows are read for the reference and the company's name (JSON).
    pending: e.prepare((p: { memberId: string; now: Date; soon: Date; limit: number }) =>
      db
        .with(
          (cte) => cte('m').materialized(),
          (qb) =>
            qb
              .selectFrom('assignments as s')
              .innerJoin('applications as a', 'a.id', 's.application_id')
              .select([
                'a.id',
                'a.stage',
                'a.stage_due_at',
                'a.created_at',
                's.assigned_at',
                sql<boolean | 0 | 1>`not exists (select 1 from application_reviews v where v.application_id = a.id and v.member_id = s.member_id)`.as('waiting'),
              ])
              .where('s.member_id', '=', p.memberId)
              .where(openStage)
              .where(sql<SqlBool>`not exists (select 1 from conflicts k where k.application_id = a.id and k.member_id = s.member_id and k.lifted_at is null)`),
        )
        .with('p', (qb) =>
          qb
            .selectFrom('m')
            .selectAll()
            .select([
              sql<number | string>`count(*) over ()`.as('total'),
              sql<number | string>`count(*) filter (where stage_due_at < ${p.now}) over ()`.as('overdue'),
              sql<number | string>`count(*) filter (where stage_due_at >= ${p.now} and stage_due_at <= ${p.soon}) over ()`.as('due_soon'),
              sql<number | string>`count(*) filter (where waiting) over ()`.as('waiting_count'),
            ])
            .where(sql<SqlBool>`waiting or stage_due_at <= ${p.soon}`)
            .$call(e.orderNullsLast('stage_due_at'))
            .orderBy('created_at')
            .orderBy('id')
            .limit(p.limit),
        )
        .selectFrom('p')
        .innerJoin('applications as a', 'a.id', 'p.id')
        .selectAll('p')
        .select([
          'a.reference',
          sql<string>`a.form_data ->> 'companyName'`.as('company_name'),
          sql<string | null>`a.form_data ->> 'tradeName'`.as('trade_name'),
        ])
        .$call(e.orderNullsLast('p.stage_due_at'))
        .orderBy('p.created_at')
        .orderBy('p.id'),
    ),
    frequency: e.prepare((p: { memberId: string }) => db.selectFrom('team_members').select('reminder_frequency').where('id', '=', p.memberId)),
    setFrequency: e.prepare((p: { memberId: string; frequency: ReminderFrequency }) =>
      db.updateTable('team_members').set({ reminder_frequency: p.frequency }).where('id', '=', p.memberId),
    ),
    recipients: e.prepare((p: { day: string }) =>
      db
        .selectFrom('team_members as m')
        .select(['m.id', 'm.email', 'm.name', 'm.reminder_frequency as frequency'])
        .where('m.active', '=', true)
        .where('m.reminder_frequency', '<>', 'off')
        .where(sql<SqlBool>`not exists (select 1 from reminder_runs r where r.member_id = m.id and r.day = ${p.day})`)
        .orderBy('m.id'),
    ),
    claim: e.prepare((p: { memberId: string; day: string; outboxId: string | null; at: Date }) =>
      db
        .insertInto('reminder_runs')
        .values({ member_id: p.memberId, day: p.day, outbox_id: p.outboxId, created_at: p.at })
        .onConflict((c) => c.doNothing()),
    ),
    // The outbox runs on the real clock: a reminder decided on a shifted one (WORKER_CLOCK_OFFSET_MS) is due now.
    queue: e.prepare((p: MessageValues & { memberId: string }) =>
      db
        .insertInto('outbox')
        .values({ ...messageColumns(p), application_id: null, member_id: p.memberId, redact_after_send: false, next_attempt_at: e.now(), created_at: e.now() }),
    ),
    stays: e.prepare((p: { since: Date }) =>
      db
        .selectFrom(
          stageStays()
            .select('a.created_at as received_at')
            .where('c.application_id', 'in', db.selectFrom('stage_changes').select('application_id').where('at', '>=', p.since))
            .as('s'),
        )
        .selectAll()
        .where('left_at', '>=', p.since),
    ),
  }

  return {
    async pending(memberId, query) {
      if (!isUuid(memberId)) return nothingPending()
      const rows = await e.all(q.pending({ memberId, now: query.now, soon: query.dueSoonUntil, limit: query.limit }))
      const counts = rows[0]
      if (!counts) return nothingPending()
      const items = rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        companyName: r.company_name,
        tradeName: r.trade_name ?? '',
        stage: r.stage,
        stageDueAt: toDateOrNull(r.stage_due_at),
        assignedAt: toDate(r.assigned_at),
        waitingForMe: toBool(r.waiting),
      }))
      return {
        items,
        total: toNumber(counts.total),
        overdue: toNumber(counts.overdue),
        dueSoon: toNumber(counts.due_soon),
        waitingForMe: toNumber(counts.waiting_count),
      }
    },

    async reminderFrequency(memberId) {
      if (!isUuid(memberId)) return null
      return (await e.first(q.frequency({ memberId })))?.reminder_frequency ?? null
    },

    async setReminderFrequency(memberId, frequency) {
      if (!isUuid(memberId)) return false
      return (await e.run(q.setFrequency({ memberId, frequency }))) === 1
    },

    async reminderRecipients(day) {
      return (await e.all(q.recipients({ day }))).map((r) => ({ id: r.id, email: r.email, name: r.name, frequency: r.frequency as ReminderRecipient['frequency'] }))
    },

    async claimReminder(run, m) {
      if (!isUuid(run.memberId)) return false
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.claim({ memberId: run.memberId, day: run.day, outboxId: m?.id ?? null, at: run.at }))) === 0) return false
        if (m) yield* tx.run(q.queue({ ...m, replyTo: m.replyTo ?? null, memberId: run.memberId }))
        return true
      })
    },

    async stagePunctuality(since) {
      const rows = await e.all(q.stays({ since }))
      return punctuality(rows.map((r) => ({ stage: r.stage, leftAt: toDate(r.left_at), enteredAt: toDate(r.entered_at), receivedAt: toDate(r.received_at) })))
    },
  }
}
