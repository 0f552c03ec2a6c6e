/**
 * Small helpers the review and data-request routes share: the error answers
 * of docs/workspace.md, the admin guard, and reading a JSON body through a
 * valibot schema.
 */
import { formatIsoDay } from '../../../domain/format.ts'
import type { Context } from 'hono'
import * as v from 'valibot'

export interface Issue {
  /** Dotted path of the offending field, e.g. `scores.productoValidado`; empty for the body itself. */
  path: string
  message: string
}

export const toIssues = (issues: readonly v.BaseIssue<unknown>[]): Issue[] =>
  issues.map((i) => ({ path: (i.path ?? []).map((p) => String(p.key)).join('.'), message: i.message }))

export const invalid = (c: Context, issues: Issue[], message = 'Revisa los datos enviados.') =>
  c.json({ error: 'invalid', message, issues }, 422)

export const notFound = (c: Context) => c.json({ error: 'not_found', message: 'No encontramos esta postulación.' }, 404)

/** The one admin guard of the workspace (auth/require-admin.ts), under the name these routes use. */
export { requireAdmin as adminOnly } from '../auth/require-admin.ts'

export type Parsed<S extends v.GenericSchema> = { ok: true; value: v.InferOutput<S> } | { ok: false; issues: Issue[] }

/** Parse `input` with `schema`; on failure the issues for a 422. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<S> {
  const result = v.safeParse(schema, input)
  return result.success ? { ok: true, value: result.output } : { ok: false, issues: toIssues(result.issues) }
}

/** The request's JSON body, or undefined when it is missing or not JSON (the schema then refuses it). */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

/** A file download; `filename` must be plain ASCII. */
export function attachment(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** YYYY-MM-DD of `now` in Bogotá (UTC−5), for file names. */
export const bogotaDate = (now: Date) => formatIsoDay(now)
