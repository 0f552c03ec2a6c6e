/** Conflicts of interest (docs/decisions/0101-conflicts-of-interest.md): declared by members, lifted by admins. */
import { get, post } from '../endpoint.ts'
import { DeclareConflictSchema, LiftConflictSchema, type ConflictAnswer, type ConflictList } from '../conflicts.ts'

export const conflictEndpoints = {
  declare: post<ConflictAnswer>()('/conflicts', { body: DeclareConflictSchema, invalid: 'Elige el tipo de conflicto.', status: 201 }),
  /** Query: applicationId, memberId. */
  conflicts: get<ConflictList>()('/conflicts'),
  lift: post<ConflictAnswer>()('/conflicts/:conflictId/lift', { body: LiftConflictSchema, invalid: 'Escribe el motivo para levantar el conflicto.', admin: true }),
} as const
