/**
 * The review routes of docs/workspace.md ("Review"): overview, list, detail,
 * transitions, reviews, notes, exports and the audit log. Mounted behind the
 * session and CSRF middleware (auth/), which sets c.get('member').
 */
import { isLiveAgreement } from '../../../domain/agreements-records.ts'
import type { AgreementStore } from '../../db/stores/agreement-store.ts'
import { Hono } from 'hono'
import * as v from 'valibot'
import { dueState } from '../../../domain/pipeline.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import {
  AuditQuerySchema,
  EXPORT_ENDPOINTS,
  reviewEndpoints as E,
  type ApplicationDetail,
  type ApplicationPage,
  type AuditPage,
  type NoteAnswer,
  type Overview,
  type ReviewAnswer,
  type TransitionResult,
} from '../../../domain/workspace-api/review.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import type { DealStore } from '../../db/stores/deal-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ScoringStore } from '../../db/stores/scoring-store.ts'
import { fairScores } from './fair-scores.ts'
import { ListFilterEntries, filterQuery } from './list-filter.ts'
import { suggestsConflict } from '../../../domain/conflicts.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import { APPLICATION_SORTS, type ApplicationListQuery, type ApplicationListRow, type AuditFilter, type ReviewStore } from '../../db/stores/review-store.ts'
import { changeStage, documentsMissingRefusal, type ChangeStageDeps } from './pipeline.ts'
import { applicationDetail } from './detail.ts'
import { invalid, notFound, parseWith } from '../../shared/http/json.ts'
import { route } from '../../shared/http/route.ts'
import { auditedExport } from './export.ts'
import { EXPORT_FORMATS, attributionsOf } from './export-content.ts'
import { originOf } from '../../db/stores/source-store.ts'
import { countOf } from '../../../domain/format.ts'
import { bogotaDayStart } from '../../../domain/bogota-days.ts'
import { bogotaPeriods } from './periods.ts'
import { isUuid } from '../../db/time-ordered-id.ts'
import { DEAL_NOT_SIGNING_REFUSAL, DEAL_REQUIRED_REFUSAL, RATE_CARD_NOT_PUBLISHED, pastFollowUpStartProblem, readDeal, type DealTerms } from '../../../domain/deals.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import { dealInvalid } from '../deals/deal-errors.ts'
import { KEEP_SESSION_MESSAGES, mayKeepSession } from '../../../domain/pipeline.ts'

export interface ReviewRouteDeps {
  store: ApplicationStore
  reviews: ReviewStore
  /** What a stage change writes, store by store (changeStage runs them in one transaction, ADR 0208). */
  steps: ChangeStageDeps['steps']
  /** Assignments, weights and the discussion flag (ADR 0105). */
  scoring: ScoringStore
  /** Conflicted rows are masked in the list; conflicted members' reviews left out of the detail's figures. */
  conflicts: Pick<ConflictStore, 'conflictedMembers' | 'conflictedApplications'>
  /** The clock for due states, periods and the times recorded. */
  now: () => Date
  /** The founder's e-mails of stage changes (stage-mail.ts); without it none is written. */
  founders?: ChangeStageDeps['founders']
  /** Checked before "Acuerdo firmado" (ADR 0139); without it, not checked. */
  documents?: ChangeStageDeps['documents']
  /** The deal at the signature (ADR 0159); without it (tests of other parts), "Acuerdo firmado" asks for none. */
  deals?: DealStore
  /**
   * The agreements (server/features/agreements/): while one is out for signature or being sealed, «Acuerdo firmado»
   * is reached only by its two signatures (the sealing moves the stage), never typed by hand. Without it, not checked.
   */
  agreements?: Pick<AgreementStore, 'agreementsOf'>
}

/** The refusal of a move by hand to «Acuerdo firmado» while the agreement is out for signature. */
export const AGREEMENT_UNDER_WAY_REFUSAL =
  'El acuerdo de esta postulación está enviado para firma: la postulación pasa a «Acuerdo firmado» sola cuando firmen la persona fundadora y el programa.'

export const PAGE_SIZE_DEFAULT = 50
export const PAGE_SIZE_MAX = 100
export const AUDIT_PAGE_SIZE = 50
/** Sorting by the normalised score ranks the whole filtered list at read time; beyond this many rows it is refused. */
export const NORMALISED_SORT_MAX = 20_000
const NORMALISED_SORT = 'normalised_desc'

const pageNumber = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number), v.minValue(1), v.maxValue(max))

const ListQuerySchema = v.object({
  ...ListFilterEntries,
  sort: v.optional(v.picklist([...APPLICATION_SORTS, NORMALISED_SORT])),
  page: v.optional(pageNumber(1_000_000)),
  pageSize: v.optional(pageNumber(PAGE_SIZE_MAX)),
})


/** The export's query: the list's own, without its page (every page of what the list shows; ADR 0195). */
const ExportQuerySchema = v.omit(ListQuerySchema, ['page', 'pageSize'])
/** Most applications one export takes (the normalised order ranks them all in the server); a larger list is refused. */
export const EXPORT_MAX = NORMALISED_SORT_MAX

/** Whether the query narrows the list (a sort alone does not). */
const isFiltered = (q: v.InferOutput<typeof ExportQuerySchema>, now: Date) =>
  Object.values(filterQuery(q, now)).some((value) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== false))

/** Highest normalised score first; none (or hidden) last, in the list's order (newest first). */
function byNormalisedScore<T extends { normalised: number | null }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (b.item.normalised ?? -Infinity) - (a.item.normalised ?? -Infinity) || a.index - b.index)
    .map((x) => x.item)
}

/** What a member sees of an application they are conflicted with: its reference, nothing else. */
export const conflictedListRow = (item: ApplicationListRow) => ({
  id: item.id,
  reference: item.reference,
  conflicted: true as const,
})

export function reviewRoutes(deps: ReviewRouteDeps): Hono<WorkspaceEnv> {
  const { store, reviews, conflicts, now } = deps
  const app = new Hono<WorkspaceEnv>()

  route(app, E.overview, async (c) => {
    const at = now()
    return c.json((await reviews.overview({ now: at, ...bogotaPeriods(at) })) satisfies Overview)
  })

  route(app, E.applications, async (c) => {
    const parsed = parseWith(ListQuerySchema, c.req.query())
    if (!parsed.ok) return invalid(c, parsed.issues)
    const q = parsed.value
    const member = c.get('member')
    const at = now()
    const page = q.page ?? 1
    const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT
    const viewer = { memberId: member.id, isAdmin: member.role === 'admin' }
    const byNormalised = q.sort === NORMALISED_SORT
    const query: ApplicationListQuery = {
      ...filterQuery(q, at),
      sort: q.sort === undefined || q.sort === NORMALISED_SORT ? 'received_desc' : q.sort,
      // The normalised score is not a column: rank every filtered row, then cut the page.
      page: byNormalised ? 1 : page,
      pageSize: byNormalised ? NORMALISED_SORT_MAX : pageSize,
      now: at,
      viewer,
      masked: 'listed_last',
    }
    const result = await reviews.listApplications(query)
    if (byNormalised && result.total > NORMALISED_SORT_MAX) {
      return invalid(c, [], 'Demasiadas postulaciones para ordenar por puntaje normalizado: filtra la lista primero.')
    }
    const [conflicted, fair] = await Promise.all([
      conflicts.conflictedApplications(member.id),
      fairScores(deps.scoring, result.items.map((i) => i.id), at),
    ])
    // Like the average, hidden from a reviewer until they have scored the application
    // (and from a conflicted member, so the normalised order cannot give it away either).
    const shown = result.items.map((item) => {
      const visible = (viewer.isAdmin || item.myReview) && !conflicted.has(item.id)
      const f = fair.get(item.id)
      return {
        ...item,
        conflicted: false as const,
        dueState: dueState(item.stageDueAt, at),
        normalised: visible ? (f?.normalised ?? null) : null,
        discussion: visible ? (f?.discussion ?? false) : false,
      }
    })
    const ordered = byNormalised ? byNormalisedScore(shown).slice((page - 1) * pageSize, page * pageSize) : shown
    const items = ordered.map((item) => (conflicted.has(item.id) ? conflictedListRow(item) : item))
    return c.json(wire({ items, total: result.total, page, pageSize }) satisfies ApplicationPage)
  })

  // The list's export (ADR 0195): the rows GET /applications shows this admin with the same query (filter,
  // search, sort), every page, less those they declared a conflict with (ADR 0107: left out, not masked).
  for (const format of EXPORT_FORMATS) {
    route(app, EXPORT_ENDPOINTS[format], async (c) => {
      const parsed = parseWith(ExportQuerySchema, c.req.query())
      if (!parsed.ok) return invalid(c, parsed.issues)
      const q = parsed.value
      const member = c.get('member')
      const at = now()
      const viewer = { memberId: member.id, isAdmin: member.role === 'admin' }
      const result = await reviews.listApplications({
        ...filterQuery(q, at),
        sort: q.sort === undefined || q.sort === NORMALISED_SORT ? 'received_desc' : q.sort,
        page: 1,
        pageSize: EXPORT_MAX,
        now: at,
        viewer,
        masked: 'left_out',
      })
      if (result.total > EXPORT_MAX) return invalid(c, [], `Una exportación toma como máximo ${countOf(EXPORT_MAX, 'postulación', 'postulaciones')}: filtra la lista primero.`)
      let rows = result.items
      if (q.sort === NORMALISED_SORT) {
        // The list's ranking: the same scores, hidden the same way (none are hidden from an admin).
        const fair = await fairScores(deps.scoring, rows.map((i) => i.id), at)
        rows = byNormalisedScore(rows.map((item) => ({ ...item, normalised: viewer.isAdmin || item.myReview ? (fair.get(item.id)?.normalised ?? null) : null })))
      }
      return auditedExport({ reviews, store }, { memberId: member.id, isAdmin: viewer.isAdmin, format, at, filtered: isFiltered(q, at) }, rows)
    })
  }

  route(app, E.application, async (c) => {
    const id = c.req.param('id')
    const record = await reviews.getApplication(id)
    if (!record) return notFound(c)
    const [messages, allReviews, notes, stageChanges, conflictedMembers, founderMail, attributions] = await Promise.all([
      store.listMessages({ applicationId: id }),
      reviews.listReviews(id),
      reviews.listNotes(id),
      reviews.listStageChanges(id),
      conflicts.conflictedMembers(id),
      deps.founders ? deps.founders.store.listDrafts(id) : [],
      attributionsOf(store, [record.application]),
    ])
    // A conflicted member's review no longer counts; the guard already keeps them out of this page.
    const reviewList = allReviews.filter((r) => !conflictedMembers.has(r.member.id))
    const member = c.get('member')
    const at = now()
    // Every view of a founder's data is on the record (Ley 1581).
    await reviews.appendAudit({ at, memberId: member.id, action: 'application.viewed', applicationId: id })
    return c.json({
      ...applicationDetail({ record, messages, reviews: reviewList, notes, stageChanges, founderMail }, member, at),
      // A hint only: the member decides whether to declare (docs/decisions/0101).
      suggestConflict: suggestsConflict(member.email, record.application.formData.email),
      origin: originOf(attributions.get(id)),
    } satisfies ApplicationDetail)
  })

  route(app, E.transition, async (c, body) => {
    const { from, to, reason, founderReason, missingDocuments, deal: dealInput, keepPanelSession } = body
    // Keeping the session ahead is an admin's deliberate choice, where the stage's rule allows one (ADR 0185).
    if (keepPanelSession) {
      if (c.get('member').role !== 'admin') return c.json({ error: 'forbidden', message: KEEP_SESSION_MESSAGES.adminOnly }, 403)
      if (!mayKeepSession(to)) return invalid(c, [{ path: 'keepPanelSession', message: KEEP_SESSION_MESSAGES.notHere(to) }], KEEP_SESSION_MESSAGES.notHere(to))
    }
    // The deal at the signature (ADR 0159): admins only, only with the move to "Acuerdo firmado", read as Colombians write it.
    let deal: DealTerms | null = null
    if (dealInput && to !== 'acuerdo_firmado') return invalid(c, [], DEAL_NOT_SIGNING_REFUSAL)
    if (to === 'acuerdo_firmado' && deps.agreements) {
      const under = (await deps.agreements.agreementsOf(c.req.param('id'))).some(isLiveAgreement)
      if (under) return c.json({ error: 'agreement_under_way', message: AGREEMENT_UNDER_WAY_REFUSAL }, 409)
    }
    if (to === 'acuerdo_firmado' && deps.deals) {
      if (c.get('member').role !== 'admin') return c.json({ error: 'forbidden', message: 'Solo un administrador marca «Acuerdo firmado»: el acuerdo lleva sus cifras.' }, 403)
      if (!dealInput) return c.json({ error: 'deal_required', message: DEAL_REQUIRED_REFUSAL, issues: [] }, 422)
      const read = readDeal(dealInput)
      if (!read.ok) return dealInvalid(c, read.errors)
      // A follow-up start in the past asks for the admin's confirmation (ADR 0186).
      const past = pastFollowUpStartProblem(dealInput, formatIsoDay(now()))
      if (past) return dealInvalid(c, { followUpStart: past })
      deal = read.terms
    }
    const outcome = await changeStage(deps, {
      applicationId: c.req.param('id'),
      from,
      to,
      reason: reason ? reason : null,
      founderReason: founderReason ? founderReason : null,
      memberId: c.get('member').id,
      missingDocuments: missingDocuments ?? null,
      deal,
      keepPanelSession: keepPanelSession === true,
    })
    if (outcome.status === 'not_found') return notFound(c)
    if (outcome.status === 'rate_card') return invalid(c, [{ path: 'deal.rateCardVersionId', message: RATE_CARD_NOT_PUBLISHED }], RATE_CARD_NOT_PUBLISHED)
    if (outcome.status === 'documents_missing') return c.json(documentsMissingRefusal(outcome.missing), 409)
    if (outcome.status === 'conflict') {
      return c.json(
        {
          error: 'conflict',
          message: 'La postulación cambió de etapa mientras la mirabas, o ese paso no está permitido. Recarga para ver su estado.',
          stage: outcome.stage,
        },
        409,
      )
    }
    return c.json(wire({ stage: outcome.stage, stageEnteredAt: outcome.stageEnteredAt, stageDueAt: outcome.stageDueAt }) satisfies TransitionResult)
  })

  route(app, E.review, async (c, body) => {
    const review = await reviews.upsertReview(c.req.param('id'), c.get('member').id, body, now())
    if (!review) return notFound(c)
    return c.json(wire({ review }) satisfies ReviewAnswer)
  })

  route(app, E.addNote, async (c, body) => {
    const note = await reviews.addNote(c.req.param('id'), c.get('member').id, body.body, now())
    if (!note) return notFound(c)
    return c.json(wire({ note }) satisfies NoteAnswer, 201)
  })

  route(app, E.audit, async (c) => {
    const parsed = parseWith(AuditQuerySchema, c.req.query())
    if (!parsed.ok) return invalid(c, parsed.issues, 'Revisa los filtros: las fechas van como AAAA-MM-DD.')
    const { page = 1, member, action, application, from, to } = parsed.value
    const since = from === undefined ? undefined : bogotaDayStart(from)
    const until = to === undefined ? undefined : bogotaDayStart(to, 1)
    if (since === null || until === null) return invalid(c, [], 'Esa fecha no existe en el calendario.')
    const filter: AuditFilter = {
      ...(member ? { memberId: member } : {}),
      ...(action ? { action } : {}),
      // An application by its id (the detail's link) or by the reference the admin typed.
      ...(application ? (isUuid(application) ? { applicationId: application.toLowerCase() } : { reference: application.toUpperCase() }) : {}),
      ...(since ? { from: since } : {}),
      ...(until ? { to: until } : {}),
      // The admin's own conflicts filter the log, the filter included (ADR 0200).
      viewer: c.get('member').id,
    }
    const result = await reviews.listAudit(page, AUDIT_PAGE_SIZE, filter)
    return c.json(wire({ ...result, page, pageSize: AUDIT_PAGE_SIZE }) satisfies AuditPage)
  })

  return app
}
