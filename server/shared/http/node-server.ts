/**
 * The Node HTTP server around the app, with the time limits that let a slow
 * phone through and shut a slowloris out (docs/decisions/0080).
 */
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'

export interface HttpTimeouts {
  /** From the connection (or the end of the last response) to the end of the request's headers. */
  headersMs: number
  /** From the start of a request to the end of its body. */
  requestMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
  /** How often Node checks the two limits above (they fire up to this much late). */
  checkEveryMs: number
}

/**
 * A request's headers are under 2 kB: one or two packets even on 2G, so 20 s
 * is ample. A whole request (headers and at most 64 kB of body) takes about
 * 30 s at 20 kbit/s; 60 s leaves room. Node's defaults are 60 s and 300 s,
 * checked every 30 s.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkEveryMs: 2_000,
}

export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname: string; timeouts?: HttpTimeouts },
  onListening?: (port: number) => void,
): Server {
  const t = options.timeouts ?? HTTP_TIMEOUTS
  const server = serve(
    {
      fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkEveryMs },
    },
    (info: AddressInfo) => onListening?.(info.port),
  ) as Server
  server.keepAliveTimeout = t.keepAliveMs
  return server
}
