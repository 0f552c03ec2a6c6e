/**
 * Audit entries written inside a store's own transaction (so they commit with
 * the change they record), one statement for any number of them. The ids
 * are time ordered, as the audit page pages by (at, id) (docs/decisions/0061).
 */
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'
import { timeOrderedId } from '../time-ordered-id.ts'
import { insertRows, type Bound, type Engine } from '../engine.ts'

export interface NewAuditEntry {
  at: Date
  /** Who acted; null for what the system, a founder or the command line did. */
  memberId: string | null
  action: AuditAction
  applicationId: string | null
  /** Ids and codes only, never personal data. */
  detail?: AuditDetail
}

const COLUMNS = { id: 'uuid', at: 'timestamptz', member_id: 'uuid', action: 'text', application_id: 'uuid', detail: 'jsonb' } as const

/**
 * The insert of `engine`, prepared: `yield* tx.run(insertAudit(entries))`.
 * An entry's id is made here unless it brings one (the team store's
 * appendAudit takes its caller's).
 */
export function auditWriter(e: Engine): (entries: readonly (NewAuditEntry & { id?: string })[]) => Bound<unknown> {
  const insert = insertRows(e, 'audit_log', COLUMNS)
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
