/**
 * Bulk work on a filtered list (ADR 0106): the server resolves the
 * filter (the list's own, list-filter.ts) into every application it returns,
 * not only the page on screen. A preview says how many can make the move and
 * why the others cannot, and what the move does besides the stage (sessions
 * ahead it cancels, e-mails waiting it replaces, the founders' e-mails:
 * domain/pipeline.ts STAGE_ENTAILS); applying moves each one through changeStage, so
 * each gets its own stage change, audit entry, session step and founder
 * e-mail, never one e-mail to many founders.
 */
import { route } from '../../shared/http/route.ts'
import { scoringEndpoints as E, BulkActionSchema, type BulkApplied, type BulkPreview } from '../../../domain/workspace-api/scoring.ts'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { countOf } from '../../../domain/format.ts'
import { STAGES, STAGE_LABELS, canTransition, type Stage } from '../../../domain/pipeline.ts'
import { DOCUMENTS_CHECKED_STAGE, missingRequiredDocuments } from '../../../domain/documents.ts'
import { isStatusMailKind } from '../../../domain/founder-mail.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import type { DealStore } from '../../db/stores/deal-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ApplicationListRow, ReviewStore } from '../../db/stores/review-store.ts'
import type { ScoringStore } from '../../db/stores/scoring-store.ts'
import { changeStages, type ChangeStageDeps } from './pipeline.ts'
import type { PanelActions } from '../panel/panel-actions.ts'
import { STAGE_ENTAILS } from '../../../domain/pipeline.ts'
import { bulkDocumentsMissingMessage } from './bulk-messages.ts'
import { invalid } from '../../shared/http/json.ts'
import { DEAL_BULK_REFUSAL } from '../../../domain/deals.ts'
import { filterQuery, type ListFilter } from './list-filter.ts'

export interface BulkRouteDeps {
  founders?: ChangeStageDeps['founders']
  /** Checked before "Acuerdo firmado" (ADR 0139); without it, not checked. */
  documents?: ChangeStageDeps['documents']
  /** With it, "Acuerdo firmado" needs a deal (ADR 0159), which a bulk move cannot carry: refused. */
  deals?: DealStore
  /** The panel sessions: a move past the panel stage cancels those still ahead, and its preview counts them (ADR 0185). */
  panel?: NonNullable<ChangeStageDeps['panel']> & Pick<PanelActions, 'panel'>
  store: ApplicationStore
  reviews: ReviewStore
  /** What a stage change writes, store by store (changeStage runs them in one transaction, ADR 0208). */
  steps: ChangeStageDeps['steps']
  scoring: ScoringStore
  now: () => Date
}

/** Most applications one bulk action takes; a larger filter is refused (narrow it first). */
export const BULK_MAX = 5_000
/**
 * Moves written together (changeStages): one transaction each, a few
 * statements on PostgreSQL and one group commit on SQLite (ADR 0108); small
 * enough that a chunk holds its rows' locks only briefly.
 */
export const BULK_CHUNK = 250

// The filter is the list's own; the rest of each body is the contract's (domain/workspace-api/scoring.ts).

type Action = v.InferOutput<typeof BulkActionSchema>

const targetOf = (action: Action): Stage | null => (action.type === 'move' ? action.to : action.type === 'close' ? 'no_seleccionada' : null)

/** What the move would do besides the stage (domain/pipeline.ts STAGE_ENTAILS): counted over the eligible rows. */
interface MoveEffects {
  documentsMissing: number
  sessionsAhead: number
  waitingDrafts: number
  sendsNow: boolean
}
const NO_EFFECTS: MoveEffects = { documentsMissing: 0, sessionsAhead: 0, waitingDrafts: 0, sendsNow: false }

function preview(rows: readonly ApplicationListRow[], action: Action, effects: MoveEffects = NO_EFFECTS): BulkPreview {
  const to = targetOf(action)
  const eligibleByStage = Object.fromEntries(STAGES.map((s) => [s, rows.filter((r) => canTransition(r.stage, s)).length])) as Record<Stage, number>
  if (to === null) return { total: rows.length, eligible: rows.length, refused: [], eligibleByStage, founderMail: false, ...NO_EFFECTS }
  const refused = new Map<Stage, number>()
  for (const r of rows) if (!canTransition(r.stage, to)) refused.set(r.stage, (refused.get(r.stage) ?? 0) + 1)
  const count = [...refused.values()].reduce((a, b) => a + b, 0)
  return {
    total: rows.length,
    eligible: rows.length - count,
    eligibleByStage,
    founderMail: isStatusMailKind(to),
    ...effects,
    refused: [...refused].map(([stage, n]) => ({
      stage,
      count: n,
      message: `${n} en «${STAGE_LABELS[stage]}» no pueden pasar a «${STAGE_LABELS[to]}».`,
    })),
  }
}

export function bulkRoutes(deps: BulkRouteDeps): Hono<WorkspaceEnv> {
  const { reviews, scoring, now } = deps
  const app = new Hono<WorkspaceEnv>()

  /** How many of the rows the action moves to acuerdo_firmado lack required documents (ADR 0139). */
  async function lackingDocuments(rows: readonly ApplicationListRow[], action: Action): Promise<number> {
    const to = targetOf(action)
    if (to !== DOCUMENTS_CHECKED_STAGE || !deps.documents) return 0
    let n = 0
    for (const r of rows) if (canTransition(r.stage, to) && missingRequiredDocuments(await deps.documents.list(r.id)).length > 0) n++
    return n
  }

  /** What the move does besides the stage, counted over the rows it moves: what its confirmation says (ADR 0185). */
  async function effectsOf(rows: readonly ApplicationListRow[], action: Action): Promise<MoveEffects> {
    const to = targetOf(action)
    if (to === null) return NO_EFFECTS
    const ids = rows.filter((r) => canTransition(r.stage, to)).map((r) => r.id)
    const moved = new Set(ids)
    const rule = STAGE_ENTAILS[to].session
    return {
      documentsMissing: await lackingDocuments(rows, action),
      sessionsAhead: rule !== 'none' && deps.panel ? (await deps.panel.panel.sessionsAhead(ids, now())).length : 0,
      waitingDrafts: deps.founders
        ? new Set((await deps.founders.store.listWaitingDrafts()).filter((d) => moved.has(d.applicationId) && isStatusMailKind(d.kind)).map((d) => d.applicationId)).size
        : 0,
      sendsNow: deps.founders && isStatusMailKind(to) ? (await deps.founders.store.sendImmediately())[to] : false,
    }
  }

  /** Every row the filter returns, as GET /applications lists them to this member less their masked ones (ADR 0107); null when over BULK_MAX. */
  async function resolve(c: Context<WorkspaceEnv>, filter: ListFilter, ids?: readonly string[]) {
    const member = c.get('member')
    const at = now()
    const result = await reviews.listApplications({
      ...filterQuery(filter, at),
      sort: 'received_asc',
      page: 1,
      pageSize: BULK_MAX,
      now: at,
      viewer: { memberId: member.id, isAdmin: member.role === 'admin' },
    })
    if (result.total > BULK_MAX) return null
    // Rows picked one by one: only those the filter also returns.
    const picked = ids ? new Set(ids) : null
    return picked ? result.items.filter((r) => picked.has(r.id)) : result.items
  }
  const tooMany = (c: Context) =>
    invalid(c, [], `Una acción masiva toma como máximo ${countOf(BULK_MAX, 'postulación', 'postulaciones')}: filtra la lista primero.`)

  // "Acuerdo firmado" records each deal with its own figures, in the move's transaction (ADR 0159): never in bulk.
  const signsInBulk = (action: Action) => deps.deals !== undefined && targetOf(action) === 'acuerdo_firmado'

  route(app, E.bulkPreview, async (c, body) => {
    if (signsInBulk(body.action)) return invalid(c, [], DEAL_BULK_REFUSAL)
    const rows = await resolve(c, body.filter, body.ids)
    if (!rows) return tooMany(c)
    return c.json(preview(rows, body.action, await effectsOf(rows, body.action)) satisfies BulkPreview)
  })

  route(app, E.bulkApply, async (c, body) => {
    const { filter, action, expected, ids, missingDocuments } = body
    if (signsInBulk(action)) return invalid(c, [], DEAL_BULK_REFUSAL)
    const rows = await resolve(c, filter, ids)
    if (!rows) return tooMany(c)
    const before = preview(rows, action, await effectsOf(rows, action))
    if (before.eligible !== expected) {
      return c.json(
        { error: 'stale', message: 'La lista cambió desde la confirmación. Revisa el nuevo número antes de seguir.', preview: before },
        409,
      )
    }
    if (before.documentsMissing > 0 && !missingDocuments) {
      return c.json({ error: 'documents_missing', message: bulkDocumentsMissingMessage(before.documentsMissing), preview: before }, 409)
    }
    const memberId = c.get('member').id
    if (action.type === 'assign') {
      const pairs = rows.flatMap((r) => action.memberIds.map((m) => ({ applicationId: r.id, memberId: m })))
      const outcome = await scoring.assign(pairs, memberId, now())
      return c.json({ ...before, done: outcome.added, skipped: outcome.skipped } satisfies BulkApplied)
    }
    const to = targetOf(action)!
    const reason = action.type === 'close' ? action.reason : null
    const eligible = rows.filter((r) => canTransition(r.stage, to))
    let done = 0
    let changedMeanwhile = 0
    for (let i = 0; i < eligible.length; i += BULK_CHUNK) {
      const outcomes = await changeStages(
        deps,
        eligible.slice(i, i + BULK_CHUNK).map((r) => ({ applicationId: r.id, from: r.stage, to, reason, memberId, missingDocuments: missingDocuments ?? null })),
      )
      for (const o of outcomes) {
        if (o.status === 'moved') done++
        else changedMeanwhile++
      }
    }
    return c.json({ ...before, done, changedMeanwhile } satisfies BulkApplied)
  })

  return app
}
