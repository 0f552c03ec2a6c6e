/**
 * Resolves a founder's personal link token (/postulacion/<token>) to their
 * application: the token is hashed (SHA-256 hex) and looked up in
 * founder_links; a revoked link, or one whose application is gone, resolves
 * to nothing. Callers answer every failure the same way, so a guess learns
 * nothing about which links exist.
 */
import { createHash } from 'node:crypto'
import type { Stage } from '../../domain/pipeline.ts'
import type { PostgresStore } from '../storage/postgres-store.ts'
import type { SqliteStore } from '../storage/sqlite-store.ts'
import type { ApplicationStore } from '../storage/store.ts'

export interface FounderAccess {
  applicationId: string
  reference: string
  stage: Stage
}

/** Tokens are base64url; anything else cannot be one and is refused before hashing. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/

export function hashFounderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export type FounderResolver = (token: string) => Promise<FounderAccess | null>

export function founderResolver(store: ApplicationStore): FounderResolver {
  const query = `SELECT a.id AS application_id, a.reference, a.stage FROM founder_links l
    JOIN applications a ON a.id = l.application_id
    WHERE l.token_hash = $1 AND l.revoked_at IS NULL`
  type Row = { application_id: string; reference: string; stage: Stage }
  let lookup: (hash: string) => Promise<Row | undefined>
  if (store.kind === 'sqlite') {
    const statement = (store as SqliteStore).db.prepare(query.replace('$1', '?'))
    lookup = async (hash) => statement.get(hash) as Row | undefined
  } else if (store.kind === 'postgres') {
    const { sql } = store as PostgresStore
    lookup = async (hash) => (await sql.unsafe<Row[]>(query, [hash]))[0]
  } else {
    throw new Error(`Founder links need the SQLite or PostgreSQL store, not ${store.kind}`)
  }
  return async (token) => {
    if (!TOKEN_SHAPE.test(token)) return null
    const row = await lookup(hashFounderToken(token))
    return row ? { applicationId: String(row.application_id), reference: row.reference, stage: row.stage } : null
  }
}
