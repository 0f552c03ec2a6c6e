/** Review score rows as both drivers return them (shared by the SQLite and PostgreSQL ScoringStores). */
import type { ScoredReview } from './scoring-store.ts'

export interface ScoredReviewRow {
  application_id: string
  member_id: string
  producto_validado: number
  primeros_clientes: number
  modelo_escalable: number
  founders_comprometidos: number
  apertura_participacion: number
}

export const scoredReviewFromRow = (r: ScoredReviewRow): ScoredReview => ({
  applicationId: r.application_id,
  memberId: r.member_id,
  scores: {
    productoValidado: r.producto_validado,
    primerosClientes: r.primeros_clientes,
    modeloEscalable: r.modelo_escalable,
    foundersComprometidos: r.founders_comprometidos,
    aperturaParticipacion: r.apertura_participacion,
  },
})
