/**
 * The records the sources store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/sources.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import type { SourceOutlet } from './sources.ts'

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
