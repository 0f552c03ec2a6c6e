/**
 * Server state (TanStack Query): one hook per read, one per write. Writes
 * invalidate what they change, so every screen shows the server's truth.
 * Requests and answers are the contract's (domain/workspace-api/), the
 * server's own types: never a copy.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'
import type { ReviewInput } from '../../../domain/review.ts'
import { documentEndpoints as documents, type DocumentReview } from '../../../domain/workspace-api/documents.ts'
import {
  founderMailEndpoints as founderMail,
  type EditDraft,
  type FounderMailSettingRequest,
  type SendAllRequest,
} from '../../../domain/workspace-api/founder-mail.ts'
import { reviewEndpoints as review, type NoteRequest, type TransitionRequest } from '../../../domain/workspace-api/review.ts'
import {
  memberEndpoints as members,
  sessionEndpoints as session_,
  type InviteMember,
  type SessionInfo,
  type UpdateMember,
} from '../../../domain/workspace-api/team.ts'
import { setCsrfToken } from './client.ts'
import { call } from './endpoints.ts'
import { endpointQuery, useInvalidate } from './read.ts'
import { queriesOf, queriesUnder } from './query-keys.ts'
import { clockEndpoints as clock } from '../../../domain/workspace-api/clock.ts'
import { panelEndpoints as panel } from '../../../domain/workspace-api/panel.ts'
import { scoringEndpoints as scoring } from '../../../domain/workspace-api/scoring.ts'

export async function fetchSession(): Promise<SessionInfo> {
  const session = await call(session_.session)
  setCsrfToken(session.csrfToken)
  return session
}

export function useSession() {
  return useQuery({ ...endpointQuery(session_.session), queryFn: fetchSession, staleTime: 60_000, retry: false })
}

export function useOverview() {
  return useQuery(endpointQuery(review.overview))
}

/** `query` is the list's URL query string (the filters), passed through as is. */
export function useApplications(query: string) {
  return useQuery({ ...endpointQuery(review.applications, {}, query), placeholderData: (previous) => previous })
}

export function useApplication(id: string) {
  return useQuery(endpointQuery(review.application, { id }))
}

export function useTransition(id: string) {
  const invalidate = useInvalidate()
  // One write per submission (ADR 0189): «Acuerdo firmado» sent twice records one stage change and one deal.
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: TransitionRequest) =>
      submitOnce(keys, review.transition, { params: { id }, body }),
    // A move writes the founder's e-mail and supersedes the one waiting (ADR 0138), and may cancel or keep the
    // panel session (ADR 0185): its section, and «Mis pendientes», read again.
    onSettled: () =>
      invalidate(
        queriesOf(review.application),
        queriesOf(review.applications),
        queriesUnder(review.overview),
        queriesOf(founderMail.drafts),
        queriesOf(founderMail.count),
        queriesOf(panel.panel),
        queriesOf(clock.pending),
        queriesOf(panel.mine),
      ),
  })
}

export function useSubmitReview(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: ReviewInput) =>
      call(review.review, { params: { id }, body }),
    // 'scoring': the detail's assignment panel (who has scored, the fair scores).
    onSuccess: () => invalidate(queriesOf(review.application), queriesOf(review.applications), queriesOf(scoring.scoring)),
  })
}

export function useAddNote(id: string) {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: (body: NoteRequest) => call(review.addNote, { params: { id }, body }), onSuccess: () => invalidate(queriesOf(review.application)) })
}

export function useDocuments(applicationId: string) {
  return useQuery(endpointQuery(documents.checklist, { id: applicationId }))
}

export function useReviewDocument(applicationId: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ documentId, ...body }: DocumentReview & { documentId: string }) => call(documents.review, { params: { id: applicationId, documentId }, body }),
    onSuccess: () => invalidate(queriesOf(documents.checklist)),
  })
}

export function useMembers() {
  return useQuery(endpointQuery(members.members))
}

export function useInviteMember() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: (body: InviteMember) => call(members.invite, { body }), onSuccess: () => invalidate(queriesOf(members.members)) })
}

export function useUpdateMember() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: ({ id, ...body }: UpdateMember & { id: string }) => call(members.update, { params: { id }, body }), onSettled: () => invalidate(queriesOf(members.members)) })
}

export function usePasskeys() {
  return useQuery(endpointQuery(session_.passkeys))
}

export function useRemovePasskey() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: (id: string) => call(session_.removePasskey, { params: { id } }), onSettled: () => invalidate(queriesOf(session_.passkeys)) })
}

/** `query`: GET /audit's query string (AuditQuery: page, member, action, application, from, to). */
export function useAudit(query: string) {
  return useQuery({ ...endpointQuery(review.audit, {}, query), placeholderData: (previous) => previous })
}

// --- "Correos por enviar" (founders' status e-mails) -------------------------

export function useFounderDrafts() {
  return useQuery(endpointQuery(founderMail.drafts))
}

export function useFounderDraftAction() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (input: { id: string; action: 'send' | 'discard' } | ({ id: string; action: 'edit' } & EditDraft)) =>
      input.action === 'edit'
        ? call(founderMail.editDraft, { params: { id: input.id }, body: { subject: input.subject, text: input.text } satisfies EditDraft })
        : call(input.action === 'send' ? founderMail.sendDraft : founderMail.discardDraft, { params: { id: input.id }, body: {} }),
    onSettled: () => invalidate(queriesOf(founderMail.drafts), queriesOf(founderMail.count), queriesOf(review.application)),
  })
}

/** How many founder e-mails wait for the member: the menu's and Resumen's count (refreshed with the drafts). */
export function useFounderDraftCount() {
  return useQuery({ ...endpointQuery(founderMail.count), refetchInterval: 60_000 })
}

/** Send the drafts the member confirmed in the dialog, and only those (ADR 0138). */
export function useSendAllFounderDrafts() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (ids: string[]) => call(founderMail.sendAll, { body: { ids } satisfies SendAllRequest }),
    onSettled: () => invalidate(queriesOf(founderMail.drafts), queriesOf(founderMail.count), queriesOf(review.application)),
  })
}

export function useFounderMailSettings() {
  return useQuery(endpointQuery(founderMail.settings))
}

export function useSetFounderMailSetting() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: FounderMailSettingRequest) => call(founderMail.setSetting, { body }),
    onSettled: () => invalidate(queriesOf(founderMail.settings)),
  })
}
