/** How the normalised score reads, in one sentence (ADR 0105). */
import { formatSigned } from '../../../../domain/format.ts'
import { NORMALISATION_MIN_REVIEWS } from '../../../../domain/scoring.ts'

export const NORMALISED_EXPLANATION = `Normalizado: cuánto se aleja cada evaluación del promedio habitual de quien la hizo en los últimos 12 meses, en desviaciones estándar (0 = su puntaje habitual; aplica desde ${NORMALISATION_MIN_REVIEWS} evaluaciones).`

export function formatZ(z: number | null | undefined): string {
  if (z === null || z === undefined) return 'no aplica'
  return formatSigned(z)
}

export function DiscussionBadge() {
  return (
    <span className="ml-1 inline-block rounded-full border border-amber-300 bg-amber-50 px-2 text-xs font-semibold text-amber-900">
      Para discutir
    </span>
  )
}
