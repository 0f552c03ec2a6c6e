/**
 * Server state (TanStack Query): one hook per read, one per write. Writes
 * invalidate what they change, so every screen shows the server's truth.
 * Requests and answers are the contract's (domain/workspace-api/), the
 * server's own types: never a copy.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { submitOnce, useSubmissionKeys } from './submission-key.ts'
import type { ReviewInput } from '../../../domain/review.ts'
import type { DocumentChecklist, DocumentReview, TeamDocument } from '../../../domain/workspace-api/documents.ts'
import type {
  EditDraft,
  FounderDraftAnswer,
  FounderDraftCount,
  FounderDraftList,
  FounderMailSettingRequest,
  FounderMailSettings,
  SendAllRequest,
  SentAll,
} from '../../../domain/workspace-api/founder-mail.ts'
import type {
  ApplicationDetail,
  ApplicationPage,
  AuditPage,
  NoteAnswer,
  NoteRequest,
  Overview,
  ReviewAnswer,
  TransitionRequest,
  TransitionResult,
} from '../../../domain/workspace-api/review.ts'
import type { InviteMember, MemberAnswer, MemberList, PasskeyList, SessionInfo, UpdateMember } from '../../../domain/workspace-api/team.ts'
import { api, request, setCsrfToken } from './client.ts'
import { applicationPath, useApiChange, useApiQuery, useInvalidate } from './read.ts'

export const keys = {
  session: ['session'] as const,
  overview: ['overview'] as const,
  applications: (query: string) => ['applications', query] as const,
  application: (id: string) => ['application', id] as const,
  documents: (id: string) => ['documents', id] as const,
  members: ['members'] as const,
  passkeys: ['passkeys'] as const,
  audit: (query: string) => ['audit', query] as const,
  founderDrafts: ['founder-drafts'] as const,
  founderMailSettings: ['founder-mail-settings'] as const,
}

export async function fetchSession(): Promise<SessionInfo> {
  const session = await api<SessionInfo>('/session')
  setCsrfToken(session.csrfToken)
  return session
}

export function useSession() {
  return useQuery({ queryKey: keys.session, queryFn: fetchSession, staleTime: 60_000, retry: false })
}

export function useOverview() {
  return useApiQuery<Overview>(keys.overview, '/overview')
}

/** `query` is the list's URL query string (the filters), passed through as is. */
export function useApplications(query: string) {
  return useApiQuery<ApplicationPage>(keys.applications(query), `/applications${query ? `?${query}` : ''}`, { placeholderData: (previous) => previous })
}

export function useApplication(id: string) {
  return useApiQuery<ApplicationDetail>(keys.application(id), applicationPath(id))
}

export function useTransition(id: string) {
  const invalidate = useInvalidate()
  // One write per submission (ADR 0189): «Acuerdo firmado» sent twice records one stage change and one deal.
  const keys = useSubmissionKeys()
  return useMutation({
    mutationFn: (body: TransitionRequest) =>
      submitOnce<TransitionResult>(keys, applicationPath(id, '/transitions'), { method: 'POST', body }),
    // A move writes the founder's e-mail and supersedes the one waiting (ADR 0138), and may cancel or keep the
    // panel session (ADR 0185): its section, and «Mis pendientes», read again.
    onSettled: () => invalidate('application', 'applications', 'overview', 'founder-drafts', 'panel', 'pending'),
  })
}

export function useSubmitReview(id: string) {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: ReviewInput) =>
      api<ReviewAnswer>(applicationPath(id, '/review'), { method: 'PUT', body }),
    // 'scoring': the detail's assignment panel (who has scored, the fair scores).
    onSuccess: () => invalidate('application', 'applications', 'scoring'),
  })
}

export function useAddNote(id: string) {
  return useApiChange((body: NoteRequest) => api<NoteAnswer>(applicationPath(id, '/notes'), { method: 'POST', body }), 'success', 'application')
}

export function useDocuments(applicationId: string) {
  return useApiQuery<DocumentChecklist>(keys.documents(applicationId), applicationPath(applicationId, '/documents'))
}

export function useReviewDocument(applicationId: string) {
  return useApiChange(
    ({ documentId, ...body }: DocumentReview & { documentId: string }) =>
      api<TeamDocument>(applicationPath(applicationId, `/documents/${encodeURIComponent(documentId)}/review`), { method: 'POST', body }),
    'success',
    'documents',
  )
}

export function useMembers() {
  return useApiQuery<MemberList>(keys.members, '/members')
}

export function useInviteMember() {
  return useApiChange((body: InviteMember) => api<MemberAnswer>('/members', { method: 'POST', body }), 'success', 'members')
}

export function useUpdateMember() {
  return useApiChange(({ id, ...body }: UpdateMember & { id: string }) => api<MemberAnswer>(`/members/${encodeURIComponent(id)}`, { method: 'PATCH', body }), 'settled', 'members')
}

export function usePasskeys() {
  return useApiQuery<PasskeyList>(keys.passkeys, '/passkeys')
}

export function useRemovePasskey() {
  return useApiChange((id: string) => request(`/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }), 'settled', 'passkeys')
}

/** `query`: GET /audit's query string (AuditQuery: page, member, action, application, from, to). */
export function useAudit(query: string) {
  return useApiQuery<AuditPage>(keys.audit(query), `/audit${query ? `?${query}` : ''}`, { placeholderData: (previous) => previous })
}

// --- "Correos por enviar" (founders' status e-mails) -------------------------

export function useFounderDrafts() {
  return useApiQuery<FounderDraftList>(keys.founderDrafts, '/founder-mail/drafts')
}

export function useFounderDraftAction() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (input: { id: string; action: 'send' | 'discard' } | ({ id: string; action: 'edit' } & EditDraft)) =>
      input.action === 'edit'
        ? api<FounderDraftAnswer>(`/founder-mail/drafts/${encodeURIComponent(input.id)}`, {
            method: 'PUT',
            body: { subject: input.subject, text: input.text } satisfies EditDraft,
          })
        : api<FounderDraftAnswer>(`/founder-mail/drafts/${encodeURIComponent(input.id)}/${input.action}`, { method: 'POST', body: {} }),
    onSettled: () => invalidate('founder-drafts', 'application'),
  })
}

/** How many founder e-mails wait for the member: the menu's and Resumen's count (refreshed with the drafts). */
export function useFounderDraftCount() {
  return useApiQuery<FounderDraftCount>([...keys.founderDrafts, 'count'], '/founder-mail/count', { refetchInterval: 60_000 })
}

/** Send the drafts the member confirmed in the dialog, and only those (ADR 0138). */
export function useSendAllFounderDrafts() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (ids: string[]) => api<SentAll>('/founder-mail/drafts/send-all', { method: 'POST', body: { ids } satisfies SendAllRequest }),
    onSettled: () => invalidate('founder-drafts', 'application'),
  })
}

export function useFounderMailSettings() {
  return useApiQuery<FounderMailSettings>(keys.founderMailSettings, '/founder-mail/settings')
}

export function useSetFounderMailSetting() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: FounderMailSettingRequest) => api<FounderMailSettingRequest>('/founder-mail/settings', { method: 'PUT', body }),
    onSettled: () => invalidate('founder-mail-settings'),
  })
}
