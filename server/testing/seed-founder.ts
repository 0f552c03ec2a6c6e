/**
 * For tests: an application at a given stage with a personal founder link,
 * written straight into the store's database (the status-page work creates
 * links through its own path).
 */
import { randomBytes } from 'node:crypto'
import type { Stage } from '../../domain/pipeline.ts'
import type { PostgresStore } from '../db/postgres-store.ts'
import type { SqliteStore } from '../db/sqlite-store.ts'
import type { ApplicationStore } from '../db/stores/application-store.ts'
import { newSubmission } from './fixtures.ts'
import { hashFounderToken } from '../shared/auth/founder-link.ts'

export interface SeededFounder {
  applicationId: string
  reference: string
  token: string
}

export async function seedFounder(store: ApplicationStore, options: { stage?: Stage; revoked?: boolean } = {}): Promise<SeededFounder> {
  const submission = newSubmission()
  await store.saveSubmission(submission)
  const { id, reference } = submission.application
  const token = randomBytes(32).toString('base64url')
  const now = new Date().toISOString()
  const revokedAt = options.revoked ? now : null
  const stage = options.stage ?? 'due_diligence'
  if (store.kind === 'sqlite') {
    const { db } = store as SqliteStore
    await (store as SqliteStore).write(() => {
      db.prepare('UPDATE applications SET stage = ? WHERE id = ?').run(stage, id)
      db.prepare('INSERT INTO founder_links (token_hash, application_id, created_at, revoked_at) VALUES (?, ?, ?, ?)').run(
        hashFounderToken(token),
        id,
        now,
        revokedAt,
      )
    })
  } else {
    const { sql } = store as PostgresStore
    await sql`UPDATE applications SET stage = ${stage} WHERE id = ${id}`
    await sql`INSERT INTO founder_links (token_hash, application_id, created_at, revoked_at) VALUES (${hashFounderToken(token)}, ${id}, ${now}, ${revokedAt})`
  }
  return { applicationId: id, reference, token }
}
