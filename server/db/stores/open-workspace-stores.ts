/**
 * The workspace's stores on the same database as the ApplicationStore, each
 * written once over both engines (ADR 0124): on SQLite they share its
 * connection and group commit, on PostgreSQL its pool. Other back ends (the
 * edge function's) have no workspace. Opened once per database handle
 * (ADR 0212): every route, job and command of a process shares the same
 * stores and their prepared queries.
 */
import { engineOf } from '../engine-of.ts'
import type { ApplicationStore } from './application-store.ts'
import { openClockStore } from './clock-store.ts'
import { openConflictStore } from './conflict-store.ts'
import { openDealStore } from './deal-store.ts'
import { openFollowUpStore } from './follow-up-store.ts'
import { openFounderStore } from './founder-store.ts'
import { openMachineryStore } from './machinery-store.ts'
import { openMediaPlanStore } from './media-plan-store.ts'
import { openRequestKeyStore } from './request-key-store.ts'
import { openReviewStore } from './review-store.ts'
import { openScoringStore } from './scoring-store.ts'
import { openSourceStore } from './source-store.ts'
import { openTeamStore } from './team-store.ts'
import { openStageSteps } from './stage-steps.ts'
import { openPanelStore } from './panel-store.ts'
import { openDocumentStore } from './document-store.ts'
import { openFounderActivityStore } from './founder-activity-store.ts'
import { openBackupRuns } from './backup-runs.ts'
import { openAgreementStore } from './agreement-store.ts'
import { openHoldingStore } from './holding-store.ts'

const opened = new WeakMap<ApplicationStore, ReturnType<typeof openAll>>()

export function openWorkspaceStores(store: ApplicationStore): WorkspaceStores {
  if (store.kind !== 'sqlite' && store.kind !== 'postgres') throw new Error(`The team workspace needs the SQLite or PostgreSQL store, not ${store.kind}`)
  let stores = opened.get(store)
  if (!stores) opened.set(store, (stores = openAll(store)))
  return stores
}

function openAll(store: ApplicationStore) {
  const e = engineOf(store)
  return {
    team: openTeamStore(e),
    review: openReviewStore(e),
    scoring: openScoringStore(e),
    conflicts: openConflictStore(e),
    clock: openClockStore(e),
    founder: openFounderStore(e),
    machinery: openMachineryStore(e),
    deals: openDealStore(e),
    sources: openSourceStore(e),
    followUp: openFollowUpStore(e),
    mediaPlan: openMediaPlanStore(e),
    requestKeys: openRequestKeyStore(e),
    /** What a stage change writes, store by store: server/features/review/pipeline.ts runs them (ADR 0208). */
    stageSteps: openStageSteps(e),
    panel: openPanelStore(e),
    documents: openDocumentStore(e),
    founderActivity: openFounderActivityStore(e),
    /** The agreement's electronic signature: templates, agreements, signatures, codes. */
    agreements: openAgreementStore(e),
    /** The register of the stakes the programme holds: events, documents, valuation marks, payment reminders. */
    holdings: openHoldingStore(e),
    /** The backup job's record: its slots, runs and the last backup the overview and /metrics read. */
    backupRuns: openBackupRuns(store),
  }
}

export type WorkspaceStores = ReturnType<typeof openAll>
