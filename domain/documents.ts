/**
 * The due-diligence checklist (SPEC §9) as items with stable keys: the keys
 * are stored with every uploaded document, so a label can be reworded
 * without orphaning files. "(si aplica)" items are optional.
 */
import { isOneOf, keysOf } from './labels.ts'
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
  return isOneOf(DOCUMENT_KEYS, value)
}

/**
 * The states of a document, with how the founder's pages name each (the
 * documents page, the copy of their data). received: waiting for the team;
 * accepted; new_version_requested: the team asked for another file (with a note).
 */
export const DOCUMENT_STATUS_FOUNDER_LABELS = {
  received: 'Recibido, en revisión',
  accepted: 'Aceptado',
  new_version_requested: 'Te pedimos una versión nueva',
} satisfies Record<string, string>
export const DOCUMENT_STATUSES = keysOf(DOCUMENT_STATUS_FOUNDER_LABELS)
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/**
 * An uploaded file as both sides read it (times as ISO strings): the team's
 * TeamDocument (domain/workspace-api/documents.ts) and the founder's copy of
 * their data (server/features/data-requests/data-copy.ts) add to it.
 */
export interface UploadedFile {
  fileName: string
  mediaType: string
  sizeBytes: number
  sha256: string
  uploadedAt: string
  status: DocumentStatus
  /** The team's note when it asked for a new version (the founder sees it on the documents page too). */
  reviewNote: string | null
}

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
  return clip(cleaned, FILE_NAME_MAX - ext.length) + ext
}

/**
 * The first `max` UTF-16 units of `text`, never half a surrogate pair: a lone
 * one makes encodeURIComponent throw, and the download's Content-Disposition with it.
 */
function clip(text: string, max: number): string {
  let end = Math.max(0, max)
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end] ?? '')) end--
  return text.slice(0, end)
}

/** The lower-case extension of a cleaned name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * The extensions a checked type may carry (server/shared/content-check.ts
 * decides the type): the first is the one a name gets when it has none of them.
 */
export const EXTENSIONS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heif': ['heif', 'heic'],
  'image/tiff': ['tif', 'tiff'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/rtf': ['rtf'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
}

/**
 * Extensions taken off the end of a name before the checked type's is put on:
 * the documents' own, and those that run or render something (Windows runs
 * .bat, .cmd, .hta, .exe…; browsers render .html, .svg). Only cosmetic: the
 * served name ends with the checked type's extension whatever is left before
 * it; the list keeps "rut.pdf.exe" from becoming "rut.pdf.pdf" while
 * "Acme S.A.S.pdf" keeps its dots.
 */
const EXTENSION_CHAIN = new Set([
  ...Object.values(EXTENSIONS_OF_TYPE).flat(),
  ...['docm', 'xlsm', 'pptm', 'dotx', 'dotm', 'xltx', 'xltm', 'potx', 'ppsx', 'ppsm', 'odg', 'pages', 'numbers', 'key', 'gif', 'bmp', 'svg', 'svgz'],
  ...['exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'cpl', 'msi', 'msp', 'msc', 'dll', 'sys', 'lnk', 'url', 'reg', 'inf', 'hta', 'chm', 'application'],
  ...['js', 'jse', 'mjs', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'psd1', 'sh', 'bash', 'command', 'py', 'pl', 'rb', 'php', 'jar', 'apk', 'app', 'dmg', 'pkg', 'deb', 'rpm'],
  ...['htm', 'html', 'xhtml', 'shtml', 'mht', 'mhtml', 'xml', 'xsl', 'swf', 'eml', 'ics', 'vcf'],
  ...['zip', 'rar', '7z', 'gz', 'tgz', 'tar', 'bz2', 'xz', 'iso', 'img', 'vhd', 'bin', 'dat', 'tmp'],
])

/**
 * The name a document is stored and served under: the founder's (cleaned)
 * name without its chain of extensions, plus the extension of the type its
 * bytes were checked to be, so that "estados_financieros.pdf.bat" holding a
 * PDF is "estados_financieros.pdf", and no download can be run or rendered
 * as something else. Keeps the founder's own extension when it already names
 * the type ("foto.JPEG"). Idempotent, so it also mends names stored before it.
 */
export function servedFileName(name: string, mediaType: string): string {
  const allowed = EXTENSIONS_OF_TYPE[mediaType] ?? ['bin']
  const cleaned = cleanFileName(name) ?? ''
  const last = extensionOf(cleaned)
  const ext = allowed.includes(last) ? cleaned.slice(cleaned.length - last.length) : allowed[0]!
  // Windows drops trailing dots and spaces from a name ("x.cmd .bat"); none may stand before an extension either.
  const trimEnd = (text: string) => text.replace(/[.\s]+$/, '')
  let stem = trimEnd(cleaned)
  for (let segment = extensionOf(stem); segment && EXTENSION_CHAIN.has(segment); segment = extensionOf(stem)) {
    stem = trimEnd(stem.slice(0, stem.length - segment.length - 1))
  }
  stem = trimEnd(clip(stem, FILE_NAME_MAX - ext.length - 1)) || 'documento'
  return `${stem}.${ext}`
}

/**
 * The required items (not "(si aplica)") without a usable document: none
 * uploaded, or only one the team asked to replace. "Acuerdo firmado" with any
 * of them missing needs an explicit confirmation with a reason (ADR 0139).
 */
export function missingRequiredDocuments(documents: readonly { itemKey: string; status: DocumentStatus }[]): DocumentItem[] {
  const usable = new Set(documents.filter((d) => d.status !== 'new_version_requested').map((d) => d.itemKey))
  return DOCUMENT_ITEMS.filter((item) => !item.optional && !usable.has(item.key))
}

/** The stage whose move checks the due-diligence documents. */
export const DOCUMENTS_CHECKED_STAGE = 'acuerdo_firmado'

/** How long the reason for signing with documents missing may be. */
export const MISSING_DOCUMENTS_REASON_MAX = 1000

/** The API's refusal of such a move without the confirmation: what is missing, in the team's words. */
export function missingDocumentsMessage(items: readonly DocumentItem[]): string {
  const list = items.map((d) => d.label).join('; ')
  return `Faltan documentos obligatorios de due diligence: ${list}. Para marcar «Acuerdo firmado» igual, confirma y escribe el motivo.`
}
