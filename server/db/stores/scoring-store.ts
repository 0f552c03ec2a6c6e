/**
 * Assignments, criterion weights and the "Para discutir" flag (issue 12):
 * the storage behind "Repartir", the weighted and normalised scores and the
 * disagreement flag. On the same database as the ReviewStore (SQLite:
 * its connection and group commit; PostgreSQL: its pool); both honour
 * scoring-store-contract.ts. Every change writes its audit entry in the
 * same transaction. The math is in domain/scoring.ts.
 */
import type { CriterionScores } from '../../../domain/review.ts'
import type { CriterionWeights } from '../../../domain/scoring.ts'
import type { MemberRef } from './review-store-types.ts'

export interface Assignment {
  member: MemberRef
  assignedBy: MemberRef
  assignedAt: Date
}

export interface AssignmentPair {
  applicationId: string
  memberId: string
}

export interface AssignOutcome {
  /** Pairs written (one audit entry each). */
  added: number
  /** Already assigned, conflicted, inactive members or unknown applications: left as they were. */
  skipped: number
}

/** What "Repartir" plans from. */
export interface AssignmentState {
  /** Open applications without any assignment, oldest first. */
  unassigned: string[]
  /** Active reviewers (role reviewer) and their open load: assigned open applications they have not scored yet. */
  reviewers: { memberId: string; load: number }[]
  /** conflictKey(applicationId, memberId) of every active conflict (lifted_at null). */
  conflicts: Set<string>
}

export interface ScoredReview {
  applicationId: string
  memberId: string
  scores: CriterionScores
}

export interface DiscussionState {
  clearedAt: Date | null
  /** scoresFingerprint of the scores cleared; null when never cleared. */
  clearedScores: string | null
}

export interface ScoringStore {
  /** Missing rows count as DEFAULT_WEIGHT. */
  getWeights(): Promise<CriterionWeights>
  setWeights(weights: CriterionWeights, memberId: string, at: Date): Promise<void>
  /** Oldest first. */
  listAssignments(applicationId: string): Promise<Assignment[]>
  /** Adds each pair unless already there, the member is conflicted with the application or inactive, or the application is unknown. */
  assign(pairs: readonly AssignmentPair[], assignedBy: string, at: Date): Promise<AssignOutcome>
  /** False when there was no such assignment. */
  unassign(pair: AssignmentPair, removedBy: string, at: Date): Promise<boolean>
  assignmentState(): Promise<AssignmentState>
  /** Every score of the given applications' reviews, but those of members with an active conflict (left out, issue 12). */
  reviewsOf(applicationIds: readonly string[]): Promise<ScoredReview[]>
  /** The members' reviews updated since `since` (their baselines' window). */
  reviewsBy(memberIds: readonly string[], since: Date): Promise<ScoredReview[]>
  /** By application id; applications that do not exist are absent. */
  discussionStates(applicationIds: readonly string[]): Promise<Map<string, DiscussionState>>
  /** Records the scores cleared; false when there is no such application. */
  clearDiscussion(applicationId: string, clearedScores: string, memberId: string, at: Date): Promise<boolean>
}
