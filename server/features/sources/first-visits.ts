/**
 * Which clients a short path has already counted today (ADR 0202), so a client counts once per source
 * per Bogotá day. Held in this process's memory only, as keyed hashes: HMAC-SHA-256 of the source's
 * slug and the client's address under a random key made for that day, cut to 128 bits. The key is never
 * written anywhere and is dropped with the day's hashes when the day changes, so no hash can be
 * recomputed or linked to an address afterwards, and nothing about a visitor reaches the database or
 * the log. At most `max` hashes are held; past that the oldest are forgotten (that client may count
 * again: the counts stay an upper bound, ADR 0169). Each instance keeps its own: with several, a client
 * may count once on each.
 */
import { createHmac, randomBytes } from 'node:crypto'

export interface FirstVisits {
  /**
   * True the first time `client` comes to `slug` on `day` (AAAA-MM-DD, Bogotá), remembering it at once
   * (before any await: a burst of concurrent requests counts once); false after that.
   */
  first(slug: string, client: string, day: string): boolean
  /** Forget it again (the slug named no source: nothing was counted, nothing is kept). */
  forget(slug: string, client: string, day: string): void
  /** How many are held (tests). */
  readonly size: number
}

/** About 100 bytes each: some 10 MB at the bound. */
export const FIRST_VISITS_MAX = 100_000

export function firstVisits(max = FIRST_VISITS_MAX): FirstVisits {
  let day = ''
  let key = randomBytes(32)
  const seen = new Set<string>()
  const hashOf = (slug: string, client: string, today: string) => {
    if (today !== day) {
      // A new day: a new key, and yesterday's hashes go with the old one.
      day = today
      key = randomBytes(32)
      seen.clear()
    }
    return createHmac('sha256', key).update(JSON.stringify([slug, client])).digest('base64url').slice(0, 22)
  }
  return {
    first(slug, client, today) {
      const hash = hashOf(slug, client, today)
      if (seen.has(hash)) return false
      seen.add(hash)
      // A Set keeps insertion order: the first is the oldest.
      if (seen.size > max) seen.delete(seen.values().next().value!)
      return true
    },
    forget(slug, client, today) {
      seen.delete(hashOf(slug, client, today))
    },
    get size() {
      return seen.size
    },
  }
}
