/**
 * The workspace API's conflicts of interest (docs/workspace.md "Conflicts of
 * interest", ADR 0101; server/features/review/conflict-routes.ts).
 * Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import { CONFLICT_KINDS, CONFLICT_NOTE_MAX, LIFT_REASON_MAX } from '../conflicts.ts'
import type { Wire } from './wire.ts'
import type { ConflictRecord } from '../conflicts-records.ts'
import { get, post } from './endpoint.ts'

export type { ConflictRecord } from '../conflicts-records.ts'

export type Conflict = Wire<ConflictRecord>

const id = v.pipe(v.string(), v.uuid('invalid_id'))

/** POST /conflicts: `201 { conflict }`; 409 `conflict_exists` (with the conflict). */
export const DeclareConflictSchema = v.strictObject({
  applicationId: id,
  kind: v.picklist(CONFLICT_KINDS),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CONFLICT_NOTE_MAX)), ''),
  /** Someone else: an admin recording it for them. Omitted: the member themself. */
  memberId: v.optional(id),
})
export type DeclareConflict = v.InferInput<typeof DeclareConflictSchema>

/** POST /conflicts/:id/lift (admins) */
export const LiftConflictSchema = v.strictObject({
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'Escribe el motivo.'), v.maxLength(LIFT_REASON_MAX)),
})
export type LiftConflict = v.InferInput<typeof LiftConflictSchema>

/** GET /conflicts?applicationId&memberId's query. */
export const ConflictListQuerySchema = v.object({ applicationId: v.optional(id), memberId: v.optional(id) })

/** POST /conflicts and POST /conflicts/:id/lift */
export interface ConflictAnswer {
  conflict: Conflict
}

/** GET /conflicts, newest first: a reviewer gets their own, an admin everyone's. */
export interface ConflictList {
  items: Conflict[]
}

/** Conflicts of interest (docs/decisions/0101-conflicts-of-interest.md): declared by members, lifted by admins. */
export const conflictEndpoints = {
  declare: post<ConflictAnswer>()('/conflicts', { body: DeclareConflictSchema, invalid: 'Elige el tipo de conflicto.', status: 201 }),
  /** Query: applicationId, memberId. */
  conflicts: get<ConflictList>()('/conflicts'),
  lift: post<ConflictAnswer>()('/conflicts/:conflictId/lift', { body: LiftConflictSchema, invalid: 'Escribe el motivo para levantar el conflicto.', admin: true }),
} as const
