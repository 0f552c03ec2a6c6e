/** The sources that bring applications (docs/workspace.md "Sources"): every member reads, admins change. */
import { del, get, post, put, type FileAnswer } from '../endpoint.ts'
import { SourceBodySchema, SourceEditSchema, type SourceAnswer, type SourceList, type SourceOverviewAnswer } from '../sources.ts'

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
