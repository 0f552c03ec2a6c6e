/**
 * One audit entry written inside a store's own write (so it commits with the
 * change it records), the same way on both drivers. The entry's id is time
 * ordered, as the audit page pages by it (docs/decisions/0061).
 */
import type Database from 'better-sqlite3'
import type { Sql, TransactionSql } from 'postgres'
import type { NewAuditEntry } from './audit-log.ts'
import { timeOrderedId } from '../time-ordered-id.ts'

const INSERT_SQLITE = 'INSERT INTO audit_log (id, at, member_id, action, application_id, detail) VALUES (?, ?, ?, ?, ?, ?)'

/** For a SQLite store: call it inside the store's transaction. */
export function sqliteAuditWriter(stmt: (sql: string) => Database.Statement): (e: NewAuditEntry) => void {
  return (e) => {
    stmt(INSERT_SQLITE).run(timeOrderedId(), e.at.toISOString(), e.memberId, e.action, e.applicationId, JSON.stringify(e.detail ?? {}))
  }
}

/** For a PostgreSQL store: pass the transaction the change runs in. */
export function insertAuditPostgres(tx: Sql | TransactionSql, e: NewAuditEntry) {
  return tx`
    insert into audit_log (id, at, member_id, action, application_id, detail)
    values (${timeOrderedId()}, ${e.at}, ${e.memberId}, ${e.action}, ${e.applicationId}, ${tx.json(e.detail ?? {})})
  `
}
