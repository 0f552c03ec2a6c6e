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
  /** The panel session: detail holds ids, counts and instants only. */
  'panel.offered',
  'panel.booked',
  'panel.rescheduled',
  'panel.cancelled',
  'panel.none_fits',
  /** A stage change past the panel stage kept the session still ahead, an admin's choice (ADR 0185); detail: the session, its start, the stage. */
  'panel.kept',
  /** The sources (ADR 0170): detail: the slug, and which fields an edit changed. */
  'source.created',
  'source.edited',
  'source.deleted',
  /** The deal recorded with the move to "Acuerdo firmado" (ADR 0159); detail: the rate card version's number. */
  'deal.recorded',
  /** An admin corrected the deal; detail: which fields changed (names, never amounts). */
  'deal.corrected',
  'deal.viewed',
  /** The deal's «Responsable» named or cleared (ADR 0162); detail: the member's id (null: nobody). */
  'deal.owner_set',
  /** The rate card (ADR 0158): detail: the version's number and how many lines. */
  'rate_card.created',
  'rate_card.edited',
  'rate_card.published',
  /** The follow-up (ADRs 0164-0167): detail: the month and the version, never a figure or a word the founder wrote. */
  'follow_up.check_in_submitted',
  'follow_up.viewed',
  /** «Seguimiento», the list of every signed startup's follow-up (no application). */
  'follow_up.portfolio_viewed',
  /** detail: the milestone's month (3, 6, 12) and whether it replaced an earlier record. */
  'follow_up.milestone_recorded',
  'follow_up.closed',
  /** Retention emptied the check-ins' texts after the follow-up (ADR 0178); no member; detail: how many check-in versions. */
  'follow_up.check_in_texts_reduced',
  /** The media plan (ADRs 0160-0161): detail: the line's number, the outlet, the entry's kind and units; never an amount, a link or a reason. */
  'media_plan.viewed',
  /** «Acuerdos atrasados» on the overview (no application); detail: how many deals, how many behind. */
  'media_plan.portfolio_viewed',
  'media_plan.line_added',
  'media_plan.entry_recorded',
  /** A correction (ADR 0160): a void entry; detail as above, kind 'void'. */
  'media_plan.entry_voided',
  /** A line withdrawn from the plan (ADR 0190): a void naming no entry; detail: the line's number, kind 'void', units 0. */
  'media_plan.line_withdrawn',
  /** A proof file downloaded from the plan (ADR 0163 addendum); no detail (never the file's name). */
  'media_plan.proof_downloaded',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/**
 * The views the audit log folds (ADR 0201): a member's views of one application (or of a portfolio list,
 * with no application) on one Bogotá day are one line, with how many of each.
 */
export const VIEW_ACTIONS = [
  'application.viewed',
  'deal.viewed',
  'media_plan.viewed',
  'follow_up.viewed',
  'follow_up.portfolio_viewed',
  'media_plan.portfolio_viewed',
] as const satisfies readonly AuditAction[]
export type ViewAction = (typeof VIEW_ACTIONS)[number]

/**
 * What a founder does themself, from their status page (ADR 0201): an entry of one of these with no
 * member is the founder's own (a withdrawal is a stage change with no member; the panel session's
 * changes with no member are the founder's, as the panel store writes them), and the audit log names
 * the founder instead of «Sistema». Entries with no member of any other action are the system's (the
 * retention job, the command line).
 */
export const FOUNDER_ACTIONS = [
  'stage.changed',
  'founder.link_requested',
  'founder.data_downloaded',
  'founder.deletion_requested',
  'panel.booked',
  'panel.rescheduled',
  'panel.cancelled',
  'panel.none_fits',
  'follow_up.check_in_submitted',
] as const satisfies readonly AuditAction[]

/** Whether an entry is the founder's own action (see FOUNDER_ACTIONS). */
export const isFounderAction = (memberId: string | null, action: string): boolean =>
  memberId === null && (FOUNDER_ACTIONS as readonly string[]).includes(action)

/** Ids, counts, stages and formats only: never a name, an address or anything a founder wrote. */
export type AuditDetail = Record<string, string | number | boolean | null | readonly string[]>

