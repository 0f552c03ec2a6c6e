/**
 * Which origins may make state-changing requests: the site's public origin
 * (VITE_SITE_URL) and the origin the request itself was addressed to, as
 * Node sees it (a server reached at http://localhost:3000 in development).
 * Browsers always send Origin on POST/PUT/PATCH/DELETE, so a missing one is
 * refused too.
 */
import type { Context } from 'hono'

/** The request's Origin when it is one of ours, else null. */
export function allowedOrigin(c: Context, siteOrigin: string): string | null {
  const origin = c.req.header('origin')
  if (!origin) return null
  if (origin === siteOrigin) return origin
  try {
    return origin === new URL(c.req.url).origin ? origin : null
  } catch {
    return null
  }
}
