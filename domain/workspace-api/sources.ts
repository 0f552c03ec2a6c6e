/**
 * The sources' part of the workspace API (ADRs 0168-0170): the
 * list and its admin-only changes, the QR codes, and the overview's counts.
 */
import * as v from 'valibot'
import type { SourceOutlet } from '../sources.ts'
import type { Wire } from './wire.ts'

export interface SourceRecord {
  id: string
  slug: string
  name: string
  outlet: SourceOutlet
  createdBy: string | null
  createdAt: Date
  updatedAt: Date
}

/** How far the applications of a group went: each count includes those that went further. */
export interface Funnel {
  applications: number
  /** Reached the panel session (sesion_panel) at some point. */
  panel: number
  dueDiligence: number
  signed: number
}

export interface SourceOverview {
  /** The period, as Bogotá days (AAAA-MM-DD), both included. */
  from: string
  to: string
  /** One row per source (visits through its short path, and its applications), then sourceId null: the applications with none. */
  bySource: (Funnel & { sourceId: string | null; visits: number })[]
  /** The answers to «¿Dónde nos conociste?» over the same applications; heardFrom null: not answered. */
  byHeardFrom: (Funnel & { heardFrom: SourceOutlet | null })[]
}

/**
 * A source in the list: `inUse` when an application or a visit came through it; such a source is
 * never deleted (its figures would stop adding up), only renamed.
 */
export interface SourceListItem extends SourceRecord {
  inUse: boolean
}

export type SourceList = Wire<{
  sources: SourceListItem[]
  /** Where the short paths live (the site's origin), for the links and the QR codes. */
  siteOrigin: string
  /** The built site's own top-level names, besides domain/sources.ts RESERVED_SEGMENTS: the dialog refuses them too. */
  reserved: string[]
}>
export type SourceAnswer = Wire<{ source: SourceRecord }>
export type SourceOverviewAnswer = Wire<SourceOverview>

const FIELD_MAX = 200
export const SourceBodySchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(FIELD_MAX)),
  outlet: v.pipe(v.string(), v.maxLength(FIELD_MAX)),
  slug: v.pipe(v.string(), v.maxLength(FIELD_MAX)),
})
export type SourceBody = v.InferOutput<typeof SourceBodySchema>

/** An edit: the name and the outlet; the short path is written once (ADR 0170). */
export const SourceEditSchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(FIELD_MAX)),
  outlet: v.pipe(v.string(), v.maxLength(FIELD_MAX)),
})
export type SourceEditBody = v.InferOutput<typeof SourceEditSchema>

const DAY = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Usa fechas AAAA-MM-DD.'))
export const SourceOverviewQuerySchema = v.strictObject({ from: v.optional(DAY), to: v.optional(DAY) })
