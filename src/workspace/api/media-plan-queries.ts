/** The media plan and its ledger (domain/workspace-api/media-plan.ts): admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BehindDeals, LineWithdrawalBody, MediaPlanAnswer, PlanEntryBody, PlanLineBody } from '../../../domain/workspace-api/media-plan.ts'
import { applicationPath, useApiQuery } from './read.ts'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'

export const mediaPlanKeys = {
  plan: (id: string) => ['media-plan', id] as const,
}

export function useMediaPlan(applicationId: string) {
  return useApiQuery<MediaPlanAnswer>(mediaPlanKeys.plan(applicationId), applicationPath(applicationId, '/media-plan'))
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
      submitOnce<MediaPlanAnswer>(keys, `/applications/${encodeURIComponent(applicationId)}/media-plan/${w.what === 'withdrawal' ? `lines/${encodeURIComponent(w.lineId)}/withdrawal` : w.what}`, {
        method: 'POST',
        // With a proof file (ADR 0163 addendum): the same fields as a form, and the file.
        body: w.what === 'entries' && w.proofFile ? entryForm(w.body, w.proofFile) : w.body,
      }),
    onSuccess: (answer) => client.setQueryData(mediaPlanKeys.plan(applicationId), answer),
  })
}

/** «Acuerdos atrasados» (the overview): the signed deals behind their pace. */
export function useBehindDeals() {
  return useApiQuery<BehindDeals>(['media-plans', 'behind'] as const, '/media-plans/behind')
}

/** An entry and its proof file as multipart/form-data: each field as text (null as empty), then `proofFile`. */
export function entryForm(body: PlanEntryBody, proofFile: File): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) form.append(name, value ?? '')
  form.append('proofFile', proofFile)
  return form
}
