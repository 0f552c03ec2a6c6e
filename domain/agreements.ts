/**
 * The agreement of stage 3 (docs/decisions/0213, 0214): what the admin types of the parties (asked in due
 * diligence) and how it is read, the template's placeholders and the value each prints from the stored
 * records (the deal's numbers are never typed twice), the sample template the product ships, the
 * e-signature agreement a signer accepts (versioned), the statuses' Spanish words and the evidence page's
 * lines. Pure: the browser and the server share it; numbers, money and dates through domain/format.ts.
 */
import { FOLLOW_UP_MONTHS, INSTRUMENT_LABELS, formatBp, formatCop, formatDay, formatUsdCents, monthsText, periodEnd, type DealTerms } from './deals.ts'
import { formatCount, formatDateTime } from './format.ts'
import { readCount } from './numbers.ts'
import { PROGRAMME_NAME } from './programme.ts'
import { REPRESENTATIVE_ID_TYPES, type AgreementParties, type AgreementStatus, type RepresentativeIdType, type SignerRole, type SigningMethod } from './agreements-records.ts'

export { AGREEMENT_STATUSES, REPRESENTATIVE_ID_TYPES, SIGNER_ROLES, type AgreementParties, type AgreementStatus, type SignerRole } from './agreements-records.ts'

// ---------------------------------------------------------------------------
// The verification code, printed on every page
// ---------------------------------------------------------------------------

/** CMFE- and two groups of four Crockford base-32 characters (no I, L, O, U). */
export const AGREEMENT_CODE_PATTERN = /^CMFE-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

/** A code as a person types it (lower case, spaces, no dashes, O for 0, I or L for 1) → its canonical form; null if it is not one. */
export function normalizeAgreementCode(typed: string): string | null {
  const compact = typed
    .toUpperCase()
    .replace(/[\s\-–—_.]/g, '')
    .replace(/^CMFE/, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(compact)) return null
  return `CMFE-${compact.slice(0, 4)}-${compact.slice(4)}`
}

// ---------------------------------------------------------------------------
// The parties, as the admin types them
// ---------------------------------------------------------------------------

export const REPRESENTATIVE_ID_TYPE_LABELS: Record<RepresentativeIdType, string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  PA: 'Pasaporte',
}
const ID_TYPE_SHORT: Record<RepresentativeIdType, string> = { CC: 'C.C.', CE: 'C.E.', PA: 'Pasaporte' }

export const PARTY_LIMITS = { name: 150, city: 100, shareClass: 60 } as const
export const SHARES_MAX = 1_000_000_000_000

/** The parties as typed: text, as the form sends them. */
export interface AgreementPartiesInput {
  legalName: string
  tradeName: string
  nit: string
  representativeName: string
  representativeIdType: RepresentativeIdType
  representativeId: string
  shares: string
  shareClass: string
  city: string
}
export type AgreementPartiesField = keyof AgreementPartiesInput

export const AGREEMENT_PARTY_LABELS: Record<AgreementPartiesField, string> = {
  legalName: 'Razón social',
  tradeName: 'Nombre comercial',
  nit: 'NIT',
  representativeName: 'Representante legal',
  representativeIdType: 'Tipo de documento',
  representativeId: 'Número de documento',
  shares: 'Acciones suscritas',
  shareClass: 'Clase de acciones',
  city: 'Ciudad de firma',
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const

/** The DIAN check digit of a NIT's digits (without it): the weighted sum from the right, modulo 11. */
export function nitCheckDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * NIT_WEIGHTS[i]!
  const r = sum % 11
  return r > 1 ? 11 - r : r
}

/** "900123456-8", "900.123.456-8", "9001234568" → "900.123.456-8"; a string: why it is refused. */
export function readNit(typed: string): { ok: true; nit: string } | { ok: false; message: string } {
  const t = typed.trim()
  if (t === '') return { ok: false, message: 'Escribe el NIT con su dígito de verificación, por ejemplo 900.123.456-8.' }
  const m = /^(\d{1,3}(?:\.?\d{3}){2,4})\s*-\s*(\d)$/.exec(t) ?? (/^\d{9,15}$/.test(t) ? [t, t.slice(0, -1), t.slice(-1)] : null)
  if (!m) return { ok: false, message: 'Escribe el NIT con su dígito de verificación, por ejemplo 900.123.456-8.' }
  const digits = m[1]!.replace(/\./g, '')
  if (digits.length < 8 || digits.length > 14) return { ok: false, message: 'El NIT tiene de 8 a 14 dígitos antes del dígito de verificación.' }
  if (nitCheckDigit(digits) !== Number(m[2])) return { ok: false, message: 'El dígito de verificación no corresponde a ese NIT: revísalo en el RUT.' }
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return { ok: true, nit: `${grouped}-${m[2]}` }
}

/** Reads and checks the parties as typed: every field, each with its message. */
export function readAgreementParties(input: AgreementPartiesInput): { ok: true; parties: AgreementParties } | { ok: false; errors: Partial<Record<AgreementPartiesField, string>> } {
  const errors: Partial<Record<AgreementPartiesField, string>> = {}
  const text = (field: AgreementPartiesField, max: number, what: string): string => {
    const value = String(input[field] ?? '').trim().replace(/\s+/g, ' ')
    if (value === '') errors[field] = `Escribe ${what}.`
    else if (value.length > max) errors[field] = `${AGREEMENT_PARTY_LABELS[field]}: máximo ${max} caracteres.`
    return value
  }
  const legalName = text('legalName', PARTY_LIMITS.name, 'la razón social, como aparece en el certificado de existencia')
  const tradeName = text('tradeName', PARTY_LIMITS.name, 'el nombre comercial')
  const representativeName = text('representativeName', PARTY_LIMITS.name, 'el nombre del representante legal')
  const city = text('city', PARTY_LIMITS.city, 'la ciudad donde se firma')
  const nit = readNit(String(input.nit ?? ''))
  if (!nit.ok) errors.nit = nit.message
  const idType = input.representativeIdType
  if (!(REPRESENTATIVE_ID_TYPES as readonly string[]).includes(idType)) errors.representativeIdType = 'Elige el tipo de documento del representante legal.'
  const id = String(input.representativeId ?? '').trim().replace(/[\s.]/g, '')
  if (id === '') errors.representativeId = 'Escribe el número de documento del representante legal.'
  else if (idType === 'CC' && !/^\d{6,10}$/.test(id)) errors.representativeId = 'La cédula de ciudadanía tiene de 6 a 10 dígitos.'
  else if (idType !== 'CC' && !/^[A-Za-z0-9]{4,20}$/.test(id)) errors.representativeId = 'Escribe el número del documento con letras y números, sin espacios.'
  let shares: number | null = null
  const sharesText = String(input.shares ?? '').trim()
  if (sharesText !== '') {
    const r = readCount(sharesText)
    if (!r.ok || Number(r.value) <= 0) errors.shares = 'Escribe las acciones como un número entero mayor que 0, por ejemplo 15.000, o déjalo vacío si aún no se conoce.'
    else if (Number(r.value) > SHARES_MAX) errors.shares = 'Ese número de acciones es demasiado grande: revisa los ceros.'
    else shares = Number(r.value)
  }
  const shareClassText = String(input.shareClass ?? '').trim()
  if (shareClassText.length > PARTY_LIMITS.shareClass) errors.shareClass = `Clase de acciones: máximo ${PARTY_LIMITS.shareClass} caracteres.`
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    parties: { legalName, tradeName, nit: (nit as { nit: string }).nit, representativeName, representativeIdType: idType, representativeId: idType === 'CC' ? id : id.toUpperCase(), shares, shareClass: shareClassText === '' ? null : shareClassText, city },
  }
}

// ---------------------------------------------------------------------------
// What the document prints: every value from the stored records
// ---------------------------------------------------------------------------

/** Everything the document prints, all from stored records: nothing typed twice. */
export interface AgreementFacts {
  code: string
  /** The document's version for this application (1, 2, … after a voided one). */
  version: number
  template: { version: number; sample: boolean }
  parties: AgreementParties
  terms: DealTerms
  rateCardVersionNumber: number | null
  founderName: string
  founderEmail: string
  /** The due-diligence documents received, in the checklist's order. */
  documentsReceived: string[]
  /** The Bogotá day it was sent, "AAAA-MM-DD". */
  issuedOn: string
}

const listInWords = (items: readonly string[]) =>
  items.length === 0 ? 'ninguno todavía' : items.length === 1 ? items[0]! : `${items.slice(0, -1).join('; ')} y ${items[items.length - 1]}`

/** The placeholders a template may use, `{{clave}}`, with their Spanish label and their value from the facts. */
export const AGREEMENT_FIELDS: readonly { key: string; label: string; value: (f: AgreementFacts) => string }[] = [
  { key: 'razon_social', label: 'Razón social', value: (f) => f.parties.legalName },
  { key: 'nombre_comercial', label: 'Nombre comercial', value: (f) => f.parties.tradeName },
  { key: 'nit', label: 'NIT', value: (f) => f.parties.nit },
  { key: 'representante_legal', label: 'Representante legal', value: (f) => f.parties.representativeName },
  {
    key: 'documento_representante',
    label: 'Documento del representante legal',
    value: (f) => `${ID_TYPE_SHORT[f.parties.representativeIdType]} ${f.parties.representativeIdType === 'CC' ? formatCount(Number(f.parties.representativeId)) : f.parties.representativeId}`,
  },
  { key: 'participacion', label: 'Participación', value: (f) => formatBp(f.terms.equityBp) },
  { key: 'instrumento', label: 'Instrumento', value: (f) => INSTRUMENT_LABELS[f.terms.instrument] },
  { key: 'descuento_nota', label: 'Descuento de la nota convertible', value: (f) => (f.terms.discountBp === null ? 'No aplica' : formatBp(f.terms.discountBp)) },
  { key: 'acciones', label: 'Acciones suscritas', value: (f) => (f.parties.shares === null ? 'un número por definir de' : formatCount(f.parties.shares)) },
  { key: 'clase_acciones', label: 'Clase de acciones', value: (f) => f.parties.shareClass ?? 'por definir' },
  { key: 'valoracion_referencia', label: 'Valoración de referencia', value: (f) => formatUsdCents(f.terms.valuationUsdCents) },
  { key: 'valor_pauta', label: 'Valor de la pauta a tarifa', value: (f) => formatCop(f.terms.mediaValueCop) },
  { key: 'valor_inversion', label: 'Valor de inversión acordado', value: (f) => formatCop(f.terms.investmentValueCop) },
  { key: 'tarifario', label: 'Versión del tarifario', value: (f) => (f.rateCardVersionNumber === null ? 'Sin tarifario publicado' : `Versión ${f.rateCardVersionNumber}`) },
  { key: 'ventana_meses', label: 'Duración de la exposición', value: (f) => monthsText(f.terms.windowMonths) },
  { key: 'ventana_inicio', label: 'Inicio de la exposición', value: (f) => formatDay(f.terms.windowStart) },
  { key: 'ventana_fin', label: 'Fin de la exposición', value: (f) => formatDay(periodEnd(f.terms.windowStart, f.terms.windowMonths)) },
  { key: 'seguimiento_meses', label: 'Duración del seguimiento', value: () => monthsText(FOLLOW_UP_MONTHS) },
  { key: 'seguimiento_inicio', label: 'Inicio del seguimiento', value: (f) => formatDay(f.terms.followUpStart) },
  { key: 'seguimiento_fin', label: 'Fin del seguimiento', value: (f) => formatDay(periodEnd(f.terms.followUpStart, FOLLOW_UP_MONTHS)) },
  { key: 'documentos_recibidos', label: 'Documentos de due diligence recibidos', value: (f) => listInWords(f.documentsReceived) },
  { key: 'fecha', label: 'Fecha', value: (f) => formatDay(f.issuedOn) },
  { key: 'ciudad', label: 'Ciudad', value: (f) => f.parties.city },
  { key: 'codigo', label: 'Código de verificación', value: (f) => f.code },
  { key: 'version', label: 'Versión del documento', value: (f) => String(f.version) },
  { key: 'persona_fundadora', label: 'Persona fundadora', value: (f) => f.founderName },
  { key: 'correo_persona_fundadora', label: 'Correo de la persona fundadora', value: (f) => f.founderEmail },
  { key: 'programa', label: 'Programa', value: () => PROGRAMME_NAME },
]

/** Every placeholder's value for these facts. */
export function agreementFieldValues(facts: AgreementFacts): Record<string, string> {
  return Object.fromEntries(AGREEMENT_FIELDS.map((f) => [f.key, f.value(facts)]))
}

// ---------------------------------------------------------------------------
// The template
// ---------------------------------------------------------------------------

export const TEMPLATE_BODY_MAX = 50_000
const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g
const KEYS = new Set(AGREEMENT_FIELDS.map((f) => f.key))

/** A template's text: refused when empty, too long, with an unknown {{clave}} or an unclosed one. */
export function readTemplateBody(body: string): { ok: true } | { ok: false; message: string } {
  if (body.trim() === '') return { ok: false, message: 'Escribe el texto del acuerdo.' }
  if (body.length > TEMPLATE_BODY_MAX) return { ok: false, message: `El texto del acuerdo admite como máximo ${formatCount(TEMPLATE_BODY_MAX)} caracteres.` }
  if (!/^#\s+\S/m.test(body)) return { ok: false, message: 'La primera línea con «# » es el título del acuerdo: escribe uno.' }
  const unknown = [...body.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((k) => !KEYS.has(k))
  if (unknown.length > 0) {
    return { ok: false, message: `El campo {{${unknown[0]}}} no existe. Los campos son: ${AGREEMENT_FIELDS.map((f) => `{{${f.key}}}`).join(', ')}.` }
  }
  const stray = body.replace(PLACEHOLDER, '')
  if (stray.includes('{{') || stray.includes('}}')) return { ok: false, message: 'Hay unas llaves {{ }} sin cerrar o con un nombre que no es un campo: revisa el texto.' }
  return { ok: true }
}

export interface RenderedAgreement {
  title: string
  blocks: { kind: 'heading' | 'paragraph'; text: string }[]
}

/** The template filled with the facts: "# " lines are headings (the first is the title), blank lines separate paragraphs. */
export function renderAgreement(body: string, facts: AgreementFacts): RenderedAgreement {
  const values = agreementFieldValues(facts)
  // A value is one line: a line break in a name cannot make a heading or a paragraph of its own.
  const filled = body.replace(/\r\n?/g, '\n').replace(PLACEHOLDER, (_, key: string) => (values[key] ?? '').replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ').trim())
  const blocks: RenderedAgreement['blocks'] = []
  let title = ''
  for (const chunk of filled.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter((l) => l !== '')
    let paragraph: string[] = []
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
      paragraph = []
    }
    for (const line of lines) {
      const heading = /^#{1,3}\s+(.*)$/.exec(line)
      if (heading) {
        flush()
        if (!title && line.startsWith('# ')) title = heading[1]!
        else blocks.push({ kind: 'heading', text: heading[1]! })
      } else paragraph.push(line)
    }
    flush()
  }
  return { title: title || 'Acuerdo', blocks }
}

export const SAMPLE_NOTICE = 'MODELO DE MUESTRA: este texto no es un contrato revisado por un abogado; el equipo jurídico del programa debe reemplazarlo antes de usarlo.'

/** The sample the product ships (version 0), marked as a sample, using every placeholder. */
export const SAMPLE_TEMPLATE_BODY = `# Contrato de suscripción de acciones a cambio de pauta publicitaria (media for equity)

${SAMPLE_NOTICE}

Documento {{codigo}}, versión {{version}}. En {{ciudad}}, el {{fecha}}.

## Las partes

De una parte, {{programa}} (en adelante, «el Inversionista»). De otra parte, {{razon_social}}, con nombre comercial {{nombre_comercial}} y NIT {{nit}} (en adelante, «la Sociedad»), representada legalmente por {{representante_legal}}, identificado(a) con {{documento_representante}}, y con la participación de {{persona_fundadora}} ({{correo_persona_fundadora}}) como persona fundadora.

## Primera. Objeto

La Sociedad emite a favor del Inversionista una participación de {{participacion}} de su capital, mediante el instrumento {{instrumento}} (descuento de la nota convertible: {{descuento_nota}}), correspondiente a {{acciones}} acciones de la clase {{clase_acciones}}, con una valoración de referencia de {{valoracion_referencia}}.

## Segunda. Aporte en pauta publicitaria

El Inversionista paga la suscripción con pauta publicitaria en sus medios por un valor a tarifa de {{valor_pauta}}, según el tarifario {{tarifario}}, que las partes acuerdan valorar como inversión en {{valor_inversion}}.

## Tercera. Ventana de exposición

La pauta se emite durante {{ventana_meses}}, del {{ventana_inicio}} al {{ventana_fin}}, según el plan de medios que las partes acuerden por escrito.

## Cuarta. Acompañamiento y seguimiento

Durante {{seguimiento_meses}}, del {{seguimiento_inicio}} al {{seguimiento_fin}}, la Sociedad reporta cada mes sus indicadores al Inversionista y recibe su acompañamiento estratégico.

## Quinta. Due diligence

La Sociedad entregó los siguientes documentos de due diligence: {{documentos_recibidos}}. La Sociedad declara que son veraces y completos.

## Sexta. Confidencialidad

Las partes mantienen en reserva la información que reciban con ocasión de este contrato, salvo obligación legal.

## Séptima. Datos personales

Cada parte trata los datos personales de la otra conforme a la Ley 1581 de 2012 y sus políticas de tratamiento de datos.

## Octava. Firma electrónica

Las partes acuerdan firmar este contrato por medios electrónicos, conforme a la Ley 527 de 1999 y el Decreto 2364 de 2012 (compilado en el Decreto 1074 de 2015). Cada firmante se identifica con un código de un solo uso enviado a su correo electrónico; el documento lleva las firmas electrónicas y una página de evidencia, y cualquier cambio posterior a la firma se puede detectar. El documento se puede verificar en /verificar con el código {{codigo}}.
`

// ---------------------------------------------------------------------------
// The e-signature agreement, statuses, signing rules
// ---------------------------------------------------------------------------

/** Every version of the e-signature agreement ever shipped: an old signature's text stays readable. */
export const ESIGN_CONSENTS: Readonly<Record<number, string>> = {
  1: 'Acepto firmar este acuerdo por medios electrónicos, conforme a la Ley 527 de 1999 y el Decreto 2364 de 2012. Mi firma se verifica con un código de un solo uso enviado a mi correo y tiene la misma validez que una firma manuscrita. Se guardan el documento y la evidencia de la firma (fecha y hora, dirección IP, navegador y la huella SHA-256 del documento), que cualquiera puede verificar en /verificar. Puedo pedir una copia en papel.',
}
/** The version a signer accepts today. */
export const ESIGN_CONSENT = { version: 1, text: ESIGN_CONSENTS[1]! } as const

export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  sent: 'Enviado para firma',
  founder_signed: 'Firmado por la persona fundadora',
  sealing: 'Sellando el documento',
  signed: 'Firmado por ambas partes',
  declined: 'Rechazado',
  expired: 'Vencido',
  voided: 'Anulado',
}
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = { founder: 'Persona fundadora', programme: 'Programa' }
export const SIGNING_METHOD_LABELS: Record<SigningMethod, string> = { email_code: 'Código de un solo uso enviado al correo', passkey: 'Llave de acceso (passkey)' }
/** Each signature's field in the PDF. */
export const SIGNATURE_FIELD_NAMES: Record<SignerRole, string> = { founder: 'Firma_persona_fundadora', programme: 'Firma_programa' }

export const SIGNING_CODE_LENGTH = 6
export const SIGNING_CODE_MINUTES = 15
export const SIGNING_CODE_MAX_ATTEMPTS = 5
/** An agreement not signed by both within these days expires. */
export const AGREEMENT_EXPIRY_DAYS = 30

// ---------------------------------------------------------------------------
// The evidence page
// ---------------------------------------------------------------------------

export interface SignatureEvidence {
  role: SignerRole
  name: string
  email: string
  method: SigningMethod
  consentVersion: number
  signedAt: Date
  ip: string
  userAgent: string
}
export interface AgreementEvidence {
  code: string
  version: number
  /** SHA-256 (hex) of the document as sent, before any signature. */
  documentSha256: string
  signatures: SignatureEvidence[]
  sealedAt: Date
}

const bogota = (d: Date) => `${formatDateTime(d)} (hora de Bogotá)`

/** The evidence page's sections: the document, then each signature with how it was verified. */
export function evidenceLines(e: AgreementEvidence): { heading: string; rows: { label: string; value: string }[] }[] {
  return [
    {
      heading: 'El documento',
      rows: [
        { label: 'Código de verificación', value: e.code },
        { label: 'Versión', value: String(e.version) },
        { label: 'SHA-256 del documento enviado, antes de firmar', value: e.documentSha256 },
        { label: 'Sellado', value: bogota(e.sealedAt) },
      ],
    },
    ...e.signatures.map((s) => ({
      heading: `Firma: ${SIGNER_ROLE_LABELS[s.role]}`,
      rows: [
        { label: 'Nombre', value: s.name },
        { label: 'Correo', value: s.email },
        { label: 'Verificación', value: SIGNING_METHOD_LABELS[s.method] },
        { label: 'Acuerdo de firma electrónica aceptado', value: `Versión ${s.consentVersion}` },
        { label: 'Fecha y hora', value: bogota(s.signedAt) },
        { label: 'Dirección IP', value: s.ip },
        { label: 'Navegador', value: s.userAgent || 'No informado' },
      ],
    })),
  ]
}
