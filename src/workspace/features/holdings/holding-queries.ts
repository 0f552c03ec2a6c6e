/** The holdings register of one application (domain/workspace-api/holdings.ts): admins only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { holdingEndpoints as holdings, type HoldingAnswer, type HoldingEventBody, type MarkBody, type RoundBody } from '../../../../domain/workspace-api/holdings.ts'
import { ApiError } from '../../api/client.ts'
import { call } from '../../api/endpoints.ts'
import { queriesOf } from '../../api/query-keys.ts'
import { endpointQuery } from '../../api/read.ts'
import { submitOnce, useSubmissionKeys } from '../../api/submission-key.ts'

export function useHolding(applicationId: string) {
  return useQuery(endpointQuery(holdings.holding, { id: applicationId }))
}

/** A write to the register; every answer is the whole holding again. */
export type HoldingWrite =
  | { what: 'event'; body: HoldingEventBody; document?: File | null }
  | { what: 'void'; eventId: string; reason: string }
  | { what: 'round'; body: RoundBody }
  | { what: 'mark'; body: MarkBody; document: File }
  | { what: 'approve' | 'reject'; markId: string }

/** A body's fields as a multipart form (the defined ones, as text), then the `document`. */
export function holdingForm(body: Record<string, string | boolean | undefined>, document: File | null): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, String(value))
  if (document) form.append('document', document)
  return form
}

export function useHoldingWrite(applicationId: string) {
  const client = useQueryClient()
  // One write per submission (ADR 0189): a second click records once.
  const keys = useSubmissionKeys()
  const params = { id: applicationId }
  return useMutation({
    mutationFn: (w: HoldingWrite): Promise<HoldingAnswer> => {
      switch (w.what) {
        case 'event':
          return submitOnce(keys, holdings.recordEvent, { params, body: w.document ? holdingForm(w.body, w.document) : w.body })
        case 'void':
          return submitOnce(keys, holdings.voidEvent, { params: { ...params, eventId: w.eventId }, body: { reason: w.reason } })
        case 'round':
          return submitOnce(keys, holdings.recordRound, { params, body: w.body })
        case 'mark':
          return submitOnce(keys, holdings.proposeMark, { params, body: holdingForm(w.body, w.document) })
        case 'approve':
          return submitOnce(keys, holdings.approveMark, { params: { ...params, markId: w.markId } })
        case 'reject':
          return submitOnce(keys, holdings.rejectMark, { params: { ...params, markId: w.markId } })
      }
    },
    onSuccess: (answer) => {
      client.setQueryData(endpointQuery(holdings.holding, params).queryKey, answer)
      void client.invalidateQueries(queriesOf(holdings.portfolio))
    },
  })
}

/** The pro-forma of a round: computed by the server, nothing written. */
export function useRoundPreview(applicationId: string) {
  return useMutation({ mutationFn: (body: RoundBody) => call(holdings.previewRound, { params: { id: applicationId }, body }) })
}

export type Errors = Record<string, string>

/** A 422's issues by field, and its message. */
export function refusalOf(error: unknown): { errors: Errors; message: string } {
  if (error instanceof ApiError && error.status === 422) {
    const issues = (error.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? []
    return { errors: Object.fromEntries(issues.map((i) => [i.path, i.message])), message: error.message }
  }
  return { errors: {}, message: error instanceof Error ? error.message : 'No pudimos guardar.' }
}
