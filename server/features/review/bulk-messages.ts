/** The bulk routes' Spanish refusals that depend on a count. */
import { formatCount } from '../../../domain/format.ts'

/** A bulk move to acuerdo_firmado without the confirmation, when `n` of the applications lack required documents (ADR 0139). */
export function bulkDocumentsMissingMessage(n: number): string {
  const which = n === 1 ? '1 de las postulaciones no tiene' : `${formatCount(n)} de las postulaciones no tienen`
  return `${which} todos los documentos obligatorios de due diligence. Para marcarlas como «Acuerdo firmado» igual, confirma y escribe el motivo.`
}
