/**
 * Where a member returns after signing in: a path inside the workspace
 * (relative to /equipo), carried by the sign-in page's `?volver=` and by the
 * e-mailed sign-in link. One rule for the browser and the server, so a
 * hostile value never leaves the workspace (no open redirect, ADR 0148).
 */

/** Longer than any workspace address with its filters. */
export const RETURN_PATH_MAX = 512

const PROBE_ORIGIN = 'https://workspace.invalid'

/**
 * `value` when it is a same-origin path inside the workspace, written as the
 * browser would write it; null otherwise: another origin or scheme
 * (`https://…`, `//…`, `/\…`, `javascript:`), a backslash, white space or a
 * control character, dot segments (`/../`, `%2e%2e`), a fragment, anything
 * the URL parser would rewrite, the sign-in page itself (a loop), or over
 * RETURN_PATH_MAX characters.
 */
export function workspaceReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\s\u0000-\u001f\u007f#]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname + url.search !== value) return null
  if (url.pathname === '/entrar' || url.pathname.startsWith('/entrar/')) return null
  return value
}
