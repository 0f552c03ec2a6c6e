/**
 * A titular's request under Ley 1581 de 2012 (docs/decisions/0122-data-requests-record.md):
 * its kinds and the business days the law gives to answer each. Only the
 * deletion request (supresión) is asked for today, from the founder's status
 * page; the others are here so the record and its due date already fit them.
 */
import { endOfBusinessDaysAfter } from './business-days.ts'

export const DATA_REQUEST_KINDS = ['consulta', 'reclamo', 'supresion'] as const
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number]

/**
 * Días hábiles to answer: a consulta in 10 (art. 14), a reclamo in 15
 * (art. 15), and a request to delete data is a reclamo. The extensions the
 * law allows (5 and 8 more days, telling the titular why) are not modelled.
 */
export const DATA_REQUEST_TERM_BUSINESS_DAYS: Readonly<Record<DataRequestKind, number>> = {
  consulta: 10,
  reclamo: 15,
  supresion: 15,
}

/** How the workspace names each kind ("Datos personales"). */
export const DATA_REQUEST_KIND_LABELS: Readonly<Record<DataRequestKind, string>> = {
  consulta: 'Consulta',
  reclamo: 'Reclamo',
  supresion: 'Supresión de datos',
}

/** When a request opened at `openedAt` must be answered (the end of that business day, Bogotá). */
export function dataRequestDueAt(kind: DataRequestKind, openedAt: Date): Date {
  return endOfBusinessDaysAfter(openedAt, DATA_REQUEST_TERM_BUSINESS_DAYS[kind])
}
