/**
 * Score and assignment rows as both drivers return them, and their mapping,
 * shared by the SQLite and PostgreSQL ScoringStores (and the ReviewStores'
 * reviews). As in server/db/stores/application-rows.ts, `T` is the driver's timestamp type.
 */
import type { CriterionScores } from '../../../domain/review.ts'
import type { Assignment, ScoredReview } from './scoring-store.ts'

/** The five criteria's columns of application_reviews. */
export interface ScoreColumns {
  producto_validado: number
  primeros_clientes: number
  modelo_escalable: number
  founders_comprometidos: number
  apertura_participacion: number
}

export const scoresFromRow = (r: ScoreColumns): CriterionScores => ({
  productoValidado: r.producto_validado,
  primerosClientes: r.primeros_clientes,
  modeloEscalable: r.modelo_escalable,
  foundersComprometidos: r.founders_comprometidos,
  aperturaParticipacion: r.apertura_participacion,
})

export interface ScoredReviewRow extends ScoreColumns {
  application_id: string
  member_id: string
}

export const scoredReviewFromRow = (r: ScoredReviewRow): ScoredReview => ({
  applicationId: r.application_id,
  memberId: r.member_id,
  scores: scoresFromRow(r),
})

/** An assignment with its member's and assigner's names (both stores select these columns). */
export interface AssignmentRow<T> {
  member_id: string
  member_name: string
  assigned_by: string
  by_name: string
  assigned_at: T
}

export const assignmentFromRow = <T>(r: AssignmentRow<T>, date: (v: T) => Date): Assignment => ({
  member: { id: r.member_id, name: r.member_name },
  assignedBy: { id: r.assigned_by, name: r.by_name },
  assignedAt: date(r.assigned_at),
})
