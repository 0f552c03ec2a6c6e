/**
 * A form's request key (ADR 0189) and the mark a store's own write transaction
 * leaves on its row, apart from the request-key store so that the stores that
 * write under a key (the media plan's) need not import it (ADR 0208).
 */
import { db, type Bound, type Engine } from '../engine.ts'

/** Whose key, for which route, and the key itself. */
export interface RequestKey {
  /** 'member:<id>' or 'founder:<application id>'. */
  principal: string
  /** The route as registered: 'POST /applications/:id/media-plan/entries'. */
  route: string
  key: string
}

/**
 * For a store's own write transaction: `yield* tx.run(markWritten(key))` beside the write, so the key's row
 * says the write committed exactly when it did (ADR 0189).
 */
export function requestKeyWriter(e: Engine): (key: RequestKey, at: Date) => Bound<unknown> {
  const mark = e.prepare((p: RequestKey & { at: Date }) =>
    db.updateTable('request_keys').set({ written_at: p.at }).where('principal', '=', p.principal).where('route', '=', p.route).where('key', '=', p.key),
  )
  return (key, at) => mark({ principal: key.principal, route: key.route, key: key.key, at })
}

