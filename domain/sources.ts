/**
 * Sources ("fuentes", ADRs 0168-0170): the programme's own outlets
 * that bring founders. An admin keeps each one (a name, an outlet, a short
 * path such as /radio-cali); the short path redirects to the landing with
 * `?fuente=<slug>`, the landing keeps the first source it saw with the
 * form's draft and sends it beside formData, and the server checks it
 * against the known sources. Nothing here is about a person: a source is a
 * name, and what is counted are visits per source per day.
 *
 * One reader for the workspace's dialog and the server (readSource), and the
 * landing's first-source rule (sourceFromUrl, firstSource). No React, DOM or
 * Node APIs: Vite, Node and Deno all load this module.
 */
import { isOneOf, keysOf } from './labels.ts'

/** The programme's outlets (SPEC §1): where a source is published, and the answers to «¿Dónde nos conociste?». */
export const SOURCE_OUTLET_LABELS = {
  diario: 'Diario',
  medio_digital: 'Medio digital',
  tv: 'TV',
  radio: 'Radio',
  otro: 'Otro',
} satisfies Record<string, string>
export const SOURCE_OUTLETS = keysOf(SOURCE_OUTLET_LABELS)
export type SourceOutlet = (typeof SOURCE_OUTLETS)[number]

/** «¿Dónde nos conociste?» on the form: the same outlets, in the founder's words. */
export const HEARD_FROM_LABEL = '¿Dónde nos conociste?'
export const HEARD_FROM_HINT = 'Nos ayuda a saber qué medios funcionan.'
export const HEARD_FROM_OPTIONS: Record<SourceOutlet, string> = {
  diario: 'El diario',
  medio_digital: 'El medio digital',
  tv: 'La televisión',
  radio: 'La radio',
  otro: 'Otro',
}

export function isSourceOutlet(value: unknown): value is SourceOutlet {
  return isOneOf(SOURCE_OUTLETS, value)
}

export const SOURCE_NAME_MAX = 80
export const SOURCE_SLUG_MIN = 2
export const SOURCE_SLUG_MAX = 40
/** Lowercase letters and digits in words joined by single hyphens: radio-cali, tv, diario2. */
export const SOURCE_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * First path segments a short path may never take (ADR 0170): every route the
 * server or the build answers. The server's own prefixes are named here; the
 * server adds the top-level names of the built site (index files, icons,
 * robots.txt…) at start-up, and server/features/sources/reserved-paths.test.ts
 * checks this list against the routes the composed app really has.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  // The team workspace (its page and its API) and the founder's pages.
  'equipo',
  'postulacion',
  'postulaciones',
  // The function, the health check and metrics.
  'functions',
  'healthz',
  'metrics',
  // Anyone's check of a signed agreement (server/features/agreements/verify-page.ts).
  'verificar',
  // Built assets and pages.
  'assets',
  '404',
  'index',
  // Kept for later: names a newcomer would expect to be ours.
  'api',
  'admin',
  'fuentes',
  'privacidad',
  'static',
  'public',
  'favicon',
  'robots',
  'sitemap',
  'well-known',
]

export interface SourceInput {
  name: string
  outlet: string
  slug: string
}

export interface SourceFields {
  name: string
  outlet: SourceOutlet
  slug: string
}

export type SourceField = keyof SourceFields
export type SourceRead = { ok: true; value: SourceFields } | { ok: false; errors: Partial<Record<SourceField, string>> }

export const SOURCE_MESSAGES = {
  nameRequired: 'Escribe el nombre de la fuente, por ejemplo «Radio Cali mañana».',
  nameTooLong: `El nombre admite hasta ${SOURCE_NAME_MAX} caracteres.`,
  outlet: 'Elige el medio: diario, medio digital, TV, radio u otro.',
  slugRequired: 'Escribe la dirección corta, por ejemplo «radio-cali».',
  slugLength: `La dirección corta tiene entre ${SOURCE_SLUG_MIN} y ${SOURCE_SLUG_MAX} caracteres.`,
  slugShape: 'Usa solo minúsculas sin tildes, números y guiones entre palabras (por ejemplo «radio-cali»).',
  slugReserved: 'Esa dirección ya la usa el sitio. Elige otra.',
  slugTaken: 'Ya hay una fuente con esa dirección corta. Elige otra.',
  /** A source an application or a visit came through is never deleted: the list offers no «Borrar», the server refuses. */
  inUse: 'Por esta fuente ya llegaron visitas o postulaciones: no se puede borrar, porque sus cifras dejarían de cuadrar. Puedes cambiarle el nombre.',
} as const

/** The slug as typed, tidied: a leading slash and surrounding spaces dropped. Case is kept so the rule can say so. */
export function tidySlug(raw: string): string {
  return raw.trim().replace(/^\/+/, '')
}

/** Whether a short path would shadow a route of the site (ADR 0170). `extra`: the built site's top-level names. */
export function isReservedSlug(slug: string, extra: Iterable<string> = []): boolean {
  const reserved = new Set([...RESERVED_SEGMENTS, ...extra])
  return reserved.has(slug)
}

/** Whether `value` has a short path's shape (not whether such a source exists). */
export function isSourceSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length >= SOURCE_SLUG_MIN && value.length <= SOURCE_SLUG_MAX && SOURCE_SLUG_RE.test(value)
}

/** Where an application came from: the known source whose short path the browser kept, and the founder's answer. */
export interface ApplicationOrigin {
  source: { name: string; slug: string; outlet: SourceOutlet } | null
  heardFrom: SourceOutlet | null
}

/**
 * The origin in the team's words, the same on the application's page and in the team's «Nueva postulación»
 * e-mail: «Radio Cali mañana (Radio)» and how it came («por su dirección corta /radio-cali»), and
 * the answer to «¿Dónde nos conociste?».
 */
export function originText(origin: ApplicationOrigin): { source: string; via: string | null; heardFrom: string } {
  const { source, heardFrom } = origin
  return {
    source: source ? `${source.name} (${SOURCE_OUTLET_LABELS[source.outlet]})` : 'ninguna (llegó sin el enlace de un medio)',
    via: source ? `por su dirección corta /${source.slug}` : null,
    heardFrom: heardFrom ? HEARD_FROM_OPTIONS[heardFrom] : 'sin respuesta',
  }
}

/**
 * The one reader of a source, for the workspace's dialog and the server.
 * `taken`: the slugs other sources already have (the server's store has the
 * last word through its unique index); `reserved`: the built site's extra names.
 */
export function readSource(input: SourceInput, options: { taken?: Iterable<string>; reserved?: Iterable<string> } = {}): SourceRead {
  const errors: Partial<Record<SourceField, string>> = {}
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (name === '') errors.name = SOURCE_MESSAGES.nameRequired
  else if (name.length > SOURCE_NAME_MAX) errors.name = SOURCE_MESSAGES.nameTooLong
  if (!isSourceOutlet(input.outlet)) errors.outlet = SOURCE_MESSAGES.outlet
  const slug = tidySlug(input.slug)
  if (slug === '') errors.slug = SOURCE_MESSAGES.slugRequired
  else if (slug.length < SOURCE_SLUG_MIN || slug.length > SOURCE_SLUG_MAX) errors.slug = SOURCE_MESSAGES.slugLength
  else if (!SOURCE_SLUG_RE.test(slug)) errors.slug = SOURCE_MESSAGES.slugShape
  else if (isReservedSlug(slug, options.reserved)) errors.slug = SOURCE_MESSAGES.slugReserved
  else if (new Set(options.taken ?? []).has(slug)) errors.slug = SOURCE_MESSAGES.slugTaken
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: { name, outlet: input.outlet as SourceOutlet, slug } }
}

// ---------------------------------------------------------------------------
// The landing's first-source rule (ADR 0168)
// ---------------------------------------------------------------------------

/** The query parameters that may name a source, strongest first. */
export const SOURCE_PARAMS = ['fuente', 'utm_source', 'ref'] as const

/**
 * The source a landing URL names, or null: the first of SOURCE_PARAMS that
 * holds a well-formed slug (lowercased: a typed «Radio-Cali» is radio-cali).
 * Anything else is ignored, never kept as typed.
 */
export function sourceFromUrl(search: string): string | null {
  let params: URLSearchParams
  try {
    params = new URLSearchParams(search)
  } catch {
    return null
  }
  for (const name of SOURCE_PARAMS) {
    const value = params.get(name)?.trim().toLowerCase()
    if (value !== undefined && isSourceSlug(value)) return value
  }
  return null
}

/** What the landing keeps (in localStorage, beside the draft): the first source and when it was seen. */
export interface KeptSource {
  slug: string
  seenAt: number
}

/**
 * First touch: the source already kept wins while it is fresh (younger than
 * `maxAgeMs`, the draft's lifetime); otherwise the one seen now, if any.
 */
export function firstSource(kept: KeptSource | null, seen: string | null, now: number, maxAgeMs: number): KeptSource | null {
  if (kept && now - kept.seenAt <= maxAgeMs) return kept
  return seen ? { slug: seen, seenAt: now } : null
}

/** A kept source read back from storage: only what firstSource would have written. */
export function parseKeptSource(raw: string | null | undefined): KeptSource | null {
  if (!raw) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return null
    const { slug, seenAt } = parsed as { slug?: unknown; seenAt?: unknown }
    return isSourceSlug(slug) && typeof seenAt === 'number' && Number.isFinite(seenAt) ? { slug, seenAt } : null
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------
// Links the workspace gives out
// ---------------------------------------------------------------------------

export const UTM_CAMPAIGN = 'convocatoria'

/** The short path's full address, as printed and drawn in the QR code. */
export function shortLink(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/${slug}`
}

/** The link for digital posts: the short path (so the visit counts) with utm_* parameters for other tools. */
export function utmLink(origin: string, source: { slug: string; outlet: SourceOutlet }): string {
  const params = new URLSearchParams({ utm_source: source.slug, utm_medium: source.outlet, utm_campaign: UTM_CAMPAIGN })
  return `${shortLink(origin, source.slug)}?${params.toString()}`
}

/** The utm_* parameters a short path passes on to the landing: known names, short values, nothing else. */
export const PASSED_UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const
export const UTM_VALUE_MAX = 100

/** Where a short path sends the visitor: the landing, with the source attached (ADR 0169). */
export function landingWithSource(slug: string, search: string): string {
  const incoming = new URLSearchParams(search)
  const out = new URLSearchParams({ fuente: slug })
  for (const name of PASSED_UTM) {
    const value = incoming.get(name)
    if (value && value.length <= UTM_VALUE_MAX && /^[\w .-]+$/.test(value)) out.set(name, value)
  }
  return `/?${out.toString()}`
}
