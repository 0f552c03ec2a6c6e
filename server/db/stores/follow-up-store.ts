/**
 * The twelve months of follow-up after the signature (ADRs
 * 0164-0167), written once for both engines (ADR 0124): the founder's
 * monthly check-ins (every version kept), the milestones at months 3, 6 and
 * 12, the closing note, and the check-in e-mails the job decides.
 *
 * - A check-in's version is its compare-and-set: the form carries the version
 *   it started from; saving locks the deal's row, reads the latest version
 *   and writes the next only if it is still the one the form saw (two tabs,
 *   two instances: the second is told, nothing is overwritten). The primary
 *   key (application, month, version) holds it even without the lock.
 * - The check-in e-mails: one row per application, month and kind in
 *   follow_up_mails, inserted only if absent, with its outbox row in the same
 *   transaction: exactly once whichever instance gets there first (ADR 0165,
 *   as the reminders' reminder_runs, ADR 0100).
 * - Every write carries its audit entry in its transaction; the entries hold
 *   months and versions, never a figure or a founder's words (ADR 0149).
 *
 * Figures in integers (ADR 0157); bigint columns come back as text on
 * PostgreSQL and go through toNumber (fromRow).
 */
import { sql, type InferResult } from 'kysely'
import { companyNameColumns } from './query-fragments.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import {
  checkInTextsKeptUntil,
  type CheckInMailKind,
  type CheckInMonth,
  type CheckInRecord,
  type CheckInValues,
  type ClosingRecord,
  type MilestoneMonth,
  type MilestoneRecord,
  type PortfolioEntryRecord,
} from '../../../domain/follow-up.ts'
import { db, updateFromExcluded, type Engine, type Step } from '../engine.ts'
import { fromRow, toDate, toNumber, toRow } from '../schema.ts'
import { messageColumns, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'
import { auditWriter } from './audit-log.ts'
import { isUuid } from '../time-ordered-id.ts'
import { formatIsoDay } from '../../../domain/format.ts'

export type CheckIn = CheckInRecord
export type Milestone = MilestoneRecord
export type Closing = ClosingRecord

/** One signed application's follow-up: its start, every check-in version, the milestones and the closing. */
export interface FollowUpRecord {
  applicationId: string
  reference: string
  stage: Stage
  followUpStart: string
  /** The Bogotá day the deal was recorded (its signature's move): months opened before it are never unanswered. */
  recordedOn: string
  /** Every version of every check-in, by month, then version. */
  checkIns: CheckIn[]
  milestones: Milestone[]
  closing: Closing | null
}

export type PortfolioEntry = PortfolioEntryRecord & { recordedOn: string }

/** An open follow-up as the check-in job reads it (ADR 0165). */
export interface MailCandidate {
  applicationId: string
  followUpStart: string
  /** The Bogotá day the deal was recorded. */
  recordedOn: string
  answered: number[]
  mailed: { month: number; kind: CheckInMailKind }[]
  /**
   * The founder's «Acuerdo firmado» e-mail has not left yet (a draft waiting in «Correos por enviar», or in the
   * outbox not sent): no follow-up e-mail may leave before it (ADR 0186). Discarded, it is no longer waited for.
   */
  welcomeWaiting: boolean
}

export type SubmitOutcome =
  | { status: 'saved'; checkIn: CheckIn }
  /** Another version was saved since the form's: `current` is it (null: the form named a version that never was). */
  | { status: 'stale'; current: CheckIn | null }
  /** No deal: no follow-up. */
  | { status: 'not_found' }
  /** The follow-up was closed. */
  | { status: 'closed' }

/** What a check-in e-mail says, read inside the claim's transaction. */
export interface CheckInMailFacts {
  kind: CheckInMailKind
  month: CheckInMonth
  applicationId: string
  reference: string
  founderName: string
  tradeName: string
  email: string
}
/** The e-mail for `facts`, or null (no address left): pure, run inside the transaction. */
export type ComposeCheckInMail = (facts: CheckInMailFacts) => NewOutboxMessage | null

export interface FollowUpStore {
  /** The follow-up of a signed application; null without a deal. */
  followUp(applicationId: string): Promise<FollowUpRecord | null>
  /** Every version of every check-in of many applications in one query (the exports), by month then version; those without any are absent. */
  checkInsOf(applicationIds: readonly string[]): Promise<Map<string, CheckIn[]>>
  /** A new version of month `month`'s check-in, if `baseVersion` (0: none yet) is still the latest; audited. */
  submitCheckIn(p: { applicationId: string; month: number; baseVersion: number; values: CheckInValues; at: Date }): Promise<SubmitOutcome>
  /** A milestone's review recorded, or replaced (audited either way). */
  recordMilestone(p: { applicationId: string; month: MilestoneMonth; heldOn: string; note: string; memberId: string; at: Date }): Promise<Milestone | 'not_found'>
  /** The closing note: once; it ends the check-in e-mails. */
  close(p: { applicationId: string; note: string; memberId: string; at: Date }): Promise<Closing | 'not_found' | 'closed'>
  /** Every signed application with a deal, by reference. */
  portfolio(): Promise<PortfolioEntry[]>
  /**
   * The runway (months of cash) of each application's latest answered check-in (the highest month
   * answered, its latest version), in one query: null when that check-in left it empty or the application
   * has none. Every id asked for is a key.
   */
  latestRunways(applicationIds: string[]): Promise<Map<string, number | null>>
  /**
   * What the reports' state depends on, as one text: how many check-in versions and closings there are and
   * the last of each. Check-ins and closings are only added (a text emptied by retention leaves its figures),
   * so the same text means the same reports: «Portafolio» keeps what it computed from them until it moves.
   */
  reportsVersion(): Promise<string>
  /**
   * What the check-in job needs on a day: the follow-ups not closed, and, since `since` (the 1st of the
   * current Bogotá month, when every open check-in opened), the months answered and the e-mails decided.
   */
  mailCandidates(since: Date): Promise<MailCandidate[]>
  /**
   * The e-mail of `kind` for month `month` queued, once: false when another instance (or an earlier tick)
   * decided it, the check-in has been answered meanwhile, or the follow-up closed.
   */
  claimMail(p: { applicationId: string; month: CheckInMonth; kind: CheckInMailKind; at: Date }, compose: ComposeCheckInMail): Promise<boolean>
  /**
   * Retention (ADR 0178): empties what the founders wrote in the check-ins (every version) of the
   * follow-ups whose texts were kept until before `today` (a Bogotá day; domain/follow-up.ts
   * checkInTextsKeptUntil); the figures stay. One audit entry per application, by whoever empties it
   * (several instances: the update's count decides). The number of applications reduced.
   */
  reduceCheckInTexts(today: string, at: Date): Promise<number>
}

const checkIns = () =>
  db
    .selectFrom('check_ins')
    .select([
      'month',
      'version',
      'sales_usd_cents',
      'active_customers',
      'new_customers',
      'site_visits',
      'leads',
      'team_size',
      'runway_months',
      'went_well',
      'went_badly',
      'needs',
      'submitted_at',
    ])
type CheckInRow = InferResult<ReturnType<typeof checkIns>>[number]
const toCheckIn = (r: CheckInRow): CheckIn => fromRow('check_ins', r)

/**
 * The founder's «Acuerdo firmado» e-mail not left yet (ADR 0186): its draft waiting in «Correos por enviar», or
 * sent from there (or straight away) into the outbox and not delivered. Discarded: nothing to wait for.
 */
const welcomeWaiting = () =>
  db
    .selectFrom('founder_mail_drafts as w')
    .leftJoin('outbox as o', 'o.id', 'w.outbox_id')
    .where('w.kind', '=', 'acuerdo_firmado')
    .where((eb) => eb.or([eb('w.status', '=', 'draft'), eb.and([eb('w.status', '=', 'sent'), eb('o.status', '<>', 'sent')])]))

const milestones = () => db.selectFrom('follow_up_milestones').select(['month', 'held_on', 'note', 'recorded_by', 'recorded_at'])
type MilestoneRow = InferResult<ReturnType<typeof milestones>>[number]
const toMilestone = (r: MilestoneRow): Milestone => fromRow('follow_up_milestones', r)

const closings = () => db.selectFrom('follow_up_closings').select(['note', 'closed_by', 'closed_at'])
type ClosingRow = InferResult<ReturnType<typeof closings>>[number]
const toClosing = (r: ClosingRow): Closing => fromRow('follow_up_closings', r)

/** The figures' and texts' columns (toRow writes each from its camelCase field). */
const VALUES = ['sales_usd_cents', 'active_customers', 'new_customers', 'site_visits', 'leads', 'team_size', 'runway_months', 'went_well', 'went_badly', 'needs'] as const

type CheckInInsert = CheckInValues & { applicationId: string; month: number; version: number; at: Date }

export function openFollowUpStore(e: Engine): FollowUpStore {
  const insertAudit = auditWriter(e)
  const q = {
    deal: e.prepare((p: { applicationId: string }) =>
      db
        .selectFrom('deals as d')
        .innerJoin('applications as a', 'a.id', 'd.application_id')
        .select(['d.application_id', 'd.follow_up_start', 'd.signed_at', 'a.reference', 'a.stage'])
        .where('d.application_id', '=', p.applicationId),
    ),
    // Serialises one application's follow-up writes (two tabs, two instances): the deal's row, locked.
    lockDeal: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('deals').select(['application_id', 'follow_up_start']).where('application_id', '=', p.applicationId).$call(e.forUpdate),
    ),
    checkIns: e.prepare((p: { applicationId: string }) => checkIns().where('application_id', '=', p.applicationId).orderBy('month').orderBy('version')),
    checkInsOf: e.prepare((p: { ids: string[] }) =>
      checkIns().select('application_id').where(e.inList('application_id', p.ids)).orderBy('application_id').orderBy('month').orderBy('version'),
    ),
    latest: e.prepare((p: { applicationId: string; month: number }) =>
      checkIns().where('application_id', '=', p.applicationId).where('month', '=', p.month).orderBy('version', 'desc').limit(1),
    ),
    insertCheckIn: e.prepare((p: CheckInInsert) =>
      db.insertInto('check_ins').values({ ...toRow(p, [...VALUES, 'application_id', 'month', 'version']), submitted_at: p.at }),
    ),
    milestones: e.prepare((p: { applicationId: string }) => milestones().where('application_id', '=', p.applicationId).orderBy('month')),
    milestone: e.prepare((p: { applicationId: string; month: MilestoneMonth }) => milestones().where('application_id', '=', p.applicationId).where('month', '=', p.month)),
    upsertMilestone: e.prepare((p: { applicationId: string; month: MilestoneMonth; heldOn: string; note: string; memberId: string; at: Date }) =>
      db
        .insertInto('follow_up_milestones')
        .values({ application_id: p.applicationId, month: p.month, held_on: p.heldOn, note: p.note, recorded_by: p.memberId, recorded_at: p.at })
        .onConflict(updateFromExcluded(['application_id', 'month'], ['held_on', 'note', 'recorded_by', 'recorded_at'])),
    ),
    closing: e.prepare((p: { applicationId: string }) => closings().where('application_id', '=', p.applicationId)),
    insertClosing: e.prepare((p: { applicationId: string; note: string; memberId: string; at: Date }) =>
      db
        .insertInto('follow_up_closings')
        .values({ application_id: p.applicationId, note: p.note, closed_by: p.memberId, closed_at: p.at })
        .onConflict((c) => c.doNothing()),
    ),
    portfolio: e.prepare(() =>
      db
        .selectFrom('deals as d')
        .innerJoin('applications as a', 'a.id', 'd.application_id')
        .leftJoin('follow_up_closings as c', 'c.application_id', 'd.application_id')
        .select([
          'd.application_id',
          'd.follow_up_start',
          'd.signed_at',
          'a.reference',
          ...companyNameColumns,
          'c.closed_at',
        ])
        .orderBy(e.textOrder('a.reference')),
    ),
    // Each answered month's latest version (its time and its sales: the portfolio's sparkline), by the primary key.
    answeredAll: e.prepare(() =>
      db
        .selectFrom('check_ins as c')
        .select(['c.application_id', 'c.month', 'c.submitted_at as last_at', 'c.sales_usd_cents'])
        .where('c.version', '=', (eb) =>
          eb
            .selectFrom('check_ins as l')
            .select((l) => l.fn.max('l.version').as('v'))
            .whereRef('l.application_id', '=', 'c.application_id')
            .whereRef('l.month', '=', 'c.month'),
        ),
    ),
    // The latest answered month's latest version of each application asked for, by the primary key.
    checkInsVersion: e.prepare(() => db.selectFrom('check_ins').select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('submitted_at').as('last')])),
    closingsVersion: e.prepare(() => db.selectFrom('follow_up_closings').select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('closed_at').as('last')])),
    latestRunways: e.prepare((p: { ids: string[] }) =>
      db
        .selectFrom('check_ins as c')
        .select(['c.application_id', 'c.runway_months'])
        .where(e.inList('c.application_id', p.ids))
        .where('c.month', '=', (eb) =>
          eb
            .selectFrom('check_ins as m')
            .select((m) => m.fn.max('m.month').as('n'))
            .whereRef('m.application_id', '=', 'c.application_id'),
        )
        .where('c.version', '=', (eb) =>
          eb
            .selectFrom('check_ins as l')
            .select((l) => l.fn.max('l.version').as('v'))
            .whereRef('l.application_id', '=', 'c.application_id')
            .whereRef('l.month', '=', 'c.month'),
        ),
    ),
    milestonesAll: e.prepare(() => db.selectFrom('follow_up_milestones').select(['application_id', 'month']).orderBy('application_id').orderBy('month')),
    openFollowUps: e.prepare(() =>
      db
        .selectFrom('deals as d')
        .leftJoin('follow_up_closings as c', 'c.application_id', 'd.application_id')
        .select(['d.application_id', 'd.follow_up_start', 'd.signed_at'])
        .where('c.application_id', 'is', null)
        .orderBy('d.application_id'),
    ),
    // The welcomes that have not left (ADR 0186): every one of them, and the one of an application under its deal's lock.
    welcomesWaiting: e.prepare(() => welcomeWaiting().select('w.application_id')),
    welcomeWaiting: e.prepare((p: { applicationId: string }) => welcomeWaiting().select('w.application_id').where('w.application_id', '=', p.applicationId).limit(1)),
    answeredSince: e.prepare((p: { since: Date }) => db.selectFrom('check_ins').select(['application_id', 'month']).distinct().where('submitted_at', '>=', p.since)),
    mailedSince: e.prepare((p: { since: Date }) => db.selectFrom('follow_up_mails').select(['application_id', 'month', 'kind']).where('created_at', '>=', p.since)),
    answered: e.prepare((p: { applicationId: string; month: number }) =>
      db.selectFrom('check_ins').select('version').where('application_id', '=', p.applicationId).where('month', '=', p.month).limit(1),
    ),
    founder: e.prepare((p: { applicationId: string }) =>
      db
        .selectFrom('applications as a')
        .select([
          'a.reference',
          sql<string | null>`a.form_data ->> 'email'`.as('email'),
          sql<string | null>`a.form_data ->> 'founderName'`.as('founder_name'),
          sql<string | null>`a.form_data ->> 'tradeName'`.as('trade_name'),
          sql<string | null>`a.form_data ->> 'companyName'`.as('company_name'),
        ])
        .where('a.id', '=', p.applicationId),
    ),
    claim: e.prepare((p: { applicationId: string; month: number; kind: CheckInMailKind; outboxId: string | null; at: Date }) =>
      db
        .insertInto('follow_up_mails')
        .values({ application_id: p.applicationId, month: p.month, kind: p.kind, outbox_id: p.outboxId, created_at: p.at })
        .onConflict((c) => c.doNothing()),
    ),
    // The follow-ups with a text left in a check-in: retention's candidates (ADR 0178).
    withTexts: e.prepare(() =>
      db
        .selectFrom('deals as d')
        .leftJoin('follow_up_closings as c', 'c.application_id', 'd.application_id')
        .select(['d.application_id', 'd.follow_up_start', 'c.closed_at'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('check_ins as t')
              .select('t.month')
              .whereRef('t.application_id', '=', 'd.application_id')
              .where((w) => w.or([w('t.went_well', '<>', ''), w('t.went_badly', '<>', ''), w('t.needs', '<>', '')])),
          ),
        )
        .orderBy('d.application_id'),
    ),
    emptyTexts: e.prepare((p: { applicationId: string }) =>
      db
        .updateTable('check_ins')
        .set({ went_well: '', went_badly: '', needs: '' })
        .where('application_id', '=', p.applicationId)
        .where((w) => w.or([w('went_well', '<>', ''), w('went_badly', '<>', ''), w('needs', '<>', '')])),
    ),
    // The outbox runs on the real clock: an e-mail decided on a shifted one (WORKER_CLOCK_OFFSET_MS) is due now.
    queue: e.prepare((p: MessageValues & { applicationId: string }) =>
      db.insertInto('outbox').values({ ...messageColumns(p), application_id: p.applicationId, next_attempt_at: e.now(), created_at: e.now() }),
    ),
  }

  return {
    async followUp(applicationId) {
      if (!isUuid(applicationId)) return null
      const deal = await e.first(q.deal({ applicationId }))
      if (!deal) return null
      const [rows, marks, closing] = await Promise.all([e.all(q.checkIns({ applicationId })), e.all(q.milestones({ applicationId })), e.first(q.closing({ applicationId }))])
      return {
        applicationId,
        reference: deal.reference,
        stage: deal.stage,
        followUpStart: deal.follow_up_start,
        recordedOn: formatIsoDay(toDate(deal.signed_at)),
        checkIns: rows.map(toCheckIn),
        milestones: marks.map(toMilestone),
        closing: closing ? toClosing(closing) : null,
      }
    },

    async checkInsOf(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      const byApplication = new Map<string, CheckIn[]>()
      if (ids.length === 0) return byApplication
      for (const { application_id: id, ...row } of await e.all(q.checkInsOf({ ids }))) {
        const list = byApplication.get(id) ?? []
        list.push(toCheckIn(row))
        byApplication.set(id, list)
      }
      return byApplication
    },

    async submitCheckIn({ applicationId, month, baseVersion, values, at }) {
      if (!isUuid(applicationId)) return { status: 'not_found' }
      const attempt = () =>
        e.transaction(function* (tx): Generator<Step, SubmitOutcome, unknown> {
          if (!(yield* tx.first(q.lockDeal({ applicationId })))) return { status: 'not_found' }
          if (yield* tx.first(q.closing({ applicationId }))) return { status: 'closed' }
          const latest = yield* tx.first(q.latest({ applicationId, month }))
          if ((latest ? toNumber(latest.version) : 0) !== baseVersion) return { status: 'stale', current: latest ? toCheckIn(latest) : null }
          const version = baseVersion + 1
          yield* tx.run(q.insertCheckIn({ ...values, applicationId, month, version, at }))
          yield* tx.run(insertAudit([{ at, memberId: null, action: 'follow_up.check_in_submitted', applicationId, detail: { month, version } }]))
          return { status: 'saved', checkIn: { ...values, month, version, submittedAt: at } }
        })
      try {
        return await attempt()
      } catch (error) {
        // Two writers past the lock (none on these engines, but the key is the last word): the loser is stale.
        if (!e.isUniqueViolation(error)) throw error
        const latest = await e.first(q.latest({ applicationId, month }))
        return { status: 'stale', current: latest ? toCheckIn(latest) : null }
      }
    },

    async recordMilestone({ applicationId, month, heldOn, note, memberId, at }) {
      if (!isUuid(applicationId)) return 'not_found'
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.lockDeal({ applicationId })))) return 'not_found' as const
        const replaced = (yield* tx.first(q.milestone({ applicationId, month }))) !== undefined
        yield* tx.run(q.upsertMilestone({ applicationId, month, heldOn, note, memberId, at }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'follow_up.milestone_recorded', applicationId, detail: { month, replaced } }]))
        return { month, heldOn, note, recordedBy: memberId, recordedAt: at }
      })
    },

    async close({ applicationId, note, memberId, at }) {
      if (!isUuid(applicationId)) return 'not_found'
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.lockDeal({ applicationId })))) return 'not_found' as const
        if ((yield* tx.run(q.insertClosing({ applicationId, note, memberId, at }))) === 0) return 'closed' as const
        yield* tx.run(insertAudit([{ at, memberId, action: 'follow_up.closed', applicationId }]))
        return { note, closedBy: memberId, closedAt: at }
      })
    },

    async portfolio() {
      const [rows, answered, marks] = await Promise.all([e.all(q.portfolio({})), e.all(q.answeredAll({})), e.all(q.milestonesAll({}))])
      const byApp = new Map<string, PortfolioEntry>()
      const entries = rows.map((r) => {
        const entry: PortfolioEntry = {
          applicationId: r.application_id,
          reference: r.reference,
          companyName: r.company_name ?? '',
          tradeName: r.trade_name ?? '',
          followUpStart: r.follow_up_start,
          recordedOn: formatIsoDay(toDate(r.signed_at)),
          answered: [],
          milestones: [],
          closedAt: r.closed_at === null ? null : toDate(r.closed_at),
        }
        byApp.set(entry.applicationId, entry)
        return entry
      })
      for (const a of answered) {
        byApp.get(a.application_id)?.answered.push({ month: toNumber(a.month), lastAt: toDate(a.last_at), salesUsdCents: toNumber(a.sales_usd_cents) })
      }
      for (const m of marks) byApp.get(m.application_id)?.milestones.push(m.month)
      for (const entry of entries) entry.answered.sort((a, b) => a.month - b.month)
      return entries
    },

    async reportsVersion() {
      const [c, k] = await Promise.all([e.first(q.checkInsVersion({})), e.first(q.closingsVersion({}))])
      const stamp = (r: { n: number | string; last: unknown } | undefined) => `${toNumber(r?.n ?? 0)}@${r?.last ? toDate(r.last as never).toISOString() : '-'}`
      return `${stamp(c)}/${stamp(k)}`
    },
    async latestRunways(applicationIds) {
      const runways = new Map<string, number | null>(applicationIds.map((id) => [id, null]))
      const ids = applicationIds.filter(isUuid)
      if (ids.length === 0) return runways
      for (const r of await e.all(q.latestRunways({ ids }))) runways.set(r.application_id, r.runway_months === null ? null : toNumber(r.runway_months))
      return runways
    },

    async mailCandidates(since) {
      const [open, answered, mailed, welcomes] = await Promise.all([
        e.all(q.openFollowUps({})),
        e.all(q.answeredSince({ since })),
        e.all(q.mailedSince({ since })),
        e.all(q.welcomesWaiting({})),
      ])
      const waiting = new Set(welcomes.map((w) => w.application_id))
      const answeredBy = new Map<string, number[]>()
      for (const a of answered) answeredBy.set(a.application_id, [...(answeredBy.get(a.application_id) ?? []), toNumber(a.month)])
      const mailedBy = new Map<string, { month: number; kind: CheckInMailKind }[]>()
      for (const m of mailed) mailedBy.set(m.application_id, [...(mailedBy.get(m.application_id) ?? []), { month: toNumber(m.month), kind: m.kind }])
      return open.map((o) => ({
        applicationId: o.application_id,
        followUpStart: o.follow_up_start,
        recordedOn: formatIsoDay(toDate(o.signed_at)),
        answered: answeredBy.get(o.application_id) ?? [],
        mailed: mailedBy.get(o.application_id) ?? [],
        welcomeWaiting: waiting.has(o.application_id),
      }))
    },

    async claimMail({ applicationId, month, kind, at }, compose) {
      if (!isUuid(applicationId)) return false
      return e.transaction(function* (tx) {
        if (!(yield* tx.first(q.lockDeal({ applicationId })))) return false
        if (yield* tx.first(q.closing({ applicationId }))) return false
        if (yield* tx.first(q.answered({ applicationId, month: month.number }))) return false
        // No follow-up e-mail before the founder's signature e-mail has left (ADR 0186), whatever another instance read.
        if (yield* tx.first(q.welcomeWaiting({ applicationId }))) return false
        const app = yield* tx.first(q.founder({ applicationId }))
        if (!app) return false
        const message = compose({
          kind,
          month,
          applicationId,
          reference: app.reference,
          founderName: app.founder_name ?? '',
          tradeName: app.trade_name || app.company_name || '',
          email: (app.email ?? '').trim(),
        })
        if ((yield* tx.run(q.claim({ applicationId, month: month.number, kind, outboxId: message?.id ?? null, at }))) === 0) return false
        if (message) yield* tx.run(q.queue({ ...message, replyTo: message.replyTo ?? null, applicationId }))
        return true
      })
    },

    async reduceCheckInTexts(today, at) {
      const due = (await e.all(q.withTexts({}))).filter(
        (r) => checkInTextsKeptUntil(r.follow_up_start, r.closed_at === null ? null : toDate(r.closed_at)) < today,
      )
      let reduced = 0
      for (const { application_id: applicationId } of due) {
        const emptied = await e.transaction(function* (tx) {
          const n = yield* tx.run(q.emptyTexts({ applicationId }))
          if (n > 0) yield* tx.run(insertAudit([{ at, memberId: null, action: 'follow_up.check_in_texts_reduced', applicationId, detail: { checkIns: n } }]))
          return n
        })
        if (emptied > 0) reduced++
      }
      return reduced
    },
  }
}
