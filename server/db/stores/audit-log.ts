/**
 * Audit entries written inside a store's own transaction (so they commit with
 * the change they record), one statement for any number of them. The ids
 * are time ordered, as the audit page pages by (at, id) (docs/decisions/0061).
 */
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'
import { timeOrderedId } from '../time-ordered-id.ts'
import { db, type Bound, type Engine } from '../engine.ts'

export interface NewAuditEntry {
  at: Date
  /** Null for what the system or a founder did. */
  memberId: string | null
  action: AuditAction
  applicationId: string | null
  detail?: AuditDetail
}

interface AuditRow {
  id: string
  at: Date
  member_id: string | null
  action: string
  application_id: string | null
  detail: Record<string, unknown>
}

const COLUMNS = { id: 'uuid', at: 'timestamptz', member_id: 'uuid', action: 'text', application_id: 'uuid', detail: 'jsonb' } as const

/**
 * The insert of `engine`, prepared: `yield* tx.run(insertAudit(entries))`.
 * An entry's id is made here unless it brings one (the team store's
 * appendAudit takes its caller's).
 */
export function auditWriter(e: Engine): (entries: readonly (NewAuditEntry & { id?: string })[]) => Bound<unknown> {
  const insert = e.prepare((p: { rows: AuditRow[] }) =>
    db
      .insertInto('audit_log')
      .columns(['id', 'at', 'member_id', 'action', 'application_id', 'detail'])
      .expression(db.selectFrom(e.rows(COLUMNS, p.rows).as('r')).select(['r.id', 'r.at', 'r.member_id', 'r.action', 'r.application_id', 'r.detail'])),
  )
  return (entries) =>
    insert({
      rows: entries.map((entry) => ({
        id: entry.id ?? timeOrderedId(),
        at: entry.at,
        member_id: entry.memberId,
        action: entry.action,
        application_id: entry.applicationId,
        detail: (entry.detail ?? {}) as Record<string, unknown>,
      })),
    })
}
