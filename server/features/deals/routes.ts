/**
 * The deal and the rate card (ADRs 0157-0159), admins only: a
 * reviewer is refused (403), so the deal's terms never reach them. The deal
 * is recorded with the move to "Acuerdo firmado" (review/routes.ts and
 * changeStage, in the same transaction); here it is read (audited as
 * deal.viewed) and corrected (audited with the fields that changed). The
 * rate card: drafts created and edited, then published, never edited after.
 * Mounted behind the session, CSRF and conflict guards: a member with a
 * conflict never reaches /applications/:id/deal.
 */
import { route } from '../../shared/http/route.ts'
import type { ParsedBodyOf } from '../../../domain/workspace-api/endpoint.ts'
import { dealEndpoints as E, type DealAnswer, type RateCardAnswer, type RateCardList } from '../../../domain/workspace-api/deals.ts'
import { Hono, type Context } from 'hono'
import { RATE_CARD_NOT_PUBLISHED, RATE_CARD_PUBLISHED_REFUSAL, pastFollowUpStartProblem, readDeal, readRateCard, type RateCardItem } from '../../../domain/deals.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { DealStore } from '../../db/stores/deal-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import { memberNames, type TeamStore } from '../../db/stores/team-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { dealInvalid } from './deal-errors.ts'
import { invalid, notFound } from '../../shared/http/json.ts'

export interface DealRouteDeps {
  deals: DealStore
  conflicts: Pick<ConflictStore, 'conflictedApplications'>
  reviews: Pick<ReviewStore, 'getApplication' | 'appendAudit'>
  team: Pick<TeamStore, 'listMembers'>
  now: () => Date
}

const OWNER_UNKNOWN = 'Elige a una persona activa del equipo.'
const OWNER_CONFLICTED = 'Esa persona declaró un conflicto de interés con esta postulación: elige a otra.'
const NO_DEAL = 'Esta postulación no tiene un acuerdo registrado: el acuerdo se registra al marcarla como «Acuerdo firmado».'

export function dealRoutes(deps: DealRouteDeps): Hono<WorkspaceEnv> {
  const { deals, reviews, now } = deps
  const app = new Hono<WorkspaceEnv>()

  const names = (ids: readonly (string | null)[]) => memberNames(deps.team, ids)

  route(app, E.deal, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const deal = await deals.deal(id)
    // The deal is confidential: every view is on the record, as the application's.
    if (deal) await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'deal.viewed', applicationId: id })
    return c.json(wire({ deal, memberNames: deal ? await names([deal.signedBy, deal.updatedBy, deal.ownerId]) : {} }) satisfies DealAnswer)
  })

  route(app, E.correct, async (c, body) => {
    const read = readDeal(body)
    if (!read.ok) return dealInvalid(c, read.errors)
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const current = await deals.deal(id)
    if (!current) return c.json({ error: 'no_deal', message: NO_DEAL }, 404)
    // Moving the follow-up's start into the past asks for the admin's confirmation; keeping it does not.
    const past = pastFollowUpStartProblem(body, formatIsoDay(now()), current.followUpStart)
    if (past) return dealInvalid(c, { followUpStart: past })
    // A correction may name another version, only a published one (the one it was signed with stays unless changed).
    const version = read.terms.rateCardVersionId
    if (version !== null && version !== current.rateCardVersionId && (await deals.rateCard(version))?.status !== 'published') {
      return invalid(c, [{ path: 'deal.rateCardVersionId', message: RATE_CARD_NOT_PUBLISHED }], RATE_CARD_NOT_PUBLISHED)
    }
    const outcome = await deals.correctDeal(id, read.terms, { memberId: c.get('member').id, at: now() })
    if (outcome === 'not_found') return c.json({ error: 'no_deal', message: NO_DEAL }, 404)
    return c.json(wire({ deal: outcome.deal, memberNames: await names([outcome.deal.signedBy, outcome.deal.updatedBy, outcome.deal.ownerId]) }) satisfies DealAnswer)
  })

  // «Responsable» (ADR 0162): an active member without a conflict with the application, or nobody.
  route(app, E.setOwner, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const ownerId = body.memberId
    if (ownerId !== null) {
      const member = (await deps.team.listMembers()).find((m) => m.id === ownerId)
      const refusal = !member || !member.active ? OWNER_UNKNOWN : (await deps.conflicts.conflictedApplications(ownerId)).has(id) ? OWNER_CONFLICTED : null
      if (refusal) return invalid(c, [{ path: 'memberId', message: refusal }], refusal)
    }
    const deal = await deals.setOwner(id, ownerId, { memberId: c.get('member').id, at: now() })
    if (deal === 'not_found') return c.json({ error: 'no_deal', message: NO_DEAL }, 404)
    return c.json(wire({ deal, memberNames: await names([deal.signedBy, deal.updatedBy, deal.ownerId]) }) satisfies DealAnswer)
  })

  route(app, E.rateCards, async (c) => {
    const versions = await deals.listRateCards()
    return c.json(wire({ versions, memberNames: await names(versions.flatMap((v) => [v.createdBy, v.publishedBy])) }) satisfies RateCardList)
  })

  const readCard = (c: Context<WorkspaceEnv>, body: ParsedBodyOf<typeof E.createRateCard>): Response | { note: string; items: RateCardItem[] } => {
    const read = readRateCard(body.items)
    if (!read.ok) {
      return invalid(c, Object.entries(read.errors).map(([i, message]) => ({ path: `items.${i}`, message })), read.message)
    }
    return { note: body.note, items: read.items }
  }

  route(app, E.createRateCard, async (c, body) => {
    const card = readCard(c, body)
    if (card instanceof Response) return card
    const version = await deals.createRateCard({ ...card, memberId: c.get('member').id, at: now() })
    return c.json(wire({ version }) satisfies RateCardAnswer, 201)
  })

  route(app, E.editRateCard, async (c, body) => {
    const card = readCard(c, body)
    if (card instanceof Response) return card
    const outcome = await deals.editRateCard(c.req.param('id'), { ...card, memberId: c.get('member').id, at: now() })
    if (outcome === 'not_found') return c.json({ error: 'not_found', message: 'No encontramos esa versión del tarifario.' }, 404)
    if (outcome === 'published') return c.json({ error: 'published', message: RATE_CARD_PUBLISHED_REFUSAL }, 409)
    return c.json(wire({ version: outcome }) satisfies RateCardAnswer)
  })

  route(app, E.publishRateCard, async (c) => {
    const current = await deals.rateCard(c.req.param('id'))
    if (current && current.items.length === 0) return invalid(c, [], 'Agrega al menos una línea antes de publicar el tarifario.')
    const outcome = await deals.publishRateCard(c.req.param('id'), { memberId: c.get('member').id, at: now() })
    if (outcome === 'not_found') return c.json({ error: 'not_found', message: 'No encontramos esa versión del tarifario.' }, 404)
    if (outcome === 'published') return c.json({ error: 'published', message: RATE_CARD_PUBLISHED_REFUSAL }, 409)
    return c.json(wire({ version: outcome }) satisfies RateCardAnswer)
  })

  return app
}
