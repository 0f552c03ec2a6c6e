/**
 * Every request body is limited by what is read, not by what is declared
 * (docs/decisions/0118): a body sent with `Transfer-Encoding: chunked`
 * declares no length, and one that skipped a Content-Length check took the
 * server from 150 MB to over 1 GB of memory.
 *
 * Hono's own bodyLimit does the counting: with no Content-Length it reads the
 * body up front, at most `maxSize` bytes, and answers before reading one more;
 * the handler then reads the copy it kept. It runs under @hono/node-server's
 * Request (the server keeps overrideGlobalObjects on, langwatch/langwatch#6636)
 * and the rest of a refused body is drained and the connection closed by
 * @hono/node-server (at most 64 MB or 500 ms), never buffered; the tests in
 * body-limits.test.ts hold both over a real socket.
 *
 * The function (server/features/submission/read-body.ts) counts with its own reader,
 * which also serves Deno; the documents' tus uploads are held by tus to the
 * length each upload declared, itself at most DOCUMENT_MAX_MB.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { PROOF_FILE_MAX_BYTES } from '../../../domain/media-plan.ts'
import { HOLDING_FILE_MAX_BYTES } from '../../../domain/holdings-records.ts'
import { matchedRoutes } from 'hono/route'

const KB = 1024

/**
 * Each limit is the largest body the route's valid input can make, as the
 * browser writes it (JSON.stringify writes a character in at most 6 bytes,
 * `\u0001`; a form field's character in at most 9, `%E2%82%AC`), rounded up.
 */
export const BODY_LIMITS = {
  /** The founder's status-page forms: an e-mail address (254 characters) at most. */
  founderForm: 4 * KB,
  /**
   * The founder's monthly check-in: three texts of 1,000 characters (9 bytes each at worst: 27 kB)
   * and six figures of 40 (2 kB), with their names.
   */
  founderCheckIn: 32 * KB,
  /** The workspace's public sign-in routes, open to anyone: an address, a link's token, a passkey's assertion. */
  signIn: 16 * KB,
  /**
   * Every signed-in workspace route; the largest is a founder's e-mail draft (20,000 characters
   * of text and 200 of subject: 121 kB at worst), then a review (six comments of 2,000: 72 kB).
   */
  workspace: 128 * KB,
  /** "Repartir": the plan sent back to confirm, up to 5,000 pairs of ids (107 bytes each, 535 kB). */
  assignmentPlan: 1024 * KB,
  /** A media plan entry with its proof file (ADR 0163 addendum): the file's cap and the entry's text fields. */
  mediaPlanEntry: PROOF_FILE_MAX_BYTES + 64 * KB,
  /** A holding's event, round or valuation mark with its document (ADR 0215): the file's cap and the text fields. */
  holdingDocument: HOLDING_FILE_MAX_BYTES + 64 * KB,
} as const

const LARGER = Symbol('larger body')
type Marker = MiddlewareHandler & { [LARGER]?: number }

/**
 * Put in a route's own handlers to let that route alone take up to `maxBytes`
 * under a group's limitBodies. It does nothing when it runs: limitBodies,
 * earlier in the chain, finds it among the request's matched handlers.
 */
export function allowLargerBody(maxBytes: number): MiddlewareHandler {
  const marker: Marker = (_c, next) => next()
  marker[LARGER] = maxBytes
  return marker
}

/**
 * One limit for a whole group of routes (and any added to it later), so that
 * no route is left out; a route that needs more says so with allowLargerBody.
 * `tooLarge` is the group's 413 answer.
 */
export function limitBodies(maxBytes: number, tooLarge: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const limits = new Map<number, MiddlewareHandler>()
  const limit = (max: number) => {
    let middleware = limits.get(max)
    if (!middleware) limits.set(max, (middleware = bodyLimit({ maxSize: max, onError: tooLarge })))
    return middleware
  }
  return (c, next) => {
    const larger = matchedRoutes(c)
      .map((route) => (route.handler as Marker)[LARGER])
      .find((max) => max !== undefined)
    return limit(larger ?? maxBytes)(c, next)
  }
}
