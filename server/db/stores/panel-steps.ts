/**
 * The panel's rows and the steps its transactions are made of (ADRs 0152-0156, 0171, 0172, 0185),
 * apart from the store (panel-store.ts) so that the transactions other modules own can take
 * them without one store importing another (ADR 0208): the stage change's (stage-steps.ts), the
 * conflict store's declaration (panelLeaver) and retention's reduction (panelReducer).
 */
import { sql, type Selectable } from 'kysely'
import { companyNameColumns, noActiveConflict } from './query-fragments.ts'
import type { Application } from '../../../domain/application.ts'
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'
import { type PanelActor, type PanelPlaceKind } from '../../../domain/panel-sessions.ts'
import { type Stage } from '../../../domain/pipeline.ts'
import type { StageSessionFacts } from '../../../domain/pipeline.ts'
import type { MyPanelSessionRecord, PanelSessionRecord } from '../../../domain/panel-records.ts'
import { db, type Bound, type Engine, type Step, type Tx } from '../engine.ts'
import { fromJson, fromRow, toDate, toRow, type Database } from '../schema.ts'
import { messageColumns, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'
import { auditWriter } from './audit-log.ts'
import type { Member } from './member-rows.ts'

export type PanelMember = Pick<Member, 'id' | 'name' | 'email'>

export interface PanelOffer {
  id: string
  applicationId: string
  lengthMinutes: number
  placeKind: PanelPlaceKind
  place: string
  offeredBy: string
  offeredAt: Date
  noneFits: { note: string; at: Date } | null
  times: { id: string; startsAt: Date; endsAt: Date }[]
  /** The panel: active members without an active conflict on the application, by id. */
  members: PanelMember[]
}

/**
 * A session as the store holds it: the API's record with its application, its panel and its reminder
 * (which move cancelled it, if one did, is read apart: PanelStore.cancelledByStage).
 */
export type PanelSession = Omit<PanelSessionRecord, 'memberIds' | 'cancelledByStage'> & {
  applicationId: string
  remindedAt: Date | null
  members: PanelMember[]
}

/** A member's booked session for "Mis pendientes" (the API's record, and whose). */
export type MemberSession = MyPanelSessionRecord & { memberId: string }
/** A member's other booked session, for "nobody double-booked": when, and which application. */
export type BusySession = Pick<MemberSession, 'memberId' | 'sessionId' | 'applicationId' | 'reference' | 'startsAt' | 'endsAt'>

/** What an invitation or a reminder is written from: the session as it is after the change. */
export interface SessionMail {
  method: 'REQUEST' | 'CANCEL'
  session: PanelSession
  reference: string
  founder: { name: string; email: string; companyName: string; tradeName: string }
  /** A move: the time it had before, and who moved it (a member by name, for the team's e-mails). */
  moved?: { from: { startsAt: Date; endsAt: Date }; by: { kind: 'founder' } | { kind: 'member'; name: string } }
}

/** What the founder's e-mail of offered times is written from: the offer as saved. */
export interface OfferMail {
  reference: string
  founder: SessionMail['founder']
  lengthMinutes: number
  placeKind: PanelPlaceKind
  place: string
  times: readonly Date[]
  /** The offer replaced an earlier one (its times no longer hold). */
  replaced: boolean
}
export type ComposeOffer = (mail: OfferMail) => NewOutboxMessage[]

/** An e-mail about the session: to a member (memberId) or to the founder (memberId null). */
export type SessionMessage = NewOutboxMessage & { memberId: string | null }
export type Compose = (mail: SessionMail) => SessionMessage[]

export interface OfferInput {
  applicationId: string
  offerId: string
  lengthMinutes: number
  placeKind: PanelPlaceKind
  place: string
  memberIds: readonly string[]
  /** Already checked (domain/panel-sessions.ts checkOffer): future, not overlapping each other. */
  times: readonly Date[]
  by: string
  at: Date
  /** The founder's e-mail with the times (and their personal link's placeholder), queued with the offer. */
  compose: ComposeOffer
}

export type OfferOutcome =
  | { status: 'saved' }
  | { status: 'not_found' | 'not_in_stage' | 'session_booked' }
  | { status: 'unknown_member' | 'member_conflict'; memberIds: string[] }
  /** A panel member already has another booked session over these times: the founder could not book them. */
  | { status: 'time_taken'; times: Date[] }

export type ChangeOutcome =
  | { status: 'done'; session: PanelSession }
  | {
      status:
        | 'not_found'
        | 'not_in_stage'
        | 'no_offer'
        | 'time_not_offered'
        | 'time_in_past'
        | 'time_taken'
        | 'already_booked'
        | 'no_session'
        | 'past_cutoff'
        | 'same_time'
    }

/** What every change of a session is given: the application, who changes it and when, and the e-mails it writes. */
export type SessionChange = { applicationId: string; by: PanelActor; at: Date; compose: Compose }


export const BOOKED = sql.lit<'booked'>('booked')
/** No application's (nor session's, nor member's) id: "outside no application", "no session to except", "no viewer". */
export const NO_APPLICATION = '00000000-0000-0000-0000-000000000000'
export const actorText = (by: PanelActor) => (by.kind === 'founder' ? 'founder' : by.memberId)
export const actorMember = (by: PanelActor) => (by.kind === 'founder' ? null : by.memberId)

export type SessionRow = Selectable<Database['panel_sessions']>
export const toSession = (r: SessionRow, members: PanelMember[]): PanelSession => ({ ...fromRow('panel_sessions', r), members })

export const companyOf = (form: Partial<Application>) => ({ companyName: form.companyName ?? '', tradeName: form.tradeName ?? '' })

export type MessageInsert = MessageValues & { applicationId: string; memberId: string | null; calendar: string | null; at: Date }

/** The booked sessions of members `ids` not ended at `from`, outside application `except`, soonest first. */
export function bookedSessionsOf(e: Engine, p: { ids: string[]; from: Date; except: string }) {
  return (
    db
      .selectFrom('panel_session_members as sm')
      .innerJoin('panel_sessions as s', 's.id', 'sm.session_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .where(e.inList('sm.member_id', p.ids))
      .where('s.status', '=', BOOKED)
      .where('s.ends_at', '>', p.from)
      .where('s.application_id', '<>', p.except)
      // Not a session of an application the member has declared a conflict on since (its reference,
      // company and time would reach them through "Mis pendientes").
      .where(noActiveConflict(sql.ref('sm.member_id'), sql.ref('s.application_id')))
      .orderBy('s.starts_at')
      .orderBy('s.id')
  )
}

/** An update of booked session `p.id` that changes it only while its SEQUENCE is still `p.sequence` (compare-and-set). */
export const unchanged = (p: { id: string; sequence: number }) =>
  db.updateTable('panel_sessions').where('id', '=', p.id).where('status', '=', BOOKED).where('sequence', '=', p.sequence)

/**
 * The store's queries and the steps its transactions are made of, shared with the transactions of
 * other stores that change a session on the way (a stage change that closes the application, a
 * conflict declared after the booking).
 */
export function panelSteps(e: Engine) {
  const insertAudit = auditWriter(e)
  const q = {
    lockApplication: e.prepare((p: { id: string }) =>
      db.selectFrom('applications').select(['id', 'stage', 'reference', 'form_data']).where('id', '=', p.id).$call(e.forNoKeyUpdate),
    ),
    application: e.prepare((p: { id: string }) => db.selectFrom('applications').select(['id', 'stage', 'reference', 'form_data']).where('id', '=', p.id)),
    offer: e.prepare((p: { applicationId: string }) => db.selectFrom('panel_offers').selectAll().where('application_id', '=', p.applicationId)),
    offerTimes: e.prepare((p: { offerId: string }) =>
      db.selectFrom('panel_offer_times').select(['id', 'starts_at', 'ends_at']).where('offer_id', '=', p.offerId).orderBy('starts_at').orderBy('id'),
    ),
    // The panel as it stands: an offered member who has left, or declared a conflict since, is not on it.
    offerMembers: e.prepare((p: { offerId: string; applicationId: string }) =>
      db
        .selectFrom('panel_offer_members as pm')
        .innerJoin('team_members as m', 'm.id', 'pm.member_id')
        .select(['m.id', 'm.name', 'm.email'])
        .where('pm.offer_id', '=', p.offerId)
        .where('m.active', '=', true)
        .where(noActiveConflict(sql.ref('m.id'), p.applicationId))
        .orderBy('m.id'),
    ),
    activeMembers: e.prepare((p: { applicationId: string }) =>
      db
        .selectFrom('team_members as m')
        .select(['m.id', 'm.name', 'm.email'])
        .select((eb) =>
          eb
            .exists(eb.selectFrom('conflicts as c').select('c.id').whereRef('c.member_id', '=', 'm.id').where('c.application_id', '=', p.applicationId).where('c.lifted_at', 'is', null))
            .as('conflicted'),
        )
        .where('m.active', '=', true)
        .orderBy('m.name')
        .orderBy('m.id'),
    ),
    // Fixed order (by id), so two transactions that share members take their locks in the same order.
    lockMembers: e.prepare((p: { ids: string[] }) =>
      db.selectFrom('team_members').select(['id', 'active']).where(e.inList('id', p.ids)).orderBy('id').$call(e.forNoKeyUpdate),
    ),
    conflicted: e.prepare((p: { applicationId: string; ids: string[] }) =>
      db.selectFrom('conflicts').select('member_id').where('application_id', '=', p.applicationId).where('lifted_at', 'is', null).where(e.inList('member_id', p.ids)),
    ),
    overlapping: e.prepare((p: { ids: string[]; startsAt: Date; endsAt: Date; except: string }) =>
      db
        .selectFrom('panel_session_members as sm')
        .innerJoin('panel_sessions as s', 's.id', 'sm.session_id')
        .select('s.id')
        .where(e.inList('sm.member_id', p.ids))
        .where('s.status', '=', BOOKED)
        .where('s.starts_at', '<', p.endsAt)
        .where('s.ends_at', '>', p.startsAt)
        .where('s.id', '<>', p.except)
        .limit(1),
    ),
    // The other sessions, for "nobody double-booked": times and references, no founder data.
    busy: e.prepare((p: { ids: string[]; from: Date; except: string; viewer: string }) =>
      bookedSessionsOf(e, p)
        .select(['sm.member_id', 's.id as session_id', 's.application_id', 'a.reference', 's.starts_at', 's.ends_at'])
        // Whether the member reading has a conflict on the session's application (NO_APPLICATION: nobody has).
        .select((eb) =>
          eb
            .exists(eb.selectFrom('conflicts as vc').select('vc.id').where('vc.member_id', '=', p.viewer).whereRef('vc.application_id', '=', 's.application_id').where('vc.lifted_at', 'is', null))
            .as('hidden'),
        ),
    ),
    memberName: e.prepare((p: { id: string }) => db.selectFrom('team_members').select('name').where('id', '=', p.id)),
    // "Mis pendientes": the company's two names read from the form (->> works alike on jsonb and SQLite's JSON text), not the whole form.
    memberSessions: e.prepare((p: { ids: string[]; from: Date; except: string }) =>
      bookedSessionsOf(e, p).select([
        'sm.member_id',
        's.id as session_id',
        's.application_id',
        'a.reference',
        ...companyNameColumns,
        's.starts_at',
        's.ends_at',
        's.place_kind',
        's.place',
      ]),
    ),
    bookedSession: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('panel_sessions').selectAll().where('application_id', '=', p.applicationId).where('status', '=', BOOKED),
    ),
    lastSession: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('panel_sessions').selectAll().where('application_id', '=', p.applicationId).orderBy('booked_at', 'desc').orderBy('id', 'desc').limit(1),
    ),
    sessionById: e.prepare((p: { id: string }) => db.selectFrom('panel_sessions').selectAll().where('id', '=', p.id)),
    // As offerMembers: a member who has declared a conflict on the application since the booking is no
    // longer on its panel (no change, cancellation or reminder reaches them, no screen lists them).
    sessionMembers: e.prepare((p: { sessionId: string }) =>
      db
        .selectFrom('panel_session_members as sm')
        .innerJoin('team_members as m', 'm.id', 'sm.member_id')
        .innerJoin('panel_sessions as s', 's.id', 'sm.session_id')
        .select(['m.id', 'm.name', 'm.email'])
        .where('sm.session_id', '=', p.sessionId)
        .where(noActiveConflict(sql.ref('m.id'), sql.ref('s.application_id')))
        .orderBy('m.id'),
    ),
    deleteOfferTimes: e.prepare((p: { offerId: string }) => db.deleteFrom('panel_offer_times').where('offer_id', '=', p.offerId)),
    deleteOfferMembers: e.prepare((p: { offerId: string }) => db.deleteFrom('panel_offer_members').where('offer_id', '=', p.offerId)),
    deleteOffer: e.prepare((p: { offerId: string }) => db.deleteFrom('panel_offers').where('id', '=', p.offerId)),
    insertOffer: e.prepare((p: { id: string; applicationId: string; lengthMinutes: number; placeKind: PanelPlaceKind; place: string; by: string; at: Date }) =>
      db.insertInto('panel_offers').values({ ...toRow(p, ['id', 'application_id', 'length_minutes', 'place_kind', 'place']), offered_by: p.by, offered_at: p.at }),
    ),
    insertOfferTime: e.prepare((p: { id: string; offerId: string; startsAt: Date; endsAt: Date }) =>
      db.insertInto('panel_offer_times').values({ id: p.id, offer_id: p.offerId, starts_at: p.startsAt, ends_at: p.endsAt }),
    ),
    insertOfferMember: e.prepare((p: { offerId: string; memberId: string }) => db.insertInto('panel_offer_members').values({ offer_id: p.offerId, member_id: p.memberId })),
    noneFits: e.prepare((p: { applicationId: string; note: string; at: Date }) =>
      db.updateTable('panel_offers').set({ none_fits_note: p.note, none_fits_at: p.at }).where('application_id', '=', p.applicationId),
    ),
    insertSession: e.prepare(
      (p: { id: string; applicationId: string; uid: string; startsAt: Date; endsAt: Date; placeKind: PanelPlaceKind; place: string; by: string; at: Date }) =>
        db.insertInto('panel_sessions').values({
          ...toRow(p, ['id', 'application_id', 'uid', 'starts_at', 'ends_at', 'place_kind', 'place']),
          sequence: 0,
          status: BOOKED,
          booked_by: p.by,
          booked_at: p.at,
        }),
    ),
    insertSessionMember: e.prepare((p: { sessionId: string; memberId: string }) =>
      db.insertInto('panel_session_members').values({ session_id: p.sessionId, member_id: p.memberId }),
    ),
    // Compare-and-set on the sequence: a change another transaction made meanwhile changes nothing here.
    move: e.prepare((p: { id: string; sequence: number; startsAt: Date; endsAt: Date; by: string; at: Date }) =>
      unchanged(p).set({ starts_at: p.startsAt, ends_at: p.endsAt, sequence: sql<number>`sequence + 1`, changed_by: p.by, changed_at: p.at, reminded_at: null }),
    ),
    cancel: e.prepare((p: { id: string; sequence: number; by: string; at: Date; reason: string | null }) =>
      unchanged(p).set({ status: sql.lit('cancelled'), sequence: sql<number>`sequence + 1`, changed_by: p.by, changed_at: p.at, cancelled_at: p.at, cancel_reason: p.reason }),
    ),
    // A member leaving the panel: the session's SEQUENCE raised (compare-and-set), its time and status kept.
    bump: e.prepare((p: { id: string; sequence: number; by: string; at: Date }) =>
      unchanged(p).set({ sequence: sql<number>`sequence + 1`, changed_by: p.by, changed_at: p.at }),
    ),
    sessionMember: e.prepare((p: { sessionId: string; memberId: string }) =>
      db
        .selectFrom('panel_session_members as sm')
        .innerJoin('team_members as m', 'm.id', 'sm.member_id')
        .select(['m.id', 'm.name', 'm.email'])
        .where('sm.session_id', '=', p.sessionId)
        .where('sm.member_id', '=', p.memberId),
    ),
    // Only a session at the panel stage, or one an admin kept on purpose past it (ADR 0185): nothing of the
    // panel stage reaches a founder who has left it, whatever an older version left booked.
    remindersDue: e.prepare((p: { from: Date; until: Date }) =>
      db
        .selectFrom('panel_sessions as s')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select('s.id')
        .where('s.status', '=', BOOKED)
        .where('s.reminded_at', 'is', null)
        .where('s.starts_at', '>', p.from)
        .where('s.starts_at', '<=', p.until)
        .where((eb) => eb.or([eb('a.stage', '=', sql.lit('sesion_panel')), eb('s.kept_at', 'is not', null)]))
        .orderBy('s.starts_at')
        .orderBy('s.id'),
    ),
    sessionsAhead: e.prepare((p: { ids: string[]; now: Date }) =>
      db.selectFrom('panel_sessions').select('application_id').where(e.inList('application_id', p.ids)).where('status', '=', BOOKED).where('starts_at', '>', p.now),
    ),
    keep: e.prepare((p: { id: string; sequence: number; by: string; at: Date }) => unchanged(p).set({ kept_by: p.by, kept_at: p.at })),
    // The application's cancellations as audited (a handful at most): their details say which session, and a stage change's its stage.
    cancellations: e.prepare((p: { applicationId: string }) =>
      db.selectFrom('audit_log').select('detail').where('application_id', '=', p.applicationId).where('action', '=', 'panel.cancelled').orderBy('at', 'desc').orderBy('id', 'desc'),
    ),
    claimReminder: e.prepare((p: { id: string; at: Date }) =>
      db.updateTable('panel_sessions').set({ reminded_at: p.at }).where('id', '=', p.id).where('status', '=', BOOKED).where('reminded_at', 'is', null),
    ),
    insertMessage: e.prepare((p: MessageInsert) =>
      db.insertInto('outbox').values({
        ...messageColumns(p),
        application_id: p.applicationId,
        member_id: p.memberId,
        calendar: p.calendar,
        next_attempt_at: p.at,
        created_at: p.at,
      }),
    ),
  }

  type AppRow = { id: string; stage: Stage; reference: string; form_data: unknown }

  const founderOf = (app: AppRow): SessionMail['founder'] => {
    const form = fromJson(app.form_data as Application) as Partial<Application>
    return { name: form.founderName ?? '', email: form.email ?? '', ...companyOf(form) }
  }

  function* insertMessages(tx: Tx, app: AppRow, messages: (NewOutboxMessage & { memberId?: string | null; calendar?: string })[], at: Date) {
    for (const m of messages) {
      yield* tx.run(q.insertMessage({ ...m, replyTo: m.replyTo ?? null, calendar: m.calendar ?? null, applicationId: app.id, memberId: m.memberId ?? null, at }))
    }
  }

  function* deleteOffer(tx: Tx, offerId: string) {
    yield* tx.run(q.deleteOfferTimes({ offerId }))
    yield* tx.run(q.deleteOfferMembers({ offerId }))
    yield* tx.run(q.deleteOffer({ offerId }))
  }

  /** The application locked, while it stands in «Sesión con panel de expertos»; else why not. */
  function* lockInPanelStage(tx: Tx, applicationId: string): Generator<Step, AppRow | { status: 'not_found' | 'not_in_stage' }, unknown> {
    const app = yield* tx.first(q.lockApplication({ id: applicationId }))
    if (!app) return { status: 'not_found' }
    if (app.stage !== 'sesion_panel') return { status: 'not_in_stage' }
    return app
  }

  function* readSession(tx: Tx, row: SessionRow) {
    const members = yield* tx.all(q.sessionMembers({ sessionId: row.id }))
    return toSession(row, members)
  }

  /** The e-mails of `session` queued; with `holdFounder`, the founder's is returned instead (it rides with a stage e-mail, ADR 0185). */
  function* queue(tx: Tx, app: AppRow, method: SessionMail['method'], session: PanelSession, compose: Compose, at: Date, options: { moved?: SessionMail['moved']; holdFounder?: boolean } = {}) {
    const messages = compose({ method, session, reference: app.reference, founder: founderOf(app), ...(options.moved ? { moved: options.moved } : {}) })
    const held = options.holdFounder ? (messages.find((m) => m.memberId === null) ?? null) : null
    yield* insertMessages(tx, app, held ? messages.filter((m) => m !== held) : messages, at)
    return held
  }

  /**
   * The session `id` read back as it now stands, its calendar e-mails (`method`) queued to its people and the
   * change audited as `input.by`'s: how a booking, a move and a cancellation end.
   */
  function* announce(
    tx: Tx,
    app: AppRow,
    id: string,
    method: SessionMail['method'],
    input: { by: PanelActor; at: Date; compose: Compose },
    audit: { action: AuditAction; applicationId: string; detail: (session: PanelSession) => AuditDetail },
    moved?: SessionMail['moved'],
  ): Generator<Step, PanelSession, unknown> {
    const session = yield* readSession(tx, (yield* tx.first(q.sessionById({ id })))!)
    yield* queue(tx, app, method, session, input.compose, input.at, moved ? { moved } : {})
    yield* tx.run(insertAudit([{ at: input.at, memberId: actorMember(input.by), action: audit.action, applicationId: audit.applicationId, detail: audit.detail(session) }]))
    return session
  }

  /** Lock the members in id order, then: is any of them booked over [start, end) outside `except`? */
  function* taken(tx: Tx, memberIds: string[], startsAt: Date, endsAt: Date, except: string) {
    if (memberIds.length === 0) return false
    yield* tx.all(q.lockMembers({ ids: memberIds }))
    return (yield* tx.all(q.overlapping({ ids: memberIds, startsAt, endsAt, except }))).length > 0
  }

  /**
   * Call off the booked session `current` (compare-and-set on its SEQUENCE), close the offer if asked,
   * queue the CANCEL e-mails and the audit entry. Null: another change got there first.
   */
  function* cancelBooked(
    tx: Tx,
    app: AppRow,
    current: PanelSession,
    input: { by: PanelActor; at: Date; reason: string | null; closeOffer: boolean; compose: Compose },
  ): Generator<Step, PanelSession | null, unknown> {
    const reason = input.reason?.trim() || null
    if ((yield* tx.run(q.cancel({ id: current.id, sequence: current.sequence, by: actorText(input.by), at: input.at, reason }))) === 0) return null
    if (input.closeOffer) {
      const offer = yield* tx.first(q.offer({ applicationId: app.id }))
      if (offer) yield* deleteOffer(tx, offer.id)
    }
    return yield* announce(tx, app, current.id, 'CANCEL', input, {
      action: 'panel.cancelled',
      applicationId: app.id,
      detail: (session) => ({ session: session.id, startsAt: current.startsAt.toISOString(), ...(reason ? { reason } : {}), ...(input.closeOffer ? { offerClosed: true } : {}) }),
    })
  }

  return { q, insertAudit, founderOf, insertMessages, deleteOffer, readSession, lockInPanelStage, queue, announce, taken, cancelBooked }
}


/**
 * What a stage change does to the application's panel session, as server/features/review/pipeline.ts
 * decided it from domain/pipeline.ts STAGE_ENTAILS (ADR 0185): a session still ahead is cancelled with these e-mails,
 * or kept, an admin's choice. The store does what it is told; which stage does what is not its to decide.
 */
export interface PanelStageStep {
  applicationId: string
  /** Who moved it: the founder withdrawing, or the member. */
  by: PanelActor
  at: Date
  /** The stage moved to, for the audit entry. */
  to: Stage
  step: { action: 'cancel'; compose: Compose } | { action: 'keep' }
  /** The founder's CANCEL is returned to travel with the stage e-mail the move writes; false: queued with the panel's. */
  holdFounder: boolean
}

/** What the step found and did: the facts the founder's stage e-mail tells, and (cancelled) the founder's own CANCEL e-mail to carry. */
export interface PanelStageOutcome {
  facts: StageSessionFacts
  founderCancel: SessionMessage | null
}

/**
 * For the stage change (server/features/review/pipeline.ts; ADRs 0171, 0185, 0208), inside its transaction, after the applications'
 * rows are locked. For each step (outcomes in the order of `steps`): no booked session, nothing; one that has started (under way or held),
 * left as it is; one still ahead cancelled (whatever the founder's cut-off: the panel's METHOD:CANCEL
 * e-mails queued, the founder's returned to travel with the stage e-mail) or kept (who and when, on the
 * session and in the audit log). The stage change and the session's change commit together or not at all.
 */
export function panelStageStepper(e: Engine): (tx: Tx, steps: readonly PanelStageStep[]) => Generator<Step, PanelStageOutcome[], unknown> {
  const { q, insertAudit, readSession, queue } = panelSteps(e)
  return function* stepPanelSessions(tx, steps) {
    const outcomes: PanelStageOutcome[] = []
    for (const s of steps) {
      const row = yield* tx.first(q.bookedSession({ applicationId: s.applicationId }))
      if (!row) {
        outcomes.push({ facts: { state: 'none' }, founderCancel: null })
        continue
      }
      const startsAt = toDate(row.starts_at)
      if (startsAt.getTime() <= s.at.getTime()) {
        outcomes.push({ facts: { state: 'held', startsAt }, founderCancel: null })
        continue
      }
      const sequence = Number(row.sequence)
      const memberId = actorMember(s.by)
      const detail = { session: row.id, startsAt: startsAt.toISOString(), to: s.to }
      if (s.step.action === 'keep') {
        yield* tx.run(q.keep({ id: row.id, sequence, by: memberId!, at: s.at }))
        yield* tx.run(insertAudit([{ at: s.at, memberId, action: 'panel.kept', applicationId: s.applicationId, detail }]))
        outcomes.push({ facts: { state: 'kept', startsAt }, founderCancel: null })
        continue
      }
      // The application's row is locked by the move: no other change of this session can be under way.
      yield* tx.run(q.cancel({ id: row.id, sequence, by: actorText(s.by), at: s.at, reason: null }))
      const app = (yield* tx.first(q.application({ id: s.applicationId })))!
      const session = yield* readSession(tx, (yield* tx.first(q.sessionById({ id: row.id })))!)
      const founderCancel = yield* queue(tx, app, 'CANCEL', session, s.step.compose, s.at, { holdFounder: s.holdFounder })
      yield* tx.run(insertAudit([{ at: s.at, memberId, action: 'panel.cancelled', applicationId: s.applicationId, detail: { ...detail, sequence: session.sequence } }]))
      outcomes.push({ facts: { state: 'cancelled', startsAt }, founderCancel })
    }
    return outcomes
  }
}

/** What the e-mail to a member leaving a booked session is written from: the session after the change, and who leaves. */
export type LeaveMail = SessionMail & { leaving: PanelMember }
export type ComposeLeave = (mail: LeaveMail) => SessionMessage[]

/**
 * For the conflict store's declaration (ADR 0172), inside its transaction, after the conflict is
 * written: when the member sits on the application's booked session still to come, the session's
 * SEQUENCE is raised and the member alone gets its METHOD:CANCEL (same UID), so the event leaves
 * their calendar; the others keep theirs. Locks the application's row first, as every change of a
 * session does (ADR 0154), so a booking under way is seen. False: nothing to do.
 */
export function panelLeaver(
  e: Engine,
): (tx: Tx, input: { applicationId: string; memberId: string; by: string; at: Date; compose: ComposeLeave }) => Generator<Step, boolean, unknown> {
  const { q, founderOf, insertMessages, readSession } = panelSteps(e)
  return function* leavePanelSession(tx, input) {
    const app = yield* tx.first(q.lockApplication({ id: input.applicationId }))
    if (!app) return false
    const row = yield* tx.first(q.bookedSession({ applicationId: input.applicationId }))
    if (!row || toDate(row.ends_at).getTime() <= input.at.getTime()) return false
    const leaving = yield* tx.first(q.sessionMember({ sessionId: row.id, memberId: input.memberId }))
    if (!leaving) return false
    if ((yield* tx.run(q.bump({ id: row.id, sequence: Number(row.sequence), by: input.by, at: input.at }))) === 0) return false
    const session = yield* readSession(tx, (yield* tx.first(q.sessionById({ id: row.id })))!)
    const mail: LeaveMail = { method: 'CANCEL', session, reference: app.reference, founder: founderOf(app), leaving }
    yield* insertMessages(tx, app, input.compose(mail), input.at)
    return true
  }
}

/**
 * For retention's reduction (founder-store.ts reduceClosedBefore), inside its transaction: the
 * founder's own words on the panel's offer ("Ninguno me sirve") go with the rest of their data.
 * The offer's times and the sessions hold none (the place is the programme's).
 */
export function panelReducer(e: Engine): (p: { ids: string[] }) => Bound<unknown> {
  return e.prepare((p: { ids: string[] }) =>
    db.updateTable('panel_offers').set({ none_fits_note: null, none_fits_at: null }).where(e.inList('application_id', p.ids)),
  )
}
