/**
 * The one path by which an application changes stage, and the one module that
 * owns a stage change's transaction (ADR 0208): the single move of the detail
 * page, every item of a bulk move and the founder's withdrawal from their
 * status page go through changeStage. What a move entails is the pipeline's
 * table (domain/pipeline.ts STAGE_ENTAILS); this module decides from it and
 * runs, in one transaction, the steps each store exposes over its own tables
 * (server/db/stores/stage-steps.ts), in this order:
 *
 * 1. the applications' rows, locked (review store), and the rate card
 *    versions a deal names, among the published (deal store);
 * 2. each move's compare-and-set against the stage as the moves before it
 *    left it; a deal naming an unpublished rate card refuses its move;
 * 3. the stage, its history and its audit entry (review store);
 * 4. the founder's stage e-mails still waiting in «Correos por enviar»,
 *    superseded (founder store, ADR 0138);
 * 5. the panel session still ahead, cancelled with its CANCEL e-mails or
 *    kept, an admin's choice (panel store, ADRs 0171, 0185);
 * 6. the founder's e-mail of the stage, saying what happened to the session,
 *    to «Correos por enviar» or, when an admin set its kind to go straight
 *    away, to the outbox (founder store; stage-mail.ts);
 * 7. the deal (deal store, ADR 0159);
 * 8. closing without a signature (no_seleccionada, retirada): the agreement still out for signature, voided
 *    (agreement store, ADR 0214).
 *
 * So, when an application is signed (acuerdo_firmado): its documents are
 * checked first (missing ones refuse the move unless confirmed with a reason,
 * ADR 0139, then recorded in the audit log); in the transaction, the stage
 * moves, the waiting drafts are superseded, a session still ahead is
 * cancelled unless an admin keeps it, the «Acuerdo firmado» e-mail is written
 * and the deal is recorded; the follow-up's twelve months start from the deal
 * (its monthly reports begin after that e-mail, never before).
 */
import type { Stage } from '../../../domain/pipeline.ts'
import { DOCUMENTS_CHECKED_STAGE, missingDocumentsMessage, missingRequiredDocuments, type DocumentItem } from '../../../domain/documents.ts'
import type { DocumentsMissingRefusal } from '../../../domain/workspace-api/review.ts'
import type { DocumentStore } from '../../db/stores/document-store.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { statusMailWrite } from './stage-mail.ts'
import { isStatusMailKind } from '../../../domain/founder-mail.ts'
import type { ReviewStore, StageMoveWrite } from '../../db/stores/review-store.ts'
import { STAGE_ENTAILS, canTransition, sessionStep, stageDueAt } from '../../../domain/pipeline.ts'
import type { PanelActions } from '../panel/panel-actions.ts'
import type { DealTerms } from '../../../domain/deals.ts'
import type { StageSteps } from '../../db/stores/stage-steps.ts'
import type { FounderMailWrite, SupersedingChange } from '../../db/stores/founder-store.ts'
import type { DealWrite } from '../../db/stores/deal-store.ts'
import type { PanelStageStep } from '../../db/stores/panel-steps.ts'
import { isUuid } from '../../db/time-ordered-id.ts'
import type { StageSessionFacts } from '../../../domain/pipeline.ts'

export interface StageChangeRequest {
  applicationId: string
  /** The stage the member saw: the move is refused if it is no longer the current one. */
  from: Stage
  to: Stage
  /** The team's own reason: never shown to the founder. */
  reason: string | null
  /** For no_seleccionada: what the team chose to tell the founder, in their e-mail. */
  founderReason?: string | null
  /** Null: the founder withdrawing from their status page. */
  memberId: string | null
  /**
   * To acuerdo_firmado with required due-diligence documents missing: the
   * member's explicit confirmation and why (ADR 0139). Without it such a move
   * is refused; with it, it is recorded in the audit log.
   */
  missingDocuments?: { confirmed: true; reason: string } | null
  /** To acuerdo_firmado: the deal, read and checked (domain/deals.ts readDeal), written in the same transaction (ADR 0159). */
  deal?: DealTerms | null
  /**
   * Keep the panel session still ahead instead of cancelling it: an admin's explicit choice in the
   * confirmation (ADR 0185), honoured only where domain/pipeline.ts STAGE_ENTAILS allows it (the routes refuse it
   * elsewhere, and from a reviewer). Default: the table's rule, which cancels.
   */
  keepPanelSession?: boolean
}

/** Refused: the move to acuerdo_firmado lacks these required documents and was not confirmed with a reason. */
export interface DocumentsMissingOutcome {
  status: 'documents_missing'
  missing: DocumentItem[]
}
/**
 * A move's outcome: the review store's (moved, conflict, not_found, and `rate_card`: a deal naming a
 * rate card version that is not published, checked once, in the move's transaction, ADR 0159), or
 * refused for its missing documents.
 */
export type StageChangeOutcome = TransitionOutcome | DocumentsMissingOutcome

/** The API's 409 body for such a refusal (the single move and the bulk one). */
export function documentsMissingRefusal(missing: readonly DocumentItem[]): DocumentsMissingRefusal {
  return { error: 'documents_missing', message: missingDocumentsMessage(missing), missing: missing.map((d) => ({ key: d.key, label: d.label })) }
}

export interface ChangeStageDeps {
  reviews: ReviewStore
  /** What a move writes, store by store, run here in one transaction (server/db/stores/stage-steps.ts). */
  steps: StageSteps
  now: () => Date
  /** Without it (tests of the review routes alone), no e-mail is written. */
  founders?: { store: FounderStore; mail: FounderMailConfig }
  /** The due-diligence documents, checked before "Acuerdo firmado" (ADR 0139); without it, not checked. */
  documents?: Pick<DocumentStore, 'list'>
  /**
   * The panel sessions: a move past the panel stage cancels the session still ahead (or keeps it, an admin's
   * choice) in the stage change's transaction, as domain/pipeline.ts STAGE_ENTAILS says, with these CANCEL e-mails
   * (ADRs 0171, 0185); without it, left alone.
   */
  panel?: Pick<PanelActions, 'movedOn'> & { onMailQueued?: () => void }
}

/** Move one application, atomically with its audit entry and the founder's e-mail; conflict when stale or not allowed. */
export async function changeStage(deps: ChangeStageDeps, request: StageChangeRequest): Promise<StageChangeOutcome> {
  return (await changeStages(deps, [request]))[0]!
}

/**
 * Move many applications (a bulk move): each as changeStage would, with its
 * own compare-and-set, stage change, audit entry and founder e-mail, but the
 * records read in one query and the moves written in one transaction
 * (moveStages, ADR 0108). Outcomes in the order of `requests`.
 */
export async function changeStages(deps: ChangeStageDeps, requests: readonly StageChangeRequest[]): Promise<StageChangeOutcome[]> {
  // "Acuerdo firmado" with required documents missing: refused unless confirmed with a reason (ADR 0139).
  const missing = new Map<StageChangeRequest, DocumentItem[]>()
  if (deps.documents) {
    for (const r of requests) {
      if (r.to !== DOCUMENTS_CHECKED_STAGE) continue
      const items = missingRequiredDocuments(await deps.documents.list(r.applicationId))
      if (items.length > 0) missing.set(r, items)
    }
  }
  const refused = requests.map((r): DocumentsMissingOutcome | null => {
    const items = missing.get(r)
    return items && !(r.missingDocuments?.confirmed && r.missingDocuments.reason.trim() !== '') ? { status: 'documents_missing', missing: items } : null
  })
  return withRefusals<StageChangeRequest, StageChangeOutcome>(requests, refused, (rest) => moveAll(deps, rest, missing))
}

/** The outcomes in the order of `requests`: each refusal in its place, the others as `move` (called once, on them alone) answers. */
async function withRefusals<R, O>(requests: readonly R[], refused: readonly (O | null)[], move: (rest: R[]) => Promise<O[]>): Promise<O[]> {
  if (!refused.some((o) => o !== null)) return move([...requests])
  const rest = requests.filter((_, i) => refused[i] === null)
  const done = rest.length > 0 ? await move(rest) : []
  let k = 0
  return refused.map((o) => o ?? done[k++]!)
}

/** The moves not refused, in one transaction (moveStages), then what follows them. */
async function moveAll(deps: ChangeStageDeps, requests: readonly StageChangeRequest[], missing: ReadonlyMap<StageChangeRequest, DocumentItem[]>): Promise<TransitionOutcome[]> {
  const at = deps.now()
  const mailed = new Set(deps.founders ? requests.filter((r) => isStatusMailKind(r.to)) : [])
  const records = new Map((await deps.reviews.getApplications([...mailed].map((r) => r.applicationId))).map((r) => [r.application.id, r]))
  // A founder who withdraws is waiting for the confirmation now; the team's moves follow the per-kind setting.
  const sendImmediately = [...mailed].some((r) => r.memberId !== null) ? await deps.founders!.store.sendImmediately() : null
  const outcomes: (TransitionOutcome | null)[] = requests.map((r) => (mailed.has(r) && !records.has(r.applicationId) ? { status: 'not_found' } : null))
  const moves = requests.flatMap((request, i) => {
    if (outcomes[i]) return []
    let founderMail: ComposeFounderMail | undefined
    if (deps.founders && isStatusMailKind(request.to)) {
      const record = records.get(request.applicationId)!
      const sendNow = request.memberId === null || sendImmediately![request.to]
      const { to } = request
      const config = deps.founders.mail
      // Written in the move's transaction, once it is known what the move did to the panel session (ADR 0185).
      founderMail = (session) =>
        statusMailWrite(to, record.application, config, {
          sendNow,
          founderReason: to === 'no_seleccionada' ? request.founderReason : null,
          session,
          at,
          ...(request.deal && to === 'acuerdo_firmado' ? { deal: request.deal } : {}),
        })
    }
    // What the move does to the session still ahead: the table's rule (domain/pipeline.ts STAGE_ENTAILS), the admin's choice where it allows one.
    const step = deps.panel ? sessionStep(request.to, request.keepPanelSession === true) : null
    const panelSession = step === 'cancel' ? { action: 'cancel' as const, compose: deps.panel!.movedOn(request.to) } : step === 'keep' ? { action: 'keep' as const } : null
    return [
      {
        index: i,
        applicationId: request.applicationId,
        from: request.from,
        to: request.to,
        reason: request.reason,
        memberId: request.memberId,
        at,
        ...(founderMail ? { founderMail } : {}),
        ...(request.deal && request.to === 'acuerdo_firmado' ? { deal: request.deal } : {}),
        ...(panelSession ? { panelSession } : {}),
      },
    ]
  })
  const moved = moves.length > 0 ? await moveStages(deps.steps, moves) : []
  moves.forEach((m, k) => (outcomes[m.index] = moved[k]!))
  // Signed with documents missing, confirmed: on the record, with what was missing and the member's reason.
  for (const [i, request] of requests.entries()) {
    const items = missing.get(request)
    if (!items || outcomes[i]?.status !== 'moved') continue
    await deps.reviews.appendAudit({
      at,
      memberId: request.memberId,
      action: 'stage.signed_with_documents_missing',
      applicationId: request.applicationId,
      detail: { missing: items.map((d) => d.key), reason: request.missingDocuments!.reason.trim() },
    })
  }
  // A session ahead may have been called off in the same transaction: the worker may have mail.
  if (deps.panel?.onMailQueued && requests.some((r, i) => sessionStep(r.to, false) !== null && outcomes[i]?.status === 'moved')) deps.panel.onMailQueued()
  return outcomes as TransitionOutcome[]
}

/** The founder's stage e-mail written from what the move did to the panel session. */
export type ComposeFounderMail = (session: StageSessionFacts) => FounderMailWrite

/**
 * One move as the transaction writes it: the request (its `from` the stage the member saw: the move
 * happens only if it is still the current one), and what it entails as decided above (or by a test).
 */
export interface StageMove extends Omit<StageMoveWrite, 'dueAt'> {
  /** The founder's e-mail of this change: as given, or composed from what the move did to the panel session (ADR 0185). */
  founderMail?: FounderMailWrite | ComposeFounderMail
  /** Where the stage signs (STAGE_ENTAILS.deal): the deal, recorded with the move (ADR 0159). */
  deal?: DealTerms
  /** What to do to the panel session still ahead, as decided from STAGE_ENTAILS.session (ADR 0185). */
  panelSession?: PanelStageStep['step']
}

export type TransitionOutcome =
  | { status: 'moved'; stage: Stage; stageEnteredAt: Date; stageDueAt: Date | null }
  /** The stage is no longer `from`, or `from → to` is not an allowed move: nothing changed. */
  | { status: 'conflict'; stage: Stage }
  | { status: 'not_found' }
  /** A deal naming a rate card version that is not published (ADR 0159): nothing changed. */
  | { status: 'rate_card' }

/**
 * The moves, in one transaction, each with its own compare-and-set (ADR 0108): outcomes in the
 * order of `moves`; an application named twice moves through both, or the second conflicts.
 */
export async function moveStages(steps: StageSteps, moves: readonly StageMove[]): Promise<TransitionOutcome[]> {
  const ids = [...new Set(moves.map((m) => m.applicationId).filter(isUuid))]
  if (ids.length === 0) return moves.map(() => ({ status: 'not_found' as const }))
  return steps.transaction(function* (tx) {
    const locked = yield* steps.review.lock(tx, ids)
    const published = yield* steps.deals.published(
      tx,
      moves.flatMap((m) => (STAGE_ENTAILS[m.to].deal && m.deal?.rateCardVersionId ? [m.deal.rateCardVersionId] : [])),
    )
    const plan = planMoves(moves, locked, published)
    if (plan.moved.length === 0) return plan.outcomes
    yield* steps.review.move(tx, plan.moved)
    // The founder's e-mails still waiting announce a stage the application has left (ADR 0138).
    yield* steps.founderMail.supersede(tx, plan.superseding)
    // The session still ahead, cancelled or kept as the move says (ADR 0185); the founder's e-mail tells what happened.
    const sessions = yield* steps.panel(tx, plan.sessions.map((s) => s.step))
    const byMove = new Map(plan.sessions.map((s, k) => [s.move, sessions[k]!]))
    yield* steps.founderMail.write(
      tx,
      plan.mails.map(({ move, applicationId, write, at }) => {
        const session = byMove.get(move)
        const written = typeof write === 'function' ? write(session?.facts ?? { state: 'none' }) : write
        return { applicationId, at, write: session?.founderCancel ? { ...written, panelCancel: session.founderCancel } : written }
      }),
    )
    yield* steps.deals.write(tx, plan.deals)
    // Closed without a signature: the agreement still out can no longer be signed (ADR 0214).
    yield* steps.agreements.voidLive(
      tx,
      plan.moved.filter((c) => STAGE_ENTAILS[c.to].closes === 'without_signature').map((c) => ({ applicationId: c.applicationId, memberId: c.memberId, to: c.to, at: c.at })),
    )
    return plan.outcomes
  })
}

/** moveStages one at a time or many: the shape the tests and the command-line fixtures move applications with. */
export function stageMoves(steps: StageSteps) {
  return {
    transition: async (applicationId: string, move: Omit<StageMove, 'applicationId'>): Promise<TransitionOutcome> => (await moveStages(steps, [{ ...move, applicationId }]))[0]!,
    transitionMany: (moves: readonly StageMove[]): Promise<TransitionOutcome[]> => moveStages(steps, moves),
  }
}

/**
 * A batch of moves decided in plain code against the locked rows: each move's compare-and-set
 * sees the stage as the moves before it left it, and what each step writes for the moves that pass.
 */
function planMoves(moves: readonly StageMove[], locked: readonly { id: string; stage: Stage; receivedAt: Date }[], published: ReadonlyMap<string, number>) {
  const current = new Map(locked.map((r) => [r.id, { stage: r.stage, receivedAt: r.receivedAt }]))
  const moved: StageMoveWrite[] = []
  const mails: { move: number; applicationId: string; write: FounderMailWrite | ComposeFounderMail; at: Date }[] = []
  const deals: DealWrite[] = []
  const sessions: { move: number; step: PanelStageStep }[] = []
  const outcomes = moves.map((m, move): TransitionOutcome => {
    const row = isUuid(m.applicationId) ? current.get(m.applicationId) : undefined
    if (!row) return { status: 'not_found' }
    const { from, to, at } = m
    if (row.stage !== from || !canTransition(from, to)) return { status: 'conflict', stage: row.stage }
    const signs = STAGE_ENTAILS[to].deal
    const version = signs ? (m.deal?.rateCardVersionId ?? null) : null
    if (version !== null && !published.has(version)) return { status: 'rate_card' }
    const dueAt = stageDueAt(to, at, row.receivedAt)
    row.stage = to
    moved.push({ applicationId: m.applicationId, from, to, reason: m.reason, memberId: m.memberId, at, dueAt })
    if (m.founderMail) mails.push({ move, applicationId: m.applicationId, write: m.founderMail, at })
    if (m.deal && signs) deals.push({ applicationId: m.applicationId, terms: m.deal, rateCardNumber: version === null ? null : published.get(version)!, memberId: m.memberId, at })
    if (m.panelSession) {
      const by = m.memberId === null ? ({ kind: 'founder' } as const) : ({ kind: 'member', memberId: m.memberId } as const)
      sessions.push({ move, step: { applicationId: m.applicationId, by, at, to, step: m.panelSession, holdFounder: m.founderMail !== undefined } })
    }
    return { status: 'moved', stage: to, stageEnteredAt: at, stageDueAt: dueAt }
  })
  // Each moved application's last change is the one that supersedes its waiting e-mails (STAGE_ENTAILS.supersedesDrafts: every move).
  const last = new Map<string, SupersedingChange>()
  for (const c of moved) if (STAGE_ENTAILS[c.to].supersedesDrafts) last.set(c.applicationId, { applicationId: c.applicationId, to: c.to, memberId: c.memberId, at: c.at })
  return { outcomes, moved, mails, deals, sessions, superseding: [...last.values()] }
}
