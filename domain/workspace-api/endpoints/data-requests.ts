/** A founder's Ley 1581 requests, answered by an admin (docs/workspace.md "Data requests"). */
import { get, post, type FileAnswer } from '../endpoint.ts'
import {
  DeleteSchema,
  ExportSchema,
  LookupSchema,
  type DataRequestLookup,
  type DataRequestRowLookup,
  type DeletionReport,
  type OpenDataRequests,
} from '../data-requests.ts'

export const dataRequestEndpoints = {
  open: get<OpenDataRequests>()('/data-requests/open', { admin: true }),
  lookup: post<DataRequestLookup>()('/data-requests/lookup', { body: LookupSchema, admin: true }),
  lookupRequest: post<DataRequestRowLookup>()('/data-requests/:id/lookup', { admin: true }),
  export: post<FileAnswer>()('/data-requests/export', { body: ExportSchema, admin: true, answerKind: 'file' }),
  delete: post<DeletionReport>()('/data-requests/delete', { body: DeleteSchema, admin: true }),
} as const
