/**
 * The media plan of a signed deal and its ledger in the workspace (ADRs
 * 0160-0161; the contract in domain/workspace-api/media-plan.ts).
 * Admins only, like the deal (ADR 0159). Mounted behind the session, CSRF
 * and conflict guards: a member with a conflict never reaches
 * /applications/:id/media-plan. Every read is audited (media_plan.viewed);
 * every line and entry is written with its audit entry by the store, after
 * the domain's reading accepted it against the whole ledger, inside the
 * write's transaction: a refusal is a 422 in Spanish and changes nothing.
 */
import { checkBody, route, routeReadingBody } from '../../shared/http/route.ts'
import { mediaPlanEndpoints as E, type BehindDeal, type BehindDeals, type MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { formatIsoDay } from '../../../domain/format.ts'
import { MEDIA_PLAN_MESSAGES, PLAN_LINES_MAX, PROOF_FILE_MAX_BYTES, PROOF_FILE_TYPES, balancesOf, behindPace, dealPaceOf, pacingOf, readLineWithdrawal, readPlanEntry, readPlanLine, windowOf } from '../../../domain/media-plan.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { MediaPlanLedger, MediaPlanStore, NewProof } from '../../db/stores/media-plan-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import { memberNames, type TeamStore } from '../../db/stores/team-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { invalid, jsonBody, notFound } from '../../shared/http/json.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import { checkBytes } from '../../shared/content-check.ts'
import { servedFileName } from '../../../domain/documents.ts'
import { timeOrderedId } from '../../db/time-ordered-id.ts'
import { requestKeyOf } from '../../shared/http/request-once.ts'

export interface MediaPlanRouteDeps {
  mediaPlan: Pick<MediaPlanStore, 'ledger' | 'addLine' | 'appendEntry' | 'deliveries' | 'proof'>
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
  const { mediaPlan: plans, reviews, now } = deps
  const app = new Hono<WorkspaceEnv>()

  const answer = async (ledger: MediaPlanLedger | null): Promise<MediaPlanAnswer> => {
    if (!ledger) return { plan: null, memberNames: {} }
    const names = await memberNames(deps.team, [...ledger.lines.map((l) => l.createdBy), ...ledger.entries.map((x) => x.recordedBy)])
    return { plan: mediaPlanView(ledger, formatIsoDay(now())), memberNames: names }
  }
  const noDeal = (c: Context) => c.json({ error: 'no_deal', message: MEDIA_PLAN_MESSAGES.noDeal }, 404)
  const refused = (c: Context, r: { message: string; errors: Partial<Record<string, string>> }) =>
    invalid(
      c,
      Object.entries(r.errors).map(([path, message]) => ({ path, message: message! })),
      r.message,
    )

  // «Acuerdos atrasados» (the overview): every signed deal behind its pace, from one summing query.
  route(app, E.behind, async (c) => {
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

  route(app, E.plan, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const ledger = await plans.ledger(id)
    // Confidential like the deal: every view is on the record.
    if (ledger) await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'media_plan.viewed', applicationId: id })
    return c.json(wire(await answer(ledger)) satisfies MediaPlanAnswer)
  })

  route(app, E.addLine, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const written = await plans.addLine(
      id,
      (l) => {
        if (l.lines.length >= PLAN_LINES_MAX) return { ok: false, message: MEDIA_PLAN_MESSAGES.tooManyLines, errors: {} }
        const placed = balancesOf(l.deal, l.lines, l.entries).placed
        return readPlanLine(body, { deal: l.deal, rateCard: l.deal.rateCardVersionId ? l.deal.rateCard : null, rateCardNumber: l.deal.rateCardVersionNumber, placed })
      },
      { memberId: c.get('member').id, at: now(), requestKey: requestKeyOf(c) },
    )
    if (written.status === 'not_found') return noDeal(c)
    if (written.status === 'refused') return refused(c, written.refusal)
    return c.json(wire(await answer(written.ledger)) satisfies MediaPlanAnswer, 201)
  })

  // As JSON, or as multipart/form-data with the proof file (ADR 0163 addendum): the file is checked by its
  // bytes here and kept only in the entry's own transaction, so a refusal of either stores nothing.
  routeReadingBody(app, E.addEntry, async (c) => {
    const read = await entryBody(c)
    if (!read.ok) return invalid(c, read.issues, read.issues[0]?.message)
    const parsed = checkBody(c, E.addEntry, read.fields)
    if (!parsed.ok) return parsed.response
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const today = formatIsoDay(now())
    const proof = read.proof
    const written = await plans.appendEntry(
      id,
      (l) => readPlanEntry(parsed.value, { deal: l.deal, lines: l.lines, entries: l.entries, today, proofFileId: proof?.id ?? null }),
      { memberId: c.get('member').id, at: now(), requestKey: requestKeyOf(c) },
      proof ?? undefined,
    )
    if (written.status === 'not_found') return noDeal(c)
    if (written.status === 'refused') return refused(c, written.refusal)
    return c.json(wire(await answer(written.ledger)) satisfies MediaPlanAnswer, 201)
  })

  // Withdrawing a line is its own action (ADR 0190): the workspace asks first, naming the line and its value.
  route(app, E.withdrawLine, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const today = formatIsoDay(now())
    const written = await plans.appendEntry(
      id,
      (l) => readLineWithdrawal({ lineId: c.req.param('lineId'), reason: body.reason }, { lines: l.lines, entries: l.entries, today }),
      { memberId: c.get('member').id, at: now(), requestKey: requestKeyOf(c) },
    )
    if (written.status === 'not_found') return noDeal(c)
    if (written.status === 'refused') return refused(c, written.refusal)
    return c.json(wire(await answer(written.ledger)) satisfies MediaPlanAnswer, 201)
  })

  // The proof file, for the team (ADR 0163 addendum): an attachment, never shown inline; every download audited.
  route(app, E.proof, async (c) => {
    const id = c.req.param('id')
    const proof = await plans.proof(id, c.req.param('proofId'))
    if (!proof) return c.json({ error: 'not_found', message: 'No encontramos ese archivo de prueba.' }, 404)
    await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'media_plan.proof_downloaded', applicationId: id })
    return c.body(new Uint8Array(proof.content), 200, attachmentHeaders(proof))
  })

  return app
}

type EntryBody = { ok: true; fields: unknown; proof: NewProof | null } | { ok: false; issues: { path: string; message: string }[] }

/** The entry's fields (JSON or form) and its proof file, content-checked (PDF or image by its bytes). */
async function entryBody(c: Context): Promise<EntryBody> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) return { ok: true, fields: await jsonBody(c), proof: null }
  let form: Record<string, string | File>
  try {
    form = (await c.req.parseBody({ all: false })) as Record<string, string | File>
  } catch {
    return { ok: true, fields: undefined, proof: null }
  }
  const fields: Record<string, string | null> = {}
  let file: File | null = null
  for (const [name, value] of Object.entries(form)) {
    if (name === 'proofFile') file = typeof value === 'string' ? null : value
    else if (typeof value === 'string') fields[name] = value
  }
  // A form writes every field as text: the empty optional ones are absent.
  for (const name of ['proofUrl', 'reason', 'makeGoodFor', 'toLineId', 'voids']) if (fields[name] === '') fields[name] = null
  if (!file || file.size === 0) {
    if (file) return { ok: false, issues: [{ path: 'proofFile', message: MEDIA_PLAN_MESSAGES.proofFileEmpty }] }
    return { ok: true, fields, proof: null }
  }
  if (file.size > PROOF_FILE_MAX_BYTES) return { ok: false, issues: [{ path: 'proofFile', message: MEDIA_PLAN_MESSAGES.proofFileTooLarge }] }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const verdict = await checkBytes(bytes, PROOF_FILE_TYPES)
  if (!verdict.ok) return { ok: false, issues: [{ path: 'proofFile', message: MEDIA_PLAN_MESSAGES.proofFileRefused }] }
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  return {
    ok: true,
    fields,
    proof: { id: timeOrderedId(), fileName: servedFileName(file.name, verdict.mediaType), mediaType: verdict.mediaType, sizeBytes: bytes.byteLength, sha256, content: bytes },
  }
}
