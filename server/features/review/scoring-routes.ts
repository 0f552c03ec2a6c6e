/**
 * Assignments, criterion weights and "Para discutir" (docs/workspace.md
 * "Assignments and fair scores"). Mounted behind the session and CSRF
 * middleware like the review routes.
 */
import { route } from '../../shared/http/route.ts'
import {
  scoringEndpoints as E,
  PLAN_MAX,
  type ApplicationScoring,
  type AssignAnswer,
  type AssignOutcome,
  type DiscussionCleared,
  type Proposal,
  type Taken,
  type Unassigned,
  type WeightsAnswer,
} from '../../../domain/workspace-api/scoring.ts'
import { Hono } from 'hono'
import { proposeAssignments, scoresFingerprint, type CriterionWeights } from '../../../domain/scoring.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { ScoringStore } from '../../db/stores/scoring-store.ts'
import { fairScores } from './fair-scores.ts'
import { notFound } from '../../shared/http/json.ts'

export interface ScoringRouteDeps {
  reviews: ReviewStore
  scoring: ScoringStore
  now: () => Date
}

const samePlan = (a: readonly { applicationId: string; memberId: string }[], b: typeof a) =>
  a.length === b.length && a.every((p, i) => p.applicationId === b[i]!.applicationId && p.memberId === b[i]!.memberId)

export function scoringRoutes(deps: ScoringRouteDeps): Hono<WorkspaceEnv> {
  const { reviews, scoring, now } = deps
  const app = new Hono<WorkspaceEnv>()

  route(app, E.weights, async (c) => c.json({ weights: await scoring.getWeights() } satisfies WeightsAnswer))

  route(app, E.setWeights, async (c, body) => {
    const weights: CriterionWeights = body.weights
    await scoring.setWeights(weights, c.get('member').id, now())
    return c.json({ weights } satisfies WeightsAnswer)
  })

  /** Who is assigned, who has scored, and the fair scores (hidden like the average until the viewer has scored). */
  route(app, E.scoring, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const member = c.get('member')
    const [assignments, reviewList] = await Promise.all([scoring.listAssignments(id), reviews.listReviews(id)])
    const reviewed = new Set(reviewList.map((r) => r.member.id))
    const visible = member.role === 'admin' || reviewed.has(member.id)
    const fair = (await fairScores(scoring, [id], now())).get(id)!
    return c.json(wire({
      assignments: assignments.map((a) => ({ ...a, reviewed: reviewed.has(a.member.id) })),
      reviewers: reviewList.map((r) => ({ member: r.member, reviewedAt: r.updatedAt })),
      scores: visible
        ? {
            weighted: fair.reviewScores.length ? fair.reviewScores.reduce((s, r) => s + r.score, 0) / fair.reviewScores.length : null,
            normalised: fair.normalised,
            reviews: fair.reviewScores,
            disagreements: fair.disagreements,
            discussion: fair.discussion,
          }
        : null,
    }) satisfies ApplicationScoring)
  })

  route(app, E.assign, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const outcome = await scoring.assign(
      body.memberIds.map((memberId) => ({ applicationId: id, memberId })),
      c.get('member').id,
      now(),
    )
    return c.json(wire({ ...outcome, assignments: await scoring.listAssignments(id) }) satisfies AssignAnswer)
  })

  route(app, E.unassign, async (c) => {
    const removed = await scoring.unassign({ applicationId: c.req.param('id'), memberId: c.req.param('memberId') }, c.get('member').id, now())
    if (!removed) return c.json({ error: 'not_found', message: 'Esa asignación no existe.' }, 404)
    return c.json({ removed: true } satisfies Unassigned)
  })

  /** A member takes an application nobody is assigned to yet. */
  route(app, E.take, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    if ((await scoring.listAssignments(id)).length > 0) {
      return c.json({ error: 'conflict', message: 'Esta postulación ya tiene a alguien asignado.' }, 409)
    }
    const me = c.get('member').id
    const outcome = await scoring.assign([{ applicationId: id, memberId: me }], me, now())
    if (outcome.added === 0) return c.json({ error: 'conflict', message: 'No puedes tomar esta postulación.' }, 409)
    return c.json(wire({ assignments: await scoring.listAssignments(id) }) satisfies Taken)
  })

  route(app, E.clearDiscussion, async (c) => {
    const id = c.req.param('id')
    const reviewList = await reviews.listReviews(id)
    const fingerprint = scoresFingerprint(reviewList.map((r) => ({ memberId: r.member.id, scores: r.scores })))
    if (!(await scoring.clearDiscussion(id, fingerprint, c.get('member').id, now()))) return notFound(c)
    return c.json({ discussion: false } satisfies DiscussionCleared)
  })

  /** "Repartir": the plan for the current state, to show the admin; nothing is written. */
  route(app, E.proposal, async (c) => c.json({ plan: await currentPlan() } satisfies Proposal))

  /** Applies exactly the plan the admin saw, or nothing if the state has changed since (409 stale). */
  route(app, E.confirmProposal, async (c, body) => {
    const plan = await currentPlan()
    if (!samePlan(plan, body.plan)) {
      return c.json(
        { error: 'stale', message: 'Las asignaciones cambiaron desde que se preparó el reparto. Revisa la nueva propuesta.', plan },
        409,
      )
    }
    const outcome = await scoring.assign(plan, c.get('member').id, now())
    return c.json(outcome satisfies AssignOutcome)
  })

  async function currentPlan() {
    const state = await scoring.assignmentState()
    return proposeAssignments({ applicationIds: state.unassigned, reviewers: state.reviewers, conflicts: state.conflicts }).slice(0, PLAN_MAX)
  }

  return app
}
