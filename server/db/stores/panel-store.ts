/**
 * The panel session of stage 2 (ADRs 0152-0156), once for both
 * engines (ADR 0124): the offer of times an admin makes (panel_offers,
 * panel_offer_times, panel_offer_members), the session the founder books
 * (panel_sessions, panel_session_members), and the invitations each change
 * queues in the outbox in the same transaction.
 *
 * Booking is atomic across tabs, founders and instances (ADR 0154): every
 * change of a session locks the application's row, then its panel members'
 * rows in id order (FOR NO KEY UPDATE on PostgreSQL; SQLite's write lock
 * serialises the whole transaction), and only then looks for an overlapping
 * booked session of any of them. Two bookings that share a member therefore
 * run one after the other, and the second sees the first. The partial unique
 * index panel_sessions_booked keeps one booked session per application.
 *
 * The invitations are written by the caller's `compose` (pure code, called
 * inside the transaction with the session as it is after the change), so the
 * outbox rows commit with the change they announce.
 */
import { sessionEnd, sessionMinutes } from '../../../domain/panel-sessions.ts'
import { isStage, type Stage } from '../../../domain/pipeline.ts'
import type { Engine, Step } from '../engine.ts'
import { fromJson, fromRow, toDate } from '../schema.ts'
import { NO_APPLICATION, actorText, toSession, panelSteps, type PanelMember, type PanelOffer, type PanelSession, type MemberSession, type BusySession, type SessionMail, type OfferMail, type Compose, type OfferInput, type OfferOutcome, type ChangeOutcome, type SessionChange } from './panel-steps.ts'

export type { PanelMember, PanelOffer, PanelSession, MemberSession, BusySession, SessionMail, OfferMail, ComposeOffer, SessionMessage, Compose, OfferInput, OfferOutcome, ChangeOutcome, PanelStageStep, PanelStageOutcome, LeaveMail, ComposeLeave } from './panel-steps.ts'

export interface PanelStore {
  /** The application's offer, or null. */
  offer(applicationId: string): Promise<PanelOffer | null>
  /** The booked session, else the last one cancelled, else null. */
  session(applicationId: string): Promise<PanelSession | null>
  /**
   * Who may sit on this application's panel: the active members without an active conflict on it
   * (`candidates`), and the active members left out for one (`excluded`), each by name.
   */
  eligible(applicationId: string): Promise<{ candidates: PanelMember[]; excluded: { id: string; name: string }[] }>
  /**
   * The booked sessions of these members that end after `from`, outside `exceptApplicationId`. With
   * `viewer` (a member's id), each says whether that member has an active conflict on its application
   * (`hidden`): such a session is not theirs to see, by its reference, id or time.
   */
  busy(memberIds: readonly string[], from: Date, exceptApplicationId: string | null, viewer?: string | null): Promise<(BusySession & { hidden: boolean })[]>
  /**
   * Replace the offer (its none-fits note with it); refused while a session is booked, and when a panel
   * member already has a booked session over one of its times (the founder could not book it: the e-mail
   * of times and the status page list the same times).
   */
  saveOffer(input: OfferInput): Promise<OfferOutcome>
  /** The founder's "Ninguno me sirve". False: no offer to answer. */
  noneFits(applicationId: string, note: string, at: Date): Promise<boolean>
  /** The founder takes an offered time. */
  book(input: SessionChange & { timeId: string; sessionId: string; uid: string }): Promise<ChangeOutcome>
  /**
   * Move the booked session: to an offered time (`timeId`, the founder) or any time (`startsAt`, the
   * team). `cutoffMs`: the founder's limit before the session's start; null for the team.
   */
  reschedule(input: SessionChange & { to: { timeId: string } | { startsAt: Date }; cutoffMs: number | null }): Promise<ChangeOutcome>
  /**
   * Call the booked session off. `reason`: the team's «Motivo» (null: none, or the founder). `closeOffer`:
   * the team's cancellation also closes the offer (its times, the cancelled one included, are gone; the
   * team offers new ones); a founder's leaves it open to choose another time.
   */
  cancel(input: SessionChange & { cutoffMs: number | null; reason: string | null; closeOffer: boolean }): Promise<ChangeOutcome>
  /**
   * The stage the application moved to when that move cancelled session `sessionId` (ADR 0185), read from
   * the stage change's `panel.cancelled` audit entry (the only one naming a stage, `to`); null when the team
   * or the founder cancelled it themselves, or it is not cancelled.
   */
  cancelledByStage(applicationId: string, sessionId: string): Promise<Stage | null>
  /** Of these applications, those whose booked session starts after `now` (a bulk move's preview, ADR 0185). */
  sessionsAhead(applicationIds: readonly string[], now: Date): Promise<string[]>
  /** The member's booked sessions not ended at `now`, soonest first. */
  memberSessions(memberId: string, now: Date): Promise<MemberSession[]>
  /** Booked sessions starting in (from, until] whose reminder has not gone. */
  remindersDue(from: Date, until: Date): Promise<string[]>
  /** Mark the reminder sent and queue its e-mails, once whichever instance asks first. False: done already. */
  claimReminder(sessionId: string, at: Date, compose: Compose): Promise<boolean>
}

export function openPanelStore(e: Engine): PanelStore {
  const { q, insertAudit, founderOf, insertMessages, deleteOffer, readSession, lockInPanelStage, queue, announce, taken, cancelBooked } = panelSteps(e)

  return {
    async offer(applicationId) {
      const row = await e.first(q.offer({ applicationId }))
      if (!row) return null
      const [times, members] = await Promise.all([e.all(q.offerTimes({ offerId: row.id })), e.all(q.offerMembers({ offerId: row.id, applicationId }))])
      return {
        id: row.id,
        applicationId,
        lengthMinutes: Number(row.length_minutes),
        placeKind: row.place_kind,
        place: row.place,
        offeredBy: row.offered_by,
        offeredAt: toDate(row.offered_at),
        noneFits: row.none_fits_note !== null && row.none_fits_at !== null ? { note: row.none_fits_note, at: toDate(row.none_fits_at) } : null,
        times: times.map((t) => ({ id: t.id, startsAt: toDate(t.starts_at), endsAt: toDate(t.ends_at) })),
        members,
      }
    },

    async session(applicationId) {
      const row = (await e.first(q.bookedSession({ applicationId }))) ?? (await e.first(q.lastSession({ applicationId })))
      if (!row) return null
      return toSession(row, await e.all(q.sessionMembers({ sessionId: row.id })))
    },

    async eligible(applicationId) {
      const rows = await e.all(q.activeMembers({ applicationId }))
      const conflicted = (r: { conflicted: unknown }) => r.conflicted === true || Number(r.conflicted) === 1
      return {
        candidates: rows.filter((r) => !conflicted(r)).map((r) => ({ id: r.id, name: r.name, email: r.email })),
        excluded: rows.filter(conflicted).map((r) => ({ id: r.id, name: r.name })),
      }
    },

    async busy(memberIds, from, exceptApplicationId, viewer = null) {
      if (memberIds.length === 0) return []
      const rows = await e.all(q.busy({ ids: [...memberIds], from, except: exceptApplicationId ?? NO_APPLICATION, viewer: viewer ?? NO_APPLICATION }))
      return rows.map(({ hidden, ...r }) => ({ ...fromRow('panel_sessions', r), hidden: hidden === true || Number(hidden) === 1 }))
    },

    saveOffer(input) {
      return e.transaction(function* (tx): Generator<Step, OfferOutcome, unknown> {
        const app = yield* lockInPanelStage(tx, input.applicationId)
        if ('status' in app) return app
        if (yield* tx.first(q.bookedSession({ applicationId: input.applicationId }))) return { status: 'session_booked' }
        const ids = [...new Set(input.memberIds)].sort()
        const found = yield* tx.all(q.lockMembers({ ids }))
        const active = new Set(found.filter((m) => m.active === true || m.active === 1).map((m) => m.id))
        const unknown = ids.filter((id) => !active.has(id))
        if (unknown.length > 0) return { status: 'unknown_member', memberIds: unknown }
        const conflicted = (yield* tx.all(q.conflicted({ applicationId: input.applicationId, ids }))).map((r) => r.member_id)
        if (conflicted.length > 0) return { status: 'member_conflict', memberIds: conflicted }
        // The members are locked (in id order, as a booking locks them): no booking can take a time between
        // this check and the commit, so every time the e-mail lists is one the founder can book now.
        const taken: Date[] = []
        for (const startsAt of input.times) {
          const endsAt = sessionEnd(startsAt, input.lengthMinutes)
          if ((yield* tx.all(q.overlapping({ ids, startsAt, endsAt, except: NO_APPLICATION }))).length > 0) taken.push(startsAt)
        }
        if (taken.length > 0) return { status: 'time_taken', times: taken }
        const previous = yield* tx.first(q.offer({ applicationId: input.applicationId }))
        if (previous) yield* deleteOffer(tx, previous.id)
        yield* tx.run(
          q.insertOffer({ id: input.offerId, applicationId: input.applicationId, lengthMinutes: input.lengthMinutes, placeKind: input.placeKind, place: input.place, by: input.by, at: input.at }),
        )
        for (const startsAt of input.times) {
          yield* tx.run(q.insertOfferTime({ id: crypto.randomUUID(), offerId: input.offerId, startsAt, endsAt: sessionEnd(startsAt, input.lengthMinutes) }))
        }
        for (const memberId of ids) yield* tx.run(q.insertOfferMember({ offerId: input.offerId, memberId }))
        const mail: OfferMail = {
          reference: app.reference,
          founder: founderOf(app),
          lengthMinutes: input.lengthMinutes,
          placeKind: input.placeKind,
          place: input.place,
          times: [...input.times].sort((a, b) => a.getTime() - b.getTime()),
          replaced: previous !== undefined,
        }
        yield* insertMessages(tx, app, input.compose(mail), input.at)
        yield* tx.run(
          insertAudit([
            { at: input.at, memberId: input.by, action: 'panel.offered', applicationId: input.applicationId, detail: { times: input.times.length, members: ids.length } },
          ]),
        )
        return { status: 'saved' }
      })
    },

    async noneFits(applicationId, note, at) {
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.noneFits({ applicationId, note, at }))) === 0) return false
        yield* tx.run(insertAudit([{ at, memberId: null, action: 'panel.none_fits', applicationId }]))
        return true
      })
    },

    book(input) {
      return e.transaction(function* (tx): Generator<Step, ChangeOutcome, unknown> {
        const app = yield* lockInPanelStage(tx, input.applicationId)
        if ('status' in app) return app
        if (yield* tx.first(q.bookedSession({ applicationId: input.applicationId }))) return { status: 'already_booked' }
        const offer = yield* tx.first(q.offer({ applicationId: input.applicationId }))
        if (!offer) return { status: 'no_offer' }
        const time = (yield* tx.all(q.offerTimes({ offerId: offer.id }))).find((t) => t.id === input.timeId)
        if (!time) return { status: 'time_not_offered' }
        const startsAt = toDate(time.starts_at)
        const endsAt = toDate(time.ends_at)
        if (startsAt.getTime() <= input.at.getTime()) return { status: 'time_in_past' }
        const members = yield* tx.all(q.offerMembers({ offerId: offer.id, applicationId: input.applicationId }))
        if (yield* taken(tx, members.map((m) => m.id), startsAt, endsAt, input.sessionId)) return { status: 'time_taken' }
        yield* tx.run(
          q.insertSession({
            id: input.sessionId,
            applicationId: input.applicationId,
            uid: input.uid,
            startsAt,
            endsAt,
            placeKind: offer.place_kind,
            place: offer.place,
            by: actorText(input.by),
            at: input.at,
          }),
        )
        for (const m of members) yield* tx.run(q.insertSessionMember({ sessionId: input.sessionId, memberId: m.id }))
        const session = yield* announce(tx, app, input.sessionId, 'REQUEST', input, {
          action: 'panel.booked',
          applicationId: input.applicationId,
          detail: (booked) => ({ session: booked.id, startsAt: startsAt.toISOString() }),
        })
        return { status: 'done', session }
      })
    },

    reschedule(input) {
      return e.transaction(function* (tx): Generator<Step, ChangeOutcome, unknown> {
        const app = yield* lockInPanelStage(tx, input.applicationId)
        if ('status' in app) return app
        const row = yield* tx.first(q.bookedSession({ applicationId: input.applicationId }))
        if (!row) return { status: 'no_session' }
        const current = yield* readSession(tx, row)
        if (input.cutoffMs !== null && current.startsAt.getTime() - input.at.getTime() < input.cutoffMs) return { status: 'past_cutoff' }
        let startsAt: Date
        let endsAt: Date
        if ('timeId' in input.to) {
          const offer = yield* tx.first(q.offer({ applicationId: input.applicationId }))
          const timeId = input.to.timeId
          const time = offer ? (yield* tx.all(q.offerTimes({ offerId: offer.id }))).find((t) => t.id === timeId) : undefined
          if (!time) return { status: 'time_not_offered' }
          startsAt = toDate(time.starts_at)
          endsAt = toDate(time.ends_at)
        } else {
          startsAt = input.to.startsAt
          endsAt = sessionEnd(startsAt, sessionMinutes(current))
        }
        if (startsAt.getTime() <= input.at.getTime()) return { status: 'time_in_past' }
        if (startsAt.getTime() === current.startsAt.getTime() && endsAt.getTime() === current.endsAt.getTime()) return { status: 'same_time' }
        if (yield* taken(tx, current.members.map((m) => m.id), startsAt, endsAt, current.id)) return { status: 'time_taken' }
        const by = actorText(input.by)
        if ((yield* tx.run(q.move({ id: current.id, sequence: current.sequence, startsAt, endsAt, by, at: input.at }))) === 0) return { status: 'no_session' }
        // The e-mails say the time it had and who moved it.
        const mover: NonNullable<SessionMail['moved']>['by'] =
          input.by.kind === 'founder' ? { kind: 'founder' } : { kind: 'member', name: (yield* tx.first(q.memberName({ id: input.by.memberId })))?.name ?? '' }
        const session = yield* announce(
          tx,
          app,
          current.id,
          'REQUEST',
          input,
          {
            action: 'panel.rescheduled',
            applicationId: input.applicationId,
            detail: (moved) => ({ session: moved.id, sequence: moved.sequence, startsAt: startsAt.toISOString() }),
          },
          { from: { startsAt: current.startsAt, endsAt: current.endsAt }, by: mover },
        )
        return { status: 'done', session }
      })
    },

    cancel(input) {
      return e.transaction(function* (tx): Generator<Step, ChangeOutcome, unknown> {
        const app = yield* tx.first(q.lockApplication({ id: input.applicationId }))
        if (!app) return { status: 'not_found' }
        // Past the panel stage a session is the team's to cancel (one an admin kept on purpose, ADR 0185).
        if (input.by.kind === 'founder' && app.stage !== 'sesion_panel') return { status: 'not_in_stage' }
        const row = yield* tx.first(q.bookedSession({ applicationId: input.applicationId }))
        if (!row) return { status: 'no_session' }
        const current = yield* readSession(tx, row)
        if (input.cutoffMs !== null && current.startsAt.getTime() - input.at.getTime() < input.cutoffMs) return { status: 'past_cutoff' }
        const session = yield* cancelBooked(tx, app, current, input)
        if (!session) return { status: 'no_session' }
        return { status: 'done', session }
      })
    },

    async cancelledByStage(applicationId, sessionId) {
      for (const row of await e.all(q.cancellations({ applicationId }))) {
        const detail = fromJson(row.detail)
        if (detail.session === sessionId && isStage(detail.to)) return detail.to
      }
      return null
    },

    async sessionsAhead(applicationIds, now) {
      if (applicationIds.length === 0) return []
      return (await e.all(q.sessionsAhead({ ids: [...applicationIds], now }))).map((r) => r.application_id)
    },

    async memberSessions(memberId, now) {
      const rows = await e.all(q.memberSessions({ ids: [memberId], from: now, except: NO_APPLICATION }))
      return rows.map((r) => ({ ...fromRow('panel_sessions', r), companyName: r.company_name ?? '', tradeName: r.trade_name ?? '' }))
    },

    async remindersDue(from, until) {
      return (await e.all(q.remindersDue({ from, until }))).map((r) => r.id)
    },

    claimReminder(sessionId, at, compose) {
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.claimReminder({ id: sessionId, at }))) === 0) return false
        const row = (yield* tx.first(q.sessionById({ id: sessionId })))!
        const app = (yield* tx.first(q.application({ id: row.application_id })))!
        const session = yield* readSession(tx, row)
        yield* queue(tx, app, 'REQUEST', session, compose, at)
        return true
      })
    },
  }
}
