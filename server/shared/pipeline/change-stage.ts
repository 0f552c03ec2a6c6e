/**
 * The one path by which an application changes stage: the single move of the
 * detail page, every item of a bulk move and the founder's withdrawal from
 * their status page go through changeStage, so whatever a stage change must
 * also do happens once, here, for all of them: the audit entry, what happens
 * to the panel session still ahead (domain/pipeline.ts STAGE_ENTAILS decides it, the
 * review store does it, ADR 0185), and the founder's e-mail
 * (server/shared/pipeline/status-mail.ts) written in the same transaction,
 * saying what happened to the session, to "Correos por enviar" or, when an
 * admin set its kind to go straight away, to the outbox.
 */
import type { Stage } from '../../../domain/pipeline.ts'
import { DOCUMENTS_CHECKED_STAGE, missingDocumentsMessage, missingRequiredDocuments, type DocumentItem } from '../../../domain/documents.ts'
import type { DocumentsMissingRefusal } from '../../../domain/workspace-api/review.ts'
import type { DocumentStore } from '../../db/stores/document-store.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import { statusMailWrite, type FounderMailConfig } from './status-mail.ts'
import { isStatusMailKind } from '../../../domain/founder-mail.ts'
import type { ComposeFounderMail, ReviewStore, TransitionOutcome } from '../../db/stores/review-store.ts'
import { sessionStep } from '../../../domain/pipeline.ts'
import type { PanelActions } from './panel-actions.ts'
import type { DealTerms } from '../../../domain/deals.ts'

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
 * (ReviewStore.transitionMany, ADR 0108). Outcomes in the order of `requests`.
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

/** The moves not refused, in one transaction (ReviewStore.transitionMany), then what follows them. */
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
  const moved = moves.length > 0 ? await deps.reviews.transitionMany(moves) : []
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
