/**
 * An e-mail address: the one rule for every place that takes one (the
 * application form, the lost-link form, the workspace's sign-in, invitations
 * and Ley 1581 requests, the command-line tools, the configuration) and the
 * one way to match two of them (docs/decisions/0121-one-email-rule.md).
 * Only valibot may be imported here: the browser, Node and Deno share it.
 *
 * Deliberately permissive: people write o'brien@… and josé@… (RFC 6531), and
 * the mail server is the real judge. The rule only keeps out what cannot be
 * one mailbox in a header: spaces, control characters, a second @, and
 * <>()[]\,;:" — and it wants a dot in the domain.
 */
import * as v from 'valibot'

export const EMAIL_MAX_LENGTH = 254

// One character of either part. Written so that it means the same under the
// `u` flag (here) and the `v` flag (browsers compile an input's `pattern` with
// `v`, which wants the brackets and parentheses escaped inside a class).
const CHAR = String.raw`[^\s\x00-\x1F\x7F@<>\(\)\[\]\\,;:"]`
const ADDRESS = String.raw`${CHAR}+@${CHAR}+\.${CHAR}{2,}`
const EMAIL_RE = new RegExp(`^${ADDRESS}$`, 'u')

/**
 * The same rule as an HTML `pattern` attribute, for `<input type="text"
 * inputmode="email">`. Not `type="email"`: browsers refuse a non-ASCII
 * local part (josé@…) and rewrite a non-ASCII domain as punycode, so the
 * browser and the server would disagree. Spaces around are allowed, since
 * every reader trims them.
 */
export const EMAIL_INPUT_PATTERN = String.raw`\s*${ADDRESS}\s*`

/** Whether the text, trimmed, is one address under the rule. */
export function isEmail(text: string): boolean {
  const address = text.trim()
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(address)
}

/**
 * The form in which addresses are stored for matching and compared: trimmed,
 * lower case, Unicode NFC (a "é" typed as e + combining accent is the same
 * address as a precomposed one). JOSÉ@Ejemplo.co and josé@ejemplo.co match.
 * The founder's form keeps what they typed; only the matching copy is this.
 */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase().normalize('NFC')
}

/** A typed address, trimmed and checked; the issues are error codes ('invalid_email', 'too_long'). */
export const EmailSchema = v.pipe(
  v.string('invalid_email'),
  v.trim(),
  v.maxLength(EMAIL_MAX_LENGTH, 'too_long'),
  v.check(isEmail, 'invalid_email'),
)

/** A typed address, checked and normalised: what a look-up or a member's row holds. */
export const NormalizedEmailSchema = v.pipe(EmailSchema, v.transform(normalizeEmail))
