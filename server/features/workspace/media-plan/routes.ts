/**
 * The media plan of a signed deal and its ledger in the workspace (issue 20;
 * ADRs 0160-0161; the contract in domain/workspace-api/media-plan.ts).
 * Admins only, like the deal (ADR 0159). Mounted behind the session, CSRF
 * and conflict guards: a member with a conflict never reaches
 * /applications/:id/media-plan. Every read is audited (media_plan.viewed);
 * every line and entry is written with its audit entry by the store, after
 * the domain's reading accepted it against the whole ledger, inside the
 * write's transaction: a refusal is a 422 in Spanish and changes nothing.
 */
import { Hono, type Context } from 'hono'
import { formatIsoDay } from '../../../../domain/format.ts'
import { MEDIA_PLAN_MESSAGES, PLAN_LINES_MAX, balancesOf, behindPace, dealPaceOf, pacingOf, readPlanEntry, readPlanLine, windowOf } from '../../../../domain/media-plan.ts'
import { PlanEntrySchema, PlanLineSchema, type BehindDeal, type BehindDeals, type MediaPlanAnswer } from '../../../../domain/workspace-api/media-plan.ts'
import { wire } from '../../../../domain/workspace-api/wire.ts'
import type { ConflictStore } from '../../../db/stores/conflict-store.ts'
import type { MediaPlanLedger, MediaPlanStore } from '../../../db/stores/media-plan-store.ts'
import type { ReviewStore } from '../../../db/stores/review-store.ts'
import type { TeamStore } from '../../../db/stores/team-store.ts'
import type { WorkspaceEnv } from '../../../shared/auth/context.ts'
import { adminOnly, invalid, jsonBody, notFound, parseWith } from '../../../shared/http/json.ts'

export interface MediaPlanRouteDeps {
  plans: Pick<MediaPlanStore, 'ledger' | 'addLine' | 'appendEntry' | 'deliveries'>
  conflicts: Pick<ConflictStore, 'conflictedApplications'>
  reviews: Pick<ReviewStore, 'getApplication' | 'appendAudit'>
  team: Pick<TeamStore, 'listMembers'>
  now: () => Date
}

/** The ledger as the page shows it: the lines, the entries, the balances and the pacing on `today`. */
export function mediaPlanView(ledger: MediaPlanLedger, today: string): NonNullable<MediaPlanAnswer['plan']> {
  const { deal, lines, entries } = ledger
  const balances = balancesOf(deal, lines, entries)
  return {
    applicationId: deal.applicationId,
    mediaValueCop: deal.mediaValueCop,
    windowStart: deal.windowStart,
    windowEnd: windowOf(deal).end,
    rateCardVersionId: deal.rateCardVersionId,
    rateCardVersionNumber: deal.rateCardVersionNumber,
    rateCard: deal.rateCard,
    lines: wire(lines),
    entries: wire(entries),
    balances,
    pacing: pacingOf(balances, today),
    behind: behindPace(balances, today),
    today,
  }
}

export function mediaPlanRoutes(deps: MediaPlanRouteDeps): Hono<WorkspaceEnv> {
  const { plans, reviews, now } = deps
  const app = new Hono<WorkspaceEnv>()

  const answer = async (ledger: MediaPlanLedger | null): Promise<MediaPlanAnswer> => {
    if (!ledger) return { plan: null, memberNames: {} }
    const wanted = new Set([...ledger.lines.map((l) => l.createdBy), ...ledger.entries.map((x) => x.recordedBy)].filter((id): id is string => id !== null))
    const memberNames = wanted.size === 0 ? {} : Object.fromEntries((await deps.team.listMembers()).filter((m) => wanted.has(m.id)).map((m) => [m.id, m.name]))
    return { plan: mediaPlanView(ledger, formatIsoDay(now())), memberNames }
  }
  const noDeal = (c: Context) => c.json({ error: 'no_deal', message: MEDIA_PLAN_MESSAGES.noDeal }, 404)
  const refused = (c: Context, r: { message: string; errors: Partial<Record<string, string>> }) =>
    invalid(
      c,
      Object.entries(r.errors).map(([path, message]) => ({ path, message: message! })),
      r.message,
    )

  // «Acuerdos atrasados» (the overview): every signed deal behind its pace, from one summing query.
  app.get('/media-plans/behind', adminOnly, async (c) => {
    const member = c.get('member')
    const today = formatIsoDay(now())
    const [deals, conflicted] = await Promise.all([plans.deliveries(), deps.conflicts.conflictedApplications(member.id)])
    const items: BehindDeal[] = []
    for (const deal of deals) {
      const pace = dealPaceOf(deal, today)
      if (!pace.behind) continue
      const { behind: _behind, ran, remaining, ...pacing } = pace
      items.push(
        conflicted.has(deal.applicationId)
          ? { applicationId: deal.applicationId, reference: deal.reference, tradeName: '', conflicted: true, committed: null, ran: null, remaining: null, pacing: null, windowEnd: null }
          : {
              applicationId: deal.applicationId,
              reference: deal.reference,
              tradeName: deal.tradeName,
              conflicted: false,
              committed: deal.mediaValueCop,
              ran,
              remaining,
              pacing,
              windowEnd: windowOf(deal).end,
            },
      )
    }
    // Which deals are late is confidential too: every read is on the record.
    await reviews.appendAudit({ at: now(), memberId: member.id, action: 'media_plan.portfolio_viewed', applicationId: null, detail: { deals: deals.length, behind: items.length } })
    return c.json({ today, deals: deals.length, items } satisfies BehindDeals)
  })

  app.get('/applications/:id/media-plan', adminOnly, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const ledger = await plans.ledger(id)
    // Confidential like the deal: every view is on the record.
    if (ledger) await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'media_plan.viewed', applicationId: id })
    return c.json(wire(await answer(ledger)) satisfies MediaPlanAnswer)
  })

  app.post('/applications/:id/media-plan/lines', adminOnly, async (c) => {
    const parsed = parseWith(PlanLineSchema, await jsonBody(c))
    if (!parsed.ok) return invalid(c, parsed.issues, parsed.issues[0]?.message)
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const written = await plans.addLine(
      id,
      (l) => {
        if (l.lines.length >= PLAN_LINES_MAX) return { ok: false, message: MEDIA_PLAN_MESSAGES.tooManyLines, errors: {} }
        const placed = balancesOf(l.deal, l.lines, l.entries).placed
        return readPlanLine(parsed.value, { deal: l.deal, rateCard: l.deal.rateCardVersionId ? l.deal.rateCard : null, rateCardNumber: l.deal.rateCardVersionNumber, placed })
      },
      { memberId: c.get('member').id, at: now() },
    )
    if (written.status === 'not_found') return noDeal(c)
    if (written.status === 'refused') return refused(c, written.refusal)
    return c.json(wire(await answer(written.ledger)) satisfies MediaPlanAnswer, 201)
  })

  app.post('/applications/:id/media-plan/entries', adminOnly, async (c) => {
    const parsed = parseWith(PlanEntrySchema, await jsonBody(c))
    if (!parsed.ok) return invalid(c, parsed.issues, parsed.issues[0]?.message)
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const today = formatIsoDay(now())
    const written = await plans.appendEntry(id, (l) => readPlanEntry(parsed.value, { deal: l.deal, lines: l.lines, entries: l.entries, today }), { memberId: c.get('member').id, at: now() })
    if (written.status === 'not_found') return noDeal(c)
    if (written.status === 'refused') return refused(c, written.refusal)
    return c.json(wire(await answer(written.ledger)) satisfies MediaPlanAnswer, 201)
  })

  return app
}
