/**
 * The holdings register's kinds, labels and file limits, apart from domain/holdings.ts (which loads
 * decimal.js): the declared migration and the HTTP body limits read them, and those load in the Supabase
 * Edge Function too. domain/holdings.ts re-exports all of it.
 */
import { keysOf } from './labels.ts'

/** A document behind an event or a mark: PDF, images, spreadsheets and office documents, by their bytes. */
export const HOLDING_FILE_MAX_MB = 10
export const HOLDING_FILE_MAX_BYTES = HOLDING_FILE_MAX_MB * 1024 * 1024
export const HOLDING_FILE_TYPES: readonly string[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.text',
]

/** Days before the payment deadline the deal's owner is reminded of an unpaid balance. */
export const PAYMENT_REMINDER_DAYS = [60, 14] as const
export type PaymentReminder = (typeof PAYMENT_REMINDER_DAYS)[number]

export const HOLDING_EVENT_LABELS = {
  issuance: 'Emisión al programa',
  round: 'Ronda',
  conversion: 'Conversión de la nota',
  top_up: 'Ajuste del porcentaje fijo',
  split: 'División de acciones',
  secondary_sale: 'Venta secundaria',
  write_down: 'Deterioro',
  write_off: 'Baja total',
  void: 'Anulación',
} as const
export const HOLDING_EVENT_KINDS = keysOf(HOLDING_EVENT_LABELS)
export type HoldingEventKind = (typeof HOLDING_EVENT_KINDS)[number]

export const MARK_METHOD_LABELS = {
  ronda_reciente: 'Ronda reciente',
  multiplo: 'Múltiplo de comparables',
  costo_menos_deterioro: 'Costo menos deterioro',
} as const
export const MARK_METHODS = keysOf(MARK_METHOD_LABELS)
export type MarkMethod = (typeof MARK_METHODS)[number]
