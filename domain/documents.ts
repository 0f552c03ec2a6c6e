/**
 * The due-diligence checklist (SPEC §9) as items with stable keys: the keys
 * are stored with every uploaded document, so a label can be reworded
 * without orphaning files. "(si aplica)" items are optional.
 */
import { DUE_DILIGENCE_DOCUMENTS } from './programme.ts'

export const DOCUMENT_KEYS = [
  'pitch_deck',
  'cap_table',
  'certificado_existencia',
  'estados_financieros',
  'contratos_pi',
  'identidad_representante',
  'rut',
] as const
export type DocumentKey = (typeof DOCUMENT_KEYS)[number]

export interface DocumentItem {
  key: DocumentKey
  label: string
  optional: boolean
}

const OPTIONAL_MARK = /\s*\(si aplica\)\s*$/i

if (DOCUMENT_KEYS.length !== DUE_DILIGENCE_DOCUMENTS.length) {
  throw new Error('domain/documents.ts: one key per item of DUE_DILIGENCE_DOCUMENTS')
}

export const DOCUMENT_ITEMS: readonly DocumentItem[] = DUE_DILIGENCE_DOCUMENTS.map((text, i) => ({
  key: DOCUMENT_KEYS[i]!,
  label: text.replace(OPTIONAL_MARK, ''),
  optional: OPTIONAL_MARK.test(text),
}))

export function isDocumentKey(value: unknown): value is DocumentKey {
  return typeof value === 'string' && (DOCUMENT_KEYS as readonly string[]).includes(value)
}

/** received: waiting for the team; accepted; new_version_requested: the team asked for another file (with a note). */
export const DOCUMENT_STATUSES = ['received', 'accepted', 'new_version_requested'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

export const DOCUMENT_NOTE_MAX = 1000
export const FILE_NAME_MAX = 120

/**
 * A file name fit to show and to put in Content-Disposition: the last path
 * segment only, no control or bidi characters, bounded length keeping the
 * extension. Null when nothing usable is left.
 */
export function cleanFileName(raw: string): string | null {
  const lastSegment = raw.split(/[/\\]/).pop() ?? ''
  const cleaned = lastSegment
    .normalize('NFC')
    // C0/C1 controls, and the bidi overrides that make "fdp.exe" read as "exe.pdf".
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/["<>:|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
  if (cleaned === '') return null
  if (cleaned.length <= FILE_NAME_MAX) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : ''
  return cleaned.slice(0, FILE_NAME_MAX - ext.length) + ext
}

/** The lower-case extension of a cleaned name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}
