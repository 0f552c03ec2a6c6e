/**
 * The twelve months of follow-up in the workspace (ADRs
 * 0164-0167; the contract in domain/workspace-api/follow-up.ts). Admins only,
 * like the deal (ADR 0159): the founders' figures are confidential. Mounted
 * behind the session, CSRF and conflict guards: a member with a conflict
 * never reaches /applications/:id/follow-up, and «Seguimiento» shows them
 * that startup's reference only. Every read and every change is audited.
 */
import { readBody, route, routeReadingBody } from '../../shared/http/route.ts'
import { followUpEndpoints as E, type FollowUpAnswer, type FollowUpPortfolio, type PortfolioRow } from '../../../domain/workspace-api/follow-up.ts'
import { Hono } from 'hono'
import { isCalendarDay } from '../../../domain/bogota-days.ts'
import { FOLLOW_UP_MESSAGES, followUpView, isMilestoneMonth, portfolioRow } from '../../../domain/follow-up.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { FollowUpRecord, FollowUpStore } from '../../db/stores/follow-up-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import { memberNames, type TeamStore } from '../../db/stores/team-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { DealPacesSource, MediaDaysSource } from '../media-plan/media-days.ts'
import { invalid, notFound } from '../../shared/http/json.ts'

export interface FollowUpRouteDeps {
  followUp: Omit<FollowUpStore, 'mailCandidates' | 'claimMail' | 'submitCheckIn'>
  reviews: Pick<ReviewStore, 'getApplication' | 'appendAudit'>
  conflicts: Pick<ConflictStore, 'conflictedApplications'>
  team: Pick<TeamStore, 'listMembers'>
  /** The days the startup's media ran, drawn behind its charts (server/features/media-plan/media-days.ts: the media plan's ledger). */
  mediaDays: MediaDaysSource
  /** Every deal's media pace, beside each startup in «Seguimiento» (server/features/media-plan/media-days.ts). */
  paces: DealPacesSource
  now: () => Date
}

export function followUpRoutes(deps: FollowUpRouteDeps): Hono<WorkspaceEnv> {
  const { followUp, reviews, now } = deps
  const app = new Hono<WorkspaceEnv>()

  const names = (record: FollowUpRecord | null) => memberNames(deps.team, [...(record?.milestones ?? []).map((m) => m.recordedBy), record?.closing?.closedBy ?? null])
  const answer = async (record: FollowUpRecord | null): Promise<FollowUpAnswer> =>
    wire({
      followUp: record ? { applicationId: record.applicationId, reference: record.reference, ...followUpView(record, formatIsoDay(now())) } : null,
      memberNames: await names(record),
      mediaDays: record ? await deps.mediaDays(record.applicationId) : [],
    }) satisfies FollowUpAnswer

  route(app, E.portfolio, async (c) => {
    const member = c.get('member')
    const today = formatIsoDay(now())
    const [entries, conflicted, paces] = await Promise.all([followUp.portfolio(), deps.conflicts.conflictedApplications(member.id), deps.paces(today)])
    const items: PortfolioRow[] = entries.map((entry) =>
      conflicted.has(entry.applicationId)
        ? {
            applicationId: entry.applicationId,
            reference: entry.reference,
            companyName: '',
            tradeName: '',
            followUpStart: '',
            current: null,
            lastCheckIn: null,
            answered: 0,
            missed: 0,
            milestones: [],
            closedAt: null,
            sales: [],
            conflicted: true,
            pace: null,
          }
        : { ...wire(portfolioRow(entry, today)), conflicted: false, pace: paces.get(entry.applicationId) ?? null },
    )
    // Which startups are late is confidential too: every read is on the record.
    await reviews.appendAudit({ at: now(), memberId: member.id, action: 'follow_up.portfolio_viewed', applicationId: null, detail: { count: items.length } })
    return c.json({ today, items, late: items.filter((i) => i.current?.state === 'late').length } satisfies FollowUpPortfolio)
  })

  route(app, E.followUp, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const record = await followUp.followUp(id)
    if (record) await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'follow_up.viewed', applicationId: id })
    return c.json(await answer(record))
  })

  const noDeal = { error: 'no_deal', message: FOLLOW_UP_MESSAGES.noDeal } as const

  routeReadingBody(app, E.milestone, async (c) => {
    const month = Number(c.req.param('month'))
    if (!/^\d{1,2}$/.test(c.req.param('month')) || !isMilestoneMonth(month)) {
      return invalid(c, [{ path: 'month', message: 'Las revisiones son a los meses 3, 6 y 12.' }], 'Las revisiones son a los meses 3, 6 y 12.')
    }
    const parsed = await readBody(c, E.milestone)
    if (!parsed.ok) return parsed.response
    const { heldOn, note } = parsed.value
    // A real day, not a future one (Bogotá): a review is recorded once held.
    if (!isCalendarDay(heldOn) || heldOn > formatIsoDay(now())) {
      return invalid(c, [{ path: 'heldOn', message: FOLLOW_UP_MESSAGES.milestoneDay }], FOLLOW_UP_MESSAGES.milestoneDay)
    }
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const recorded = await followUp.recordMilestone({ applicationId: id, month, heldOn, note, memberId: c.get('member').id, at: now() })
    if (recorded === 'not_found') return c.json(noDeal, 404)
    return c.json(await answer(await followUp.followUp(id)))
  })

  route(app, E.closing, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const closed = await followUp.close({ applicationId: id, note: body.note, memberId: c.get('member').id, at: now() })
    if (closed === 'not_found') return c.json(noDeal, 404)
    if (closed === 'closed') return c.json({ error: 'closed', message: FOLLOW_UP_MESSAGES.alreadyClosed }, 409)
    return c.json(await answer(await followUp.followUp(id)))
  })

  return app
}
