/**
 * The panel session in the workspace (contract in
 * domain/workspace-api/panel.ts): the application's panel state for every
 * member without a conflict (the guard on /applications/:id/* refuses the
 * others first), the offer, the team's reschedule and cancellation for
 * admins, and each member's coming sessions for "Mis pendientes".
 *
 * What the state tells whom: who may sit on the panel and who is
 * left out for a conflict only to admins (they offer the times, and read every
 * conflict in /conflicts anyway); and a panel member's other session on an
 * application the reader has a conflict on is left out of what they read (its
 * reference, id and time), though it still makes an offered time `taken`.
 */
import { route } from '../../shared/http/route.ts'
import {
  panelEndpoints as E,
  type MyPanelSessions,
  type PanelState,
  type PanelStateRecord,
  type PanelTimeRecord,
} from '../../../domain/workspace-api/panel.ts'
import { Hono, type Context } from 'hono'
import { formatWeekdayDateTime } from '../../../domain/format.ts'
import { PANEL_MESSAGES, PANEL_WARNINGS, checkOffer, dayOffWarning, overlaps } from '../../../domain/panel-sessions.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { Member, WorkspaceEnv } from '../../shared/auth/context.ts'
import { notFound } from '../../shared/http/json.ts'
import { panelActions, refusalOf, type PanelActions, type PanelDeps } from './panel-actions.ts'
import type { ApplicationRecord, ReviewStore } from '../../db/stores/review-store.ts'

export interface PanelRouteDeps extends PanelDeps {
  reviews: Pick<ReviewStore, 'getApplication'>
  /** The panel's actions when the caller has them already (server/compose.ts); default: made from these deps. */
  panel?: PanelActions
}

export function panelRoutes(deps: PanelRouteDeps): Hono<WorkspaceEnv> {
  const actions = deps.panel ?? panelActions(deps)
  const { panel } = actions
  const app = new Hono<WorkspaceEnv>()

  /**
   * The panel's state as `reader` may read it; `known`: the application as the route already read it (an
   * offer or a cancellation changes neither its stage nor its due date).
   */
  async function state(applicationId: string, reader: Pick<Member, 'id' | 'role'>, known?: ApplicationRecord): Promise<PanelState | null> {
    const record = known ?? (await deps.reviews.getApplication(applicationId))
    if (!record) return null
    const now = deps.now()
    const admin = reader.role === 'admin'
    const [offer, session, eligible] = await Promise.all([panel.offer(applicationId), panel.session(applicationId), panel.eligible(applicationId)])
    const memberIds = [...new Set([...(offer?.members ?? []), ...(session?.members ?? []), ...eligible.candidates].map((m) => m.id))]
    const busy = await panel.busy(memberIds, now, applicationId, reader.id)
    const withSessions = (m: { id: string; name: string; email: string }) => ({
      ...m,
      otherSessions: busy
        .filter((b) => b.memberId === m.id && !b.hidden)
        .map((b) => ({ applicationId: b.applicationId, reference: b.reference, startsAt: b.startsAt, endsAt: b.endsAt })),
    })
    const booked = session?.status === 'booked' ? session : null
    const cancelledByStage = session?.status === 'cancelled' ? await panel.cancelledByStage(applicationId, session.id) : null
    const offerMemberIds = new Set(offer?.members.map((m) => m.id) ?? [])
    const times: PanelTimeRecord[] = (offer?.times ?? []).map((t) => ({
      id: t.id,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      booked: booked !== null && booked.startsAt.getTime() === t.startsAt.getTime(),
      taken: busy.some((b) => offerMemberIds.has(b.memberId) && overlaps(b.startsAt, b.endsAt, t.startsAt, t.endsAt)),
      afterDue: record.stageDueAt !== null && t.endsAt.getTime() > record.stageDueAt.getTime(),
    }))
    const people = new Map([...(offer?.members ?? []), ...(session?.members ?? [])].map((m) => [m.id, m]))
    const result: PanelStateRecord = {
      applicationId,
      stage: record.stage,
      stageDueAt: record.stageDueAt,
      cutoffHours: actions.cutoffHours,
      offer: offer
        ? {
            id: offer.id,
            lengthMinutes: offer.lengthMinutes,
            placeKind: offer.placeKind,
            place: offer.place,
            offeredBy: offer.offeredBy,
            offeredAt: offer.offeredAt,
            memberIds: offer.members.map((m) => m.id),
            times,
          }
        : null,
      members: [...people.values()].map(withSessions),
      // The offer form's (admins'): to a reviewer, the candidates beside the team's list would name the conflicted.
      candidates: admin ? eligible.candidates.map(withSessions) : [],
      excluded: admin ? eligible.excluded : [],
      actors: eligible.candidates
        .filter((m) => m.id === offer?.offeredBy || m.id === session?.bookedBy || m.id === session?.changedBy)
        .map((m) => ({ id: m.id, name: m.name })),
      warnings: times.flatMap((t) => {
        const dayOff = dayOffWarning(t.startsAt)
        return [
          ...(t.afterDue ? [{ startsAt: t.startsAt, message: PANEL_WARNINGS.afterDue }] : []),
          ...(dayOff ? [{ startsAt: t.startsAt, message: dayOff }] : []),
          ...(t.taken && !t.booked ? [{ startsAt: t.startsAt, message: PANEL_WARNINGS.memberBusy }] : []),
        ]
      }),
      session: session
        ? {
            id: session.id,
            uid: session.uid,
            sequence: session.sequence,
            status: session.status,
            startsAt: session.startsAt,
            endsAt: session.endsAt,
            placeKind: session.placeKind,
            place: session.place,
            memberIds: session.members.map((m) => m.id),
            bookedAt: session.bookedAt,
            bookedBy: session.bookedBy,
            changedAt: session.changedAt,
            changedBy: session.changedBy,
            cancelledAt: session.cancelledAt,
            cancelReason: session.cancelReason,
            keptBy: session.keptBy,
            keptAt: session.keptAt,
            cancelledByStage,
          }
        : null,
      noneFits: offer?.noneFits ?? null,
    }
    return wire(result)
  }

  const answer = async (c: Context<WorkspaceEnv>, applicationId: string, known?: ApplicationRecord) => {
    const current = await state(applicationId, c.get('member'), known)
    return current ? c.json(current satisfies PanelState) : notFound(c)
  }

  route(app, E.panel, (c) => answer(c, c.req.param('id')))

  route(app, E.saveOffer, async (c, body) => {
    const applicationId = c.req.param('id')
    const record = await deps.reviews.getApplication(applicationId)
    if (!record) return notFound(c)
    if (record.stage !== 'sesion_panel') return c.json({ error: 'not_in_stage', message: PANEL_MESSAGES.notInStage }, 409)
    const at = deps.now()
    const checked = checkOffer(body, at, record.stageDueAt)
    if (!checked.ok) {
      return c.json({ error: checked.message === PANEL_MESSAGES.timeInPast ? 'time_in_past' : 'bad_offer', message: checked.message }, 422)
    }
    const outcome = await panel.saveOffer({
      applicationId,
      offerId: crypto.randomUUID(),
      lengthMinutes: body.lengthMinutes,
      placeKind: body.place.kind,
      place: body.place.value,
      memberIds: body.memberIds,
      times: checked.times,
      by: c.get('member').id,
      at,
      compose: actions.composeOffer,
    })
    switch (outcome.status) {
      case 'saved':
        return answer(c, applicationId, record)
      case 'not_found':
        return notFound(c)
      case 'not_in_stage':
        return c.json({ error: 'not_in_stage', message: PANEL_MESSAGES.notInStage }, 409)
      case 'session_booked':
        return c.json({ error: 'session_booked', message: PANEL_MESSAGES.sessionBooked }, 409)
      case 'unknown_member':
        return c.json({ error: 'unknown_member', message: PANEL_MESSAGES.unknownMember, memberIds: outcome.memberIds }, 422)
      case 'member_conflict':
        return c.json({ error: 'member_conflict', message: PANEL_MESSAGES.memberConflict, memberIds: outcome.memberIds }, 422)
      case 'time_taken':
        return c.json(
          { error: 'time_taken', message: PANEL_MESSAGES.offerTimeTaken(outcome.times.map((t) => formatWeekdayDateTime(t))), times: outcome.times.map((t) => t.toISOString()) },
          409,
        )
    }
  })

  route(app, E.reschedule, async (c, body) => {
    const applicationId = c.req.param('id')
    const outcome = await actions.reschedule(applicationId, { startsAt: new Date(body.startsAt) }, { kind: 'member', memberId: c.get('member').id })
    if (outcome.status !== 'done') {
      const refusal = refusalOf(outcome, actions.cutoffHours)
      return c.json({ error: refusal.error, message: refusal.message }, refusal.status)
    }
    return answer(c, applicationId)
  })

  route(app, E.cancel, async (c, body) => {
    const applicationId = c.req.param('id')
    const record = await deps.reviews.getApplication(applicationId)
    if (!record) return notFound(c)
    const outcome = await actions.cancel(applicationId, record.application.reference, { kind: 'member', memberId: c.get('member').id }, body.reason || null)
    if (outcome.status !== 'done') {
      const refusal = refusalOf(outcome, actions.cutoffHours)
      return c.json({ error: refusal.error, message: refusal.message }, refusal.status)
    }
    return answer(c, applicationId, record)
  })

  route(app, E.mine, async (c) => {
    const items = await panel.memberSessions(c.get('member').id, deps.now())
    return c.json({
      items: items.map(({ memberId: _member, ...session }) => wire(session)),
    } satisfies MyPanelSessions)
  })

  return app
}
