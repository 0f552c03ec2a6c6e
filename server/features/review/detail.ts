/**
 * ApplicationDetail (docs/workspace.md): an application as a member reads
 * it, with the others' reviews hidden until the member has submitted their
 * own (admins always see them), the e-mails' delivery, and one timeline of
 * everything that happened to it.
 */
import { allowedTransitions, dueState } from '../../../domain/pipeline.ts'
import { summarizeScores } from '../../../domain/review.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { ApplicationDetail, TimelineType } from '../../../domain/workspace-api/review.ts'
import type { OutboxMessage } from '../../db/stores/application-store.ts'
import type { FounderDraft } from '../../db/stores/founder-store.ts'
import type { Member } from '../../db/stores/team-store.ts'
import type { ApplicationRecord, MemberRef, Note, Review, StageChange } from '../../db/stores/review-store.ts'

/** A timeline entry before it goes on the wire (its time still a Date, to sort by). */
export interface TimelineEvent {
  at: Date
  type: TimelineType
  member: MemberRef | null
  detail: Record<string, unknown>
}

export interface DetailParts {
  record: ApplicationRecord
  messages: OutboxMessage[]
  reviews: Review[]
  notes: Note[]
  stageChanges: StageChange[]
  /** The founder's status e-mails (stage-mail.ts), any status. */
  founderMail?: FounderDraft[]
}

/** The detail's answer but for suggestConflict and origin (routes.ts adds them). */
export function applicationDetail(parts: DetailParts, viewer: Member, now: Date): Omit<ApplicationDetail, 'suggestConflict' | 'origin'> {
  const { record, messages, reviews, notes } = parts
  const app = record.application
  const mine = reviews.find((r) => r.member.id === viewer.id) ?? null
  const visible = viewer.role === 'admin' || mine !== null
  return wire({
    id: app.id,
    reference: app.reference,
    createdAt: app.createdAt,
    formData: app.formData,
    consent: app.consent,
    stage: record.stage,
    stageEnteredAt: record.stageEnteredAt,
    stageDueAt: record.stageDueAt,
    dueState: dueState(record.stageDueAt, now),
    allowedTransitions: allowedTransitions(record.stage),
    emails: messages.map((m) => ({
      kind: m.kind,
      status: m.status,
      attempts: m.attempts,
      createdAt: m.createdAt,
      settledAt: m.settledAt,
      lastError: m.lastError,
      ...calendarMethodOf(m.calendar),
    })),
    reviews: {
      mine,
      others: visible ? reviews.filter((r) => r !== mine) : null,
      summary: visible ? summarizeScores(reviews.map((r) => r.scores)) : null,
    },
    notes,
    timeline: timeline(parts),
  })
}

/** The METHOD line of an e-mail's iCalendar invitation (REQUEST or CANCEL), as EmailStatus.calendarMethod; nothing without one. */
function calendarMethodOf(calendar: string | undefined): { calendarMethod?: 'REQUEST' | 'CANCEL' } {
  const method = calendar ? /^METHOD:(REQUEST|CANCEL)\r?$/m.exec(calendar)?.[1] : undefined
  return method === 'REQUEST' || method === 'CANCEL' ? { calendarMethod: method } : {}
}

/** Oldest first; events at the same instant keep the order of the pipeline (received, stages, reviews, notes, e-mails). */
export function timeline({ record, messages, reviews, notes, stageChanges, founderMail = [] }: DetailParts): TimelineEvent[] {
  const events: TimelineEvent[] = [
    { at: record.application.createdAt, type: 'received', member: null, detail: {} },
    ...stageChanges.map((s) => ({
      at: s.at,
      type: 'stage_changed' as const,
      member: s.member,
      detail: { from: s.from, to: s.to, reason: s.reason },
    })),
    // Who reviewed and when, never the scores: the timeline is shown to reviewers who have not reviewed yet.
    ...reviews.map((r) => ({ at: r.createdAt, type: 'review_submitted' as const, member: r.member, detail: {} })),
    ...notes.map((n) => ({ at: n.createdAt, type: 'note_added' as const, member: n.member, detail: { noteId: n.id } })),
    ...messages
      .filter((m) => m.status !== 'pending' && m.settledAt !== null)
      .map((m) => ({
        at: m.settledAt!,
        type: m.status === 'sent' ? ('email_sent' as const) : ('email_failed' as const),
        member: null,
        detail: { kind: m.kind, attempts: m.attempts, ...calendarMethodOf(m.calendar) },
      })),
    ...founderMail.map((d) => ({
      at: d.createdAt,
      type: 'founder_mail' as const,
      member: null,
      detail: { draftId: d.id, kind: d.kind, subject: d.subject, status: d.status, settledAt: d.settledAt },
    })),
  ]
  return events.sort((a, b) => a.at.getTime() - b.at.getTime())
}
