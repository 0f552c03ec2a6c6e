/**
 * Conflicts of interest (issue 12): who may not see which application.
 * Declaring, recording (an admin for a member) and lifting write their audit
 * entry in the same transaction. Declaring also drops the member's
 * assignment to the application: a conflicted member is never assigned.
 *
 * isConflicted / conflictedMembers / conflictedApplications are what every
 * other part asks (the route guard, assignments, reminders, averages).
 */
import type { ConflictKind } from '../../../domain/conflicts.ts'

export interface Conflict {
  id: string
  applicationId: string
  memberId: string
  kind: ConflictKind
  note: string
  declaredBy: string
  declaredAt: Date
  liftedAt: Date | null
  liftedBy: string | null
  liftReason: string | null
}

export interface NewConflict {
  applicationId: string
  memberId: string
  kind: ConflictKind
  note: string
  /** The member themself (declared) or an admin (recorded). */
  declaredBy: string
  at: Date
}

export type DeclareOutcome =
  | { status: 'declared'; conflict: Conflict }
  /** The member already has an active conflict with the application: nothing changed. */
  | { status: 'exists'; conflict: Conflict }
  /** No such application or member. */
  | { status: 'not_found' }

export type LiftOutcome = { status: 'lifted'; conflict: Conflict } | { status: 'already_lifted' } | { status: 'not_found' }

export interface ConflictStore {
  declare(input: NewConflict): Promise<DeclareOutcome>
  lift(conflictId: string, by: { memberId: string; reason: string; at: Date }): Promise<LiftOutcome>
  get(conflictId: string): Promise<Conflict | null>
  /** Active conflicts only. */
  isConflicted(memberId: string, applicationId: string): Promise<boolean>
  /** The members with an active conflict with the application. */
  conflictedMembers(applicationId: string): Promise<Set<string>>
  /** The applications the member has an active conflict with. */
  conflictedApplications(memberId: string): Promise<Set<string>>
  /** Newest first; lifted ones too unless activeOnly. */
  list(filter: { applicationId?: string; memberId?: string; activeOnly?: boolean }): Promise<Conflict[]>
}

export interface ConflictRow<T> {
  id: string
  application_id: string
  member_id: string
  kind: ConflictKind
  note: string
  declared_by: string
  declared_at: T
  lifted_at: T | null
  lifted_by: string | null
  lift_reason: string | null
}

export function conflictFromRow<T>(r: ConflictRow<T>, date: (v: T) => Date): Conflict {
  return {
    id: r.id,
    applicationId: r.application_id,
    memberId: r.member_id,
    kind: r.kind,
    note: r.note,
    declaredBy: r.declared_by,
    declaredAt: date(r.declared_at),
    liftedAt: r.lifted_at === null ? null : date(r.lifted_at),
    liftedBy: r.lifted_by,
    liftReason: r.lift_reason,
  }
}

/** The audit action of a declaration: by the member themself, or recorded by an admin. */
export const declareAction = (c: Pick<NewConflict, 'memberId' | 'declaredBy'>) =>
  c.memberId === c.declaredBy ? ('conflict.declared' as const) : ('conflict.recorded' as const)
