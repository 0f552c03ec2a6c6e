/**
 * The shapes of the workspace API (docs/workspace.md), as the browser reads
 * them: dates arrive as ISO strings. The enumerations and the review model
 * come from domain/, never copied.
 */
import type { Application, ProductStage } from '../../../domain/application.ts'
import type { DueState, Stage } from '../../../domain/pipeline.ts'
import type { CriterionKey } from '../../../domain/programme.ts'
import type { Recommendation, ScoreSummary } from '../../../domain/review.ts'

export const ROLES = ['admin', 'reviewer'] as const
export type Role = (typeof ROLES)[number]
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', reviewer: 'Evaluador' }

export interface SessionMember {
  id: string
  email: string
  name: string
  role: Role
}

export interface SessionInfo {
  member: SessionMember
  csrfToken: string
}

export interface MemberRef {
  id: string
  name: string
}

export interface TeamMember extends SessionMember {
  active: boolean
  createdAt: string
  lastSignInAt: string | null
}

export interface Passkey {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

export interface Overview {
  byStage: Partial<Record<Stage, number>>
  overdue: number
  dueSoon: number
  receivedThisWeek: number
  receivedThisMonth: number
  medianDaysInStage: Partial<Record<Stage, number | null>>
}

export interface ApplicationListItem {
  id: string
  reference: string
  companyName: string
  tradeName: string
  founderName: string
  city: string
  productStage: ProductStage | string
  stage: Stage
  createdAt: string
  stageDueAt: string | null
  dueState: DueState
  reviewCount: number
  myReview: boolean
  average: number | null
  spread: number | null
  /** The mean of the reviews' per-reviewer z-scores (ADR 0105); null when it does not apply or is hidden. */
  normalised?: number | null
  /** "Para discutir". */
  discussion?: boolean
  conflicted: false
}

/** An application the viewer declared a conflict with: its reference only (docs/workspace.md). */
export interface ConflictedListItem {
  id: string
  reference: string
  conflicted: true
}

export interface ApplicationPage {
  items: (ApplicationListItem | ConflictedListItem)[]
  total: number
  page: number
  pageSize: number
}

export interface Review {
  member: MemberRef
  scores: Record<CriterionKey, number>
  comments?: Partial<Record<CriterionKey, string>>
  recommendation: Recommendation
  overallComment?: string
  /** The mean of the five scores. */
  mean?: number
  createdAt: string
  updatedAt: string
}

export type TimelineType =
  | 'received'
  | 'stage_changed'
  | 'review_submitted'
  | 'note_added'
  | 'email_sent'
  | 'email_failed'
  | 'founder_mail'

/** A founder's status e-mail in "Correos por enviar" (server/features/workspace/founder-mail/routes.ts). */
export interface FounderDraft {
  id: string
  applicationId: string
  reference: string
  kind: string
  kindLabel: string
  to: string
  subject: string
  text: string
  html: string
  status: 'draft' | 'sent' | 'discarded'
  createdAt: string
  editedAt: string | null
  settledAt: string | null
}

export interface FounderMailSetting {
  kind: string
  label: string
  sendImmediately: boolean
}

export interface TimelineEntry {
  at: string
  type: TimelineType
  member: MemberRef | null
  detail: unknown
}

export interface EmailStatus {
  kind: string
  status: string
  attempts: number
  createdAt: string
  settledAt: string | null
  lastError: string | null
}

export interface Note {
  id: string
  member: MemberRef | null
  body: string
  createdAt: string
}

export interface ApplicationDetail {
  id: string
  reference: string
  createdAt: string
  formData: Application
  consent: { policyVersion: string; acceptedAt: string } | null
  stage: Stage
  stageEnteredAt: string
  stageDueAt: string | null
  dueState: DueState
  allowedTransitions: Stage[]
  emails: EmailStatus[]
  reviews: { mine: Review | null; others: Review[] | null; summary: ScoreSummary | null }
  notes: Note[]
  timeline: TimelineEntry[]
  /** The member's e-mail domain is the founder's: a hint to declare a conflict, never a block. */
  suggestConflict: boolean
}

export interface TransitionResult {
  stage: Stage
  stageEnteredAt: string
  stageDueAt: string | null
}

export interface AuditEntry {
  id: string | number
  at: string
  member: MemberRef | null
  action: string
  applicationId: string | null
  detail: unknown
}

export interface AuditPage {
  items: AuditEntry[]
  total: number
  page: number
  pageSize: number
}

export interface TeamDocument {
  id: string
  fileName: string
  mediaType: string
  sizeBytes: number
  sha256: string
  uploadedAt: string
  status: 'received' | 'accepted' | 'new_version_requested'
  reviewNote: string | null
  reviewedBy: string | null
  reviewedAt: string | null
}

export interface DocumentChecklist {
  items: { key: string; label: string; optional: boolean; document: TeamDocument | null }[]
}
