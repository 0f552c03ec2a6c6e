/**
 * Security headers on every response (a route's own Content-Security-Policy
 * or Referrer-Policy wins over the site's). Scripts come from the site itself, plus
 * the one inline entry of the prerendered pages, allowed by its hash
 * (`scriptSrc`, from StaticSite.scriptHashes): never 'unsafe-inline'.
 * Styles allow 'unsafe-inline' for React style attributes and the toast library.
 *
 * `hsts`: the site is public on https (TLS ends at a proxy in front), so tell
 * browsers to come back on https only. Never on a plain-http site, where it
 * would mean nothing and, moved to https later, pin a host not ready for it.
 * No includeSubDomains: other hosts of the domain are not ours to pin.
 */
import type { MiddlewareHandler } from 'hono'

export const HSTS = 'max-age=31536000'

export function securityHeaders(
  options: { connectSrc?: readonly string[]; scriptSrc?: readonly string[]; hsts?: boolean } = {},
): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    `script-src 'self'${options.scriptSrc?.length ? ' ' + options.scriptSrc.join(' ') : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${options.connectSrc?.length ? ' ' + options.connectSrc.join(' ') : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return async (c, next) => {
    await next()
    const h = c.res.headers
    // A route that sets its own policy keeps it: the documents' downloads send `default-src 'none'; sandbox`,
    // stricter than the site's, and the site's would let a document opened in the browser run its scripts.
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', csp)
    h.set('X-Content-Type-Options', 'nosniff')
    // A route may ask for a stricter one (the founder's status page: no-referrer, so its token never leaks).
    if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    h.set('X-Frame-Options', 'DENY')
    h.set('Cross-Origin-Opener-Policy', 'same-origin')
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
    if (options.hsts) h.set('Strict-Transport-Security', HSTS)
  }
}
