import type { CriterionScores } from '../review.ts'

/** The five criteria's scores in the order the review form shows them, for tests. */
export const scores = (p: number, c: number, m: number, f: number, a: number): CriterionScores => ({
  productoValidado: p,
  primerosClientes: c,
  modeloEscalable: m,
  foundersComprometidos: f,
  aperturaParticipacion: a,
})
