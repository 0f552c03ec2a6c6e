/**
 * The workspace API's panel session (server/features/panel/routes.ts;
 * rules and Spanish messages in domain/panel-sessions.ts). Times are ISO strings (wire.ts),
 * UTC instants: show them with formatDateTime (domain/format.ts), Bogotá time.
 *
 *   GET    /applications/:id/panel                    → PanelState (any member without a conflict)
 *   PUT    /applications/:id/panel/offer              → PanelState (admins)   body SaveOfferRequest
 *   POST   /applications/:id/panel/session/reschedule → PanelState (admins)   body RescheduleRequest
 *   POST   /applications/:id/panel/session/cancel     → PanelState (admins)   body CancelSessionRequest
 *   GET    /me/panel-sessions                         → MyPanelSessions (the member's coming sessions)
 *
 * Refusals are ErrorAnswer { error, message } with the codes of PanelErrorCode.
 */
import * as v from 'valibot'
import {
  NONE_FITS_NOTE_MAX,
  PANEL_LENGTHS_MINUTES,
  PANEL_MEMBERS_MAX,
  PANEL_MESSAGES,
  PANEL_PLACE_KINDS,
  PANEL_PLACE_MAX,
  PANEL_TIMES_MAX,
  type PanelPlaceKind,
} from '../panel-sessions.ts'
import type { Stage } from '../pipeline.ts'
import type { Wire } from './wire.ts'
import type { MyPanelSessionRecord, PanelSessionRecord } from '../panel-records.ts'
import { get, post, put } from './endpoint.ts'

export type { MyPanelSessionRecord, PanelSessionRecord } from '../panel-records.ts'

/** One offered time; `taken` when a panel member is booked elsewhere at that time (or this session holds it). */
export interface PanelTimeRecord {
  id: string
  startsAt: Date
  endsAt: Date
  /** Held by this application's booked session. */
  booked: boolean
  /** A panel member has another booked session overlapping it: the founder cannot take it. */
  taken: boolean
  /** Ends after the stage's due date (PANEL_WARNINGS.afterDue). */
  afterDue: boolean
}

/**
 * A panel member, and their other booked sessions (other applications) from today on; never one of an
 * application the member reading has an active conflict on (not its reference, id or time).
 */
export interface PanelMemberRecord {
  id: string
  name: string
  email: string
  otherSessions: { applicationId: string; reference: string; startsAt: Date; endsAt: Date }[]
}

export interface PanelOfferRecord {
  id: string
  lengthMinutes: number
  placeKind: PanelPlaceKind
  place: string
  offeredBy: string
  offeredAt: Date
  /** The panel the offer names (active members without a conflict on the application). */
  memberIds: string[]
  times: PanelTimeRecord[]
}

export interface PanelStateRecord {
  applicationId: string
  stage: Stage
  stageDueAt: Date | null
  /** PANEL_CHANGE_CUTOFF_HOURS: the founder can change or cancel until this many hours before. */
  cutoffHours: number
  offer: PanelOfferRecord | null
  /** The offer's panel and the session's, with their other sessions. */
  members: PanelMemberRecord[]
  /**
   * Every member who may sit on this panel (active, no active conflict on the application), with their other
   * sessions: the offer form's choices. Admins only: beside the team's list, it would name the
   * conflicted to a reviewer. Empty for a reviewer.
   */
  candidates: PanelMemberRecord[]
  /** Active members left out for a conflict of interest declared on the application: named, never offered. Admins only; empty for a reviewer. */
  excluded: { id: string; name: string }[]
  /** Who offered, booked, moved or cancelled (a member's id in the offer or the session), by name, when still active and without a conflict here. */
  actors: { id: string; name: string }[]
  /** Warnings of the offer (after the due date, a member busy): shown, not refused. */
  warnings: { startsAt: Date; message: string }[]
  /** The booked session, or the last one cancelled; null before any booking. */
  session: PanelSessionRecord | null
  /** The founder's "Ninguno me sirve", the latest; null when they have not said it since the offer. */
  noneFits: { note: string; at: Date } | null
}

/** GET /applications/:id/panel, and the answer of every change. */
export type PanelState = Wire<PanelStateRecord>

const id = v.pipe(v.string(), v.uuid('invalid_id'))
const instant = v.pipe(v.string(), v.isoTimestamp('invalid_time'))

/** PUT /applications/:id/panel/offer: replaces the offer (refused while a session is booked). */
export const SaveOfferSchema = v.strictObject({
  memberIds: v.pipe(v.array(id), v.minLength(1), v.maxLength(PANEL_MEMBERS_MAX)),
  lengthMinutes: v.picklist(PANEL_LENGTHS_MINUTES),
  place: v.strictObject({ kind: v.picklist(PANEL_PLACE_KINDS), value: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PANEL_PLACE_MAX)) }),
  /** ISO instants with an offset or Z, e.g. "2026-12-01T15:00:00.000Z" (10:00 a. m. in Bogotá). */
  times: v.pipe(v.array(instant), v.minLength(1), v.maxLength(PANEL_TIMES_MAX)),
})
export type SaveOfferRequest = v.InferInput<typeof SaveOfferSchema>

/** POST /applications/:id/panel/session/reschedule: the session moves, same UID, SEQUENCE + 1. */
export const RescheduleSchema = v.strictObject({ startsAt: instant })
export type RescheduleRequest = v.InferInput<typeof RescheduleSchema>

/** POST /applications/:id/panel/session/cancel: METHOD:CANCEL to everyone. */
export const CancelSessionSchema = v.strictObject({ reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(NONE_FITS_NOTE_MAX)), '') })
export type CancelSessionRequest = v.InferInput<typeof CancelSessionSchema>

/** GET /me/panel-sessions: the member's booked sessions not yet ended, soonest first ("Mis pendientes"). */
export interface MyPanelSessions {
  items: Wire<MyPanelSessionRecord>[]
}

/**
 * The `error` codes of a refusal (the `message` is the Spanish text of PANEL_MESSAGES):
 * 400 invalid (422 with `issues`), 403 forbidden / conflict_of_interest, 404 not_found,
 * 409 not_in_stage, session_booked, no_session, time_taken, same_time, past_cutoff (founder only),
 * 422 time_in_past, member_conflict, unknown_member, bad_offer.
 */
export type PanelErrorCode =
  | 'invalid'
  | 'forbidden'
  | 'conflict_of_interest'
  | 'not_found'
  | 'not_in_stage'
  | 'session_booked'
  | 'no_session'
  | 'time_taken'
  | 'same_time'
  | 'past_cutoff'
  | 'time_in_past'
  | 'member_conflict'
  | 'unknown_member'
  | 'bad_offer'

/** The panel session (docs/workspace.md "Panel session"): the offer, the booked session, the member's coming sessions. */
export const panelEndpoints = {
  panel: get<PanelState>()('/applications/:id/panel'),
  saveOffer: put<PanelState>()('/applications/:id/panel/offer', {
    body: SaveOfferSchema,
    invalid: 'Revisa los horarios, la duración, el lugar y el panel.',
    admin: true,
    once: true,
  }),
  reschedule: post<PanelState>()('/applications/:id/panel/session/reschedule', { body: RescheduleSchema, invalid: PANEL_MESSAGES.badTime, admin: true, once: true }),
  cancel: post<PanelState>()('/applications/:id/panel/session/cancel', { body: CancelSessionSchema, emptyBody: true, admin: true, once: true }),
  mine: get<MyPanelSessions>()('/me/panel-sessions'),
} as const
