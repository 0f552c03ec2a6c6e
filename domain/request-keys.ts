/**
 * One submission, one write (ADR 0189): every form that writes to
 * the media plan and its ledger, the deal, the rate card, the panel session
 * and the founder's monthly check-in sends a key it made when it opened,
 * kept across retries of the same submission and renewed after a success.
 * The server records the first answer under the key, scoped to who sent it
 * (the member, or the founder's application) and the route; the same key
 * with the same body gets that answer again and writes nothing, the same
 * key with another body is refused.
 *
 * The workspace sends it as the `Idempotency-Key` header (the public
 * submission's, domain/submission.ts); the founder's server-rendered pages,
 * which have no JavaScript, as a hidden field.
 */
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from './submission.ts'

export { IDEMPOTENCY_HEADER as REQUEST_KEY_HEADER, IDEMPOTENCY_KEY_RE as REQUEST_KEY_RE }

/** The hidden field of the founder's forms that carries the key («envío»). */
export const REQUEST_KEY_FIELD = 'envio'

/** Set on an answer given again for a repeated submission (as the public submission does). */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

/** Why a repeated submission was not answered as the first one, in the words of the team and founders. */
export const REQUEST_KEY_MESSAGES = {
  invalid: 'El formulario envió una clave de envío que no podemos leer. Recarga la página e inténtalo de nuevo.',
  reused: 'Este formulario ya se envió con otros datos. Recarga la página para ver lo que quedó guardado y vuelve a enviarlo si hace falta.',
  inProgress: 'Tu envío anterior todavía se está guardando o se interrumpió. Recarga la página para ver si quedó guardado antes de enviarlo otra vez.',
  written: 'Este envío ya quedó guardado. Recarga la página para verlo.',
} as const

export const REQUEST_KEY_ERRORS = {
  invalid: 'invalid_idempotency_key',
  reused: 'idempotency_key_reused',
  inProgress: 'idempotency_in_progress',
  written: 'idempotency_already_written',
} as const

/** A new key, for a form that opens (a UUID: the browser's and the server's crypto both have it). */
export const newRequestKey = (): string => crypto.randomUUID()
