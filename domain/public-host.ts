/**
 * Whether a URL's host is a public name on the internet (ADR 0203): what a proof link of the media plan
 * must name. Decided on the text alone, after the WHATWG URL parser has normalised it (decimal, hex and
 * octal IPv4 forms become dotted quads; IPv6 is bracketed and compressed; names are lower case and
 * punycode), with no DNS lookup: the link is only shown, never fetched by the server, and what a name
 * resolves to can change after it was checked.
 *
 * Refused: every IP literal (IPv4 and IPv6, private or public: an outlet publishes under its name), a
 * name of one label (`localhost`, `intranet`), and names under the special-use or never-delegated
 * top-level names below.
 */

/**
 * Top-level names that are no public site: RFC 6761 (test, example, invalid, localhost), RFC 6762
 * (local), ICANN's private-use `internal` (2024), `arpa` (infrastructure; home.arpa, RFC 8375), RFC 7686
 * (onion), RFC 9476 (alt), and the name-collision strings ICANN will not delegate (home, corp, mail),
 * with `lan`, the common home-router one.
 */
export const NON_PUBLIC_TLDS: ReadonlySet<string> = new Set([
  'test',
  'example',
  'invalid',
  'localhost',
  'local',
  'internal',
  'arpa',
  'onion',
  'alt',
  'home',
  'corp',
  'mail',
  'lan',
])

/** `hostname` as URL gives it (`new URL(text).hostname`). */
export function isPublicHostname(hostname: string): boolean {
  // An IPv6 literal, bracketed: never a name.
  if (hostname.startsWith('[')) return false
  // One trailing dot is the same name, fully qualified.
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname
  const labels = name.split('.')
  if (labels.length < 2 || labels.some((l) => l === '')) return false
  // The parser turns any host whose last label is a number (decimal, 0x hex, 0-octal) into a dotted-quad
  // IPv4 address, or refuses it: a last label of digits is an address.
  if (/^\d+$/.test(labels.at(-1)!) || /^\d+(\.\d+){3}$/.test(name)) return false
  const tld = labels.at(-1)!
  if (NON_PUBLIC_TLDS.has(tld)) return false
  // A top-level name is letters, or an internationalised one in punycode.
  return /^[a-z]{2,63}$/.test(tld) || /^xn--[a-z0-9-]{1,59}$/.test(tld)
}
