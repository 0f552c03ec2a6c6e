/**
 * How the form reads a number a Colombian types (ADR 0135). In Colombia the
 * comma separates decimals and the dot separates thousands ("1.250.000,50"),
 * but people also write "4.5" or "85,000" as they read them elsewhere. A number
 * is read only when one reading is possible; anything else is refused with a
 * code, never guessed. The reading is a canonical string: digits, and a dot
 * before the decimals ("4,5" → "4.5", "85.000" → "85000"), so every later
 * reader (Number(), exports, the e-mails) sees the number the founder meant.
 *
 * Pure, no imports: the browser, Node and Deno share it.
 */

export type NumberReading =
  | { ok: true; value: string; number: number }
  /** `invalid`: not a number of this kind; `ambiguous`: a number, but more than one reading is possible. */
  | { ok: false; problem: 'invalid' | 'ambiguous' }

const DIGITS = /^\d+$/
/** "85.000", "1.250.000": dots between groups of three (Colombian thousands). */
const DOT_THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/
/** "1.250.000,5": Colombian thousands and a decimal comma. */
const DOT_THOUSANDS_COMMA_DECIMALS = /^\d{1,3}(?:\.\d{3})+,\d{1,2}$/
/** "4,5" or "4.5": one separator, then at most two decimals (never three, which would read as thousands). */
const DECIMAL = /^\d+[.,]\d{1,2}$/
/** "85,000", "1,250,000.50": commas between groups of three, the way English writes thousands. */
const COMMA_THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/
/** Only digits and separators: a number whatever its shape. */
const NUMBERISH = /^[\d.,]+$/

function reading(canonical: string): NumberReading {
  return { ok: true, value: canonical, number: Number(canonical) }
}

/** Digits, dots and commas that no rule reads: a mix of separators is ambiguous, anything else invalid. */
function refused(s: string): NumberReading {
  const mixed = NUMBERISH.test(s) && s.includes('.') && s.includes(',')
  return { ok: false, problem: mixed || COMMA_THOUSANDS.test(s) ? 'ambiguous' : 'invalid' }
}

/**
 * A decimal with at most two decimals and no thousands (a percentage):
 * "4,5" and "4.5" are both 4.5. "4.500" is refused: 4.5 or 4500?
 */
export function readDecimal(input: string): NumberReading {
  const s = input.trim()
  if (DIGITS.test(s)) return reading(s)
  if (DECIMAL.test(s)) return reading(s.replace(',', '.'))
  if (DOT_THOUSANDS.test(s)) return { ok: false, problem: 'ambiguous' }
  return refused(s)
}

/**
 * An amount of money with at most two decimals: a decimal comma or dot
 * ("85,5", "85.50"), Colombian thousands ("85.000", "1.250.000",
 * "1.250.000,50"). "85,000" (85 thousand, or 85 with three decimals?) and
 * mixed separators ("1,250.50") are ambiguous.
 */
export function readAmount(input: string): NumberReading {
  const s = input.trim()
  if (DIGITS.test(s)) return reading(s)
  if (DECIMAL.test(s)) return reading(s.replace(',', '.'))
  if (DOT_THOUSANDS.test(s)) return reading(s.replaceAll('.', ''))
  if (DOT_THOUSANDS_COMMA_DECIMALS.test(s)) return reading(s.replaceAll('.', '').replace(',', '.'))
  return refused(s)
}

/**
 * A whole count: digits, or Colombian thousands ("1.500"). A comma is
 * refused: "1,500" is 1500 to some and 1,5 to a Colombian.
 */
export function readCount(input: string): NumberReading {
  const s = input.trim()
  if (DIGITS.test(s)) return reading(s)
  if (DOT_THOUSANDS.test(s)) return reading(s.replaceAll('.', ''))
  if (COMMA_THOUSANDS.test(s) || (NUMBERISH.test(s) && s.includes('.') && s.includes(','))) return { ok: false, problem: 'ambiguous' }
  return { ok: false, problem: 'invalid' }
}

/** A year: digits and nothing else ("2.024" is refused). */
export function readYear(input: string): NumberReading {
  const s = input.trim()
  return DIGITS.test(s) ? reading(s) : { ok: false, problem: 'invalid' }
}
