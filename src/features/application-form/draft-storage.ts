/**
 * The founder's draft, kept in this browser's localStorage so a reload or a
 * crashed tab does not lose a long application. Only the 19 inputs are kept:
 * never the consent tick (it must be given again, knowingly) nor the honeypot.
 * Nothing leaves the browser until the founder submits.
 */
import { INPUT_FIELDS, MAX_LENGTH } from '../../../domain/application.ts'
import { firstSource, parseKeptSource, sourceFromUrl, type KeptSource } from '../../../domain/sources.ts'
import type { InputValues } from './form-values.ts'

/** Bump the version when the stored shape changes; older drafts are then ignored. */
export const DRAFT_KEY = 'catalitico:application-draft:v1'
/** A draft older than this is personal data nobody is coming back for: it is dropped. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface Draft {
  savedAt: number
  values: Partial<InputValues>
}

// localStorage can be missing or throw (privacy modes, full quota, blocked
// storage): drafts are a convenience, so every failure is silent.
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

export function saveDraft(values: InputValues, now = Date.now()): void {
  const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''))
  if (Object.keys(kept).length === 0) return clearDraft()
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify({ savedAt: now, values: kept } satisfies Draft))
  } catch {
    /* quota or blocked storage: no draft */
  }
}

export function loadDraft(now = Date.now()): Draft | null {
  let raw: string | null | undefined
  try {
    raw = storage()?.getItem(DRAFT_KEY)
  } catch {
    return null
  }
  if (!raw) return null
  const draft = parseDraft(raw)
  if (!draft || now - draft.savedAt > DRAFT_MAX_AGE_MS) {
    clearDraft()
    return null
  }
  return draft
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY)
  } catch {
    /* nothing to clear */
  }
}

/** Accept only what this code would have written: known fields, strings, within their limits. */
function parseDraft(raw: string): Draft | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const { savedAt, values } = parsed as { savedAt?: unknown; values?: unknown }
  if (typeof savedAt !== 'number' || typeof values !== 'object' || values === null) return null
  const kept: Partial<InputValues> = {}
  for (const field of INPUT_FIELDS) {
    const value = (values as Record<string, unknown>)[field]
    if (typeof value === 'string' && value !== '') kept[field] = value.slice(0, MAX_LENGTH[field])
  }
  return Object.keys(kept).length > 0 ? { savedAt, values: kept } : null
}

/**
 * The first source this browser saw (ADR 0168), beside the draft in
 * the same localStorage and for as long: a short path's `?fuente=` (or
 * utm_source, ref), read when the form's script loads, never during the
 * page's load. No cookie, no identifier: a source's name and when it was seen.
 */
export const SOURCE_KEY = 'catalitico:application-source:v1'

export function keepFirstSource(search: string, now = Date.now()): KeptSource | null {
  try {
    const store = storage()
    const kept = parseKeptSource(store?.getItem(SOURCE_KEY))
    const first = firstSource(kept, sourceFromUrl(search), now, DRAFT_MAX_AGE_MS)
    if (!first) store?.removeItem(SOURCE_KEY)
    else if (first !== kept) store?.setItem(SOURCE_KEY, JSON.stringify(first))
    return first
  } catch {
    return null
  }
}

/** Once the application carrying it is sent. */
export function clearKeptSource(): void {
  try {
    storage()?.removeItem(SOURCE_KEY)
  } catch {
    /* nothing to clear */
  }
}
