/**
 * The sources' part of the workspace API (ADRs 0168-0170): the
 * list and its admin-only changes, the QR codes, and the overview's counts.
 */
import * as v from 'valibot'
import type { Wire } from './wire.ts'
import type { SourceListItem, SourceOverview, SourceRecord } from '../sources-records.ts'
import { del, get, post, put, type FileAnswer } from './endpoint.ts'

export type { Funnel, SourceListItem, SourceOverview, SourceRecord } from '../sources-records.ts'

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

/** The sources that bring applications (docs/workspace.md "Sources"): every member reads, admins change. */
export const sourceEndpoints = {
  sources: get<SourceList>()('/sources'),
  create: post<SourceAnswer>()('/sources', { body: SourceBodySchema, admin: true, status: 201 }),
  edit: put<SourceAnswer>()('/sources/:id', { body: SourceEditSchema, admin: true }),
  remove: del<void>()('/sources/:id', { admin: true, status: 204, answerKind: 'empty' }),
  qrSvg: get<FileAnswer>()('/sources/:id/qr.svg', { answerKind: 'file' }),
  qrPng: get<FileAnswer>()('/sources/:id/qr.png', { answerKind: 'file' }),
  /** Query: from, to (AAAA-MM-DD). */
  overview: get<SourceOverviewAnswer>()('/sources/overview'),
} as const
