/**
 * The keys of the forms that write (ADR 0189), written once for
 * both engines (ADR 0124): a claim before the route runs, the first answer
 * after it answered, and the mark a store's own write transaction leaves
 * (`requestKeyWriter`) so that a failure after the write is never taken for
 * one before it.
 *
 * - `claim` inserts the key's row or finds the one there: one statement with
 *   `on conflict do nothing`, so of two identical requests at once exactly
 *   one claims (PostgreSQL's unique index makes the second wait for the
 *   first's insert; SQLite has one writer).
 * - `release` deletes a claim that neither wrote nor answered: a refused
 *   submission (a 4xx) can be corrected and sent again under the same key.
 * - Rows go with their application (ON DELETE CASCADE) and after a day
 *   (`prune`, from the guard's housekeeping).
 */
import { db, type Engine } from '../engine.ts'
import { toDate } from '../schema.ts'
import { isUuid } from '../time-ordered-id.ts'
import type { RequestKey } from './request-key-rows.ts'

export type { RequestKey } from './request-key-rows.ts'
export { requestKeyWriter } from './request-key-rows.ts'

/** The first answer, as given again: status, content type, Location, body text. */
export interface StoredAnswer {
  status: number
  type: string | null
  location: string | null
  body: string
}

export type Claim =
  | { status: 'claimed' }
  /** The same key and body answered before: give that answer again. */
  | { status: 'answered'; answer: StoredAnswer }
  /** The same key and body, still running (or its request died): `written` when its write committed. */
  | { status: 'pending'; written: boolean; since: Date }
  /** The same key with another body. */
  | { status: 'reused' }

export interface RequestKeyStore {
  claim(key: RequestKey, request: { hash: string; applicationId: string | null; at: Date }): Promise<Claim>
  answer(key: RequestKey, answer: StoredAnswer, at: Date): Promise<void>
  /** Deletes the claim unless its write committed or it was answered; whether it did. */
  release(key: RequestKey): Promise<boolean>
  /** Deletes the keys claimed before `before`; how many. */
  prune(before: Date): Promise<number>
}

export function openRequestKeyStore(e: Engine): RequestKeyStore {
  const q = {
    claim: e.prepare((p: RequestKey & { hash: string; applicationId: string | null; at: Date }) =>
      db
        .insertInto('request_keys')
        .values({
          principal: p.principal,
          route: p.route,
          key: p.key,
          request_hash: p.hash,
          // Null when the application does not exist (a route's 404): the key is kept, the foreign key holds.
          application_id: db.selectFrom('applications').select('id').where('id', '=', p.applicationId),
          created_at: p.at,
        })
        .onConflict((oc) => oc.columns(['principal', 'route', 'key']).doNothing())
        .returning('key'),
    ),
    seen: e.prepare((p: RequestKey) =>
      db
        .selectFrom('request_keys')
        .select(['request_hash', 'created_at', 'written_at', 'answer_status', 'answer_type', 'answer_location', 'answer_body'])
        .where('principal', '=', p.principal)
        .where('route', '=', p.route)
        .where('key', '=', p.key),
    ),
    answer: e.prepare((p: RequestKey & StoredAnswer & { at: Date }) =>
      db
        .updateTable('request_keys')
        .set({ answered_at: p.at, answer_status: p.status, answer_type: p.type, answer_location: p.location, answer_body: p.body })
        .where('principal', '=', p.principal)
        .where('route', '=', p.route)
        .where('key', '=', p.key),
    ),
    release: e.prepare((p: RequestKey) =>
      db
        .deleteFrom('request_keys')
        .where('principal', '=', p.principal)
        .where('route', '=', p.route)
        .where('key', '=', p.key)
        .where('written_at', 'is', null)
        .where('answer_status', 'is', null),
    ),
    prune: e.prepare((p: { before: Date }) => db.deleteFrom('request_keys').where('created_at', '<', p.before)),
  }
  const keyOf = (k: RequestKey): RequestKey => ({ principal: k.principal, route: k.route, key: k.key })

  return {
    async claim(key, { hash, applicationId, at }) {
      const k = keyOf(key)
      // A claim released between our insert and our read (its request was refused) is claimed again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await e.runReturning(q.claim({ ...k, hash, applicationId: applicationId !== null && isUuid(applicationId) ? applicationId : null, at }))
        if (inserted.length > 0) return { status: 'claimed' }
        const row = await e.first(q.seen(k))
        if (!row) continue
        if (row.request_hash !== hash) return { status: 'reused' }
        if (row.answer_status !== null) {
          return { status: 'answered', answer: { status: row.answer_status, type: row.answer_type, location: row.answer_location, body: row.answer_body ?? '' } }
        }
        return { status: 'pending', written: row.written_at !== null, since: toDate(row.created_at) }
      }
      throw new Error('A request key was claimed and released five times in a row')
    },

    async answer(key, answer, at) {
      await e.run(q.answer({ ...keyOf(key), status: answer.status, type: answer.type, location: answer.location, body: answer.body, at }))
    },

    async release(key) {
      return (await e.run(q.release(keyOf(key)))) === 1
    },

    async prune(before) {
      return e.run(q.prune({ before }))
    },
  }
}
