/**
 * The records the review store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/review.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { ProductStage } from './application.ts'
import type { AuditAction, AuditDetail, ViewAction } from './audit.ts'
import type { Stage } from './pipeline.ts'
import type { CriterionKey } from './programme.ts'
import type { CriterionScores, Recommendation } from './review.ts'

export interface MemberRef {
  id: string
  name: string
}

/** GET /overview */
export interface Overview {
  byStage: Record<Stage, number>
  overdue: number
  dueSoon: number
  receivedThisWeek: number
  receivedThisMonth: number
  /** Median days of the completed stays in each stage; null with none. */
  medianDaysInStage: Record<Stage, number | null>
}

/** A row of the list as the review store reads it (server/db/stores/review-store.ts). */
export interface ApplicationListRecord {
  id: string
  reference: string
  companyName: string
  tradeName: string
  founderName: string
  city: string
  productStage: ProductStage
  stage: Stage
  createdAt: Date
  stageDueAt: Date | null
  reviewCount: number
  myReview: boolean
  /** Mean of the reviews' means; null without reviews or while hidden from the viewer. */
  average: number | null
  /** Highest minus lowest review mean; null like average. */
  spread: number | null
}

/** One member's review as the server holds it (server/db/stores/review-store.ts). */
export interface ReviewRecord {
  applicationId: string
  member: MemberRef
  scores: CriterionScores
  comments: Partial<Record<CriterionKey, string>>
  recommendation: Recommendation
  overallComment: string
  /** The mean of the five scores. */
  mean: number
  createdAt: Date
  updatedAt: Date
}

export interface NoteRecord {
  id: string
  member: MemberRef
  body: string
  createdAt: Date
}

/** An audit log entry as the server holds it (server/db/stores/review-store.ts). */
export interface AuditRecord {
  id: string
  at: Date
  member: MemberRef | null
  action: AuditAction
  applicationId: string | null
  /** The application's reference; null without one, or once the application was deleted. */
  reference: string | null
  detail: AuditDetail
  /**
   * The founder, when the entry is their own action (no member, domain/audit.ts FOUNDER_ACTIONS): their
   * name as on the application; null once it was deleted or its personal data erased. Null for any
   * other entry. Never an application the reader has a conflict with: those entries are left out (ADR 0200).
   */
  founder: { name: string | null } | null
  /**
   * A line that folds a member's views (VIEW_ACTIONS) of one application on one Bogotá day (ADR 0201):
   * how many in all and of each, and when the first was (`at` is the last's; `action` one of them;
   * `detail` the view's own when the line holds one, else empty). Null for any other entry.
   */
  views: { count: number; firstAt: Date; byAction: Partial<Record<ViewAction, number>> } | null
}
