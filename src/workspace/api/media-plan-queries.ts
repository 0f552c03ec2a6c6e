/** The media plan and its ledger (domain/workspace-api/media-plan.ts): admins only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mediaPlanEndpoints as mediaPlan, type LineWithdrawalBody, type PlanEntryBody, type PlanLineBody } from '../../../domain/workspace-api/media-plan.ts'
import { endpointQuery } from './read.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'

export function useMediaPlan(applicationId: string) {
  return useQuery(endpointQuery(mediaPlan.plan, { id: applicationId }))
}

/** A line added, an entry recorded, a line withdrawn (its own action, ADR 0190). */
export type PlanWrite =
  | { what: 'lines'; body: PlanLineBody }
  | { what: 'entries'; body: PlanEntryBody; proofFile?: File | null }
  | { what: 'withdrawal'; lineId: string; body: LineWithdrawalBody }

/** A write to the plan: the answer is the whole plan again. */
export function useMediaPlanWrite(applicationId: string) {
  const client = useQueryClient()
  // One write per submission (ADR 0189): «Guardar registro» clicked twice records once.
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (w: PlanWrite) =>
      w.what === 'lines'
        ? submitOnce(keys, mediaPlan.addLine, { params: { id: applicationId }, body: w.body })
        : w.what === 'withdrawal'
          ? submitOnce(keys, mediaPlan.withdrawLine, { params: { id: applicationId, lineId: w.lineId }, body: w.body })
          : submitOnce(keys, mediaPlan.addEntry, {
              params: { id: applicationId },
              // With a proof file (ADR 0163 addendum): the same fields as a form, and the file.
              body: w.proofFile ? entryForm(w.body, w.proofFile) : w.body,
            }),
    onSuccess: (answer) => client.setQueryData(endpointQuery(mediaPlan.plan, { id: applicationId }).queryKey, answer),
  })
}

/** «Acuerdos atrasados» (the overview): the signed deals behind their pace. */
export function useBehindDeals() {
  return useQuery(endpointQuery(mediaPlan.behind))
}

/** An entry and its proof file as multipart/form-data: each field as text (null as empty), then `proofFile`. */
export function entryForm(body: PlanEntryBody, proofFile: File): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) form.append(name, value ?? '')
  form.append('proofFile', proofFile)
  return form
}
