/**
 * The records the data-requests store returns (server/db never imports domain/workspace-api/, ADR 0208):
 * the API's answers in domain/workspace-api/data-requests.ts are these, re-exported or put on the wire.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */

/** What a deletion removed (the audit log stays), as the application store reports it (server/db/stores/application-store.ts). */
export interface DeletionReportRecord {
  applications: { id: string; reference: string; createdAt: Date }[]
  /** Removed e-mails by status: pending ones will never be sent. */
  messages: Record<'pending' | 'sent' | 'failed', number>
  idempotencyKeys: number
  /** The titular's open data requests about those applications (a deletion request), closed by this deletion. */
  dataRequestsClosed: number
}
