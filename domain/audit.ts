/**
 * The audit log's vocabulary, one list for every writer (the team store for
 * sign-ins, members and passkeys; the review store for the rest). Entries
 * hold ids and these actions, never a founder's data (docs/workspace.md).
 */
export const AUDIT_ACTIONS = [
  'application.viewed',
  'application.exported',
  'applications.exported',
  'data_request.looked_up',
  'data_request.exported',
  'data_request.deleted',
  /** An export or a deletion refused: the admin has a conflict of interest with one of the titular's applications. */
  'data_request.refused',
  'stage.changed',
  /** "Acuerdo firmado" confirmed with required due-diligence documents missing: which, and the member's reason (ADR 0139). */
  'stage.signed_with_documents_missing',
  'review.submitted',
  'note.added',
  'assignment.added',
  'assignment.removed',
  'weights.changed',
  'discussion.cleared',
  'conflict.declared',
  'conflict.recorded',
  'conflict.lifted',
  'document.downloaded',
  'document.reviewed',
  'member.invited',
  'member.role_changed',
  'member.deactivated',
  'member.reactivated',
  'session.signed_in',
  'session.signed_out_everywhere',
  'passkey.added',
  'passkey.removed',
  'founder_mail.edited',
  'founder_mail.sent',
  'founder_mail.discarded',
  'founder_mail.setting_changed',
  'founder.link_requested',
  'founder.data_downloaded',
  'founder.deletion_requested',
  'outbox.retried',
  /** The panel session (issue 21): detail holds ids, counts and instants only. */
  'panel.offered',
  'panel.booked',
  'panel.rescheduled',
  'panel.cancelled',
  'panel.none_fits',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Ids, counts, stages and formats only: never a name, an address or anything a founder wrote. */
export type AuditDetail = Record<string, string | number | boolean | null | readonly string[]>

