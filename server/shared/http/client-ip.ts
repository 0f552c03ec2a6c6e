/**
 * The client's IP address for rate limiting, on Node. Behind a reverse proxy
 * or load balancer the socket peer is the proxy, so with TRUST_PROXY=n the
 * address is taken from X-Forwarded-For, n entries from the right: the
 * entries further left are written by the client and cannot be trusted.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

export function clientIpResolver(trustedProxies: number): (c: Context) => string {
  return (c) => {
    if (trustedProxies > 0) {
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      const ip = hops[hops.length - trustedProxies]
      if (ip) return ip
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown'
    } catch {
      // No socket, e.g. app.request() in tests.
      return 'unknown'
    }
  }
}
