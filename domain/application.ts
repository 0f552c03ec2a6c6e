/**
 * The Application: the one model of a founder's application, shared by the
 * browser (instant feedback, HTML constraint attributes), the Node server and
 * the Deno edge function (the real check). Only valibot (and domain/ itself) may be imported here.
 */
import * as v from 'valibot'
import { isEmail } from './email.ts'
import { bogotaClock } from './format.ts'
import { keysOf } from './labels.ts'
import { readAmount, readCount, readDecimal, readYear, type NumberReading } from './numbers.ts'

// ---------------------------------------------------------------------------
// Business limits (SPEC §9). Change the programme's rules here, in one line.
// ---------------------------------------------------------------------------
export const FOUNDING_YEAR_MIN = 2000
const HOUR_MS = 3_600_000
let yearHour = Number.NaN
let year = 0
/**
 * The calendar year in Bogotá at `now` (domain/format.ts's Bogotá clock, ADR 0136). Read through
 * Intl once per UTC hour: Bogotá's offset is whole hours, so its year cannot change inside one, and
 * every submission's validation asks (Intl costs some 10 µs a call; ADR 0151).
 */
export function currentYearInBogota(now: Date = new Date()): number {
  const hour = Math.floor(now.getTime() / HOUR_MS)
  if (hour !== yearHour) {
    year = bogotaClock(now)!.year
    yearHour = hour
  }
  return year
}

/**
 * The latest founding year accepted: the current year in Bogotá, read at the
 * moment of the check (the SPEC's "2000 to 2024" was written in 2024; ADR 0136).
 */
export function foundingYearMax(now: Date = new Date()): number {
  return currentYearInBogota(now)
}
export const EQUITY_PERCENTAGE_MIN = 1
export const EQUITY_PERCENTAGE_MAX = 49
/** The revenue field is in this currency, over this many months. */
export const REVENUE_CURRENCY = 'USD'
export const REVENUE_PERIOD_MONTHS = 12
/** Counts and amounts cannot be negative; their upper bound is their MAX_LENGTH. */
export const ACTIVE_USERS_MIN = 0
export const REVENUE_MIN = 0

// ---------------------------------------------------------------------------
// Length limits. The SPEC gives none; these keep a pasted novel (or megabytes)
// out while leaving room for a real answer. See docs/decisions/0010-field-length-limits.md.
// ---------------------------------------------------------------------------
export const MAX_LENGTH = {
  companyName: 150,
  tradeName: 150,
  website: 300,
  city: 100,
  foundingYear: 4,
  founderName: 150,
  position: 100,
  email: 254,
  phone: 30,
  problemSolution: 2000,
  valueProposition: 1500,
  productStage: 20,
  activeUsers: 15,
  salesChannels: 1000,
  revenue: 20,
  mediaExpectations: 1500,
  foundersInfo: 0,
  currentInvestors: 0,
  equityPercentage: 5,
  legalRestrictions: 20,
  supportNeeded: 1500,
} as const

// ---------------------------------------------------------------------------
// Enumerations, with their Spanish labels for the form and the e-mails.
// ---------------------------------------------------------------------------
export const PRODUCT_STAGE_LABELS = {
  mvp: 'MVP',
  beta: 'Beta',
  live: 'Producto en vivo',
  scaling: 'Escalando',
} satisfies Record<string, string>
export const PRODUCT_STAGES = keysOf(PRODUCT_STAGE_LABELS)
export type ProductStage = (typeof PRODUCT_STAGES)[number]

export const LEGAL_RESTRICTION_LABELS = {
  no: 'No',
  yes: 'Sí',
  partial: 'Algunas restricciones',
} satisfies Record<string, string>
export const LEGAL_RESTRICTIONS = keysOf(LEGAL_RESTRICTION_LABELS)
export type LegalRestriction = (typeof LEGAL_RESTRICTIONS)[number]

/**
 * The Spanish label of an enumeration field's value (productStage,
 * legalRestrictions), as the form's options show it; any other field's value,
 * or an unknown option, as it is. The e-mails and the CLI use it.
 */
export function optionLabel(field: string, value: string): string {
  if (field === 'productStage') return PRODUCT_STAGE_LABELS[value as ProductStage] ?? value
  if (field === 'legalRestrictions') return LEGAL_RESTRICTION_LABELS[value as LegalRestriction] ?? value
  return value
}

// ---------------------------------------------------------------------------
// The 21 fields, in the SPEC's order (SPEC §3).
// ---------------------------------------------------------------------------
/**
 * The Spanish name of each field, in that order: the form's labels, its error
 * summary and the team's notification e-mail all use these, so they never
 * disagree. APPLICATION_FIELDS is its keys.
 */
export const FIELD_LABELS = {
  companyName: 'Razón social',
  tradeName: 'Nombre comercial',
  website: 'Sitio web',
  city: 'Ciudad principal de operación',
  foundingYear: 'Año de fundación',
  founderName: 'Nombre completo de la persona fundadora principal',
  position: 'Cargo',
  email: 'Correo electrónico',
  phone: 'Teléfono o WhatsApp',
  problemSolution: 'Problema y solución',
  valueProposition: 'Propuesta de valor',
  productStage: 'Etapa del producto',
  activeUsers: 'Usuarios o clientes activos',
  salesChannels: 'Canales de venta',
  revenue: `Ingresos de los últimos ${REVENUE_PERIOD_MONTHS} meses (${REVENUE_CURRENCY})`,
  mediaExpectations: 'Expectativas de exposición en medios',
  foundersInfo: 'Información del equipo fundador',
  currentInvestors: 'Inversionistas actuales',
  equityPercentage: 'Porcentaje de participación ofrecido (%)',
  legalRestrictions: 'Restricciones legales para ceder participación',
  supportNeeded: 'Acompañamiento que necesitas',
} satisfies Record<string, string>
export const APPLICATION_FIELDS = keysOf(FIELD_LABELS)
export type ApplicationField = (typeof APPLICATION_FIELDS)[number]

/** Fields that are always sent but have no input on the form (always ''). */
export const HIDDEN_FIELDS = ['foundersInfo', 'currentInvestors'] as const satisfies readonly ApplicationField[]
/** Fields that may be empty on submit (SPEC §5). */
export const OPTIONAL_FIELDS = ['website', ...HIDDEN_FIELDS] as const satisfies readonly ApplicationField[]
/** The fields the founder fills in: 19 inputs. */
export const INPUT_FIELDS = APPLICATION_FIELDS.filter(
  (f): f is Exclude<ApplicationField, (typeof HIDDEN_FIELDS)[number]> =>
    !(HIDDEN_FIELDS as readonly string[]).includes(f),
)
export const REQUIRED_FIELDS = APPLICATION_FIELDS.filter(
  (f) => !(OPTIONAL_FIELDS as readonly string[]).includes(f),
)

/** Every value is a string in the payload (SPEC §3). */
export type Application = Record<ApplicationField, string>

export function emptyApplication(): Application {
  return Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, ''])) as Application
}

// ---------------------------------------------------------------------------
// Error codes. The schema reports codes; the Spanish text for each lives in
// domain/messages.ts so the server can answer codes and the form can show text.
// ---------------------------------------------------------------------------
export const ERROR_CODES = [
  'required',
  'too_long',
  'invalid_type',
  'invalid_email',
  'invalid_url',
  'invalid_phone',
  'invalid_integer',
  'invalid_number',
  'ambiguous_number',
  'out_of_range',
  'invalid_option',
  'must_be_empty',
  'unknown_field',
  'missing_field',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

// A host with a dot and an optional http(s) scheme, path, query or fragment.
// Founders often type "miempresa.co" without the scheme: that is accepted.
const WEBSITE_RE = /^(?:https?:\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}(?::\d{2,5})?(?:[/?#]\S*)?$/iu
// Digits with the separators people write in phone numbers; 7 to 15 digits (E.164).
const PHONE_RE = /^\+?[\d\s().-]+$/
// Control characters (other than tab and newlines) have no place in any answer.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** A string field: trimmed check for emptiness, capped length, no control characters. */
function text(field: ApplicationField, required: boolean) {
  return v.pipe(
    v.string('invalid_type'),
    v.check((s) => !required || s.trim().length > 0, 'required'),
    v.maxLength(MAX_LENGTH[field], 'too_long'),
    v.check((s) => !CONTROL_RE.test(s), 'invalid_type'),
  )
}

/** A required field with a format check that only runs once the field is non-empty. */
function formatted(field: ApplicationField, required: boolean, ok: (s: string) => boolean, code: ErrorCode) {
  return v.pipe(
    text(field, required),
    v.check((s) => s.trim() === '' || ok(s.trim()), code),
  )
}

/**
 * A number field read by one of domain/numbers.ts's readers (ADR 0135): the
 * reading must succeed (else `invalid` or `ambiguous_number`), fall within
 * [min, max()] (max read at the moment of the check), and the output is the
 * canonical reading ("4,5" → "4.5", "85.000" → "85000"), which is what is stored.
 */
function numberIn(
  field: ApplicationField,
  read: (s: string) => NumberReading,
  invalid: 'invalid_integer' | 'invalid_number',
  min: number,
  max: () => number,
) {
  const readingOf = (s: string) => read(s.trim())
  return v.pipe(
    text(field, true),
    v.check((s) => {
      const r = readingOf(s)
      return s.trim() === '' || r.ok || r.problem === 'ambiguous'
    }, invalid),
    v.check((s) => s.trim() === '' || readingOf(s).ok, 'ambiguous_number'),
    v.check((s) => {
      const r = readingOf(s)
      return !r.ok || (r.number >= min && r.number <= max())
    }, 'out_of_range'),
    v.transform((s) => {
      const r = readingOf(s)
      return r.ok ? r.value : s
    }),
  )
}

function option<const T extends readonly string[]>(field: ApplicationField, options: T) {
  return v.pipe(
    text(field, true),
    v.check((s) => s === '' || (options as readonly string[]).includes(s), 'invalid_option'),
  )
}

const mustBeEmpty = v.pipe(v.string('invalid_type'), v.check((s) => s === '', 'must_be_empty'))

export const ApplicationSchema = v.strictObject(
  {
    companyName: text('companyName', true),
    tradeName: text('tradeName', true),
    website: formatted('website', false, (s) => WEBSITE_RE.test(s), 'invalid_url'),
    city: text('city', true),
    foundingYear: numberIn('foundingYear', readYear, 'invalid_integer', FOUNDING_YEAR_MIN, () => foundingYearMax()),
    founderName: text('founderName', true),
    position: text('position', true),
    // The one e-mail rule (domain/email.ts), shared with every place that takes or matches an address.
    email: formatted('email', true, isEmail, 'invalid_email'),
    phone: formatted(
      'phone',
      true,
      (s) => PHONE_RE.test(s) && (s.match(/\d/g)?.length ?? 0) >= 7 && (s.match(/\d/g)?.length ?? 0) <= 15,
      'invalid_phone',
    ),
    problemSolution: text('problemSolution', true),
    valueProposition: text('valueProposition', true),
    productStage: option('productStage', PRODUCT_STAGES),
    activeUsers: numberIn('activeUsers', readCount, 'invalid_integer', ACTIVE_USERS_MIN, () => Number.MAX_SAFE_INTEGER),
    salesChannels: text('salesChannels', true),
    revenue: numberIn('revenue', readAmount, 'invalid_number', REVENUE_MIN, () => Number.MAX_SAFE_INTEGER),
    mediaExpectations: text('mediaExpectations', true),
    foundersInfo: mustBeEmpty,
    currentInvestors: mustBeEmpty,
    equityPercentage: numberIn('equityPercentage', readDecimal, 'invalid_number', EQUITY_PERCENTAGE_MIN, () => EQUITY_PERCENTAGE_MAX),
    legalRestrictions: option('legalRestrictions', LEGAL_RESTRICTIONS),
    supportNeeded: text('supportNeeded', true),
  } satisfies Record<ApplicationField, v.GenericSchema<string>>,
  'unknown_field',
)

export type FieldErrors = Partial<Record<ApplicationField, ErrorCode>>

/** Validate an application; returns the first error code of each invalid field. */
export function validateApplication(input: unknown):
  | { ok: true; value: Application }
  | { ok: false; errors: FieldErrors; formError?: ErrorCode } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: {}, formError: 'invalid_type' }
  }
  const result = v.safeParse(ApplicationSchema, input, { abortPipeEarly: true })
  if (result.success) return { ok: true, value: result.output }
  return { ok: false, ...collectErrors(result.issues, []) }
}

/**
 * Validate one field on its own, with the same rules as validateApplication:
 * the form uses it to update a field's message while the founder corrects it.
 */
export function validateField(field: ApplicationField, value: string): ErrorCode | undefined {
  const result = v.safeParse(ApplicationSchema.entries[field], value, { abortPipeEarly: true })
  return result.success ? undefined : asCode(result.issues[0])
}

/** Turn valibot issues at `prefix` into one code per field. */
export function collectErrors(
  issues: readonly v.BaseIssue<unknown>[],
  prefix: readonly string[],
): { errors: FieldErrors; formError?: ErrorCode } {
  const errors: FieldErrors = {}
  let formError: ErrorCode | undefined
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => String(p.key))
    const atPrefix = prefix.every((p, i) => path[i] === p)
    const field = atPrefix ? path[prefix.length] : undefined
    const code = asCode(issue)
    if (field && (APPLICATION_FIELDS as readonly string[]).includes(field)) {
      errors[field as ApplicationField] ??= code
    } else {
      formError ??= code
    }
  }
  return formError ? { errors, formError } : { errors }
}

function asCode(issue: v.BaseIssue<unknown>): ErrorCode {
  // A missing key comes back as a type error on `undefined` (from the object
  // schema itself for strictObject). The form always sends every key, even
  // empty, so a missing one is a malformed call, not an unanswered question:
  // say so, for the optional fields too.
  if (issue.kind === 'schema' && issue.input === undefined) return 'missing_field'
  return (ERROR_CODES as readonly string[]).includes(issue.message) ? (issue.message as ErrorCode) : 'invalid_type'
}
